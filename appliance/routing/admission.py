"""Admission control by SLA class: admit to the best feasible engine, queue, or refuse.

An engine is feasible for a request when its predicted TTFT fits in what is left of the
class objective (time already spent queued in the router counts). Batch yields to realtime:
a batch request goes to an engine only if, with it queued there, some engine would still
take a realtime probe request within `realtime_headroom` of the realtime objective. A
request with no feasible engine waits in the router until its deadline (the call's, or the
class queue limit) and is then refused with a retry-after estimate; it is refused at once
when the time left for its TTFT objective has run out, since waiting cannot help then. Nor
can waiting help a request that no engine would take even idle (a prompt too long for its
objective or for batch's realtime headroom): an idle engine takes it at once, at best effort.
Batch requests that allow it run with a smaller token budget when the chosen engine is
loaded.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from appliance.routing.engine_load import EngineLoad, RouteRequest, SlaClass, SlaObjective
from appliance.routing.errors import AdmissionRefused
from appliance.routing.settings import RouterSettings
from appliance.routing.ttft_model import TtftPredictor

# The reason of a request admitted at best effort to an idle engine that no objective
# allowed (see `AdmissionController.decide`).
IDLE_ENGINE_REASON = "idle engine: waiting cannot make it faster (predicted over the objective)"


class AdmissionVerdict(NamedTuple):
    """What admission made of a request; `winner` indexes the candidates, -1 for none."""

    winner: int
    reason: str
    max_tokens: int
    budget_capped: bool
    retry_at_s: float | None


class _Probes(NamedTuple):
    alone: list[float]
    first: float
    second: float


class AdmissionController:
    """Applies the class objectives to the router's scores and predictions."""

    def __init__(
        self,
        settings: RouterSettings,
        objectives: Mapping[SlaClass, SlaObjective],
        predictor: TtftPredictor,
    ) -> None:
        self._objectives = dict(objectives)
        self._predictor = predictor
        limits = settings.queue_limits
        self._queue_limit: dict[SlaClass, float] = {
            "realtime": limits.realtime,
            "interactive": limits.interactive,
            "batch": limits.batch,
        }
        self._realtime_limit = settings.realtime_headroom * objectives["realtime"].ttft_s
        self._probe_tokens = settings.realtime_probe_tokens
        self._retry_interval = settings.retry_interval_s
        self._min_retry = settings.min_retry_after_s
        self._max_retry = settings.max_retry_after_s
        self._half_score = settings.queue_depth_half_score
        self._cap_threshold = settings.budget_cap_load_threshold
        self._cap_min = settings.budget_cap_min_fraction

    def decide(
        self,
        request: RouteRequest,
        candidates: Sequence[EngineLoad],
        totals: Sequence[float],
        predictions: Sequence[float | None],
        now: float,
    ) -> AdmissionVerdict:
        """Admit to the highest-scoring feasible engine, or queue; raise AdmissionRefused."""
        objective = self._objectives[request.sla_class]
        remaining = objective.ttft_s - (now - request.arrival_s)
        is_batch = request.sla_class == "batch"
        headroom: _Probes | None = None
        winner = -1
        smallest_excess = math.inf
        yielded = False
        # Best score first, stopping at the first feasible engine: the realtime probes a
        # batch request needs are then worked out for one engine, not all. The sort is
        # stable, so of equal scores the first engine wins.
        for index in sorted(range(len(candidates)), key=totals.__getitem__, reverse=True):
            predicted = predictions[index]
            if predicted is not None and predicted > remaining:
                smallest_excess = min(smallest_excess, predicted - remaining)
                continue
            if is_batch:
                if headroom is None:
                    headroom = self._realtime_probes(candidates)
                excess = self._realtime_excess(request, candidates[index], index, headroom)
                if excess > 0:
                    yielded = True
                    smallest_excess = min(smallest_excess, excess)
                    continue
            winner = index
            break
        if winner >= 0:
            max_tokens, capped = self._budget(request, candidates[winner])
            reason = "highest score within the TTFT objective"
            return AdmissionVerdict(winner, reason, max_tokens, capped, None)
        # An engine with nothing to do will not get faster by waiting: a request too large
        # for its objective (or for batch's realtime headroom) even there would otherwise
        # wait out its deadline every time. It runs there now, at best effort.
        idle = [index for index, load in enumerate(candidates) if _idle(load)]
        if idle:
            winner = max(idle, key=totals.__getitem__)
            max_tokens, capped = self._budget(request, candidates[winner])
            return AdmissionVerdict(winner, IDLE_ENGINE_REASON, max_tokens, capped, None)
        if yielded:
            reason = "batch yields to realtime: no engine would keep realtime headroom"
        else:
            reason = (
                f"no engine predicted within the {request.sla_class} TTFT objective "
                f"({max(remaining, 0.0):.3f} s left)"
            )
        deadline = self.deadline(request)
        # Once the objective has passed, waiting longer cannot help: refuse at once.
        if now < deadline and remaining > 0:
            retry_at = min(now + self._retry_interval, deadline)
            return AdmissionVerdict(-1, reason, request.max_tokens, False, retry_at)
        retry_after = min(max(smallest_excess, self._min_retry), self._max_retry)
        raise AdmissionRefused(reason, retry_after_s=retry_after, request_id=request.request_id)

    def deadline(self, request: RouteRequest) -> float:
        """Until when the request may wait in the router: its class limit or call deadline."""
        deadline = request.arrival_s + self._queue_limit[request.sla_class]
        if request.deadline_s is not None:
            deadline = min(deadline, request.deadline_s)
        return deadline

    def _realtime_probes(self, candidates: Sequence[EngineLoad]) -> _Probes:
        """Each engine's predicted TTFT for a realtime probe as things are, and the two best."""
        alone: list[float] = []
        first = second = math.inf
        for load in candidates:
            probe = self._predictor.predict_probe(load, self._probe_tokens, 0)
            value = 0.0 if probe is None else probe  # unknown queue: assume room
            alone.append(value)
            if value < first:
                first, second = value, first
            elif value < second:
                second = value
        return _Probes(alone, first, second)

    def _realtime_excess(
        self, request: RouteRequest, load: EngineLoad, index: int, probes: _Probes
    ) -> float:
        """How far the fleet's best realtime probe would miss its headroom once this batch
        request is queued on `load`'s engine (the other engines as they are)."""
        probe = self._predictor.predict_probe(load, self._probe_tokens, request.prompt_tokens)
        with_batch = 0.0 if probe is None else probe
        # The best other engine: the fleet's best, unless that best is this engine.
        others = probes.second if probes.alone[index] <= probes.first else probes.first
        return min(with_batch, others) - self._realtime_limit

    def _budget(self, request: RouteRequest, load: EngineLoad) -> tuple[int, bool]:
        if not (request.allow_budget_cap and request.sla_class == "batch"):
            return request.max_tokens, False
        outstanding = (load.running or 0) + (load.waiting or 0)
        queue_pressure = outstanding / (outstanding + self._half_score)
        level = max(load.kv_cache_usage or 0.0, queue_pressure)
        if level <= self._cap_threshold:
            return request.max_tokens, False
        over = min((level - self._cap_threshold) / (1.0 - self._cap_threshold), 1.0)
        fraction = 1.0 - over * (1.0 - self._cap_min)
        capped = max(1, int(request.max_tokens * fraction + 1e-9))
        return capped, capped < request.max_tokens


def _idle(load: EngineLoad) -> bool:
    """Nothing running or waiting on the engine, and no prefill routed there unfinished."""
    return load.running == 0 and load.waiting == 0 and not load.queued_prefill_tokens
