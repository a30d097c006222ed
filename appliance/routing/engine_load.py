"""What the router reads: an engine's load snapshot, a request to place, SLA objectives.

These are compact slotted dataclasses, not pydantic models: one of each is built per decision
on the hot path. Telemetry sources fill `EngineLoad`; any measurement may be unknown (None),
and scorers that need an unknown input are skipped for that engine.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Literal, NamedTuple

from appliance.routing.errors import RoutingConfigError

SlaClass = Literal["realtime", "interactive", "batch"]
SLA_CLASSES: tuple[SlaClass, ...] = ("realtime", "interactive", "batch")


@dataclass(frozen=True, slots=True)
class EngineLoad:
    """One engine's state as telemetry last saw it. None means "not measured"."""

    engine_id: str
    running: int | None = None
    """Requests in the running batch (vLLM `num_requests_running`)."""
    waiting: int | None = None
    """Requests queued in the engine, not yet scheduled (`num_requests_waiting`)."""
    kv_cache_usage: float | None = None
    """Share of KV-cache blocks held by requests, 0..1 (`kv_cache_usage_perc`)."""
    queued_prefill_tokens: int | None = None
    """Prompt tokens still to prefill for queued and partly prefilled requests."""
    cached_prefixes: Set[int] | None = None
    """Prefix-block hashes resident in the engine's prefix cache, where the engine publishes
    KV-cache events; None: unknown, and the router's own affinity map is used instead."""
    sm_utilisation: float | None = None
    """GPU streaming-multiprocessor use, 0..1 (NVML)."""
    nvlink_bytes_per_s: float | None = None
    """Collective (NCCL) traffic over NVLink, bytes/s (uprobes or NVML counters)."""
    recent_ttft_s: float | None = None
    """Recent time to first token on this engine (moving average), seconds."""
    recent_tpot_s: float | None = None
    """Recent time per output token on this engine (moving average), seconds."""
    healthy: bool = True
    draining: bool = False

    @property
    def in_rotation(self) -> bool:
        """Whether new requests may be placed here."""
        return self.healthy and not self.draining


@dataclass(frozen=True, slots=True)
class RouteRequest:
    """A request as the router sees it: no text, only what placement needs."""

    request_id: str
    sla_class: SlaClass
    prompt_tokens: int
    max_tokens: int
    arrival_s: float
    """When the request reached the appliance, on the clock the caller passes as `now`."""
    prefix_hashes: tuple[int, ...] = ()
    """Chained hashes of the prompt's leading blocks at checkpoints (`prefix_block_hashes`)."""
    deadline_s: float | None = None
    """Absolute time after which queuing is pointless (the call's deadline), if any."""
    allow_budget_cap: bool = False
    """Batch only: the caller accepts a smaller `max_tokens` under load."""


class SlaObjective(NamedTuple):
    """Per-class service objectives: a request meets its SLA when both hold."""

    ttft_s: float
    tpot_s: float


DEFAULT_OBJECTIVES: Mapping[SlaClass, SlaObjective] = {
    "realtime": SlaObjective(ttft_s=1.0, tpot_s=0.10),
    "interactive": SlaObjective(ttft_s=3.0, tpot_s=0.20),
    "batch": SlaObjective(ttft_s=30.0, tpot_s=0.50),
}


ObjectiveTable = Mapping[SlaClass, tuple[float, float]] | Mapping[str, tuple[float, float]]
"""SLA class -> (ttft_s, tpot_s), as policy supplies it."""


def as_objectives(objectives: ObjectiveTable) -> dict[SlaClass, SlaObjective]:
    """Validate a class -> (ttft_s, tpot_s) mapping; every class must be present."""
    missing = [name for name in SLA_CLASSES if name not in objectives]
    unknown = sorted(set(objectives) - set(SLA_CLASSES))
    if missing or unknown:
        raise RoutingConfigError(
            f"objectives need exactly the classes {', '.join(SLA_CLASSES)}; "
            f"missing {missing or 'none'}, unknown {unknown or 'none'}"
        )
    out: dict[SlaClass, SlaObjective] = {}
    for name in SLA_CLASSES:
        ttft, tpot = objectives[name]
        if not (_positive(ttft) and _positive(tpot)):
            raise RoutingConfigError(f"objective for {name!r} must be positive finite seconds")
        out[name] = SlaObjective(float(ttft), float(tpot))
    return out


def _positive(value: float) -> bool:
    return isinstance(value, int | float) and math.isfinite(value) and value > 0
