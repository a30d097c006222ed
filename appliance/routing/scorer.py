"""The scorer extension point: one method, one engine, one number."""

from __future__ import annotations

from typing import NamedTuple, Protocol

from appliance.routing.engine_load import EngineLoad, RouteRequest


class Scorer(Protocol):
    """Rates how good a place an engine is for a request."""

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """A value in [0, 1], higher is better; None when the inputs it needs are unknown."""
        ...


class WeightedScorer(NamedTuple):
    """A scorer with the name the explain table shows and its weight in the total."""

    name: str
    scorer: Scorer
    weight: float
