"""The OpaqueData field of NVIDIA's SPDM MEASUREMENTS response: driver, VBIOS, FWID and more.

Layout (NVIDIA local GPU verifier 2.7, `spdm_msrt_resp_msg.py`): a sequence of
`[type: u16 LE][size: u16 LE][data: size bytes]` records up to the end of the field. The GPU
signs these bytes along with the measurements, so after the report signature verifies they
are the GPU's own statements.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from types import MappingProxyType

from enclave.attestation.nvidia.bounded_reader import BoundedReader


class OpaqueFieldId(IntEnum):
    """Record types NVIDIA defines; others are kept raw and never interpreted."""

    CERT_ISSUER_NAME = 1
    CERT_AUTHORITY_KEY_IDENTIFIER = 2
    DRIVER_VERSION = 3
    GPU_INFO = 4
    SKU = 5
    VBIOS_VERSION = 6
    MANUFACTURER_ID = 7
    TAMPER_DETECTION = 8
    SMC = 9
    VPR = 10
    NVDEC0_STATUS = 11
    MSRSCNT = 12
    CPRINFO = 13
    BOARD_ID = 14
    CHIP_SKU = 15
    CHIP_SKU_MOD = 16
    PROJECT = 17
    PROJECT_SKU = 18
    PROJECT_SKU_MOD = 19
    FWID = 20
    PROTECTED_PCIE_STATUS = 21
    SWITCH_PDI = 22
    FLOORSWEPT_PORTS = 23
    POSITION_ID = 24
    LOCK_SWITCH_STATUS = 25
    GPU_LINK_CONN = 32
    SYS_ENABLE_STATUS = 33
    OPAQUE_DATA_VERSION = 34
    CHIP_INFO = 35
    FEATURE_FLAG = 36


# NVIDIA's FEATURE_FLAG values: single-GPU, multi-GPU and protected-PCIe passthrough.
FEATURE_FLAGS = {0: "SPT", 1: "MPT", 2: "PPCIE"}
NVDEC0_DISABLED = 0x55
VBIOS_VERSION_BYTES = 8
_MEASUREMENT_COUNT_BYTES = 4
_SWITCH_PDI_BYTES = 8


@dataclass(frozen=True)
class OpaqueData:
    """The parsed OpaqueData records; `None` where the GPU did not send the record."""

    fields: Mapping[int, bytes]
    """Every record's raw bytes by type, including types this parser does not interpret."""
    driver_version: str | None
    """E.g. "550.90.07"."""
    vbios_version: str | None
    """Formatted as NVIDIA does, lower case: "96.00.9f.00.01"."""
    fwid: bytes | None
    """Firmware ID the leaf certificate must carry; None when absent or empty (not compared)."""
    project: str | None
    project_sku: str | None
    chip_sku: str | None
    chip_info: str | None
    nvdec0_status: int | None
    feature_flag: str | None
    opaque_data_version: int | None
    measurement_counts: tuple[int, ...] | None
    switch_pdis: tuple[bytes, ...] | None


def parse_opaque_data(data: bytes) -> OpaqueData:
    """Parse the OpaqueData bytes; raises AttestationError(report_format) on any malformation."""
    reader = BoundedReader(data, "opaque data")
    fields: dict[int, bytes] = {}
    while reader.remaining:
        field_type = reader.uint(2, "record type")
        size = reader.uint(2, f"size of record {field_type}")
        if field_type in fields:
            # NVIDIA's parser keeps the last of two; a signed report with two is malformed.
            raise reader.fail(f"record type {field_type} appears twice")
        fields[field_type] = reader.take(size, f"record {field_type}")
    return OpaqueData(
        fields=MappingProxyType(fields),
        driver_version=_text(reader, fields, OpaqueFieldId.DRIVER_VERSION),
        vbios_version=_vbios_version(reader, fields.get(OpaqueFieldId.VBIOS_VERSION)),
        fwid=fields.get(OpaqueFieldId.FWID) or None,
        project=_text(reader, fields, OpaqueFieldId.PROJECT),
        project_sku=_text(reader, fields, OpaqueFieldId.PROJECT_SKU),
        chip_sku=_text(reader, fields, OpaqueFieldId.CHIP_SKU),
        chip_info=_text(reader, fields, OpaqueFieldId.CHIP_INFO),
        nvdec0_status=_integer(reader, fields, OpaqueFieldId.NVDEC0_STATUS),
        feature_flag=_feature_flag(reader, fields),
        opaque_data_version=_integer(reader, fields, OpaqueFieldId.OPAQUE_DATA_VERSION),
        measurement_counts=_integers(reader, fields.get(OpaqueFieldId.MSRSCNT)),
        switch_pdis=_switch_pdis(reader, fields.get(OpaqueFieldId.SWITCH_PDI)),
    )


def format_vbios_version(raw: bytes) -> str:
    """NVIDIA's `format_vbios_version`: 8 little-endian bytes to "96.00.9f.00.01".

    The value read little-endian gives 16 hex digits; NVIDIA prints the low 4 bytes, then the
    lowest byte of the high half: 00 9f 00 96 01 00 00 00 -> 96.00.9f.00.01.
    """
    digits = raw[::-1].hex()
    half = len(digits) // 2
    ordered = digits[half:] + digits[half - 2 : half]
    return ".".join(ordered[i : i + 2] for i in range(0, len(ordered), 2))


def _text(reader: BoundedReader, fields: Mapping[int, bytes], field: OpaqueFieldId) -> str | None:
    raw = fields.get(field)
    if raw is None:
        return None
    # NUL-terminated ASCII, as NVIDIA reads it; what follows the first NUL is padding.
    text = raw.partition(b"\x00")[0]
    try:
        decoded = text.decode("ascii")
    except UnicodeDecodeError as error:
        raise reader.fail(f"{field.name} is not ASCII") from error
    if not decoded.isprintable():
        raise reader.fail(f"{field.name} has control characters")
    return decoded.strip()


def _integer(
    reader: BoundedReader, fields: Mapping[int, bytes], field: OpaqueFieldId
) -> int | None:
    raw = fields.get(field)
    if raw is None:
        return None
    if not 1 <= len(raw) <= 8:
        raise reader.fail(f"{field.name} has {len(raw)} bytes, expected 1 to 8")
    return int.from_bytes(raw, "little")


def _vbios_version(reader: BoundedReader, raw: bytes | None) -> str | None:
    if raw is None:
        return None
    if len(raw) != VBIOS_VERSION_BYTES:
        raise reader.fail(f"VBIOS_VERSION has {len(raw)} bytes, expected {VBIOS_VERSION_BYTES}")
    return format_vbios_version(raw)


def _feature_flag(reader: BoundedReader, fields: Mapping[int, bytes]) -> str | None:
    value = _integer(reader, fields, OpaqueFieldId.FEATURE_FLAG)
    if value is None:
        return None
    if value not in FEATURE_FLAGS:
        raise reader.fail(f"FEATURE_FLAG {value} is not one NVIDIA defines")
    return FEATURE_FLAGS[value]


def _integers(reader: BoundedReader, raw: bytes | None) -> tuple[int, ...] | None:
    if raw is None:
        return None
    if len(raw) % _MEASUREMENT_COUNT_BYTES:
        raise reader.fail(f"MSRSCNT size {len(raw)} is not a multiple of 4")
    return tuple(
        int.from_bytes(raw[i : i + _MEASUREMENT_COUNT_BYTES], "little")
        for i in range(0, len(raw), _MEASUREMENT_COUNT_BYTES)
    )


def _switch_pdis(reader: BoundedReader, raw: bytes | None) -> tuple[bytes, ...] | None:
    if raw is None:
        return None
    if len(raw) % _SWITCH_PDI_BYTES:
        raise reader.fail(f"SWITCH_PDI size {len(raw)} is not a multiple of 8")
    return tuple(raw[i : i + _SWITCH_PDI_BYTES] for i in range(0, len(raw), _SWITCH_PDI_BYTES))
