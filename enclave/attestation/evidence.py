"""What every attestation provider produces and what every verifier returns.

A provider collects evidence bound to 64 bytes of report data (see `binding.py`); a verifier
appraises evidence against those same 64 bytes and the relying party's expectations. Providers
are one-method protocols so a new TEE is a new file, not a branch.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

REPORT_DATA_BYTES = 64


class AttestationError(Exception):
    """Evidence did not verify. `check` names the check that failed, for logs and clients."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message


class EvidenceUnavailable(Exception):
    """The provider cannot collect evidence on this machine (no device, no driver, no TEE)."""


@dataclass(frozen=True)
class Evidence:
    """Raw evidence as collected: opaque blobs the verifier parses, never trusts."""

    provider: str
    """Provider name: "nvidia-cc", "tdx", "sev-snp" or "none"."""
    blobs: Mapping[str, bytes]
    """Named raw parts, e.g. {"report": ..., "certificate_chain": ...}."""
    attested: bool
    """False only for the `none` provider: nothing about this evidence is hardware-backed."""


@dataclass(frozen=True)
class Appraisal:
    """The result of verifying evidence: who vouched for what."""

    provider: str
    attested: bool
    claims: Mapping[str, str] = field(default_factory=dict)
    """Verified facts, e.g. {"gpu.driver_version": "535.86.06", "cc_mode": "on"}."""
    checks: tuple[str, ...] = ()
    """Names of the checks that passed, in order."""
    not_checked: tuple[str, ...] = ()
    """What this verifier does not check (said out loud rather than implied)."""

    def qualified_claims(self) -> dict[str, str]:
        """Claims keyed "<provider>.<claim>", whether or not the verifier prefixed them."""
        prefix = f"{self.provider}."
        return {
            (key if key.startswith(prefix) else prefix + key): value
            for key, value in self.claims.items()
        }


class EvidenceProvider(Protocol):
    """Collects fresh evidence bound to `report_data` (exactly 64 bytes)."""

    name: str

    def collect(self, report_data: bytes) -> Evidence: ...


class EvidenceVerifier(Protocol):
    """Appraises evidence; raises AttestationError naming the failed check."""

    def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal: ...
