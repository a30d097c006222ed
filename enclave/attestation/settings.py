"""Which attestation providers this appliance runs, and how often it re-checks itself.

The daemon configuration names the hardware (which providers, where their roots and
reference data live); the policy says whether verified evidence is required to serve.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from enclave.attestation.nvidia.verifier import NvidiaExpectations
from enclave.attestation.sev_snp import SevSnpReferenceValues
from enclave.attestation.tdx import TdxReferenceValues


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NoneProviderSettings(_Frozen):
    """Development: every report says UNATTESTED (a policy must allow it with
    `trust.attestation: none`)."""

    kind: Literal["none"] = Field(description="'none'.")


class NvidiaAppraisal(_Frozen):
    """How NVIDIA GPU evidence is appraised: pinned roots, local RIMs and cached OCSP (for
    air-gapped sites), and what the GPUs must be."""

    device_root: Path = Field(description="NVIDIA device identity root CA (PEM), pinned.")
    rim_root: Path = Field(description="NVIDIA RIM signing root CA (PEM), pinned.")
    rim_store: Path = Field(description="Directory of RIMs as <rim id>.swidtag files.")
    ocsp_cache: Path = Field(description="Directory of cached DER OCSP responses.")
    expectations: NvidiaExpectations = Field(
        default_factory=NvidiaExpectations,
        description="GPU count, CC mode, production environment, allowed versions.",
    )


class NvidiaProviderSettings(NvidiaAppraisal):
    """NVIDIA Hopper/Blackwell GPUs in confidential-computing mode, through NVML."""

    kind: Literal["nvidia-cc"] = Field(description="'nvidia-cc'.")


class TdxProviderSettings(_Frozen):
    """Intel TDX through configfs-tsm."""

    kind: Literal["tdx"] = Field(description="'tdx'.")
    intel_root: Path = Field(description="Intel SGX root CA (PEM) the PCK chain must reach.")
    configfs: Path = Field(
        default=Path("/sys/kernel/config/tsm/report"), description="configfs-tsm report root."
    )
    reference: TdxReferenceValues = Field(
        default_factory=TdxReferenceValues,
        description="Expected MRTD/RTMRs/MRCONFIGID and minimum TEE_TCB_SVN for the self-check.",
    )


class SevSnpProviderSettings(_Frozen):
    """AMD SEV-SNP through configfs-tsm."""

    kind: Literal["sev-snp"] = Field(description="'sev-snp'.")
    amd_root: Path = Field(description="AMD ARK (PEM) the VCEK/VLEK chain must reach.")
    intermediates: Path | None = Field(
        default=None, description="ASK/ASVK (PEM) to use when the host's table lacks them."
    )
    configfs: Path = Field(
        default=Path("/sys/kernel/config/tsm/report"), description="configfs-tsm report root."
    )
    reference: SevSnpReferenceValues = Field(
        default_factory=SevSnpReferenceValues,
        description="Expected measurement/host data, minimum TCB and VMPL for the self-check.",
    )


ProviderSettings = Annotated[
    NoneProviderSettings | NvidiaProviderSettings | TdxProviderSettings | SevSnpProviderSettings,
    Field(discriminator="kind"),
]


class AttestationSettings(_Frozen):
    """Self-attestation: evidence collected and verified at start-up and periodically."""

    providers: list[ProviderSettings] = Field(
        default_factory=lambda: _development_default(),
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


def _development_default() -> list[ProviderSettings]:
    return [NoneProviderSettings(kind="none")]
