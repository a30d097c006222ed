"""The router's configuration: scorer weights, admission knobs, the TTFT model's prior.

Frozen pydantic models with bounds, read once when the router is built; the hot path copies
the values it needs into plain attributes and never touches these per decision.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ScorerWeights(_Frozen):
    """Weight of each scorer in an engine's total; 0 turns a scorer off.

    Totals are weighted means over the scorers whose inputs are known for that engine, so
    an unknown measurement shifts its weight onto the others instead of counting as 0.
    """

    queue_depth: float = Field(
        default=2.0, ge=0, le=100, description="Fewer running + waiting requests is better."
    )
    kv_headroom: float = Field(
        default=1.0, ge=0, le=100, description="More free KV-cache blocks is better."
    )
    prefix_affinity: float = Field(
        default=2.0,
        ge=0,
        le=100,
        description="A longer share of the prompt already cached on the engine is better.",
    )
    sm_utilisation: float = Field(
        default=0.5, ge=0, le=100, description="Lower GPU SM use is better (NVML)."
    )
    nvlink_pressure: float = Field(
        default=0.5,
        ge=0,
        le=100,
        description="Lower collective traffic against NVLink capacity is better.",
    )
    predicted_ttft: float = Field(
        default=4.0,
        ge=0,
        le=100,
        description="Lower TTFT predicted by the engine's online model, against the class "
        "objective, is better.",
    )
    recent_tpot: float = Field(
        default=1.0,
        ge=0,
        le=100,
        description="Lower recent time per output token, against the class objective, is better.",
    )

    @model_validator(mode="after")
    def _some_weight(self) -> ScorerWeights:
        if not any(value > 0 for value in self.model_dump().values()):
            raise ValueError("at least one scorer weight must be positive")
        return self


class QueueLimits(_Frozen):
    """How long a request that no engine can serve in time may wait in the router, by class.

    A call deadline shorter than this wins. When the wait is over the request is refused
    with a retry-after delay.
    """

    realtime: float = Field(default=0.25, ge=0, le=60, description="Seconds, realtime class.")
    interactive: float = Field(default=2.0, ge=0, le=600, description="Seconds, interactive.")
    batch: float = Field(default=120.0, ge=0, le=86_400, description="Seconds, batch class.")


class RouterSettings(_Frozen):
    """Everything the router needs besides the SLA objectives, which policy supplies."""

    weights: ScorerWeights = Field(default_factory=ScorerWeights, description="Scorer weights.")
    block_tokens: int = Field(
        default=16,
        ge=1,
        le=1024,
        description="Tokens per KV-cache block; prefix hashes are taken at block boundaries "
        "(vLLM's default block size is 16).",
    )
    affinity_map_entries: int = Field(
        default=65_536,
        ge=1,
        le=16_777_216,
        description="Bound of the prefix-hash -> engine LRU map; the oldest entries go first.",
    )
    queue_depth_half_score: float = Field(
        default=8.0,
        gt=0,
        le=100_000,
        description="Running + waiting requests at which the queue-depth score is 0.5.",
    )
    nvlink_capacity_bytes_per_s: float = Field(
        default=900e9,
        gt=0,
        description="NVLink bandwidth per GPU (H100/H200 SXM: 900 GB/s) that collective "
        "traffic is measured against.",
    )
    ttft_prior_overhead_s: float = Field(
        default=0.030,
        ge=0,
        le=60,
        description="TTFT model prior: fixed cost of a prefill (llm-d inference-sim 8B/H100 "
        "profile: prefill-overhead 30 ms).",
    )
    ttft_prior_s_per_token: float = Field(
        default=0.000_25,
        ge=0,
        le=1,
        description="TTFT model prior: seconds per prompt token to prefill, own and queued "
        "(same profile: prefill-time-per-token 250 us).",
    )
    ttft_prior_s_per_running: float = Field(
        default=0.000_5,
        ge=0,
        le=1,
        description="TTFT model prior: seconds added per request in the running batch.",
    )
    ttft_forgetting: float = Field(
        default=0.995,
        ge=0.9,
        le=1.0,
        description="Recursive-least-squares forgetting factor: 1 never forgets; lower "
        "follows a changing engine faster.",
    )
    ttft_prior_variance: float = Field(
        default=1.0,
        gt=0,
        le=1e6,
        description="Initial variance of the TTFT model's coefficients: how far the first "
        "observations may pull them from the prior.",
    )
    realtime_headroom: float = Field(
        default=0.8,
        gt=0,
        le=1,
        description="A batch request goes to an engine only if, with it queued there, a "
        "realtime request of realtime_probe_tokens would still be predicted under this share "
        "of the realtime TTFT objective on some engine: batch yields to realtime.",
    )
    realtime_probe_tokens: int = Field(
        default=512, ge=1, le=1_000_000, description="Prompt size of that realtime probe."
    )
    queue_limits: QueueLimits = Field(
        default_factory=QueueLimits, description="Longest wait in the router, by class."
    )
    retry_interval_s: float = Field(
        default=0.05, gt=0, le=60, description="How soon a queued request is tried again."
    )
    min_retry_after_s: float = Field(
        default=0.1, ge=0, le=3600, description="Smallest retry-after given with a refusal."
    )
    max_retry_after_s: float = Field(
        default=60.0, gt=0, le=86_400, description="Largest retry-after given with a refusal."
    )
    budget_cap_load_threshold: float = Field(
        default=0.6,
        ge=0,
        lt=1,
        description="Engine load (the larger of KV-cache use and queue pressure) above which "
        "batch requests that allow it get a smaller max_tokens.",
    )
    budget_cap_min_fraction: float = Field(
        default=0.25,
        gt=0,
        le=1,
        description="Share of max_tokens a capped batch request keeps at full load; the cap "
        "shrinks linearly from 1 at the threshold to this at load 1.",
    )

    @model_validator(mode="after")
    def _retry_bounds(self) -> RouterSettings:
        if self.min_retry_after_s > self.max_retry_after_s:
            raise ValueError("min_retry_after_s must not exceed max_retry_after_s")
        return self
