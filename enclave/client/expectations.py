"""What a relying party expects of an appliance before it sends a prompt.

A YAML file (`appliance attest verify --expect FILE`), validated like policies are: unknown
keys refused, errors with file:line:column.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from appliance.config.located_yaml import load_yaml_file, validate_document

Digest = str


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
    exact_claims: dict[str, str] = Field(
        default_factory=dict,
        description="Verified claim -> the exact value it must have, e.g. "
        "{'nvidia-cc.cc_mode': 'on', 'tdx.debug': 'off'}.",
    )


def load_expectations(path: Path) -> Expectations:
    """Load and validate an expectations file; raises LocatedYamlError."""
    return validate_document(load_yaml_file(path), Expectations)
