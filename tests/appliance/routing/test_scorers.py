"""Each scorer on its own: the value it gives, and None when its input is unknown."""

from __future__ import annotations

import pytest

from appliance.routing import (
    DEFAULT_OBJECTIVES,
    EngineLoad,
    KvHeadroomScorer,
    NvlinkPressureScorer,
    PredictedTtftScorer,
    PrefixAffinityIndex,
    PrefixAffinityScorer,
    QueueDepthScorer,
    RecentTpotScorer,
    Scorer,
    SmUtilisationScorer,
    TtftPredictor,
)
from tests.appliance.routing.conftest import request


def _predictor() -> TtftPredictor:
    return TtftPredictor(
        PrefixAffinityIndex(), prior=(0.03, 0.00025, 0.0005), variance=1.0, forgetting=0.995
    )


CASES: list[tuple[str, Scorer, EngineLoad, float | None]] = [
    ("queue idle", QueueDepthScorer(half_score=8), EngineLoad("e", running=0, waiting=0), 1.0),
    ("queue at half", QueueDepthScorer(half_score=8), EngineLoad("e", running=6, waiting=2), 0.5),
    ("queue waiting only", QueueDepthScorer(half_score=4), EngineLoad("e", waiting=12), 0.25),
    ("queue unknown", QueueDepthScorer(), EngineLoad("e"), None),
    ("kv empty", KvHeadroomScorer(), EngineLoad("e", kv_cache_usage=0.0), 1.0),
    ("kv 70%", KvHeadroomScorer(), EngineLoad("e", kv_cache_usage=0.7), 0.3),
    ("kv over 1 clamps", KvHeadroomScorer(), EngineLoad("e", kv_cache_usage=1.3), 0.0),
    ("kv unknown", KvHeadroomScorer(), EngineLoad("e"), None),
    ("sm 25%", SmUtilisationScorer(), EngineLoad("e", sm_utilisation=0.25), 0.75),
    ("sm unknown", SmUtilisationScorer(), EngineLoad("e"), None),
    (
        "nvlink half capacity",
        NvlinkPressureScorer(capacity_bytes_per_s=900e9),
        EngineLoad("e", nvlink_bytes_per_s=450e9),
        0.5,
    ),
    (
        "nvlink saturated clamps",
        NvlinkPressureScorer(capacity_bytes_per_s=100.0),
        EngineLoad("e", nvlink_bytes_per_s=1e6),
        0.0,
    ),
    ("nvlink unknown", NvlinkPressureScorer(), EngineLoad("e"), None),
    (
        "tpot at objective",
        RecentTpotScorer(DEFAULT_OBJECTIVES),
        EngineLoad("e", recent_tpot_s=DEFAULT_OBJECTIVES["interactive"].tpot_s),
        0.5,
    ),
    ("tpot unknown", RecentTpotScorer(DEFAULT_OBJECTIVES), EngineLoad("e"), None),
    (
        "ttft prior, idle engine: 0.03 + 0.512 * 0.25",
        PredictedTtftScorer(_predictor(), DEFAULT_OBJECTIVES),
        EngineLoad("e", running=0, queued_prefill_tokens=0),
        3.0 / (3.0 + 0.03 + 0.128),
    ),
    (
        "ttft falls back to recent ttft",
        PredictedTtftScorer(_predictor(), DEFAULT_OBJECTIVES),
        EngineLoad("e", recent_ttft_s=3.0),
        0.5,
    ),
    ("ttft unknown", PredictedTtftScorer(_predictor(), DEFAULT_OBJECTIVES), EngineLoad("e"), None),
]


@pytest.mark.parametrize(
    ("scorer", "load", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_scorer_value(scorer: Scorer, load: EngineLoad, expected: float | None) -> None:
    value = scorer.score(request("interactive", prompt_tokens=512), load)
    if expected is None:
        assert value is None
    else:
        assert value is not None
        assert value == pytest.approx(expected)
        assert 0.0 <= value <= 1.0


def test_predicted_ttft_prefers_shorter_queue() -> None:
    scorer = PredictedTtftScorer(_predictor(), DEFAULT_OBJECTIVES)
    short = scorer.score(request(), EngineLoad("a", running=2, queued_prefill_tokens=100))
    long = scorer.score(request(), EngineLoad("b", running=2, queued_prefill_tokens=9000))
    assert short is not None
    assert long is not None
    assert short > long


AFFINITY_CASES = [
    # (hashes recorded for engine a, request hashes, prompt tokens, expected score on a)
    ("no history", (), (1, 2, 3, 4), 64, 0.0),
    ("full match, 4 checkpoints = 4 blocks", (1, 2, 3, 4), (1, 2, 3, 4), 64, 1.0),
    ("two of four: 2 blocks of 64 tokens", (1, 2), (1, 2, 3, 4), 64, 0.5),
    ("divergence at the first block: chained hashes all differ", (9, 8), (1, 2, 3, 4), 64, 0.0),
]


@pytest.mark.parametrize(
    ("recorded", "hashes", "prompt", "expected"),
    [c[1:] for c in AFFINITY_CASES],
    ids=[c[0] for c in AFFINITY_CASES],
)
def test_prefix_affinity(
    recorded: tuple[int, ...], hashes: tuple[int, ...], prompt: int, expected: float
) -> None:
    index = PrefixAffinityIndex()
    index.record(recorded, "a")
    scorer = PrefixAffinityScorer(index)
    assert scorer.score(
        request(prompt_tokens=prompt, prefix_hashes=hashes), EngineLoad("a")
    ) == pytest.approx(expected)
    assert scorer.score(request(prompt_tokens=prompt, prefix_hashes=hashes), EngineLoad("b")) == 0


def test_prefix_affinity_unknown_without_hashes() -> None:
    scorer = PrefixAffinityScorer(PrefixAffinityIndex())
    assert scorer.score(request(prefix_hashes=()), EngineLoad("a")) is None


def test_engine_reported_cache_state_wins_over_the_map() -> None:
    index = PrefixAffinityIndex()
    index.record((1, 2, 3, 4), "a")  # the map says a, but a reports it evicted everything
    scorer = PrefixAffinityScorer(index)
    req = request(prompt_tokens=64, prefix_hashes=(1, 2, 3, 4))
    assert scorer.score(req, EngineLoad("a", cached_prefixes=frozenset())) == 0.0
    assert scorer.score(req, EngineLoad("b", cached_prefixes=frozenset({1, 2}))) == 0.5
