"""Synthetic TDX quotes signed by a TEST "Intel" PKI made here, not by Intel.

The quote is laid out from the Intel TDX DCAP quote format (v4, or v5 with a TDX 1.0 body),
independently of the parser under test. The PKI mimics Intel's shape: an ECDSA P-256 root,
a PCK CA under it, a PCK leaf whose key signs the quoting enclave's report. Nothing here is
trusted by anything but these tests.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

INTEL_QE_VENDOR_ID = bytes.fromhex("939a7233f79c4ca9940a0db3957f0607")
NOT_BEFORE = datetime(2025, 1, 1, tzinfo=UTC)
NOT_AFTER = datetime(2030, 1, 1, tzinfo=UTC)
NOW = datetime(2026, 6, 1, tzinfo=UTC)


def _name(common_name: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Test Vendor (not Intel)"),
            x509.NameAttribute(NameOID.COMMON_NAME, common_name),
        ]
    )


def issue(
    subject: str,
    key: ec.EllipticCurvePrivateKey,
    issuer: tuple[x509.Certificate, ec.EllipticCurvePrivateKey] | None,
    *,
    ca: bool,
    path_length: int | None = None,
    not_after: datetime = NOT_AFTER,
) -> x509.Certificate:
    """An ECDSA P-256 / SHA-256 certificate; self-signed when `issuer` is None."""
    issuer_name = issuer[0].subject if issuer else _name(subject)
    signing_key = issuer[1] if issuer else key
    builder = (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(issuer_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOT_BEFORE)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=path_length), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=not ca,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=ca,
                crl_sign=ca,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
    )
    return builder.sign(signing_key, hashes.SHA256())


@dataclass(frozen=True)
class IntelLikePki:
    """Root, PCK CA and PCK leaf, with their private keys."""

    root: x509.Certificate
    pck_ca: x509.Certificate
    pck: x509.Certificate
    pck_key: ec.EllipticCurvePrivateKey

    def chain_pem(self) -> bytes:
        """Leaf first, root last, as platforms ship it in certification data type 5."""
        return b"".join(
            c.public_bytes(serialization.Encoding.PEM) for c in (self.pck, self.pck_ca, self.root)
        )


def make_intel_like_pki(*, pck_not_after: datetime = NOT_AFTER) -> IntelLikePki:
    """A fresh test PKI; two calls give two roots with the same name but different keys."""
    root_key = ec.generate_private_key(ec.SECP256R1())
    root = issue("Test SGX Root CA", root_key, None, ca=True, path_length=1)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    pck_ca = issue("Test SGX PCK Platform CA", ca_key, (root, root_key), ca=True, path_length=0)
    pck_key = ec.generate_private_key(ec.SECP256R1())
    pck = issue(
        "Test SGX PCK Certificate", pck_key, (pck_ca, ca_key), ca=False, not_after=pck_not_after
    )
    return IntelLikePki(root=root, pck_ca=pck_ca, pck=pck, pck_key=pck_key)


@dataclass(frozen=True)
class TdxQuoteSpec:
    """Field values for a synthetic quote; defaults describe a healthy, non-debug TD."""

    report_data: bytes
    version: int = 4
    tee_type: int = 0x81
    qe_vendor_id: bytes = INTEL_QE_VENDOR_ID
    tee_tcb_svn: bytes = bytes([3, 0, 4]) + bytes(13)
    td_attributes: int = 1 << 28
    xfam: int = 0x61AE7
    mr_td: bytes = b"\x11" * 48
    mr_config_id: bytes = bytes(48)
    mr_owner: bytes = b"\x33" * 48
    rtmrs: tuple[bytes, ...] = (b"\x20" * 48, b"\x21" * 48, b"\x22" * 48, b"\x23" * 48)
    qe_auth_data: bytes = bytes(range(32))
    bind_attestation_key: bool = True


def _raw_signature(key: ec.EllipticCurvePrivateKey, data: bytes) -> bytes:
    r, s = decode_dss_signature(key.sign(data, ec.ECDSA(hashes.SHA256())))
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def build_tdx_quote(spec: TdxQuoteSpec, pki: IntelLikePki) -> bytes:
    """Encode and sign a quote as a TDX platform would."""
    header = (
        spec.version.to_bytes(2, "little")
        + (2).to_bytes(2, "little")  # ECDSA-256-with-P-256
        + spec.tee_type.to_bytes(4, "little")
        + bytes(4)  # QE SVN, PCE SVN
        + spec.qe_vendor_id
        + bytes(20)
    )
    body = (
        spec.tee_tcb_svn
        + b"\x5e" * 48  # MRSEAM
        + bytes(48)  # MRSIGNERSEAM
        + bytes(8)  # SEAMATTRIBUTES
        + spec.td_attributes.to_bytes(8, "little")
        + spec.xfam.to_bytes(8, "little")
        + spec.mr_td
        + spec.mr_config_id
        + spec.mr_owner
        + bytes(48)  # MROWNERCONFIG
        + b"".join(spec.rtmrs)
        + spec.report_data
    )
    descriptor = (2).to_bytes(2, "little") + len(body).to_bytes(4, "little")
    signed = header + (descriptor if spec.version == 5 else b"") + body

    attestation_key = ec.generate_private_key(ec.SECP256R1())
    point = attestation_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )[1:]
    binding = hashlib.sha256(point + spec.qe_auth_data).digest()
    if not spec.bind_attestation_key:
        binding = hashlib.sha256(b"some other key").digest()
    qe_report = bytearray(384)
    qe_report[128:160] = b"\x8c" * 32  # MRSIGNER
    qe_report[256:258] = (2).to_bytes(2, "little")  # ISVPRODID
    qe_report[320:384] = binding + bytes(32)
    chain = pki.chain_pem()
    certification = (
        bytes(qe_report)
        + _raw_signature(pki.pck_key, bytes(qe_report))
        + len(spec.qe_auth_data).to_bytes(2, "little")
        + spec.qe_auth_data
        + (5).to_bytes(2, "little")
        + len(chain).to_bytes(4, "little")
        + chain
    )
    signature_data = (
        _raw_signature(attestation_key, signed)
        + point
        + (6).to_bytes(2, "little")
        + len(certification).to_bytes(4, "little")
        + certification
    )
    return signed + len(signature_data).to_bytes(4, "little") + signature_data


def body_offset(version: int) -> int:
    """Where the TD report body starts in a quote of this version."""
    return 48 if version == 4 else 54
