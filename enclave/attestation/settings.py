"""Which attestation providers this appliance runs, and how often it re-checks itself.

The daemon configuration names the hardware (which providers, where their roots and
reference data live); the policy says whether verified evidence is required to serve.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

ProviderKind = Literal["none"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ProviderSettings(_Frozen):
    """One evidence provider."""

    kind: ProviderKind = Field(
        description="'none': development, every report says UNATTESTED (a policy must allow "
        "it with trust.attestation: none)."
    )


class AttestationSettings(_Frozen):
    """Self-attestation: evidence collected and verified at start-up and periodically."""

    providers: list[ProviderSettings] = Field(
        default_factory=lambda: [ProviderSettings(kind="none")],
        min_length=1,
        max_length=8,
        description="Every provider must verify for the appliance to count as attested.",
    )
    recheck_interval_s: float = Field(
        default=300.0,
        ge=1.0,
        le=86400.0,
        description="Seconds between self-checks. A failed check stops serving where the "
        "policy requires attestation, until a later check passes.",
    )
    evidence_per_minute: int = Field(
        default=60,
        ge=1,
        le=100_000,
        description="GetEvidence calls per minute, all callers together (collecting "
        "hardware evidence is slow; more get RESOURCE_EXHAUSTED).",
    )
