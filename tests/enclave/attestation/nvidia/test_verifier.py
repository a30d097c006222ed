"""NvidiaEvidenceVerifier over whole evidence: binding to report data, blobs, host state, policy.

Evidence comes from `forged_evidence` (NVIDIA's sample re-signed for our nonce under a pinned
local device root; NVIDIA's real RIMs). OCSP is stubbed there, as in the other whole-report
tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from enclave.attestation.evidence import AttestationError, Evidence
from enclave.attestation.nvidia.opaque_data import OpaqueFieldId
from tests.enclave.attestation.nvidia.forged_evidence import evidence, verifier
from tests.enclave.attestation.nvidia.local_pki import opaque_record

REPORT_DATA = bytes(range(64))
SPT = opaque_record(OpaqueFieldId.FEATURE_FLAG, b"\x00\x00\x00\x00")
MPT = opaque_record(OpaqueFieldId.FEATURE_FLAG, b"\x01\x00\x00\x00")


def test_one_gpu_verifies() -> None:
    appraisal = verifier().verify(evidence(REPORT_DATA), REPORT_DATA)
    assert (appraisal.provider, appraisal.attested) == ("nvidia-cc", True)
    assert appraisal.claims["gpu.count"] == "1"
    assert appraisal.claims["gpu0.driver_version"] == "550.90.07"
    assert appraisal.claims["gpu0.vbios_version"] == "96.00.9f.00.01"
    assert appraisal.claims["gpu0.measurements_matched"] == "33"
    assert appraisal.claims["host.cc_feature"] == "on"
    assert appraisal.checks[:4] == (
        "evidence_format",
        "cc_state",
        "gpu0.report_format",
        "gpu0.certificate_fwid",
    )
    assert "gpu0.nonce" in appraisal.checks
    assert "gpu0.vbios_version" in appraisal.checks
    assert appraisal.checks[-1] == "gpu_mode"
    assert any("host driver" in item for item in appraisal.not_checked)


def test_every_gpu_is_verified() -> None:
    appraisal = verifier(min_gpus=2).verify(
        evidence(REPORT_DATA, extra_opaque=[SPT, SPT]), REPORT_DATA
    )
    assert appraisal.claims["gpu.count"] == "2"
    assert appraisal.claims["gpu1.mode"] == "SPT"
    assert "gpu1.measurements" in appraisal.checks


def test_developer_tools_mode_when_allowed() -> None:
    state = b'{"environment": 2, "cc_feature": 1, "dev_tools_mode": 1}'
    appraisal = verifier(allow_dev_tools_mode=True).verify(
        evidence(REPORT_DATA, cc_state=state), REPORT_DATA
    )
    assert appraisal.claims["host.dev_tools_mode"] == "on"


def _blobs(change: Callable[[dict[str, bytes]], None]) -> Evidence:
    original = evidence(REPORT_DATA)
    blobs = dict(original.blobs)
    change(blobs)
    return replace(original, blobs=blobs)


def _second_gpu_for_other_data(blobs: dict[str, bytes]) -> None:
    other = evidence(bytes(64)).blobs
    blobs["gpu1.report"] = other["gpu0.report"]
    blobs["gpu1.certificate_chain"] = other["gpu0.certificate_chain"]


CASES: dict[str, tuple[Callable[[], Evidence], dict[str, Any], str]] = {
    "other_provider": (
        lambda: replace(evidence(REPORT_DATA), provider="tdx"),
        {},
        "evidence_format",
    ),
    "unattested": (lambda: replace(evidence(REPORT_DATA), attested=False), {}, "evidence_format"),
    "unknown_blob": (lambda: _blobs(lambda b: b.update(extra=b"")), {}, "evidence_format"),
    "no_cc_state": (lambda: _blobs(lambda b: b.pop("cc_state")), {}, "evidence_format"),
    "no_chain": (lambda: _blobs(lambda b: b.pop("gpu0.certificate_chain")), {}, "evidence_format"),
    "chain_without_report": (
        lambda: _blobs(lambda b: b.update({"gpu1.certificate_chain": b""})),
        {},
        "evidence_format",
    ),
    "no_gpu": (lambda: _blobs(lambda b: b.pop("gpu0.report")), {}, "evidence_format"),
    "fewer_gpus_than_expected": (lambda: evidence(REPORT_DATA), {"min_gpus": 2}, "evidence_format"),
    "cc_state_not_json": (lambda: evidence(REPORT_DATA, cc_state=b"on"), {}, "evidence_format"),
    "cc_state_unknown_field": (
        lambda: evidence(
            REPORT_DATA,
            cc_state=b'{"environment": 2, "cc_feature": 1, "dev_tools_mode": 0, "x": 1}',
        ),
        {},
        "evidence_format",
    ),
    "cc_off": (
        lambda: evidence(
            REPORT_DATA, cc_state=b'{"environment": 2, "cc_feature": 0, "dev_tools_mode": 0}'
        ),
        {},
        "cc_state",
    ),
    "simulated_environment": (
        lambda: evidence(
            REPORT_DATA, cc_state=b'{"environment": 1, "cc_feature": 1, "dev_tools_mode": 0}'
        ),
        {},
        "cc_state",
    ),
    "developer_tools_mode": (
        lambda: evidence(
            REPORT_DATA, cc_state=b'{"environment": 2, "cc_feature": 1, "dev_tools_mode": 1}'
        ),
        {},
        "cc_state",
    ),
    "driver_version_not_ascii": (
        lambda: evidence(REPORT_DATA, driver_version=b"550.\xff"),
        {},
        "evidence_format",
    ),
    "host_driver_version_differs": (
        lambda: evidence(REPORT_DATA, driver_version=b"550.90.12"),
        {},
        "driver_version",
    ),
    "host_vbios_version_differs": (
        lambda: evidence(REPORT_DATA, vbios_version=b"96.00.9F.00.02"),
        {},
        "vbios_version",
    ),
    "other_report_data": (lambda: evidence(bytes(64)), {}, "nonce"),
    "second_gpu_for_other_report_data": (
        lambda: _blobs(_second_gpu_for_other_data),
        {},
        "nonce",
    ),
    "driver_not_allowed": (
        lambda: evidence(REPORT_DATA),
        {"allowed_driver_versions": ["550.90.12"]},
        "driver_version",
    ),
    "vbios_not_allowed": (
        lambda: evidence(REPORT_DATA),
        {"allowed_vbios_versions": ["96.00.9f.00.02"]},
        "vbios_version",
    ),
    "single_and_multi_gpu_mixed": (
        lambda: evidence(REPORT_DATA, extra_opaque=[SPT, MPT]),
        {},
        "gpu_mode",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_each_failure_names_its_check(case: str) -> None:
    make, expectations, check = CASES[case]
    with pytest.raises(AttestationError) as raised:
        verifier(**expectations).verify(make(), REPORT_DATA)
    assert raised.value.check == check, raised.value


def test_report_data_must_be_64_bytes() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        verifier().verify(evidence(REPORT_DATA), REPORT_DATA[:32])


def test_allowed_versions_that_match_pass() -> None:
    verifier(
        allowed_driver_versions=["550.90.07"], allowed_vbios_versions=["96.00.9f.00.01"]
    ).verify(evidence(REPORT_DATA), REPORT_DATA)
