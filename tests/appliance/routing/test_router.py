"""The router's choice: weighted scores, renormalisation over unknowns, explanations, rotation."""

from __future__ import annotations

import pytest

from appliance.routing import (
    AdmissionRefused,
    EngineLoad,
    NoEngineAvailable,
    RouteDecision,
    Router,
    RoutingConfigError,
    ScorerWeights,
    WeightedScorer,
    format_decision,
)
from tests.appliance.routing.conftest import OBJECTIVES, idle, make_router, request


class TableScorer:
    """Scores looked up by engine id; engines not in the table are unknown."""

    def __init__(self, table: dict[str, float]) -> None:
        self.table = table

    def score(self, request: object, load: EngineLoad) -> float | None:
        return self.table.get(load.engine_id)


def _router(*scorers: WeightedScorer) -> Router:
    return Router(objectives=OBJECTIVES, scorers=list(scorers))


RENORMALISATION = [
    # (scores of scorer a, scores of scorer b (weight 3), expected totals per engine)
    ("all known", {"e1": 0.2, "e2": 0.2}, {"e1": 1.0, "e2": 0.0}, {"e1": 0.8, "e2": 0.05}),
    ("b unknown on e1: a alone", {"e1": 0.2, "e2": 0.2}, {"e2": 1.0}, {"e1": 0.2, "e2": 0.8}),
    ("nothing known on e1", {"e2": 0.4}, {"e2": 0.4}, {"e1": 0.0, "e2": 0.4}),
]


@pytest.mark.parametrize(
    ("a", "b", "totals"), [c[1:] for c in RENORMALISATION], ids=[c[0] for c in RENORMALISATION]
)
def test_weights_renormalise_over_known_scorers(
    a: dict[str, float], b: dict[str, float], totals: dict[str, float]
) -> None:
    router = _router(
        WeightedScorer("a", TableScorer(a), 1.0), WeightedScorer("b", TableScorer(b), 3.0)
    )
    decision = router.route(request(), [EngineLoad("e1"), EngineLoad("e2")], now=0.0)
    assert dict(zip(decision.engine_ids, decision.totals, strict=True)) == pytest.approx(totals)
    assert decision.engine_id == max(totals, key=lambda engine: totals[engine])


def test_decision_explains_every_engine_and_scorer() -> None:
    router = make_router()
    loads = [
        idle("gpu0", running=30, waiting=6, queued_prefill_tokens=8000, kv_cache_usage=0.9),
        idle("gpu1", sm_utilisation=None, nvlink_bytes_per_s=None),
        idle("gpu2", draining=True),
    ]
    decision = router.route(request(), loads, now=0.0)
    assert decision.admitted
    assert decision.engine_id == "gpu1"
    assert decision.engine_ids == ("gpu0", "gpu1")
    assert decision.out_of_rotation == ("gpu2",)
    assert set(decision.scorer_names) == set(ScorerWeights.model_fields)
    gpu1 = decision.engine_scores("gpu1")
    assert gpu1["sm_utilisation"] is None
    assert gpu1["nvlink_pressure"] is None
    assert all(0.0 <= value <= 1.0 for value in gpu1.values() if value is not None)
    assert decision.engine_scores("gpu0")["kv_headroom"] == pytest.approx(0.1)
    table = format_decision(decision)
    assert "gpu0" in table
    assert "gpu1" in table
    assert "<- winner" in table
    assert "gpu2  (out of rotation" in table
    engines = decision.as_dict()["engines"]
    assert isinstance(engines, list)
    assert [engine["winner"] for engine in engines] == [False, True]


@pytest.mark.parametrize(
    ("overrides", "excluded"),
    [({"draining": True}, "e0"), ({"healthy": False}, "e0")],
    ids=["draining", "unhealthy"],
)
def test_out_of_rotation_engines_never_win(overrides: dict[str, bool], excluded: str) -> None:
    router = make_router()
    loads = [idle("e0", **overrides), idle("e1", running=40, queued_prefill_tokens=3000)]
    for index in range(20):
        decision = router.route(request(request_id=str(index)), loads, now=0.0)
        assert decision.engine_id == "e1"
        assert decision.out_of_rotation == (excluded,)


def test_no_engine_in_rotation_is_unavailable() -> None:
    with pytest.raises(NoEngineAvailable):
        make_router().route(request(), [idle("e0", draining=True), idle("e1", healthy=False)], 0)


def test_failed_engine_queue_is_rerouted_and_forgotten() -> None:
    router = make_router()
    hashes = (11, 12, 13, 14)
    healthy = [idle("e0"), idle("e1")]
    first = router.route(request(prefix_hashes=hashes, prompt_tokens=64), healthy, now=0.0)
    assert first.engine_id == "e0"
    # The same prefix sticks to e0 while it is healthy.
    again = router.route(
        request("interactive", prefix_hashes=hashes, prompt_tokens=64, request_id="r2"),
        healthy,
        now=0.0,
    )
    assert again.engine_id == "e0"
    failed = [idle("e0", healthy=False), idle("e1")]
    queued = [
        request(request_id=f"q{index}", prefix_hashes=hashes, prompt_tokens=64)
        for index in range(3)
    ]
    results = list(router.reroute(queued, lambda: failed, now=1.0, failed_engine_id="e0"))
    assert [item.request_id for item, _ in results] == ["q0", "q1", "q2"]
    for _, result in results:
        assert isinstance(result, RouteDecision)
        assert result.engine_id == "e1"
    # e0's affinity is gone: back in rotation, it no longer attracts the prefix.
    recovered = router.route(
        request(prefix_hashes=hashes, prompt_tokens=64, request_id="r3"),
        [idle("e0"), idle("e1")],
        now=2.0,
    )
    assert recovered.engine_scores("e0")["prefix_affinity"] == 0.0
    assert recovered.engine_scores("e1")["prefix_affinity"] == 1.0


def test_reroute_reports_refusals_per_request() -> None:
    router = make_router()
    swamped = [idle("e1", queued_prefill_tokens=200_000, running=200)]
    results = list(
        router.reroute(
            [request("realtime", request_id="late", arrival_s=-5.0)], lambda: swamped, now=0.0
        )
    )
    assert isinstance(results[0][1], AdmissionRefused)


@pytest.mark.parametrize(
    "scorers",
    [
        [],
        [WeightedScorer("a", TableScorer({}), 0.0)],
        [WeightedScorer("a", TableScorer({}), 1.0), WeightedScorer("a", TableScorer({}), 1.0)],
    ],
    ids=["none", "all weights zero", "repeated name"],
)
def test_bad_scorer_sets_are_refused(scorers: list[WeightedScorer]) -> None:
    with pytest.raises(RoutingConfigError):
        _router(*scorers)


@pytest.mark.parametrize(
    "objectives",
    [
        {"realtime": (1.0, 0.1)},
        {**OBJECTIVES, "gold": (1.0, 0.1)},
        {**OBJECTIVES, "batch": (0.0, 1.0)},
    ],
    ids=["missing classes", "unknown class", "zero objective"],
)
def test_bad_objectives_are_refused(objectives: dict[str, tuple[float, float]]) -> None:
    with pytest.raises(RoutingConfigError):
        Router(objectives=objectives)


def test_observed_ttft_moves_the_engine_model() -> None:
    router = make_router()
    loads = [idle("e0", queued_prefill_tokens=1000, running=4)]
    decision = router.route(request(), loads, now=0.0)
    before = decision.predicted_ttft_s[0]
    for _ in range(30):
        router.observe_ttft(decision, 2.5)
    after = router.route(request(request_id="r2"), loads, now=0.0).predicted_ttft_s[0]
    assert before is not None
    assert after is not None
    assert before < 1.0 < after
