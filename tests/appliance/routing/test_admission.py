"""Admission control: refuse with retry-after, queue until the deadline, batch yields, caps."""

from __future__ import annotations

import pytest

from appliance.routing import AdmissionRefused, EngineLoad, QueueLimits, RouterSettings, SlaClass
from tests.appliance.routing.conftest import idle, make_router, request

# Predicted TTFT at the prior is 0.03 s + 0.25 ms per queued-or-own token + 0.5 ms per running.
SWAMPED = [idle("e0", queued_prefill_tokens=40_000), idle("e1", queued_prefill_tokens=60_000)]


@pytest.mark.parametrize(
    ("sla_class", "now", "outcome"),
    [
        ("realtime", 0.0, "queued"),  # 10 s predicted > 1 s: wait up to 0.25 s
        ("realtime", 0.25, "refused"),  # the class queue limit is over
        ("interactive", 1.0, "queued"),  # interactive may wait 2 s
        ("interactive", 2.0, "refused"),
        ("batch", 0.0, "queued"),  # 10 s fits the 30 s objective, but realtime has no room
    ],
)
def test_infeasible_requests_queue_then_are_refused(
    sla_class: SlaClass, now: float, outcome: str
) -> None:
    router = make_router(RouterSettings(realtime_headroom=1.0))
    req = request(sla_class, prompt_tokens=256)
    if outcome == "refused":
        with pytest.raises(AdmissionRefused) as refused:
            router.route(req, SWAMPED, now=now)
        # The best engine is ~10 s predicted: the refusal says to come back after the excess.
        objective = router.objectives[sla_class].ttft_s
        assert refused.value.retry_after_s == pytest.approx(10.1 - objective + now, abs=0.2)
        assert "TTFT objective" in refused.value.reason
        return
    decision = router.route(req, SWAMPED, now=now)
    assert decision.outcome == outcome
    if outcome == "queued":
        assert decision.engine_id is None
        assert decision.retry_at_s == pytest.approx(now + 0.05)


def test_call_deadline_shorter_than_class_limit_wins() -> None:
    router = make_router()
    req = request("interactive", deadline_s=0.5)
    assert router.route(req, SWAMPED, now=0.2).outcome == "queued"
    with pytest.raises(AdmissionRefused):
        router.route(req, SWAMPED, now=0.5)


def test_retry_after_is_bounded() -> None:
    settings = RouterSettings(
        min_retry_after_s=1.0, max_retry_after_s=5.0, queue_limits=QueueLimits(realtime=0.0)
    )
    with pytest.raises(AdmissionRefused) as refused:
        make_router(settings).route(request("realtime"), SWAMPED, now=0.0)
    assert refused.value.retry_after_s == 5.0


# A realtime probe (512 tokens) is predicted under 0.8 s only while queued tokens < ~2600.
YIELD_CASES = [
    ("fleet has headroom", [idle("e0", queued_prefill_tokens=500)], "admitted"),
    ("batch would eat the last headroom", [idle("e0", queued_prefill_tokens=500)], "yields"),
    ("no headroom anywhere", [idle("e0", queued_prefill_tokens=4000)], "yields"),
    (
        "headroom left on another engine",
        [idle("e0", queued_prefill_tokens=4000), idle("e1", queued_prefill_tokens=0)],
        "admitted",
    ),
]


@pytest.mark.parametrize(
    ("loads", "expected"), [c[1:] for c in YIELD_CASES], ids=[c[0] for c in YIELD_CASES]
)
def test_batch_yields_to_realtime(loads: list[EngineLoad], expected: str) -> None:
    router = make_router()
    prompt = 3000 if "eat" in expected or expected == "yields" else 200
    decision = router.route(request("batch", prompt_tokens=prompt), loads, now=0.0)
    if expected == "admitted":
        assert decision.admitted
    else:
        assert decision.outcome == "queued"
        assert "batch yields to realtime" in decision.reason
        # The same load serves an interactive request at once: only batch steps back.
        interactive = router.route(
            request("interactive", prompt_tokens=200, request_id="i"), loads, now=0.0
        )
        assert interactive.admitted


@pytest.mark.parametrize("sla_class", ["batch", "interactive", "realtime"])
def test_an_idle_engine_takes_a_request_too_large_for_any_objective(sla_class: SlaClass) -> None:
    # Found by `make fuzz`: a 25 KB batch prompt waited on an idle engine until the call's
    # deadline, every time. Waiting cannot make an idle engine faster.
    router = make_router()
    loads = [idle("e0"), idle("e1", running=2)]
    decision = router.route(request(sla_class, prompt_tokens=400_000), loads, now=0.0)
    assert decision.engine_id == "e0"
    assert "idle engine" in decision.reason
    # Busy engines are another matter: the request waits for them as before.
    busy = [idle("e0", running=1), idle("e1", queued_prefill_tokens=4000)]
    queued = router.route(request(sla_class, prompt_tokens=400_000, request_id="b"), busy, now=0.0)
    assert queued.outcome == "queued"


def test_a_batch_prompt_that_would_eat_realtime_headroom_runs_on_an_idle_engine() -> None:
    # With nothing else on the engine, a realtime request arriving later waits behind this
    # prefill at most; yielding would starve the batch request instead, forever.
    router = make_router()
    decision = router.route(request("batch", prompt_tokens=6_000), [idle("e0")], now=0.0)
    assert decision.engine_id == "e0"
    assert "idle engine" in decision.reason


def test_batch_yield_ends_in_refusal_at_its_deadline() -> None:
    router = make_router(RouterSettings(queue_limits=QueueLimits(batch=10.0)))
    loads = [idle("e0", queued_prefill_tokens=4000)]
    with pytest.raises(AdmissionRefused) as refused:
        router.route(request("batch", prompt_tokens=3000), loads, now=10.0)
    assert "batch yields to realtime" in refused.value.reason


CAP_CASES = [
    # (class, allows cap, kv usage, running, expected max_tokens, capped)
    ("batch", True, 0.2, 0, 400, False),  # light load: untouched
    ("batch", True, 0.8, 0, 250, True),  # half way from 0.6 to 1: 1 - 0.5 * 0.75 = 0.625
    ("batch", True, 1.0, 0, 100, True),  # full: the 25 % floor
    ("batch", False, 1.0, 0, 400, False),  # the caller did not allow it
    ("interactive", True, 1.0, 0, 400, False),  # only batch is capped
    ("batch", True, 0.0, 24, 287, True),  # queue pressure 24 / 32 = 0.75: 1 - 0.375 * 0.75
]


@pytest.mark.parametrize(("sla_class", "allow", "kv", "running", "expected", "capped"), CAP_CASES)
def test_batch_budget_shrinks_with_load(
    sla_class: SlaClass, allow: bool, kv: float, running: int, expected: int, capped: bool
) -> None:
    router = make_router(RouterSettings(realtime_headroom=1.0))
    loads = [idle("e0", kv_cache_usage=kv, running=running)]
    req = request(sla_class, max_tokens=400, allow_budget_cap=allow, prompt_tokens=64)
    decision = router.route(req, loads, now=0.0)
    assert decision.admitted
    assert (decision.max_tokens, decision.budget_capped) == (expected, capped)


def test_refused_at_once_when_the_objective_has_passed() -> None:
    router = make_router(RouterSettings(queue_limits=QueueLimits(realtime=10.0)))
    assert router.route(request("realtime"), SWAMPED, now=0.9).outcome == "queued"
    with pytest.raises(AdmissionRefused):
        router.route(request("realtime"), SWAMPED, now=1.0)  # 1 s objective: nothing left
