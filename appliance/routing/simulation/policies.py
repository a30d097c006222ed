"""Placement policies the simulator compares: round-robin, least-outstanding, and ours.

The baselines admit everything at once and never cap budgets; `RouterPolicy` is the
production `Router` (scorers, admission, affinity map, TTFT model) behind the same interface.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, Protocol

from appliance.routing.decision import RouteDecision
from appliance.routing.engine_load import EngineLoad, RouteRequest
from appliance.routing.errors import AdmissionRefused, NoEngineAvailable
from appliance.routing.router import Router


class Placement(NamedTuple):
    """Where a request goes: an engine index, or -1 with a time to try again."""

    engine: int
    max_tokens: int
    budget_capped: bool
    retry_at_s: float | None
    decision: RouteDecision | None
    deadline_s: float | None = None
    """Queued only: when the router will refuse it."""


Snapshot = Callable[[], Sequence[EngineLoad]]
Rerouted = Iterator[tuple[RouteRequest, Placement | AdmissionRefused]]


class PlacementPolicy(Protocol):
    """How the simulator asks a policy where a request goes."""

    name: str

    def place(self, request: RouteRequest, loads: Sequence[EngineLoad], now: float) -> Placement:
        """An engine for the request, or queue it; may raise AdmissionRefused."""
        ...

    def observe(self, placement: Placement, engine_ttft_s: float) -> None:
        """The first token came, `engine_ttft_s` after dispatch."""
        ...

    def reroute(
        self, requests: Sequence[RouteRequest], snapshot: Snapshot, now: float, failed_engine: str
    ) -> Rerouted:
        """Place again the queued requests of a failed engine, one at a time."""
        ...


def _index(engine_id: str) -> int:
    return int(engine_id.removeprefix("engine"))


class _Baseline:
    name = "baseline"

    def place(self, request: RouteRequest, loads: Sequence[EngineLoad], now: float) -> Placement:
        raise NotImplementedError

    def observe(self, placement: Placement, engine_ttft_s: float) -> None:
        """Baselines learn nothing."""

    def reroute(
        self, requests: Sequence[RouteRequest], snapshot: Snapshot, now: float, failed_engine: str
    ) -> Rerouted:
        """Place each request again on a fresh snapshot."""
        for request in requests:
            yield request, self.place(request, snapshot(), now)


class RoundRobinPolicy(_Baseline):
    """Each request to the next engine in rotation."""

    name = "round_robin"

    def __init__(self) -> None:
        self._next = 0

    def place(self, request: RouteRequest, loads: Sequence[EngineLoad], now: float) -> Placement:
        """The next engine in rotation after the last one used."""
        for step in range(len(loads)):
            load = loads[(self._next + step) % len(loads)]
            if load.in_rotation:
                self._next = (self._next + step + 1) % len(loads)
                return Placement(_index(load.engine_id), request.max_tokens, False, None, None)
        raise NoEngineAvailable("no engine is in rotation")


class LeastOutstandingPolicy(_Baseline):
    """Each request to the engine with the fewest running + waiting requests."""

    name = "least_outstanding"

    def place(self, request: RouteRequest, loads: Sequence[EngineLoad], now: float) -> Placement:
        """The least loaded engine by request count; the first of equals."""
        best: EngineLoad | None = None
        best_count = 0
        for load in loads:
            if not load.in_rotation:
                continue
            count = (load.running or 0) + (load.waiting or 0)
            if best is None or count < best_count:
                best, best_count = load, count
        if best is None:
            raise NoEngineAvailable("no engine is in rotation")
        return Placement(_index(best.engine_id), request.max_tokens, False, None, None)


class RouterPolicy:
    """The appliance's router, as the daemon runs it."""

    name = "ours"

    def __init__(self, router: Router) -> None:
        self.router = router

    def place(self, request: RouteRequest, loads: Sequence[EngineLoad], now: float) -> Placement:
        """Route through the router; queue when it says so."""
        return self._placement(request, self.router.route(request, loads, now))

    def observe(self, placement: Placement, engine_ttft_s: float) -> None:
        """Feed the engine's TTFT model."""
        if placement.decision is not None:
            self.router.observe_ttft(placement.decision, engine_ttft_s)

    def reroute(
        self, requests: Sequence[RouteRequest], snapshot: Snapshot, now: float, failed_engine: str
    ) -> Rerouted:
        """The router's own reroute: forget the failed engine, then place one by one."""
        for request, result in self.router.reroute(
            requests, snapshot, now, failed_engine_id=failed_engine
        ):
            if isinstance(result, AdmissionRefused):
                yield request, result
            else:
                yield request, self._placement(request, result)

    def _placement(self, request: RouteRequest, decision: RouteDecision) -> Placement:
        if decision.engine_id is None:
            deadline = self.router.queue_deadline(request)
            return Placement(-1, request.max_tokens, False, decision.retry_at_s, decision, deadline)
        return Placement(
            _index(decision.engine_id), decision.max_tokens, decision.budget_capped, None, decision
        )
