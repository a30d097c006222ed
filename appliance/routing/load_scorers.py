"""Scorers over the engine's own queue and KV cache."""

from __future__ import annotations

from appliance.routing.engine_load import EngineLoad, RouteRequest


class QueueDepthScorer:
    """Fewer outstanding (running + waiting) requests is better: h / (h + outstanding)."""

    __slots__ = ("_half",)

    def __init__(self, *, half_score: float = 8.0) -> None:
        self._half = half_score

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """1 for an idle engine, 0.5 at `half_score` outstanding requests, towards 0 beyond."""
        running = load.running
        waiting = load.waiting
        if running is None and waiting is None:
            return None
        outstanding = (running or 0) + (waiting or 0)
        return self._half / (self._half + outstanding)


class KvHeadroomScorer:
    """More free KV cache is better: 1 - usage."""

    __slots__ = ()

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """The engine's free share of KV-cache blocks."""
        usage = load.kv_cache_usage
        if usage is None:
            return None
        # Conditionals, not min/max: this runs for every engine on every decision.
        return 1.0 - usage if 0.0 <= usage <= 1.0 else (1.0 if usage < 0.0 else 0.0)
