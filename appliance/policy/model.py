"""The policy file's schema: what security teams write. Frozen once loaded.

Every field has bounds and a description; the JSON Schema (`appliance policy schema`,
`policies/schema.json`) is generated from these models.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

SlaClassName = Literal["realtime", "interactive", "batch"]
ScreenedPart = Literal["prompt", "chat_history", "tool_outputs"]


def _default_sla_classes() -> list[SlaClassName]:
    return ["interactive", "batch"]


def _all_parts() -> list[ScreenedPart]:
    return ["prompt", "chat_history", "tool_outputs"]


IdentityPattern = str
_ID_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,62}$"


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TenantLimits(_Frozen):
    """Per-tenant bounds, checked on every request and held under concurrency."""

    max_prompt_bytes: int = Field(
        default=65536, ge=1, le=64 * 1024 * 1024, description="Largest prompt, UTF-8 bytes."
    )
    max_tokens: int = Field(
        default=512, ge=1, le=1_048_576, description="Largest max_tokens a request may ask."
    )
    requests_per_minute: int = Field(
        default=600, ge=1, le=1_000_000, description="Sustained request rate (token bucket)."
    )
    burst: int | None = Field(
        default=None,
        ge=1,
        le=1_000_000,
        description="Requests allowed at once above the rate. Default: requests_per_minute / 6.",
    )
    max_concurrent_streams: int = Field(
        default=16, ge=1, le=100_000, description="Generate streams open at once."
    )


class SlaRules(_Frozen):
    """Which SLA classes a tenant may ask for, and the default when it asks for none."""

    allowed: list[SlaClassName] = Field(
        default_factory=_default_sla_classes,
        min_length=1,
        description="SLA classes the tenant may use.",
    )
    default: SlaClassName = Field(default="interactive", description="When unspecified.")
    allow_budget_cap: bool = Field(
        default=False,
        description="Batch requests may run with fewer max_tokens than asked when the engines "
        "are loaded (the budget shrinks with load; Started.budget_capped says so).",
    )

    @model_validator(mode="after")
    def _default_is_allowed(self) -> SlaRules:
        if self.default not in self.allowed:
            raise ValueError(f"default {self.default!r} is not in allowed {self.allowed}")
        return self


class ScreeningRules(_Frozen):
    """Prompt-injection screening for a tenant. Every tenant is screened; `allow` only
    records the verdict."""

    threshold: float = Field(default=0.5, ge=0, le=1, description="Score at which to act.")
    action: Literal["block", "flag", "allow"] = Field(
        default="block", description="What happens at or above the threshold."
    )
    screen: list[ScreenedPart] = Field(
        default_factory=_all_parts,
        description="Which parts of a request are screened.",
    )


class Signer(_Frozen):
    """An accepted model signer: a public key, or a root plus a certificate identity."""

    public_key: str | None = Field(default=None, description="PEM public key path.")
    root: str | None = Field(default=None, description="PEM root certificate path.")
    identity: str | None = Field(default=None, description="Required certificate SAN.")

    @model_validator(mode="after")
    def _one_method(self) -> Signer:
        if (self.public_key is None) == (self.root is None):
            raise ValueError("a signer has exactly one of public_key and root")
        if self.root is not None and not self.identity:
            raise ValueError("a root signer needs the certificate identity it must carry")
        return self


class PluginRef(_Frozen):
    """One WASI post-processing plugin in a tenant's chain, pinned by digest (and, where
    `signers` are given, by signature)."""

    name: str = Field(pattern=_ID_PATTERN, description="Plugin name.")
    module: str = Field(
        min_length=1,
        max_length=4096,
        description="Path of the .wasm module, relative to the policy file. It must hash to "
        "`digest`, at load and at every later use.",
    )
    digest: str = Field(pattern=r"^sha256:[0-9a-f]{64}$", description="Pinned module digest.")
    signers: list[Signer] = Field(
        default_factory=list,
        max_length=16,
        description="Optional: accepted signers of the plugin, as for models. The module's "
        "directory (the module and nothing it does not sign) must verify against one of "
        "them with `signature`; checked whenever the policy loads.",
    )
    signature: str | None = Field(
        default=None,
        max_length=4096,
        description="The plugin directory's model-signing signature, relative to the policy "
        "file; required with `signers`.",
    )
    on_failure: Literal["fail_closed", "pass_through"] = Field(
        default="fail_closed", description="What a trap, timeout or bad output does."
    )
    config: dict[str, str] = Field(
        default_factory=dict, description="Plugin configuration, passed as metadata."
    )


class TenantAuditRules(_Frozen):
    """What the audit log may keep of this tenant's requests."""

    log_text: bool = Field(
        default=False,
        description="Store prompt and response text; otherwise only keyed hashes of them.",
    )


class Tenant(_Frozen):
    """A calling organisation or application, recognised by its certificate identity."""

    id: str = Field(pattern=_ID_PATTERN, description="Tenant id, used in logs and audit.")
    identities: list[IdentityPattern] = Field(
        min_length=1,
        max_length=256,
        description="Shell-style patterns matched against the caller's SPIFFE ID, URI and DNS "
        "SANs and CN, e.g. 'spiffe://bank.example/payments/*'. 'unix:local' is a caller on "
        "the Unix socket.",
    )
    models: list[str] = Field(
        min_length=1, description="Model names this tenant may use; '*' allows all."
    )
    sla: SlaRules = Field(default_factory=SlaRules, description="SLA classes.")
    limits: TenantLimits = Field(default_factory=TenantLimits, description="Limits.")
    screening: ScreeningRules = Field(
        default_factory=ScreeningRules,
        description="Injection screening (default: block at score 0.5, every part).",
    )
    plugins: list[PluginRef] = Field(
        default_factory=list, max_length=16, description="Post-processing chain, in order."
    )
    audit: TenantAuditRules = Field(default_factory=TenantAuditRules, description="Audit.")

    @field_validator("identities")
    @classmethod
    def _no_catch_all(cls, patterns: list[str]) -> list[str]:
        for pattern in patterns:
            if pattern.strip("*?") == "":
                raise ValueError(f"identity pattern {pattern!r} matches every caller")
        return patterns


class ModelRule(_Frozen):
    """A model the policy knows, and who must have signed it. The model's signature (the
    engine's `signature` file) must verify against one of these signers before vLLM loads
    it; verified at start-up, on the staged copy vLLM then reads."""

    name: str = Field(min_length=1, max_length=128, description="Model name.")
    signers: list[Signer] = Field(default_factory=list, description="Accepted signers.")


class ModelHashingRules(_Frozen):
    """How model files are hashed for verification; a signature made otherwise is refused."""

    algorithm: Literal["sha256", "blake2", "blake3"] = Field(
        default="sha256",
        description="sha256 (the model-signing default, which its CLI verifies), blake2, or "
        "blake3 (several times faster per core).",
    )
    shard_size: int | None = Field(
        default=None,
        ge=4096,
        le=1 << 40,
        description="Bytes per shard, so one large file hashes on many threads; null: one "
        "digest per file. Not with blake3.",
    )

    @model_validator(mode="after")
    def _no_sharded_blake3(self) -> ModelHashingRules:
        if self.algorithm == "blake3" and self.shard_size is not None:
            raise ValueError("blake3 is not sharded; leave shard_size unset")
        return self


class SlaObjective(_Frozen):
    """What a request of one class must get to count as served well."""

    ttft_s: float = Field(gt=0, le=3600, description="Time to first token, seconds.")
    tpot_s: float = Field(gt=0, le=60, description="Time per output token, seconds.")


class SlaObjectives(_Frozen):
    """Per-class objectives the router admits and places requests against."""

    realtime: SlaObjective = Field(
        default_factory=lambda: SlaObjective(ttft_s=1.0, tpot_s=0.1), description="Realtime."
    )
    interactive: SlaObjective = Field(
        default_factory=lambda: SlaObjective(ttft_s=3.0, tpot_s=0.2), description="Interactive."
    )
    batch: SlaObjective = Field(
        default_factory=lambda: SlaObjective(ttft_s=30.0, tpot_s=0.5), description="Batch."
    )


class TrustRules(_Frozen):
    """What the appliance must prove about itself before serving."""

    unsigned_models: Literal["refuse", "allow"] = Field(
        default="refuse",
        description="A served model with no signers under `models`: 'refuse' (the default: "
        "its engine does not start) or 'allow' (development: loaded unverified, reported "
        "as unsigned in status and evidence).",
    )
    model_hashing: ModelHashingRules = Field(
        default_factory=ModelHashingRules,
        description="Hashing for model verification. From policy, never from the signature.",
    )

    attestation: Literal["none", "required"] = Field(
        default="required",
        description="'required' (the default): serve only while this appliance's own "
        "evidence verifies and is hardware-backed. 'none': serve unattested, for development "
        "on machines without a TEE; a policy must say so explicitly.",
    )


class AuditRules(_Frozen):
    """Audit log retention."""

    retention_days: int = Field(default=365, ge=1, le=36500, description="Keep records.")


class Policy(_Frozen):
    """A whole policy file."""

    version: Literal[1] = Field(description="Policy format version. Only 1 exists.")
    admins: list[IdentityPattern] = Field(
        default_factory=list,
        max_length=256,
        description="Identity patterns allowed on the Admin service over mTLS. Callers on "
        "the Unix socket are always admins.",
    )
    tenants: list[Tenant] = Field(min_length=1, max_length=10_000, description="Tenants.")
    models: list[ModelRule] = Field(default_factory=list, description="Model trust rules.")
    sla_objectives: SlaObjectives = Field(
        default_factory=SlaObjectives,
        description="TTFT/TPOT objectives per SLA class: a request that cannot meet its class "
        "objective on any engine waits (up to its class's queue limit and its deadline) or "
        "is refused with RESOURCE_EXHAUSTED and a retry delay.",
    )
    trust: TrustRules = Field(default_factory=TrustRules, description="Attestation.")
    audit: AuditRules = Field(default_factory=AuditRules, description="Audit retention.")

    @field_validator("tenants")
    @classmethod
    def _unique_tenants(cls, tenants: list[Tenant]) -> list[Tenant]:
        ids = [t.id for t in tenants]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"tenant ids must be unique; repeated: {duplicates}")
        return tenants
