"""Shared builders for routing tests."""

from __future__ import annotations

from appliance.routing import DEFAULT_OBJECTIVES, EngineLoad, Router, RouteRequest, RouterSettings
from appliance.routing.engine_load import SlaClass

OBJECTIVES: dict[str, tuple[float, float]] = {
    name: (value.ttft_s, value.tpot_s) for name, value in DEFAULT_OBJECTIVES.items()
}


def make_router(settings: RouterSettings | None = None) -> Router:
    return Router(settings, objectives=OBJECTIVES)


def request(
    sla_class: SlaClass = "interactive",
    *,
    prompt_tokens: int = 512,
    max_tokens: int = 128,
    arrival_s: float = 0.0,
    prefix_hashes: tuple[int, ...] = (),
    request_id: str = "r1",
    deadline_s: float | None = None,
    allow_budget_cap: bool = False,
) -> RouteRequest:
    return RouteRequest(
        request_id=request_id,
        sla_class=sla_class,
        prompt_tokens=prompt_tokens,
        max_tokens=max_tokens,
        arrival_s=arrival_s,
        prefix_hashes=prefix_hashes,
        deadline_s=deadline_s,
        allow_budget_cap=allow_budget_cap,
    )


def idle(engine_id: str, **overrides: object) -> EngineLoad:
    """An idle engine with every measurement known, overridable per field."""
    fields: dict[str, object] = {
        "running": 0,
        "waiting": 0,
        "kv_cache_usage": 0.0,
        "queued_prefill_tokens": 0,
        "sm_utilisation": 0.0,
        "nvlink_bytes_per_s": 0.0,
        "recent_ttft_s": 0.05,
        "recent_tpot_s": 0.01,
    }
    fields.update(overrides)
    return EngineLoad(engine_id, **fields)  # type: ignore[arg-type]
