"""The `none` provider: development only, and impossible to mistake for attestation."""

from __future__ import annotations

import pytest

from enclave.attestation import AttestationError, Evidence, NoneEvidenceProvider
from enclave.attestation.none_provider import NoneEvidenceVerifier

DATA = bytes(range(64))


def test_evidence_is_marked_unattested_three_ways() -> None:
    evidence = NoneEvidenceProvider().collect(DATA)
    assert evidence.provider == "none"
    assert evidence.attested is False
    assert evidence.blobs["unattested"].startswith(b"UNATTESTED")


def test_verifies_only_where_unattested_is_allowed() -> None:
    evidence = NoneEvidenceProvider().collect(DATA)
    appraisal = NoneEvidenceVerifier(allow_unattested=True).verify(evidence, DATA)
    assert appraisal.attested is False
    with pytest.raises(AttestationError) as refused:
        NoneEvidenceVerifier(allow_unattested=False).verify(evidence, DATA)
    assert refused.value.check == "unattested"


@pytest.mark.parametrize(
    ("evidence", "check"),
    [
        (Evidence("none", {"unattested": b"x", "report_data": DATA}, False), "unattested_marker"),
        (NoneEvidenceProvider().collect(bytes(64)), "report_data"),
        (Evidence("none", NoneEvidenceProvider().collect(DATA).blobs, True), "provider"),
        (Evidence("tdx", NoneEvidenceProvider().collect(DATA).blobs, False), "provider"),
    ],
)
def test_refusals(evidence: Evidence, check: str) -> None:
    with pytest.raises(AttestationError) as refused:
        NoneEvidenceVerifier(allow_unattested=True).verify(evidence, DATA)
    assert refused.value.check == check


def test_report_data_must_be_64_bytes() -> None:
    with pytest.raises(AttestationError, match="64 bytes"):
        NoneEvidenceProvider().collect(b"short")
