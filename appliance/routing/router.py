"""The router: score every engine in rotation, then let admission pick, queue or refuse.

The hot path is plain Python over slotted dataclasses and floats: no pydantic objects, no
dicts per engine; a decision for 8 engines costs tens of microseconds (bench/router_decision.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from appliance.routing.admission import AdmissionController
from appliance.routing.affinity import PrefixAffinityIndex, PrefixAffinityScorer
from appliance.routing.decision import RouteDecision
from appliance.routing.engine_load import (
    EngineLoad,
    ObjectiveTable,
    RouteRequest,
    as_objectives,
)
from appliance.routing.errors import AdmissionRefused, NoEngineAvailable, RoutingConfigError
from appliance.routing.gpu_scorers import NvlinkPressureScorer, SmUtilisationScorer
from appliance.routing.latency_scorers import PredictedTtftScorer, RecentTpotScorer
from appliance.routing.load_scorers import KvHeadroomScorer, QueueDepthScorer
from appliance.routing.scorer import WeightedScorer
from appliance.routing.settings import RouterSettings
from appliance.routing.ttft_model import TtftPredictor


class Router:
    """Load-aware, SLA-aware engine choice. Not thread-safe: one router per event loop."""

    def __init__(
        self,
        settings: RouterSettings | None = None,
        *,
        objectives: ObjectiveTable,
        scorers: Sequence[WeightedScorer] | None = None,
    ) -> None:
        self.settings = settings = settings or RouterSettings()
        self.objectives = as_objectives(objectives)
        self.affinity = PrefixAffinityIndex(
            capacity=settings.affinity_map_entries, block_tokens=settings.block_tokens
        )
        self.predictor = TtftPredictor(
            self.affinity,
            prior=(
                settings.ttft_prior_overhead_s,
                settings.ttft_prior_s_per_token,
                settings.ttft_prior_s_per_running,
            ),
            variance=settings.ttft_prior_variance,
            forgetting=settings.ttft_forgetting,
        )
        chosen = list(scorers) if scorers is not None else self._default_scorers()
        active = [item for item in chosen if item.weight > 0]
        if not active:
            raise RoutingConfigError("the router needs at least one scorer with positive weight")
        self.scorer_names = tuple(item.name for item in active)
        if len(set(self.scorer_names)) != len(self.scorer_names):
            raise RoutingConfigError(f"scorer names repeat: {self.scorer_names}")
        self._scorers = tuple((item.scorer.score, float(item.weight)) for item in active)
        self._admission = AdmissionController(settings, self.objectives, self.predictor)

    def _default_scorers(self) -> list[WeightedScorer]:
        weights = self.settings.weights
        settings = self.settings
        return [
            WeightedScorer(
                "queue_depth",
                QueueDepthScorer(half_score=settings.queue_depth_half_score),
                weights.queue_depth,
            ),
            WeightedScorer("kv_headroom", KvHeadroomScorer(), weights.kv_headroom),
            WeightedScorer(
                "prefix_affinity", PrefixAffinityScorer(self.affinity), weights.prefix_affinity
            ),
            WeightedScorer("sm_utilisation", SmUtilisationScorer(), weights.sm_utilisation),
            WeightedScorer(
                "nvlink_pressure",
                NvlinkPressureScorer(capacity_bytes_per_s=settings.nvlink_capacity_bytes_per_s),
                weights.nvlink_pressure,
            ),
            WeightedScorer(
                "predicted_ttft",
                PredictedTtftScorer(self.predictor, self.objectives),
                weights.predicted_ttft,
            ),
            WeightedScorer("recent_tpot", RecentTpotScorer(self.objectives), weights.recent_tpot),
        ]

    def route(
        self, request: RouteRequest, loads: Sequence[EngineLoad], now: float
    ) -> RouteDecision:
        """Place a request, or say it must wait; raise AdmissionRefused or NoEngineAvailable.

        `now` is on the same clock as `request.arrival_s`. An admitted decision is recorded
        in the affinity map at once, so the next decision sees it.
        """
        candidates = [load for load in loads if load.healthy and not load.draining]
        if not candidates:
            raise NoEngineAvailable("no engine is in rotation (all unhealthy or draining)")
        out_of_rotation: tuple[str, ...] = ()
        if len(candidates) != len(loads):
            out_of_rotation = tuple([load.engine_id for load in loads if not load.in_rotation])
        self.predictor.clear_memo()  # the same request may come back after the map changed
        scorers = self._scorers
        scores: list[float | None] = [None] * (len(candidates) * len(scorers))
        totals: list[float] = []
        predictions: list[float | None] = []
        predict = self.predictor.predict
        position = 0
        for load in candidates:
            weighted = 0.0
            weight_sum = 0.0
            for score, weight in scorers:
                value = score(request, load)
                if value is not None:
                    scores[position] = value
                    weighted += weight * value
                    weight_sum += weight
                position += 1
            totals.append(weighted / weight_sum if weight_sum > 0.0 else 0.0)
            predictions.append(predict(request, load))
        verdict = self._admission.decide(request, candidates, totals, predictions, now)
        engine_id: str | None = None
        features = None
        if verdict.winner >= 0:
            winner = candidates[verdict.winner]
            engine_id = winner.engine_id
            features = self.predictor.features(request, winner)
            self.affinity.record(request.prefix_hashes, engine_id)
        return RouteDecision(
            request_id=request.request_id,
            sla_class=request.sla_class,
            outcome="admitted" if engine_id is not None else "queued",
            engine_id=engine_id,
            reason=verdict.reason,
            engine_ids=tuple([load.engine_id for load in candidates]),
            scorer_names=self.scorer_names,
            scores=scores,
            totals=totals,
            predicted_ttft_s=predictions,
            out_of_rotation=out_of_rotation,
            max_tokens=verdict.max_tokens,
            budget_capped=verdict.budget_capped,
            retry_at_s=verdict.retry_at_s,
            ttft_features=features,
        )

    def queue_deadline(self, request: RouteRequest) -> float:
        """Until when a queued request may wait before it is refused."""
        return self._admission.deadline(request)

    def observe_ttft(self, decision: RouteDecision, engine_ttft_s: float) -> None:
        """Feed back the TTFT measured on the engine (from dispatch, without router queueing)."""
        if decision.engine_id is not None and decision.ttft_features is not None:
            self.predictor.observe(decision.engine_id, decision.ttft_features, engine_ttft_s)

    def engine_failed(self, engine_id: str) -> None:
        """Forget what the router learnt about an engine whose cache and state are gone."""
        self.affinity.forget_engine(engine_id)
        self.predictor.reset(engine_id)

    def reroute(
        self,
        requests: Sequence[RouteRequest],
        snapshot: Callable[[], Sequence[EngineLoad]],
        now: float,
        *,
        failed_engine_id: str | None = None,
    ) -> Iterator[tuple[RouteRequest, RouteDecision | AdmissionRefused]]:
        """Route the queued requests of a failed or drained engine again, in order.

        The failed engine is forgotten at once; the results come lazily, one per request,
        each routed on a fresh `snapshot()` (which must show the failed engine unhealthy), so
        the caller dispatches each admitted request before the next is placed.
        """
        if failed_engine_id is not None:
            self.engine_failed(failed_engine_id)
        return self._reroute(list(requests), snapshot, now)

    def _reroute(
        self,
        requests: list[RouteRequest],
        snapshot: Callable[[], Sequence[EngineLoad]],
        now: float,
    ) -> Iterator[tuple[RouteRequest, RouteDecision | AdmissionRefused]]:
        for request in requests:
            try:
                yield request, self.route(request, snapshot(), now)
            except AdmissionRefused as refused:
                yield request, refused
