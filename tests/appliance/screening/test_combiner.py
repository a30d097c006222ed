from __future__ import annotations

import pytest

from appliance.screening import ScreeningUnavailableError
from appliance.screening.combiner import ScoreCombiner, Signals, fit_combiner


def _signals(whole: float, *, prose: float = -20.0, hidden: float = -20.0) -> Signals:
    return Signals(whole, max(whole, prose), max(whole, hidden), whole, 0.0)


def _rows() -> tuple[list[Signals], list[int]]:
    benign = [_signals(-6.0 + index * 0.05) for index in range(100)]
    attacks = [_signals(-1.0 + index * 0.08) for index in range(60)]
    hidden = [_signals(-5.0, hidden=4.0 + index * 0.1) for index in range(20)]
    return benign + attacks + hidden, [0] * 100 + [1] * 80


def test_more_evidence_never_lowers_the_score() -> None:
    combiner = fit_combiner(*_rows(), pivot_fpr=0.01)
    plain = _signals(-2.0)
    for louder in (
        _signals(-2.0, prose=3.0),
        _signals(-2.0, hidden=3.0),
        Signals(-2.0, -2.0, -2.0, -2.0, 0.8),
    ):
        assert combiner.score(louder) >= combiner.score(plain)


def test_pivot_puts_the_chosen_false_positive_rate_at_one_half() -> None:
    signals, labels = _rows()
    combiner = fit_combiner(signals, labels, pivot_fpr=0.05)
    benign_flagged = [
        combiner.score(item) >= 0.5
        for item, label in zip(signals, labels, strict=True)
        if not label
    ]
    assert sum(benign_flagged) <= 5
    assert all(combiner.score(item) >= 0.5 for item in signals[-20:])  # hidden text still counts


def _contrast_rows() -> tuple[list[Signals], list[int]]:
    # Attacks whose three kinds of segment all stand out from a very benign whole text:
    # left unbounded, the fit pays for the contrast, so a lower whole logit scores higher.
    benign = [
        Signals(-6.0 + index * 0.05, *(3 * (-6.0 + index * 0.05,)), 0.0) for index in range(100)
    ]
    attacks = [
        Signals(-1.0 + index * 0.08, *(3 * (-1.0 + index * 0.08,)), 0.0) for index in range(40)
    ]
    contrast = [Signals(-8.0 + index * 0.1, 1.0, 1.0, 1.0, 0.0) for index in range(40)]
    return benign + attacks + contrast, [0] * 100 + [1] * 80


def test_bounded_excess_weights_never_reward_a_more_benign_whole() -> None:
    signals, labels = _contrast_rows()
    free = fit_combiner(signals, labels, pivot_fpr=0.01)
    assert sum(free.weights[1:4]) > free.weights[0]  # what the bound is for
    bounded = fit_combiner(signals, labels, pivot_fpr=0.01, excess_bound=1.0)
    assert sum(bounded.weights[1:4]) <= bounded.weights[0] + 1e-9
    scores = [
        bounded.probability(Signals(whole, 2.0, 2.0, 2.0, 0.0)) for whole in (1.0, -2.0, -8.0)
    ]
    assert scores == sorted(scores, reverse=True)
    loose = fit_combiner(signals, labels, pivot_fpr=0.01, excess_bound=1.25)
    assert sum(loose.weights[1:4]) <= 1.25 * loose.weights[0] + 1e-9


@pytest.mark.parametrize("bound", [-1.0, float("nan")])
def test_a_negative_or_missing_excess_bound_is_refused(bound: float) -> None:
    with pytest.raises(ValueError, match="excess_bound"):
        fit_combiner(*_rows(), pivot_fpr=0.01, excess_bound=bound)


def test_fit_is_deterministic() -> None:
    assert fit_combiner(*_rows(), pivot_fpr=0.01) == fit_combiner(*_rows(), pivot_fpr=0.01)


@pytest.mark.parametrize(
    "arguments",
    [
        {"weights": (1.0, -0.1, 1.0, 1.0, 1.0)},
        {"weights": (1.0, 1.0)},
        {"pivot": 1.0},
        {"pivot": 0.0},
    ],
)
def test_invalid_combiner_is_refused(arguments: dict[str, object]) -> None:
    with pytest.raises(ScreeningUnavailableError):
        ScoreCombiner(**arguments)  # type: ignore[arg-type]
