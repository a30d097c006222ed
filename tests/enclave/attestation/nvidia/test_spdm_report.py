"""The SPDM report parser reads NVIDIA's sample exactly and fails malformed input by name."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from hypothesis import given, settings
from hypothesis import strategies as st

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia import parse_attestation_report, verify_report_signature
from enclave.attestation.nvidia.opaque_data import (
    OpaqueFieldId,
    format_vbios_version,
    parse_opaque_data,
)
from tests.enclave.attestation.nvidia.local_pki import opaque_record
from tests.enclave.attestation.nvidia.sample import SAMPLE_NONCE, load_sample

RESPONSE = 37  # the response starts after the 37-byte request
FIRST_BLOCK = RESPONSE + 8


def test_sample_report_fields() -> None:
    report = parse_attestation_report(load_sample().report)
    assert report.request.nonce == SAMPLE_NONCE
    assert (report.request.spdm_version, report.request.param1, report.request.param2) == (
        0x11,
        0x01,
        0xFF,
    )
    assert len(report.response.blocks) == 64
    assert sorted(report.measurements) == list(range(1, 65))
    assert all(len(value) == 48 for value in report.measurements.values())
    opaque = report.response.opaque
    assert (opaque.driver_version, opaque.vbios_version) == ("550.90.07", "96.00.9f.00.01")
    assert (opaque.project, opaque.project_sku, opaque.chip_sku) == ("1010", "0200", "882")
    assert opaque.nvdec0_status == 0x55
    assert opaque.fwid is not None
    assert opaque.fwid.hex().startswith("f5c384ae")
    assert opaque.measurement_counts is not None
    assert len(opaque.measurement_counts) == 64
    assert len(report.response.signature) == 96
    assert report.signed_bytes == load_sample().report[:-96]


def test_vbios_version_formats_as_nvidia_does() -> None:
    assert format_vbios_version(bytes.fromhex("009f009601000000")) == "96.00.9f.00.01"


def test_every_truncation_fails_by_name() -> None:
    report = load_sample().report
    for length in range(len(report)):
        with pytest.raises(AttestationError) as raised:
            parse_attestation_report(report[:length])
        assert raised.value.check == "report_format"
    with pytest.raises(AttestationError, match="report_format"):
        parse_attestation_report(report + b"\x00")


def _patched(offset: int, value: bytes) -> bytes:
    report = bytearray(load_sample().report)
    report[offset : offset + len(value)] = value
    return bytes(report)


MALFORMED: dict[str, Callable[[], bytes]] = {
    "request_code": lambda: _patched(1, b"\xe1"),
    "unsigned_request": lambda: _patched(2, b"\x00"),
    "spdm_2_0": lambda: _patched(0, b"\x20"),
    "versions_differ": lambda: _patched(RESPONSE, b"\x12"),
    "response_code": lambda: _patched(RESPONSE + 1, b"\x61"),
    "no_blocks": lambda: _patched(RESPONSE + 4, b"\x00"),
    "fewer_blocks_than_record": lambda: _patched(RESPONSE + 4, b"\x3f"),
    "record_longer_than_report": lambda: _patched(RESPONSE + 5, b"\xff\xff\x00"),
    "block_index_0": lambda: _patched(FIRST_BLOCK, b"\x00"),
    "block_index_repeated": lambda: _patched(FIRST_BLOCK + 51 + 4, b"\x01"),
    "not_dmtf": lambda: _patched(FIRST_BLOCK + 1, b"\x02"),
    "value_size_disagrees": lambda: _patched(FIRST_BLOCK + 5, b"\x2f"),
    "measurement_size_disagrees": lambda: _patched(FIRST_BLOCK + 2, b"\x34"),
}


@pytest.mark.parametrize("case", MALFORMED)
def test_malformed_reports_fail_by_name(case: str) -> None:
    with pytest.raises(AttestationError) as raised:
        parse_attestation_report(MALFORMED[case]())
    assert raised.value.check == "report_format"


OPAQUE: dict[str, bytes] = {
    "record_past_end": opaque_record(3, b"550.90.07")[:-1],
    "half_a_header": b"\x03",
    "repeated_record": opaque_record(3, b"1\x00") * 2,
    "measurement_counts_not_4_byte": opaque_record(OpaqueFieldId.MSRSCNT, bytes(5)),
    "switch_pdis_not_8_byte": opaque_record(OpaqueFieldId.SWITCH_PDI, bytes(9)),
    "unknown_feature_flag": opaque_record(OpaqueFieldId.FEATURE_FLAG, b"\x07\x00\x00\x00"),
    "short_vbios_version": opaque_record(OpaqueFieldId.VBIOS_VERSION, bytes(7)),
    "non_ascii_driver_version": opaque_record(OpaqueFieldId.DRIVER_VERSION, b"5\xff0\x00"),
    "control_characters": opaque_record(OpaqueFieldId.PROJECT, b"10\n10\x00"),
    "empty_integer": opaque_record(OpaqueFieldId.NVDEC0_STATUS, b""),
}


@pytest.mark.parametrize("case", OPAQUE)
def test_malformed_opaque_data_fails_by_name(case: str) -> None:
    with pytest.raises(AttestationError) as raised:
        parse_opaque_data(OPAQUE[case])
    assert raised.value.check == "report_format"


def test_opaque_records_newer_fields() -> None:
    opaque = parse_opaque_data(
        opaque_record(OpaqueFieldId.FEATURE_FLAG, b"\x01\x00\x00\x00")
        + opaque_record(OpaqueFieldId.CHIP_INFO, b"GB100\x00\x00\x00")
        + opaque_record(OpaqueFieldId.OPAQUE_DATA_VERSION, b"\x01\x00\x00\x00")
        + opaque_record(999, b"kept raw")
        + opaque_record(OpaqueFieldId.FWID, b"")
    )
    assert (opaque.feature_flag, opaque.chip_info, opaque.opaque_data_version) == (
        "MPT",
        "GB100",
        1,
    )
    assert opaque.fields[999] == b"kept raw"
    assert opaque.fwid is None  # empty FWID: not compared, as in NVIDIA's verifier


def _failed_check(data: bytes) -> str | None:
    """The check a parse failed, or None if it parsed; any other exception escapes."""
    try:
        parse_attestation_report(data)
    except AttestationError as error:
        return error.check
    return None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=700))
def test_arbitrary_bytes_fail_only_by_name(data: bytes) -> None:
    assert _failed_check(data) in (None, "report_format")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4116), st.integers(0, 255)), min_size=1, max_size=4))
def test_sample_with_random_bytes_changed_fails_only_by_name(
    changes: list[tuple[int, int]],
) -> None:
    report = bytearray(load_sample().report)
    for position, value in changes:
        report[position] = value
    assert _failed_check(bytes(report)) in (None, "report_format")


@pytest.mark.parametrize("curve", [ec.SECP384R1(), ec.SECP256R1()], ids=["other_p384", "p256"])
def test_signature_needs_the_leaf_key(curve: ec.EllipticCurve) -> None:
    report = parse_attestation_report(load_sample().report)
    with pytest.raises(AttestationError) as raised:
        verify_report_signature(report, ec.generate_private_key(curve).public_key())
    assert raised.value.check == "report_signature"
