"""The `none` provider: development on machines without a TEE.

Its evidence proves nothing about hardware, and says so everywhere a client could look: the
provider name, `attested=False`, and a blob whose very bytes read UNATTESTED. A verifier
accepts it only when the relying party explicitly allows unattested appliances.
"""

from __future__ import annotations

from enclave.attestation.evidence import (
    REPORT_DATA_BYTES,
    Appraisal,
    AttestationError,
    Evidence,
)

NAME = "none"
UNATTESTED_MARKER = b"UNATTESTED: no hardware vouches for this appliance\n"


class NoneEvidenceProvider:
    """Collects `unattested` evidence: the report data and a marker, nothing else."""

    name = NAME

    def collect(self, report_data: bytes) -> Evidence:
        """Evidence echoing `report_data`; marked unattested three ways."""
        _check_length(report_data)
        return Evidence(
            provider=NAME,
            blobs={"unattested": UNATTESTED_MARKER, "report_data": report_data},
            attested=False,
        )


class NoneEvidenceVerifier:
    """Accepts `none` evidence only if the caller allows unattested appliances."""

    def __init__(self, *, allow_unattested: bool) -> None:
        self._allow = allow_unattested

    def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal:
        """Check the marker and the report data; refuse unless unattested is allowed."""
        _check_length(report_data)
        if evidence.provider != NAME or evidence.attested:
            raise AttestationError("provider", f"not `none` evidence: {evidence.provider}")
        if evidence.blobs.get("unattested") != UNATTESTED_MARKER:
            raise AttestationError("unattested_marker", "the unattested marker is missing")
        if evidence.blobs.get("report_data") != report_data:
            raise AttestationError("report_data", "report data does not match this nonce")
        if not self._allow:
            raise AttestationError(
                "unattested", "the appliance is UNATTESTED and unattested is not allowed"
            )
        return Appraisal(
            provider=NAME,
            attested=False,
            claims={"attested": "false"},
            checks=("report_data",),
            not_checked=("hardware: none vouches for this appliance",),
        )


def _check_length(report_data: bytes) -> None:
    if len(report_data) != REPORT_DATA_BYTES:
        raise AttestationError("report_data", f"expected 64 bytes, got {len(report_data)}")
