"""The daemon's router front: learning from engine-side timings only, and no lock-out after
an overload. Engines here are stand-ins that report load figures (no vLLM: this is about
what the router does with the figures)."""

from __future__ import annotations

import asyncio
import contextlib
import time

import pytest

from appliance.engine.contract import EngineInfo, EngineStats, Finished
from appliance.policy.model import Policy
from appliance.routing import RouterSettings
from appliance.server.engine_pool import EnginePool
from appliance.server.errors import RateLimitedError
from appliance.server.request_router import Placement, RequestRouter

POLICY = Policy.model_validate(
    {"version": 1, "tenants": [{"id": "t", "identities": ["spiffe://t/*"], "models": ["demo"]}]}
)


class StandInEngine:
    """Reports `outstanding` requests, up to 4 of them running."""

    def __init__(self, name: str = "cpu0") -> None:
        self.info = EngineInfo(name, "demo", 2048, 64, 16)
        self.outstanding = 0

    def stats(self) -> EngineStats:
        running = min(self.outstanding, 4)
        return EngineStats(
            state="ready", outstanding_requests=self.outstanding, running_requests=running
        )


async def place(router: RequestRouter, sla_class: str, *, wait_s: float = 0.05) -> Placement:
    now = time.monotonic()
    return await router.place(
        POLICY,
        model="demo",
        request_id="r",
        sla_class=sla_class,
        prompt=b"x" * 400,
        max_tokens=16,
        allow_budget_cap=False,
        deadline_s=now + wait_s,
        arrival=now,
    )


async def test_an_idle_engine_takes_every_class_again_after_an_overload() -> None:
    engine = StandInEngine()
    router = RequestRouter(EnginePool([engine]), RouterSettings())
    engine.outstanding = 300
    placed = []
    for _ in range(40):
        with contextlib.suppress(RateLimitedError):  # shed under load, as it should be
            placed.append(await place(router, "batch"))
    assert placed
    for placement in placed:  # each took 5 s on the overloaded engine
        router.finished(placement, Finished("length", 100, 16, 0.0, 5.0, 6.0))
    engine.outstanding = 0
    for sla_class in ("realtime", "interactive", "batch"):
        placement = await place(router, sla_class)
        assert placement.engine is engine
        router.finished(placement, None)


async def test_an_idle_engine_predicted_too_slow_forgets_what_it_learnt() -> None:
    # Taught that even an idle engine takes 20 s to a first token (an overload that is
    # gone), the router must forget it, not only take requests at best effort while the
    # engine idles: with one request running there, the next is still placed at once.
    engine = StandInEngine()
    router = RequestRouter(EnginePool([engine]), RouterSettings())
    taught = [await place(router, "interactive") for _ in range(8)]
    for placement in taught:
        router.finished(placement, Finished("length", 100, 16, 0.0, 20.0, 21.0))
    first = await place(router, "realtime")
    assert "idle engine" not in first.decision.reason
    engine.outstanding = 1
    second = await place(router, "interactive")
    assert second.engine is engine
    for placement in (first, second):
        router.finished(placement, None)


async def test_time_waiting_in_line_is_not_taught_as_engine_latency() -> None:
    engine = StandInEngine()
    router = RequestRouter(EnginePool([engine]), RouterSettings())
    placement = await place(router, "interactive")
    # Dispatched 2 s after arrival (screening, waiting in line); the engine took 0.1 s.
    placement.dispatched_at = placement.arrival + 2.0
    router.finished(placement, Finished("length", 100, 16, 0.0, 2.1, 2.5))
    (load,) = [load for _, load in router.loads("demo")]
    assert load.recent_ttft_s == pytest.approx(0.1)
    assert load.queued_prefill_tokens == 0


async def test_prefill_waiting_on_an_engine_is_counted_until_its_first_token() -> None:
    engine = StandInEngine()
    router = RequestRouter(EnginePool([engine]), RouterSettings())
    first = await place(router, "interactive")
    second = await place(router, "interactive")
    assert [load.queued_prefill_tokens for _, load in router.loads("demo")] == [200]
    router.first_token(first)
    router.first_token(first)  # once only
    assert [load.queued_prefill_tokens for _, load in router.loads("demo")] == [100]
    router.finished(second, None)
    assert [load.queued_prefill_tokens for _, load in router.loads("demo")] == [0]


async def test_a_request_counts_only_prefill_of_its_own_or_more_urgent_classes() -> None:
    engine = StandInEngine()
    router = RequestRouter(EnginePool([engine]), RouterSettings())
    await place(router, "batch")
    await place(router, "interactive")

    def queued(sla_class: str) -> int | None:
        ((_, load),) = router.loads("demo", sla_class)
        return load.queued_prefill_tokens

    # Engines schedule realtime first: batch and interactive prompts do not delay it.
    assert [queued(c) for c in ("realtime", "interactive", "batch")] == [0, 100, 200]


async def _teach_overload(router: RequestRouter, engine: StandInEngine) -> None:
    """The engine holds 300 requests and each took 5 s to its first token."""
    engine.outstanding = 300
    placed = []
    for _ in range(40):
        with contextlib.suppress(RateLimitedError):
            placed.append(await place(router, "batch"))
    for placement in placed:
        router.finished(placement, Finished("length", 100, 16, 0.0, 5.0, 6.0))


async def test_batch_is_shed_at_once_while_realtime_waits_in_line() -> None:
    engine = StandInEngine()
    router = RequestRouter(EnginePool([engine]), RouterSettings())
    await _teach_overload(router, engine)
    # Alone in line, a batch request waits for capacity until its deadline.
    with pytest.raises(RateLimitedError, match="batch yields to realtime"):
        await place(router, "batch", wait_s=0.3)
    # With a realtime request waiting in line, batch and interactive are shed at once.
    waiting = asyncio.create_task(place(router, "realtime", wait_s=5.0))
    await asyncio.sleep(0.05)
    assert not waiting.done()
    for sla_class in ("batch", "interactive"):
        with pytest.raises(RateLimitedError, match="more urgent request") as refused:
            await place(router, sla_class, wait_s=5.0)
        assert refused.value.retry_after_s > 0
    # A realtime request is never shed for another: it waits in line too.
    second = asyncio.create_task(place(router, "realtime", wait_s=5.0))
    await asyncio.sleep(0.05)
    assert not second.done()
    for task in (waiting, second):
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
    # The line is empty again: batch waits rather than being shed.
    with pytest.raises(RateLimitedError, match="batch yields to realtime"):
        await place(router, "batch", wait_s=0.3)
