"""The online TTFT model: it learns an engine's real slope and ignores garbage."""

from __future__ import annotations

import math
import random

import pytest

from appliance.routing import OnlineTtftModel


def test_recursive_least_squares_finds_the_engines_coefficients() -> None:
    model = OnlineTtftModel((0.03, 0.25, 0.0005), variance=1.0, forgetting=0.995)
    rng = random.Random(3)
    truth = (0.08, 0.6, 0.004)  # slower engine than the prior assumes
    for _ in range(400):
        prefill_k, running = rng.uniform(0, 12), rng.randint(0, 64)
        observed = truth[0] + truth[1] * prefill_k + truth[2] * running + rng.gauss(0, 0.01)
        model.update(prefill_k, running, observed)
    assert model.coefficients == pytest.approx(truth, rel=0.1, abs=0.01)
    assert model.predict(5.0, 10) == pytest.approx(0.08 + 3.0 + 0.04, rel=0.02)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -1.0])
def test_bad_measurements_do_not_move_the_model(bad: float) -> None:
    model = OnlineTtftModel((0.03, 0.25, 0.0005), variance=1.0, forgetting=0.995)
    model.update(2.0, 4, bad)
    assert model.coefficients == (0.03, 0.25, 0.0005)
    assert model.observations == 0


def test_predictions_are_never_negative() -> None:
    model = OnlineTtftModel((-5.0, 0.0, 0.0), variance=1.0, forgetting=1.0)
    assert model.predict(0.0, 0) == 0.0
