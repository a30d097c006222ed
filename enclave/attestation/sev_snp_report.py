"""AMD SEV-SNP ATTESTATION_REPORT and certificate table, parsed; nothing here is trusted yet.

Layout: SEV Secure Nested Paging Firmware ABI Specification, table "ATTESTATION_REPORT
Structure" (report versions 2 to 5; 0x4A0 bytes, little-endian). Version 3 added the CPUID
family/model/stepping at 0x188, version 5 the mitigation vectors at 0x1F8. The certificate
table is the GHCB "cert_table" the kernel returns as configfs-tsm's auxblob: 24-byte entries
(GUID, offset, length) ending in an all-zero entry, offsets counted from the table's start.
Malformed input raises AttestationError("parse", ...). Reserved fields are not required to be
zero; the bytes after the signature's r and s are covered by no signature and are ignored.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

from enclave.attestation.evidence import AttestationError

REPORT_BYTES = 0x4A0
SIGNED_BYTES = 0x2A0
SIGNATURE_COMPONENT_BYTES = 72
SIGNATURE_ECDSA_P384_SHA384 = 1
SUPPORTED_VERSIONS = range(2, 6)
POLICY_DEBUG = 1 << 19
ZEN5_FAMILY = 0x1A

VCEK_GUID = uuid.UUID("63da758d-e664-4564-adc5-f4b93be8accd")
VLEK_GUID = uuid.UUID("a8074bc2-a25a-483e-aae6-39c045a0b8a1")
ASK_GUID = uuid.UUID("4ab7b379-bbac-4fe4-a02f-05aef327c782")
"""The ASK, or the ASVK above a VLEK."""
ARK_GUID = uuid.UUID("c0b406a4-a803-4952-9743-3fb6014cd0ae")

SIGNING_KEY_VCEK = 0
SIGNING_KEY_VLEK = 1
SIGNING_KEY_NONE = 7

_TABLE_ENTRY_BYTES = 24
_MAX_TABLE_ENTRIES = 64


class SevSnpTcb(BaseModel):
    """A TCB_VERSION split into its security patch levels; also used as a policy minimum."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    bootloader: int = Field(default=0, ge=0, le=255, description="Boot loader SPL.")
    tee: int = Field(default=0, ge=0, le=255, description="PSP OS (TEE) SPL.")
    snp: int = Field(default=0, ge=0, le=255, description="SNP firmware SPL.")
    microcode: int = Field(default=0, ge=0, le=255, description="CPU microcode SPL.")
    fmc: int | None = Field(
        default=None, ge=0, le=255, description="FMC SPL; Zen 5 (Turin) and later only."
    )

    @classmethod
    def from_raw(cls, raw: int, *, zen5: bool) -> SevSnpTcb:
        """Split a 64-bit TCB_VERSION; Zen 5 moved the fields and added FMC."""
        parts = raw.to_bytes(8, "little")
        if zen5:
            return cls(
                fmc=parts[0], bootloader=parts[1], tee=parts[2], snp=parts[3], microcode=parts[7]
            )
        return cls(bootloader=parts[0], tee=parts[1], snp=parts[6], microcode=parts[7])

    def at_least(self, minimum: SevSnpTcb) -> bool:
        """True when every level is >= the minimum's (FMC only when the minimum names one)."""
        if minimum.fmc is not None and (self.fmc is None or self.fmc < minimum.fmc):
            return False
        return (
            self.bootloader >= minimum.bootloader
            and self.tee >= minimum.tee
            and self.snp >= minimum.snp
            and self.microcode >= minimum.microcode
        )


@dataclass(frozen=True)
class SevSnpReport:
    """A parsed ATTESTATION_REPORT; `signed_bytes` is what the signature covers."""

    raw: bytes
    version: int
    guest_svn: int
    policy: int
    family_id: bytes
    image_id: bytes
    vmpl: int
    signature_algorithm: int
    current_tcb: SevSnpTcb
    platform_info: int
    signer_info: int
    report_data: bytes
    measurement: bytes
    host_data: bytes
    id_key_digest: bytes
    author_key_digest: bytes
    report_id: bytes
    report_id_ma: bytes
    reported_tcb: SevSnpTcb
    reported_tcb_raw: int
    cpuid_family: int | None
    """Family (base + extended) from report version 3 on; None before."""
    chip_id: bytes
    committed_tcb: SevSnpTcb
    current_version: tuple[int, int, int]
    """Firmware (major, minor, build)."""
    committed_version: tuple[int, int, int]
    launch_tcb: SevSnpTcb
    signature_r: int
    signature_s: int

    @property
    def signed_bytes(self) -> bytes:
        return self.raw[:SIGNED_BYTES]

    @property
    def debug(self) -> bool:
        """Guest policy DEBUG: the hypervisor may read and write guest memory."""
        return bool(self.policy & POLICY_DEBUG)

    @property
    def signing_key(self) -> int:
        """SIGNING_KEY: 0 VCEK, 1 VLEK, 7 none."""
        return (self.signer_info >> 2) & 0x7


def parse_sev_snp_report(data: bytes) -> SevSnpReport:
    """Parse exactly one 0x4A0-byte report; raises AttestationError("parse", ...)."""
    if len(data) != REPORT_BYTES:
        raise AttestationError(
            "parse", f"SEV-SNP report is {len(data)} bytes, expected {REPORT_BYTES}"
        )

    def integer(start: int, end: int) -> int:
        return int.from_bytes(data[start:end], "little")

    version = integer(0x00, 0x04)
    if version not in SUPPORTED_VERSIONS:
        raise AttestationError("parse", f"SEV-SNP report version {version} is not 2 to 5")
    cpuid_family = data[0x188] if version >= 3 else None
    zen5 = cpuid_family is not None and cpuid_family >= ZEN5_FAMILY

    def tcb(start: int) -> SevSnpTcb:
        return SevSnpTcb.from_raw(integer(start, start + 8), zen5=zen5)

    signature = data[SIGNED_BYTES:]
    return SevSnpReport(
        raw=data,
        version=version,
        guest_svn=integer(0x04, 0x08),
        policy=integer(0x08, 0x10),
        family_id=data[0x10:0x20],
        image_id=data[0x20:0x30],
        vmpl=integer(0x30, 0x34),
        signature_algorithm=integer(0x34, 0x38),
        current_tcb=tcb(0x38),
        platform_info=integer(0x40, 0x48),
        signer_info=integer(0x48, 0x4C),
        report_data=data[0x50:0x90],
        measurement=data[0x90:0xC0],
        host_data=data[0xC0:0xE0],
        id_key_digest=data[0xE0:0x110],
        author_key_digest=data[0x110:0x140],
        report_id=data[0x140:0x160],
        report_id_ma=data[0x160:0x180],
        reported_tcb=tcb(0x180),
        reported_tcb_raw=integer(0x180, 0x188),
        cpuid_family=cpuid_family,
        chip_id=data[0x1A0:0x1E0],
        committed_tcb=tcb(0x1E0),
        current_version=(data[0x1EA], data[0x1E9], data[0x1E8]),
        committed_version=(data[0x1EE], data[0x1ED], data[0x1EC]),
        launch_tcb=tcb(0x1F0),
        signature_r=int.from_bytes(signature[:SIGNATURE_COMPONENT_BYTES], "little"),
        signature_s=int.from_bytes(
            signature[SIGNATURE_COMPONENT_BYTES : 2 * SIGNATURE_COMPONENT_BYTES], "little"
        ),
    )


def parse_certificate_table(data: bytes) -> dict[uuid.UUID, bytes]:
    """The auxblob's certificates by GUID; an empty auxblob is an empty table."""
    if not data:
        return {}
    entries: list[tuple[uuid.UUID, int, int]] = []
    for index in range(_MAX_TABLE_ENTRIES + 1):
        start = index * _TABLE_ENTRY_BYTES
        entry = data[start : start + _TABLE_ENTRY_BYTES]
        if len(entry) != _TABLE_ENTRY_BYTES:
            raise AttestationError("parse", "certificate table ends without a zero entry")
        if entry == bytes(_TABLE_ENTRY_BYTES):
            break
        if index == _MAX_TABLE_ENTRIES:
            raise AttestationError("parse", f"certificate table has over {index} entries")
        offset = int.from_bytes(entry[16:20], "little")
        length = int.from_bytes(entry[20:24], "little")
        entries.append((uuid.UUID(bytes=entry[:16]), offset, length))
    header_end = (len(entries) + 1) * _TABLE_ENTRY_BYTES
    table: dict[uuid.UUID, bytes] = {}
    for guid, offset, length in entries:
        if offset < header_end or offset + length > len(data):
            raise AttestationError(
                "parse", f"certificate {guid} lies outside the table ({offset}+{length})"
            )
        if guid in table:
            raise AttestationError("parse", f"certificate {guid} appears twice")
        table[guid] = data[offset : offset + length]
    return table
