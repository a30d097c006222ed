"""The discrete-event loop: arrivals, engine steps, router retries, engine failures.

Events are (time, sequence) ordered, so a run is deterministic for a given workload. Every
placement asks the policy with fresh `EngineLoad` snapshots of all engines; for `ours` that is
the production `Router`, which also learns each engine's TTFT from the first tokens.
Requests the router queues are retried when due, realtime first; within a class they keep
arrival order (a later request does not overtake one the router could not place), and a
request past its deadline is always put to the router, which refuses it.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from appliance.routing.engine_load import (
    DEFAULT_OBJECTIVES,
    EngineLoad,
    RouteRequest,
    SlaClass,
    SlaObjective,
)
from appliance.routing.errors import AdmissionRefused, NoEngineAvailable
from appliance.routing.pending import PendingQueue
from appliance.routing.simulation.calibration import H100_8B, EngineProfile
from appliance.routing.simulation.engine import Job, SimEngine
from appliance.routing.simulation.policies import Placement, PlacementPolicy
from appliance.routing.simulation.workload import WorkItem, prefix_hashes

_ARRIVAL, _STEP, _RETRY, _FAIL, _DRAIN = range(5)


@dataclass(frozen=True, slots=True)
class EngineEvent:
    """An operator or hardware event: an engine fails or starts draining at `at_s`."""

    at_s: float
    engine: int
    kind: Literal["fail", "drain"]


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """How one request fared."""

    index: int
    sla_class: SlaClass
    arrival_s: float
    engine: int
    outcome: Literal["done", "refused", "failed"]
    ttft_s: float | None
    tpot_s: float | None
    output_tokens: int
    requested_tokens: int
    prompt_tokens: int
    cached_prompt_tokens: int
    budget_capped: bool
    preemptions: int
    met_slo: bool


@dataclass(frozen=True)
class SimulationResult:
    """Every request's record, and how long the trace's arrivals spanned."""

    policy: str
    engines: int
    records: list[RequestRecord]
    arrival_span_s: float
    end_s: float


def simulate(
    workload: Sequence[WorkItem],
    policy: PlacementPolicy,
    *,
    engines: int,
    profile: EngineProfile = H100_8B,
    objectives: Mapping[SlaClass, SlaObjective] = DEFAULT_OBJECTIVES,
    events: Sequence[EngineEvent] = (),
    deadline_s: Mapping[SlaClass, float] | None = None,
) -> SimulationResult:
    """Run the workload through `engines` simulated engines under one policy."""
    return _Run(workload, policy, engines, profile, objectives, events, deadline_s).run()


class _Run:
    def __init__(
        self,
        workload: Sequence[WorkItem],
        policy: PlacementPolicy,
        engines: int,
        profile: EngineProfile,
        objectives: Mapping[SlaClass, SlaObjective],
        events: Sequence[EngineEvent],
        deadline_s: Mapping[SlaClass, float] | None,
    ) -> None:
        if engines < 1:
            raise ValueError("the simulation needs at least one engine")
        self.workload = workload
        self.policy = policy
        self.engines = [SimEngine(index, profile) for index in range(engines)]
        self.objectives = objectives
        self.deadline_s = deadline_s or {}
        self.block = profile.block_tokens
        self.heap: list[tuple[float, int, int, int]] = []
        self.order = itertools.count()
        self.jobs: dict[str, Job] = {}
        self.pending = PendingQueue()
        self.retry_at = math.inf
        self.now = 0.0
        for item in workload:
            self._push(item.arrival_s, _ARRIVAL, item.index)
        for event in events:
            self._push(event.at_s, _FAIL if event.kind == "fail" else _DRAIN, event.engine)

    def run(self) -> SimulationResult:
        while self.heap:
            self.now, _, kind, payload = heapq.heappop(self.heap)
            if kind == _ARRIVAL:
                self._arrive(self.workload[payload])
            elif kind == _STEP:
                self._step_end(payload)
            elif kind == _RETRY:
                self._retry()
            elif kind == _FAIL:
                self._fail(payload)
            else:
                self.engines[payload].draining = True
        records = [self._record(job) for job in self.jobs.values()]
        records.sort(key=lambda record: record.index)
        span = max((item.arrival_s for item in self.workload), default=0.0)
        return SimulationResult(self.policy.name, len(self.engines), records, span, self.now)

    def _push(self, at: float, kind: int, payload: int) -> None:
        heapq.heappush(self.heap, (at, next(self.order), kind, payload))

    def _snapshot(self) -> list[EngineLoad]:
        now = self.now
        return [engine.snapshot(now) for engine in self.engines]

    def _arrive(self, item: WorkItem) -> None:
        limit = self.deadline_s.get(item.sla_class)
        route = RouteRequest(
            request_id=str(item.index),
            sla_class=item.sla_class,
            prompt_tokens=item.prompt_tokens,
            max_tokens=item.output_tokens,
            arrival_s=item.arrival_s,
            prefix_hashes=prefix_hashes(item, block_tokens=self.block),
            deadline_s=None if limit is None else item.arrival_s + limit,
            allow_budget_cap=item.allow_budget_cap,
        )
        job = Job(item, route)
        self.jobs[route.request_id] = job
        self._place(job)

    def _try(self, job: Job) -> Placement | None:
        """Ask the policy; dispatch an admitted job. None: refused or no engine (final)."""
        try:
            placement = self.policy.place(job.route, self._snapshot(), self.now)
        except AdmissionRefused:
            job.outcome = "refused"
            return None
        except NoEngineAvailable:
            job.outcome = "failed"
            return None
        self._dispatch(job, placement)
        return placement

    def _place(self, job: Job) -> None:
        """A new (or rerouted) job: place it, or queue it at the back of its class."""
        placement = self._try(job)
        if placement is not None:
            self._queue_if_needed(job, placement)

    def _queue_if_needed(self, job: Job, placement: Placement) -> None:
        if placement.engine >= 0:
            return
        retry_at = placement.retry_at_s if placement.retry_at_s is not None else self.now
        deadline = placement.deadline_s if placement.deadline_s is not None else retry_at
        self.pending.push(job.route, retry_at_s=retry_at, deadline_s=deadline)
        self._schedule_retry()

    def _dispatch(self, job: Job, placement: Placement) -> None:
        if placement.engine < 0:
            return
        job.placement = placement
        job.max_tokens = placement.max_tokens
        job.budget_capped = placement.budget_capped
        engine = self.engines[placement.engine]
        engine.enqueue(job, self.now)
        self._kick(engine)

    def _schedule_retry(self) -> None:
        due = self.pending.next_due_s()
        if due is not None and due < self.retry_at:
            self.retry_at = due
            self._push(due, _RETRY, 0)

    def _kick(self, engine: SimEngine) -> None:
        end = engine.start_step(self.now)
        if end is not None:
            self._push(end, _STEP, engine.index * 1_000_000 + engine.generation)

    def _step_end(self, payload: int) -> None:
        engine = self.engines[payload // 1_000_000]
        if payload % 1_000_000 != engine.generation:
            return  # the engine failed while this step was in flight
        firsts, _ = engine.finish_step(self.now)
        for job in firsts:
            if job.placement is not None:
                self.policy.observe(job.placement, self.now - job.dispatch_s)
        self._kick(engine)

    def _retry(self) -> None:
        if self.now != self.retry_at:
            return  # superseded by an earlier retry
        self.retry_at = math.inf
        pending = self.pending
        for late in pending.overdue(self.now):
            placement = self._try(self.jobs[late.request_id])
            if placement is not None and placement.engine < 0:
                self.jobs[late.request_id].outcome = "refused"  # the wait is over
            pending.remove(late)
        for sla_class in pending.due_classes(self.now):
            while (request := pending.head(sla_class)) is not None:
                placement = self._try(self.jobs[request.request_id])
                if placement is not None and placement.engine < 0:
                    retry_at = placement.retry_at_s
                    pending.hold(
                        sla_class, self.now + _RETRY_HOLD_S if retry_at is None else retry_at
                    )
                    break
                pending.remove(request)
        self._schedule_retry()

    def _fail(self, index: int) -> None:
        engine = self.engines[index]
        waiting, running = engine.fail()
        for job in running:
            job.outcome = "failed"  # its stream is lost with the engine
        requests = [job.route for job in waiting]
        rerouted = self.policy.reroute(requests, self._snapshot, self.now, engine.engine_id)
        handled: set[str] = set()
        try:
            for request, result in rerouted:
                job = self.jobs[request.request_id]
                handled.add(request.request_id)
                if isinstance(result, AdmissionRefused):
                    job.outcome = "refused"
                else:
                    self._dispatch(job, result)
                    self._queue_if_needed(job, result)
        except NoEngineAvailable:
            for job in waiting:
                if job.route.request_id not in handled:
                    job.outcome = "failed"

    def _record(self, job: Job) -> RequestRecord:
        item = job.item
        outcome = job.outcome or "failed"
        ttft = tpot = None
        if job.first_token_s is not None:
            ttft = job.first_token_s - item.arrival_s
        if outcome == "done" and job.generated > 1 and job.first_token_s is not None:
            assert job.finish_s is not None
            tpot = (job.finish_s - job.first_token_s) / (job.generated - 1)
        objective = self.objectives[item.sla_class]
        met = (
            outcome == "done"
            and ttft is not None
            and ttft <= objective.ttft_s
            and (tpot is None or tpot <= objective.tpot_s)
        )
        return RequestRecord(
            index=item.index,
            sla_class=item.sla_class,
            arrival_s=item.arrival_s,
            engine=job.engine,
            outcome=outcome,  # type: ignore[arg-type]
            ttft_s=ttft,
            tpot_s=tpot,
            output_tokens=job.generated if outcome == "done" else 0,
            requested_tokens=item.output_tokens,
            prompt_tokens=item.prompt_tokens,
            cached_prompt_tokens=job.cached_tokens,
            budget_capped=job.budget_capped,
            preemptions=job.preemptions,
            met_slo=met,
        )


_RETRY_HOLD_S = 0.05
