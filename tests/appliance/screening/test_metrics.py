from __future__ import annotations

import pytest

from appliance.screening.metrics import rates, roc_auc, threshold_at_fpr, tpr_at_fpr

LABELS = [0, 0, 0, 0, 1, 1, 1, 1]
SCORES = [0.1, 0.2, 0.3, 0.9, 0.4, 0.8, 0.95, 0.99]


def test_rates_at_threshold() -> None:
    report = rates(LABELS, SCORES, 0.5)
    assert (report.tpr, report.fpr, report.precision) == (0.75, 0.25, 0.75)


@pytest.mark.parametrize(
    ("scores", "expected"), [([0, 0, 1, 1], 1.0), ([1, 1, 0, 0], 0.0), ([0.5] * 4, 0.5)]
)
def test_roc_auc(scores: list[float], expected: float) -> None:
    assert roc_auc([0, 0, 1, 1], scores) == expected


def test_tpr_at_zero_fpr_stays_above_every_benign_score() -> None:
    threshold = threshold_at_fpr(LABELS, SCORES, 0.0)
    assert threshold > 0.9
    assert tpr_at_fpr(LABELS, SCORES, 0.0) == 0.5
