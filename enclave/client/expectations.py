"""What a relying party expects of an appliance before it sends a prompt.

A YAML file (`appliance attest verify --expect FILE`), validated like policies are: unknown
keys refused, errors with file:line:column.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from appliance.config.located_yaml import load_yaml_file, validate_document
from appliance.config.paths import resolve_paths
from enclave.attestation.settings import NvidiaAppraisal
from enclave.attestation.sev_snp import SevSnpReferenceValues
from enclave.attestation.tdx import TdxReferenceValues

Digest = str


class TdxExpectations(BaseModel):
    """How this client appraises TDX evidence."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    intel_root: Path = Field(description="Intel SGX root CA (PEM), pinned.")
    reference: TdxReferenceValues = Field(
        default_factory=TdxReferenceValues, description="Expected measurements, minimum TCB."
    )


class SevSnpExpectations(BaseModel):
    """How this client appraises SEV-SNP evidence."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    amd_root: Path = Field(description="AMD ARK (PEM), pinned.")
    intermediates: Path | None = Field(default=None, description="ASK/ASVK (PEM), untrusted.")
    reference: SevSnpReferenceValues = Field(
        default_factory=SevSnpReferenceValues,
        description="Expected measurement and host data, minimum TCB, VMPL.",
    )


class Expectations(BaseModel):
    """The relying party's appraisal policy for one appliance (or a fleet of equal ones)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    providers: list[str] = Field(
        default_factory=list,
        max_length=8,
        description="Evidence providers that must be present and verify, e.g. "
        "['nvidia-cc', 'tdx']. Empty: whatever the appliance offers, all of it verified.",
    )
    allow_unattested: bool = Field(
        default=False,
        description="Accept an appliance whose only evidence is the `none` provider's "
        "(development). Never in production.",
    )
    policy_digest: Digest | None = Field(
        default=None,
        pattern=r"^sha256:[0-9a-f]{64}$",
        description="The policy the appliance must run ('sha256:<hex>'). Null: any policy.",
    )
    models: dict[str, Digest] = Field(
        default_factory=dict,
        description="Model name -> manifest digest the appliance must serve it from. A "
        "listed model with another digest, or missing, fails verification.",
    )
    min_claims: dict[str, str] = Field(
        default_factory=dict,
        description="Verified claim -> minimum version, compared numerically part by part, "
        "e.g. {'nvidia-cc.driver_version': '550.54'}.",
    )
    nvidia: NvidiaAppraisal | None = Field(
        default=None,
        description="Needed to verify nvidia-cc evidence: pinned roots, RIM directory, OCSP "
        "cache, GPU expectations (paths relative to this file).",
    )
    tdx: TdxExpectations | None = Field(
        default=None, description="Needed to verify TDX evidence (paths relative to this file)."
    )
    sev_snp: SevSnpExpectations | None = Field(
        default=None, description="Needed to verify SEV-SNP evidence."
    )
    exact_claims: dict[str, str] = Field(
        default_factory=dict,
        description="Verified claim -> the exact value it must have, e.g. "
        "{'nvidia-cc.cc_mode': 'on', 'tdx.debug': 'off'}.",
    )


def load_expectations(path: Path) -> Expectations:
    """Load and validate an expectations file; raises LocatedYamlError."""
    expectations = validate_document(load_yaml_file(path), Expectations)
    return resolve_paths(expectations, path.parent)
