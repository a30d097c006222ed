"""Synthetic SEV-SNP reports signed by a TEST "AMD" PKI made here, not by AMD.

The report is laid out from the SEV-SNP firmware ABI's ATTESTATION_REPORT table, independently
of the parser under test. The PKI mimics AMD's shape: an RSA root (ARK) and intermediate (ASK)
signing with RSA-PSS SHA-384 (2048-bit here to keep tests fast; AMD's are 4096-bit), and an
ECDSA P-384 VCEK/VLEK carrying AMD's TCB and hardware-id extensions.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.x509.oid import NameOID

NOT_BEFORE = datetime(2025, 1, 1, tzinfo=UTC)
NOT_AFTER = datetime(2030, 1, 1, tzinfo=UTC)
NOW = datetime(2026, 6, 1, tzinfo=UTC)
CHIP_ID = bytes(range(64))

VCEK_GUID = uuid.UUID("63da758d-e664-4564-adc5-f4b93be8accd")
VLEK_GUID = uuid.UUID("a8074bc2-a25a-483e-aae6-39c045a0b8a1")
ASK_GUID = uuid.UUID("4ab7b379-bbac-4fe4-a02f-05aef327c782")
ARK_GUID = uuid.UUID("c0b406a4-a803-4952-9743-3fb6014cd0ae")

_PSS = padding.PSS(mgf=padding.MGF1(hashes.SHA384()), salt_length=48)
_AMD_OID = "1.3.6.1.4.1.3704.1."


@dataclass(frozen=True)
class Tcb:
    """Security patch levels, in the Milan/Genoa layout unless `fmc` is given (Turin)."""

    bootloader: int = 3
    tee: int = 0
    snp: int = 8
    microcode: int = 115
    fmc: int | None = None

    def raw(self) -> int:
        if self.fmc is None:
            parts = [self.bootloader, self.tee, 0, 0, 0, 0, self.snp, self.microcode]
        else:
            parts = [self.fmc, self.bootloader, self.tee, self.snp, 0, 0, 0, self.microcode]
        return int.from_bytes(bytes(parts), "little")


def _name(common_name: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Test Vendor (not AMD)"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def _ca_certificate(
    subject: str, key: rsa.RSAPrivateKey, issuer: tuple[x509.Certificate, rsa.RSAPrivateKey] | None
) -> x509.Certificate:
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(issuer[0].subject if issuer else _name(subject))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOT_BEFORE)
        .not_valid_after(NOT_AFTER)
        .add_extension(
            x509.BasicConstraints(ca=True, path_length=None if issuer is None else 0),
            critical=True,
        )
    )
    return builder.sign(issuer[1] if issuer else key, hashes.SHA384(), rsa_padding=_PSS)


@dataclass(frozen=True)
class AmdLikePki:
    """ARK and ASK (RSA-PSS) with their keys; issues endorsement keys on demand."""

    ark: x509.Certificate
    ask: x509.Certificate
    ask_key: rsa.RSAPrivateKey

    def issue_endorsement_key(
        self, tcb: Tcb, *, chip_id: bytes | None = CHIP_ID, name: str = "SEV-VCEK"
    ) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
        """A VCEK-like (or, without chip id, VLEK-like) certificate for one TCB."""
        key = ec.generate_private_key(ec.SECP384R1())
        levels = {"3.1": tcb.bootloader, "3.2": tcb.tee, "3.3": tcb.snp, "3.8": tcb.microcode}
        if tcb.fmc is not None:
            levels["3.9"] = tcb.fmc
        builder = (
            x509.CertificateBuilder()
            .subject_name(_name(name))
            .issuer_name(self.ask.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(NOT_BEFORE)
            .not_valid_after(NOT_AFTER)
            .add_extension(_extension("2", b"\x16\x07Test-B0"), critical=False)
        )
        for suffix, level in levels.items():
            builder = builder.add_extension(_extension(suffix, _der_integer(level)), critical=False)
        if chip_id is not None:
            builder = builder.add_extension(_extension("4", chip_id), critical=False)
        return builder.sign(self.ask_key, hashes.SHA384(), rsa_padding=_PSS), key


def _extension(suffix: str, value: bytes) -> x509.UnrecognizedExtension:
    return x509.UnrecognizedExtension(x509.ObjectIdentifier(_AMD_OID + suffix), value)


def _der_integer(value: int) -> bytes:
    content = value.to_bytes(2 if value >= 0x80 else 1, "big")
    return bytes([0x02, len(content)]) + content


def make_amd_like_pki() -> AmdLikePki:
    """A fresh test ARK and ASK; two calls give two roots with the same name."""
    ark_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ark = _ca_certificate("ARK-Test", ark_key, None)
    ask_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    ask = _ca_certificate("SEV-Test", ask_key, (ark, ark_key))
    return AmdLikePki(ark=ark, ask=ask, ask_key=ask_key)


@dataclass(frozen=True)
class SnpReportSpec:
    """Field values for a synthetic report; defaults describe a healthy, non-debug guest."""

    report_data: bytes
    version: int = 2
    policy: int = (1 << 17) | (1 << 16)  # reserved-must-be-one, SMT allowed
    vmpl: int = 0
    signature_algorithm: int = 1
    signing_key: int = 0
    measurement: bytes = b"\x42" * 48
    host_data: bytes = b"\x5d" * 32
    reported_tcb: Tcb = Tcb()
    chip_id: bytes = CHIP_ID
    cpuid_family: int = 0x19


def build_sev_snp_report(spec: SnpReportSpec, key: ec.EllipticCurvePrivateKey) -> bytes:
    """Encode and sign a report as the AMD secure processor would."""
    report = bytearray(0x4A0)

    def put(offset: int, value: int | bytes, size: int = 0) -> None:
        data = value if isinstance(value, bytes) else value.to_bytes(size, "little")
        report[offset : offset + len(data)] = data

    put(0x00, spec.version, 4)
    put(0x04, 1, 4)  # GUEST_SVN
    put(0x08, spec.policy, 8)
    put(0x30, spec.vmpl, 4)
    put(0x34, spec.signature_algorithm, 4)
    tcb = spec.reported_tcb.raw()
    for offset in (0x38, 0x180, 0x1E0, 0x1F0):  # current, reported, committed, launch
        put(offset, tcb, 8)
    put(0x40, 1, 8)  # PLATFORM_INFO: SMT enabled
    put(0x48, spec.signing_key << 2, 4)
    put(0x50, spec.report_data)
    put(0x90, spec.measurement)
    put(0xC0, spec.host_data)
    put(0x140, b"\x9a" * 32)  # REPORT_ID
    if spec.version >= 3:
        put(0x188, bytes([spec.cpuid_family, 0x01, 0x01]))
    put(0x1A0, spec.chip_id)
    put(0x1E8, bytes([3, 55, 1, 0, 3, 55, 1, 0]))  # firmware 1.55 build 3
    r, s = decode_dss_signature(key.sign(bytes(report[:0x2A0]), ec.ECDSA(hashes.SHA384())))
    put(0x2A0, r, 72)
    put(0x2E8, s, 72)
    return bytes(report)


def certificate_table(entries: list[tuple[uuid.UUID, bytes]]) -> bytes:
    """A GHCB cert_table: 24-byte (GUID, offset, length) entries, a zero entry, the data."""
    offset = (len(entries) + 1) * 24
    header = b""
    data = b""
    for guid, der in entries:
        header += guid.bytes + (offset + len(data)).to_bytes(4, "little")
        header += len(der).to_bytes(4, "little")
        data += der
    return header + bytes(24) + data


def der(certificate: x509.Certificate) -> bytes:
    return certificate.public_bytes(Encoding.DER)
