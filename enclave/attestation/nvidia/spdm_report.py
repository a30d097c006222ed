"""NVIDIA's GPU attestation report: an SPDM GET_MEASUREMENTS request followed by the response.

Byte layouts follow DMTF SPDM 1.1 as NVIDIA's local GPU verifier 2.7 reads them
(`attestation/spdm_msrt_req_msg.py`, `spdm_msrt_resp_msg.py`, `attestation/__init__.py`):

request (37 bytes): version u8, code u8 (0xE0), param1 u8, param2 u8, nonce [32], slot u8
response: version u8, code u8 (0x60), param1 u8, param2 u8, number of blocks u8,
    record length u24 LE, measurement record, responder nonce [32], opaque length u16 LE,
    opaque data, signature [96] (ECDSA P-384 r || s, big-endian)
measurement block: index u8, specification u8 (1 = DMTF), size u16 LE, then the DMTF
    measurement: value type u8, value size u16 LE, value

The signature covers the request and the response up to the signature (the SPDM transcript
NVIDIA signs), so every byte of the report but the signature is authenticated by it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import CertificatePublicKeyTypes
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.bounded_reader import BoundedReader
from enclave.attestation.nvidia.checks import Check
from enclave.attestation.nvidia.opaque_data import OpaqueData, parse_opaque_data

GET_MEASUREMENTS = 0xE0
MEASUREMENTS = 0x60
NONCE_BYTES = 32
REQUEST_BYTES = 37
SIGNATURE_BYTES = 96
_SIGNATURE_REQUESTED = 0x01
_DMTF_SPECIFICATION = 1
_DMTF_HEADER_BYTES = 3
_LAST_MEASUREMENT_INDEX = 0xFE  # 0 and 0xFF are request selectors, never block indexes


@dataclass(frozen=True)
class MeasurementRequest:
    """The SPDM GET_MEASUREMENTS request the driver sent on our behalf."""

    spdm_version: int
    param1: int
    param2: int
    nonce: bytes
    slot_id: int


@dataclass(frozen=True)
class MeasurementBlock:
    """One DMTF measurement: the SPDM index (from 1) and the value the GPU measured."""

    index: int
    value_type: int
    value: bytes


@dataclass(frozen=True)
class MeasurementResponse:
    """The SPDM MEASUREMENTS response the GPU signed."""

    spdm_version: int
    param1: int
    param2: int
    blocks: tuple[MeasurementBlock, ...]
    responder_nonce: bytes
    opaque: OpaqueData
    signature: bytes


@dataclass(frozen=True)
class AttestationReport:
    """A parsed report; nothing in it is trusted until `verify_report_signature` passes."""

    request: MeasurementRequest
    response: MeasurementResponse
    signed_bytes: bytes
    """The request and the response without its signature: what the GPU signed."""

    @property
    def measurements(self) -> Mapping[int, bytes]:
        """Measurement values by SPDM block index (RIM index + 1)."""
        return MappingProxyType({block.index: block.value for block in self.response.blocks})


def parse_attestation_report(data: bytes) -> AttestationReport:
    """Parse the NVML attestation report; raises AttestationError(report_format)."""
    if len(data) <= REQUEST_BYTES:
        raise AttestationError(
            Check.REPORT_FORMAT, f"report has {len(data)} bytes, too short for a response"
        )
    request = _parse_request(BoundedReader(data[:REQUEST_BYTES], "SPDM request"))
    response = _parse_response(BoundedReader(data[REQUEST_BYTES:], "SPDM response"))
    if response.spdm_version != request.spdm_version:
        raise AttestationError(
            Check.REPORT_FORMAT,
            f"response SPDM version {response.spdm_version:#x} differs from the request's "
            f"{request.spdm_version:#x}",
        )
    return AttestationReport(request, response, signed_bytes=data[:-SIGNATURE_BYTES])


def verify_report_signature(
    report: AttestationReport, public_key: CertificatePublicKeyTypes
) -> None:
    """Check the GPU's ECDSA P-384 / SHA-384 signature; raises AttestationError."""
    if not isinstance(public_key, ec.EllipticCurvePublicKey) or not isinstance(
        public_key.curve, ec.SECP384R1
    ):
        raise AttestationError(Check.REPORT_SIGNATURE, "leaf certificate key is not ECDSA P-384")
    signature = report.response.signature
    half = SIGNATURE_BYTES // 2
    der_signature = encode_dss_signature(
        int.from_bytes(signature[:half], "big"), int.from_bytes(signature[half:], "big")
    )
    try:
        public_key.verify(der_signature, report.signed_bytes, ec.ECDSA(hashes.SHA384()))
    except InvalidSignature as error:
        raise AttestationError(
            Check.REPORT_SIGNATURE, "the leaf key did not sign this request and response"
        ) from error


def _parse_request(reader: BoundedReader) -> MeasurementRequest:
    version = reader.uint(1, "SPDMVersion")
    code = reader.uint(1, "RequestResponseCode")
    if code != GET_MEASUREMENTS:
        raise reader.fail(f"request code {code:#x} is not GET_MEASUREMENTS")
    param1 = reader.uint(1, "Param1")
    if not param1 & _SIGNATURE_REQUESTED:
        raise reader.fail("the request did not ask for a signed response")
    request = MeasurementRequest(
        spdm_version=_spdm_version(reader, version),
        param1=param1,
        param2=reader.uint(1, "Param2"),
        nonce=reader.take(NONCE_BYTES, "Nonce"),
        slot_id=reader.uint(1, "SlotIDParam"),
    )
    reader.expect_end()
    return request


def _parse_response(reader: BoundedReader) -> MeasurementResponse:
    version = _spdm_version(reader, reader.uint(1, "SPDMVersion"))
    code = reader.uint(1, "RequestResponseCode")
    if code != MEASUREMENTS:
        raise reader.fail(f"response code {code:#x} is not MEASUREMENTS")
    param1 = reader.uint(1, "Param1")
    param2 = reader.uint(1, "Param2")
    number_of_blocks = reader.uint(1, "NumberOfBlocks")
    record_length = reader.uint(3, "MeasurementRecordLength")
    record = BoundedReader(reader.take(record_length, "MeasurementRecord"), "measurement record")
    blocks = _parse_blocks(record, number_of_blocks)
    responder_nonce = reader.take(NONCE_BYTES, "Nonce")
    opaque_length = reader.uint(2, "OpaqueLength")
    opaque = parse_opaque_data(reader.take(opaque_length, "OpaqueData"))
    if reader.remaining != SIGNATURE_BYTES:
        raise reader.fail(f"{reader.remaining} bytes left for a {SIGNATURE_BYTES}-byte signature")
    return MeasurementResponse(
        spdm_version=version,
        param1=param1,
        param2=param2,
        blocks=blocks,
        responder_nonce=responder_nonce,
        opaque=opaque,
        signature=reader.rest(),
    )


def _parse_blocks(record: BoundedReader, number_of_blocks: int) -> tuple[MeasurementBlock, ...]:
    if number_of_blocks == 0:
        raise record.fail("the response carries no measurement blocks")
    blocks: list[MeasurementBlock] = []
    seen: set[int] = set()
    for _ in range(number_of_blocks):
        index = record.uint(1, "Index")
        if not 1 <= index <= _LAST_MEASUREMENT_INDEX or index in seen:
            raise record.fail(f"measurement index {index} is out of range or repeated")
        seen.add(index)
        if record.uint(1, "MeasurementSpecification") != _DMTF_SPECIFICATION:
            raise record.fail(f"measurement {index} does not follow the DMTF specification")
        size = record.uint(2, "MeasurementSize")
        measurement = BoundedReader(record.take(size, f"measurement {index}"), "DMTF measurement")
        value_type = measurement.uint(1, "DMTFSpecMeasurementValueType")
        value_size = measurement.uint(2, "DMTFSpecMeasurementValueSize")
        if value_size + _DMTF_HEADER_BYTES != size:
            raise record.fail(f"measurement {index} value size {value_size} disagrees with {size}")
        blocks.append(MeasurementBlock(index, value_type, measurement.take(value_size, "value")))
    record.expect_end()
    return tuple(blocks)


def _spdm_version(reader: BoundedReader, version: int) -> int:
    # SPDM 1.x encodes the version as major/minor nibbles: 0x10, 0x11, 0x12, 0x13.
    if version >> 4 != 1:
        raise reader.fail(f"SPDM version {version:#x} is not 1.x")
    return version
