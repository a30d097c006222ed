"""One simulated vLLM-like engine: continuous batching, paged KV cache, prefix cache.

Each step is one forward pass over the running batch: every decoding request adds a token,
prefilling requests advance by a chunk within the step's token budget, and waiting requests
join first-come first-served while the batch, the budget and the KV cache allow. KV is
allocated in blocks; a request's whole (uncached) prompt is allocated when it joins. When a
decoding request needs a new block and none is free even after evicting unused prefix-cache
blocks, the newest running request is preempted: its KV is freed and it goes back to the
head of the queue to recompute its prompt and the tokens it had generated (vLLM's recompute
preemption). The prefix cache holds, per prefix group, how many leading blocks are computed;
a group's blocks are pinned while a request of the group runs and are evicted least
recently used otherwise. Step durations come from `EngineProfile.step_seconds`.
"""

from __future__ import annotations

import math
from collections import OrderedDict, deque

from appliance.routing.engine_load import EngineLoad, RouteRequest
from appliance.routing.simulation.calibration import EngineProfile
from appliance.routing.simulation.policies import Placement
from appliance.routing.simulation.workload import WorkItem

_UTIL_TAU_S = 1.0
_EWMA = 0.2


class Job:
    """A request's progress through the simulation."""

    __slots__ = (
        "budget_capped",
        "cached_tokens",
        "dispatch_s",
        "engine",
        "estimate",
        "finish_s",
        "first_token_s",
        "generated",
        "hit_tokens",
        "item",
        "kv_tokens",
        "max_tokens",
        "outcome",
        "placement",
        "preemptions",
        "prefill_left",
        "route",
    )

    def __init__(self, item: WorkItem, route: RouteRequest) -> None:
        self.item = item
        self.route = route
        self.placement: Placement | None = None
        self.max_tokens = item.output_tokens
        self.budget_capped = False
        self.engine = -1
        self.dispatch_s = 0.0
        self.estimate = 0
        self.prefill_left = 0
        self.hit_tokens = 0
        self.kv_tokens = 0
        self.generated = 0
        self.cached_tokens = 0
        self.first_token_s: float | None = None
        self.finish_s: float | None = None
        self.preemptions = 0
        self.outcome = ""


class SimEngine:
    """State and step logic of one engine."""

    def __init__(self, index: int, profile: EngineProfile) -> None:
        self.index = index
        self.engine_id = f"engine{index}"
        self.profile = profile
        self.capacity = profile.kv_capacity_tokens
        self.block = profile.block_tokens
        self.waiting: deque[Job] = deque()
        self.running: list[Job] = []
        self.cache: OrderedDict[int, int] = OrderedDict()
        self.refs: dict[int, int] = {}
        self.cached_tokens = 0
        self.pinned_tokens = 0
        self.private_tokens = 0
        self.queued_prefill = 0
        self.plan: list[tuple[Job, int]] = []
        self.busy = False
        self.generation = 0
        self.healthy = True
        self.draining = False
        self.preemptions = 0
        self._util = 0.0
        self._util_at = 0.0
        self._recent_ttft: float | None = None
        self._recent_tpot: float | None = None

    def snapshot(self, now: float) -> EngineLoad:
        """What telemetry would report now. NVLink is unknown: single-GPU engines."""
        util = self._util
        if not self.busy:
            util *= math.exp(-(now - self._util_at) / _UTIL_TAU_S)
        return EngineLoad(
            engine_id=self.engine_id,
            running=len(self.running),
            waiting=len(self.waiting),
            kv_cache_usage=(self.private_tokens + self.pinned_tokens) / self.capacity,
            queued_prefill_tokens=self.queued_prefill,
            sm_utilisation=util,
            recent_ttft_s=self._recent_ttft,
            recent_tpot_s=self._recent_tpot,
            healthy=self.healthy,
            draining=self.draining,
        )

    def enqueue(self, job: Job, now: float) -> None:
        """A routed request arrives at the engine."""
        job.engine = self.index
        job.dispatch_s = now
        job.estimate = self._prompt_total(job) - self._hit(job)
        self.queued_prefill += job.estimate
        self.waiting.append(job)

    def start_step(self, now: float) -> float | None:
        """Plan the next step; its end time, or None when there is nothing to do."""
        if self.busy or not self.healthy or not (self.running or self.waiting):
            return None
        self._util *= math.exp(-(now - self._util_at) / _UTIL_TAU_S)
        self._util_at = now
        self._grow_decoders()
        budget = self.profile.max_batched_tokens
        plan: list[tuple[Job, int]] = []
        decoding = 0
        context = 0
        for job in self.running:
            if job.prefill_left == 0:
                plan.append((job, 0))
                decoding += 1
                context += job.item.prompt_tokens + job.generated
                budget -= 1
        for job in self.running:
            if job.prefill_left > 0 and budget > 0:
                chunk = min(job.prefill_left, budget)
                plan.append((job, chunk))
                budget -= chunk
        while self.waiting and budget > 0 and len(self.running) < self.profile.max_num_seqs:
            job = self.waiting[0]
            if not self._admit(job):
                if self.running:
                    break  # memory comes back as running requests finish
                # Nothing runs and nothing more can be evicted: it can never fit (vLLM
                # rejects prompts longer than the KV cache up front).
                self.waiting.popleft()
                self.queued_prefill -= job.estimate
                job.estimate = 0
                job.outcome = "failed"
                continue
            chunk = min(job.prefill_left, budget)
            plan.append((job, chunk))
            budget -= chunk
        if not plan:
            return None
        prefill = sum(chunk for _, chunk in plan)
        duration = self.profile.step_seconds(
            batch=len(self.running),
            decoding=decoding,
            prefill_tokens=prefill,
            context_tokens=context,
        )
        self.plan = plan
        self.busy = True
        return now + duration

    def finish_step(self, now: float) -> tuple[list[Job], list[Job]]:
        """Apply the planned step; (jobs that got their first token, jobs that finished)."""
        duration = now - self._util_at
        decay = math.exp(-duration / _UTIL_TAU_S)
        self._util = self._util * decay + (1.0 - decay)
        self._util_at = now
        firsts: list[Job] = []
        finished: list[Job] = []
        for job, chunk in self.plan:
            if chunk:
                job.prefill_left -= chunk
                self.queued_prefill -= chunk
                if job.prefill_left > 0:
                    continue
                self._publish(job)
            job.generated += 1
            if job.first_token_s is None:
                job.first_token_s = now
                firsts.append(job)
                self._recent_ttft = _ewma(self._recent_ttft, now - job.dispatch_s)
            if job.generated >= job.max_tokens:
                self._finish(job, now)
                finished.append(job)
        self.plan = []
        self.busy = False
        return firsts, finished

    def fail(self) -> tuple[list[Job], list[Job]]:
        """The engine dies: (waiting jobs to reroute, running jobs that are lost)."""
        waiting, running = list(self.waiting), list(self.running)
        self.healthy = False
        self.generation += 1  # the step in flight never completes
        self.waiting.clear()
        self.running.clear()
        self.cache.clear()
        self.refs.clear()
        self.plan = []
        self.busy = False
        self.cached_tokens = self.pinned_tokens = self.private_tokens = self.queued_prefill = 0
        for job in [*waiting, *running]:
            job.prefill_left = job.kv_tokens = job.hit_tokens = job.estimate = 0
        for job in waiting:
            job.engine = -1  # until the reroute places it
        return waiting, running

    def _prompt_total(self, job: Job) -> int:
        return job.item.prompt_tokens + job.generated

    def _hit(self, job: Job) -> int:
        blocks = min(self.cache.get(job.item.prefix_group, 0), job.item.shared_blocks)
        total = self._prompt_total(job)
        hit = blocks * self.block
        if hit >= total:  # the last prompt token is always computed, as in vLLM
            hit = ((total - 1) // self.block) * self.block
        return hit

    def _admit(self, job: Job) -> bool:
        hit = self._hit(job)
        prefill = self._prompt_total(job) - hit
        allocation = -(-prefill // self.block) * self.block
        if not self._ensure_free(allocation):
            return False
        self.waiting.popleft()
        group = job.item.prefix_group
        if group in self.cache:
            self.cache.move_to_end(group)
        self._pin(group)
        job.hit_tokens = hit
        job.cached_tokens += hit
        job.kv_tokens = allocation
        self.private_tokens += allocation
        job.prefill_left = prefill
        self.queued_prefill += prefill - job.estimate
        job.estimate = 0
        self.running.append(job)
        return True

    def _grow_decoders(self) -> None:
        while True:
            needing = [
                job
                for job in self.running
                if job.prefill_left == 0
                and self._prompt_total(job) + 1 > job.hit_tokens + job.kv_tokens
            ]
            if self._ensure_free(len(needing) * self.block) or not self.running:
                break
            self._preempt(self.running[-1])
        for job in needing:
            job.kv_tokens += self.block
            self.private_tokens += self.block

    def _preempt(self, job: Job) -> None:
        self.running.remove(job)
        self.queued_prefill -= job.prefill_left
        self._release(job)
        job.prefill_left = 0
        job.preemptions += 1
        self.preemptions += 1
        job.estimate = self._prompt_total(job) - self._hit(job)
        self.queued_prefill += job.estimate
        self.waiting.appendleft(job)

    def _publish(self, job: Job) -> None:
        """The prompt is computed: its shared blocks join the group's prefix cache."""
        group = job.item.prefix_group
        current = self.cache.get(group, 0)
        if job.item.shared_blocks > current:
            moved = min((job.item.shared_blocks - current) * self.block, job.kv_tokens)
            job.kv_tokens -= moved
            self.private_tokens -= moved
            job.hit_tokens += moved
            self.cache[group] = current + moved // self.block
            self.cached_tokens += moved
            self.pinned_tokens += moved  # pinned: this job holds the group
        if group in self.cache:
            self.cache.move_to_end(group)

    def _finish(self, job: Job, now: float) -> None:
        self.running.remove(job)
        self._release(job)
        job.finish_s = now
        job.outcome = "done"
        if job.generated > 1 and job.first_token_s is not None:
            tpot = (now - job.first_token_s) / (job.generated - 1)
            self._recent_tpot = _ewma(self._recent_tpot, tpot)

    def _release(self, job: Job) -> None:
        self.private_tokens -= job.kv_tokens
        job.kv_tokens = 0
        job.hit_tokens = 0
        group = job.item.prefix_group
        count = self.refs[group] - 1
        if count:
            self.refs[group] = count
        else:
            del self.refs[group]
            self.pinned_tokens -= self.cache.get(group, 0) * self.block

    def _pin(self, group: int) -> None:
        count = self.refs.get(group, 0)
        if count == 0:
            self.pinned_tokens += self.cache.get(group, 0) * self.block
        self.refs[group] = count + 1

    def _ensure_free(self, tokens: int) -> bool:
        while self.capacity - self.private_tokens - self.cached_tokens < tokens:
            victim = next((group for group in self.cache if group not in self.refs), None)
            if victim is None:
                return False
            self.cached_tokens -= self.cache.pop(victim) * self.block
        return True


def _ewma(previous: float | None, value: float) -> float:
    return value if previous is None else previous + _EWMA * (value - previous)
