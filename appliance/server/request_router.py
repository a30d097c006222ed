"""The daemon's side of routing: engine loads from measured state, the router's decision,
waiting in line up to the deadline, and feedback of what each engine really did.

A request that has to wait in line while requests of a more urgent class wait too is shed
at once (RESOURCE_EXHAUSTED with a retry delay): under overload batch goes first, then
interactive, and realtime keeps what capacity frees up.

Loads come from each engine's live stats (vLLM's running/waiting/KV-cache numbers, and the
appliance's own exact count of requests it has handed to the engine, which never lags),
recent TTFT/TPOT per engine from finished requests, and GPU counters from the telemetry
sources that are live. Prompt tokens are estimated as UTF-8 bytes / 4 (the front end does
not tokenize); prefix affinity hashes the prompt's leading 64-byte blocks.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from appliance.engine.contract import Engine, EngineStats, Finished
from appliance.engine.errors import EngineUnavailableError
from appliance.policy.model import Policy
from appliance.routing import (
    AdmissionRefused,
    EngineLoad,
    NoEngineAvailable,
    RouteDecision,
    Router,
    RouteRequest,
    RouterSettings,
    SlaObjective,
    format_decision,
    prefix_block_hashes,
)
from appliance.routing.admission import IDLE_ENGINE_REASON
from appliance.server.engine_pool import EnginePool
from appliance.server.errors import ModelNotFoundError, RateLimitedError

log = logging.getLogger(__name__)

_BYTES_PER_TOKEN = 4
_EWMA = 0.2
_MAX_PREFIX_BYTES = 64 * 32
_RECENT_TTL_S = 10.0
_CLASSES = ("realtime", "interactive", "batch")  # most urgent first, as engines schedule


@dataclass
class _Recent:
    ttft_s: float | None = None
    tpot_s: float | None = None
    at: float = 0.0
    """When they were last updated: older figures are not trusted (an engine nobody is
    sent to would otherwise keep a bad figure forever, and never be sent to again)."""


@dataclass
class Placement:
    """A request placed on an engine: what the router needs to hear back about it."""

    engine: Engine
    decision: RouteDecision
    prompt_tokens: int
    dispatched_at: float
    arrival: float
    prefilling: bool = True


GpuLoad = Callable[[Engine], tuple[float | None, float | None]]
"""(SM utilisation 0..1, NVLink bytes/s) for an engine's GPUs, None where not measured."""


def _no_gpu_load(engine: Engine) -> tuple[float | None, float | None]:
    return None, None


class RequestRouter:
    """Places each request on an engine serving its model, or refuses it with a delay."""

    def __init__(
        self,
        pool: EnginePool,
        settings: RouterSettings,
        *,
        gpu_load: GpuLoad = _no_gpu_load,
    ) -> None:
        self._pool = pool
        self._settings = settings
        self._gpu_load = gpu_load
        self._objectives: Mapping[str, SlaObjective] | None = None
        self._router: Router | None = None
        self._recent: dict[str, _Recent] = {}
        self._drained: set[str] = set()
        # Prompt tokens waiting for prefill, per engine and SLA class.
        self._prefill: dict[tuple[str, str], int] = {}
        # Requests waiting in line here for an engine, per SLA class.
        self._in_line: dict[str, int] = dict.fromkeys(_CLASSES, 0)
        self._freed = asyncio.Event()

    def router_for(self, policy: Policy) -> Router:
        """The router with the policy's class objectives (rebuilt when they change)."""
        objectives = {
            name: SlaObjective(ttft_s=rule.ttft_s, tpot_s=rule.tpot_s)
            for name, rule in (
                ("realtime", policy.sla_objectives.realtime),
                ("interactive", policy.sla_objectives.interactive),
                ("batch", policy.sla_objectives.batch),
            )
        }
        if self._router is None or objectives != self._objectives:
            self._router = Router(self._settings, objectives=objectives)
            self._objectives = objectives
        return self._router

    def drain(self, engine_name: str, *, undrain: bool = False) -> bool:
        """Take an engine out of rotation (or back in); returns whether it is drained now."""
        if engine_name not in {e.info.name for e in self._pool.engines}:
            raise ModelNotFoundError(f"no engine called {engine_name!r}")
        if undrain:
            self._drained.discard(engine_name)
        else:
            self._drained.add(engine_name)
        log.info("engine %s %s rotation", engine_name, "back in" if undrain else "out of")
        self._wake()
        return engine_name in self._drained

    def forget(self, engine_name: str) -> None:
        """An engine restarted: its caches and learnt timings are gone."""
        self._recent.pop(engine_name, None)
        if self._router is not None:
            self._router.engine_failed(engine_name)

    def is_drained(self, engine_name: str) -> bool:
        """Whether an operator drained this engine."""
        return engine_name in self._drained

    def loads(self, model: str, sla_class: str = "batch") -> list[tuple[Engine, EngineLoad]]:
        """Each engine serving `model`, with its load as measured now, as a request of
        `sla_class` meets it: engines schedule by class (realtime first), so only prompts of
        its own class or a more urgent one wait for prefill ahead of it."""
        out = []
        for engine in self._pool.engines:
            if engine.info.model == model:
                out.append((engine, self._load_of(engine, engine.stats(), sla_class)))
        return out

    def _queued_prefill(self, name: str, sla_class: str) -> int:
        ahead = _CLASSES[: _CLASSES.index(sla_class) + 1] if sla_class in _CLASSES else _CLASSES
        return sum(self._prefill.get((name, c), 0) for c in ahead)

    def _load_of(self, engine: Engine, stats: EngineStats, sla_class: str) -> EngineLoad:
        name = engine.info.name
        recent = self._recent.get(name) or _Recent()
        if time.monotonic() - recent.at > _RECENT_TTL_S:
            recent = _Recent()
        sm, nvlink = self._gpu_load(engine)
        # vLLM's counts arrive with its stats interval; ours are exact and current.
        waiting = max(stats.waiting_requests, stats.outstanding_requests - stats.running_requests)
        return EngineLoad(
            engine_id=name,
            running=stats.running_requests,
            waiting=waiting,
            kv_cache_usage=stats.kv_cache_usage,
            queued_prefill_tokens=self._queued_prefill(name, sla_class),
            sm_utilisation=sm,
            nvlink_bytes_per_s=nvlink,
            recent_ttft_s=recent.ttft_s,
            recent_tpot_s=recent.tpot_s,
            healthy=stats.state == "ready",
            draining=name in self._drained or stats.state == "draining",
        )

    async def place(
        self,
        policy: Policy,
        *,
        model: str,
        request_id: str,
        sla_class: str,
        prompt: bytes,
        max_tokens: int,
        allow_budget_cap: bool,
        deadline_s: float | None,
        arrival: float,
    ) -> Placement:
        """The engine to run on, waiting in line while the router says so; raises
        RateLimitedError (RESOURCE_EXHAUSTED with a delay) or EngineUnavailableError.
        Report back with `first_token` and `finished`."""
        if not any(e.info.model == model for e in self._pool.engines):
            raise ModelNotFoundError(f"model {model!r} is not served here")
        router = self.router_for(policy)
        now = time.monotonic()
        request = RouteRequest(
            request_id=request_id,
            sla_class=sla_class,  # type: ignore[arg-type]
            prompt_tokens=max(1, len(prompt) // _BYTES_PER_TOKEN),
            max_tokens=max_tokens,
            arrival_s=now,
            prefix_hashes=_prefix_hashes(prompt, self._settings.block_tokens),
            deadline_s=deadline_s,
            allow_budget_cap=allow_budget_cap and sla_class == "batch",
        )
        wait_until = router.queue_deadline(request)
        if deadline_s is not None:
            wait_until = min(wait_until, deadline_s)
        while True:
            engines = self.loads(model, sla_class)
            try:
                decision = router.route(request, [load for _, load in engines], now)
            except NoEngineAvailable as exc:
                raise EngineUnavailableError(f"no engine for model {model!r}: {exc}") from None
            except AdmissionRefused as refused:
                if self._forget_idle_pessimism(router, engines):
                    continue
                raise RateLimitedError(
                    f"no engine can meet the {sla_class} objective now: {refused.reason}",
                    retry_after_s=refused.retry_after_s,
                ) from None
            # An idle engine predicted too slow may have learnt that under a load that is
            # gone: forget it and route again, before taking it at best effort.
            idle_fallback = decision.reason == IDLE_ENGINE_REASON
            if (decision.engine_id is None or idle_fallback) and self._forget_idle_pessimism(
                router, engines
            ):
                continue
            if log.isEnabledFor(logging.DEBUG):
                log.debug("route %s\n%s", request_id, format_decision(decision))
            if decision.engine_id is not None:
                engine = next(e for e, load in engines if load.engine_id == decision.engine_id)
                name = engine.info.name
                key = (name, sla_class)
                self._prefill[key] = self._prefill.get(key, 0) + request.prompt_tokens
                return Placement(engine, decision, request.prompt_tokens, time.monotonic(), arrival)
            now = time.monotonic()
            if now >= wait_until:
                raise RateLimitedError(
                    f"waited {now - request.arrival_s:.2f} s for an engine that meets the "
                    f"{sla_class} objective",
                    retry_after_s=self._settings.min_retry_after_s,
                )
            urgent = self._more_urgent_in_line(sla_class)
            if urgent:
                # Shed the less urgent first: waiting, it would only compete with them.
                raise RateLimitedError(
                    f"{sla_class} request shed: {urgent} more urgent request(s) wait for an engine",
                    retry_after_s=max(
                        self._settings.min_retry_after_s, self._settings.retry_interval_s
                    ),
                )
            retry_at = decision.retry_at_s or now + self._settings.retry_interval_s
            self._in_line[sla_class] = self._in_line.get(sla_class, 0) + 1
            try:
                await self._wait_for_capacity(min(retry_at, wait_until) - now)
            finally:
                self._in_line[sla_class] -= 1
            now = time.monotonic()

    def _more_urgent_in_line(self, sla_class: str) -> int:
        """How many requests of more urgent classes than `sla_class` wait in line here."""
        if sla_class not in _CLASSES:
            return 0
        return sum(self._in_line[c] for c in _CLASSES[: _CLASSES.index(sla_class)])

    def _forget_idle_pessimism(
        self, router: Router, engines: list[tuple[Engine, EngineLoad]]
    ) -> bool:
        """An engine with nothing to do that is predicted to miss every objective learnt
        that under a load that is gone: drop what it learnt (back to the prior) so that it
        takes requests again. Returns whether anything was dropped."""
        dropped = False
        for engine, load in engines:
            idle = not load.running and not load.waiting and not load.queued_prefill_tokens
            name = engine.info.name
            if idle and load.in_rotation and router.predictor.model(name).observations:
                log.warning("engine %s is idle but was predicted too slow: model reset", name)
                router.predictor.reset(name)
                self._recent.pop(name, None)
                dropped = True
        return dropped

    def first_token(self, placement: Placement) -> None:
        """The engine has prefilled the request: its prompt no longer waits there."""
        if placement.prefilling:
            placement.prefilling = False
            name = placement.engine.info.name
            key = (name, placement.decision.sla_class)
            self._prefill[key] = max(0, self._prefill.get(key, 0) - placement.prompt_tokens)

    def finished(self, placement: Placement, done: Finished | None) -> None:
        """A request left its engine: learn from its engine-side timings (not the time it
        waited here or in screening) and let waiting requests retry."""
        self.first_token(placement)
        if done is not None and done.completion_tokens > 0:
            # Finished.ttft_s counts from arrival at the appliance.
            engine_ttft = max(0.0, done.ttft_s - (placement.dispatched_at - placement.arrival))
            recent = self._recent.setdefault(placement.engine.info.name, _Recent())
            recent.ttft_s = _ewma(recent.ttft_s, engine_ttft)
            if done.completion_tokens > 1:
                tpot = (done.total_s - done.ttft_s) / (done.completion_tokens - 1)
                recent.tpot_s = _ewma(recent.tpot_s, tpot)
            recent.at = time.monotonic()
            if self._router is not None:
                self._router.observe_ttft(placement.decision, engine_ttft)
        self._wake()

    def _wake(self) -> None:
        self._freed.set()
        self._freed = asyncio.Event()

    async def _wait_for_capacity(self, seconds: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._freed.wait(), timeout=max(seconds, 0.001))


def _ewma(old: float | None, new: float) -> float:
    return new if old is None else (1 - _EWMA) * old + _EWMA * new


def _prefix_hashes(prompt: bytes, block_tokens: int) -> tuple[int, ...]:
    head = prompt[:_MAX_PREFIX_BYTES]
    pseudo_tokens = [
        int.from_bytes(head[i : i + _BYTES_PER_TOKEN], "little")
        for i in range(0, len(head) - _BYTES_PER_TOKEN + 1, _BYTES_PER_TOKEN)
    ]
    return prefix_block_hashes(pseudo_tokens, block_tokens=block_tokens)
