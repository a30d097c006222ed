"""Scorers over latency: the TTFT the engine's model predicts, and its recent TPOT.

Both are measured against the request's class objective, o / (o + latency): 1 for no
latency, 0.5 exactly at the objective, towards 0 beyond it.
"""

from __future__ import annotations

from collections.abc import Mapping

from appliance.routing.engine_load import EngineLoad, RouteRequest, SlaClass, SlaObjective
from appliance.routing.ttft_model import TtftPredictor


class PredictedTtftScorer:
    """Lower predicted time to first token is better."""

    __slots__ = ("_predictor", "_ttft")

    def __init__(
        self, predictor: TtftPredictor, objectives: Mapping[SlaClass, SlaObjective]
    ) -> None:
        self._predictor = predictor
        self._ttft = {name: objective.ttft_s for name, objective in objectives.items()}

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """Objective over objective plus predicted TTFT."""
        predicted = self._predictor.predict(request, load)
        if predicted is None:
            return None
        objective = self._ttft[request.sla_class]
        return objective / (objective + predicted)


class RecentTpotScorer:
    """Lower recent time per output token is better."""

    __slots__ = ("_tpot",)

    def __init__(self, objectives: Mapping[SlaClass, SlaObjective]) -> None:
        self._tpot = {name: objective.tpot_s for name, objective in objectives.items()}

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """Objective over objective plus the engine's recent TPOT."""
        recent = load.recent_tpot_s
        if recent is None:
            return None
        objective = self._tpot[request.sla_class]
        return objective / (objective + recent) if recent > 0.0 else 1.0
