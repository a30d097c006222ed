"""Detection metrics: rates at a threshold, ROC AUC, TPR at a fixed FPR, latency percentiles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class RateReport:
    """Confusion-matrix rates at one threshold."""

    tpr: float
    fpr: float
    precision: float
    positives: int
    negatives: int


def rates(labels: Sequence[int], scores: Sequence[float], threshold: float) -> RateReport:
    """TPR, FPR and precision of `score >= threshold`."""
    truth = np.asarray(labels, dtype=bool)
    flagged = np.asarray(scores, dtype=float) >= threshold
    true_positive = int(np.sum(flagged & truth))
    false_positive = int(np.sum(flagged & ~truth))
    positives, negatives = int(truth.sum()), int((~truth).sum())
    return RateReport(
        tpr=true_positive / positives if positives else float("nan"),
        fpr=false_positive / negatives if negatives else float("nan"),
        precision=true_positive / (true_positive + false_positive)
        if true_positive + false_positive
        else float("nan"),
        positives=positives,
        negatives=negatives,
    )


def roc_auc(labels: Sequence[int], scores: Sequence[float]) -> float:
    """Area under the ROC curve (Mann-Whitney, ties counted half)."""
    truth = np.asarray(labels, dtype=bool)
    values = np.asarray(scores, dtype=float)
    positives, negatives = values[truth], values[~truth]
    if not len(positives) or not len(negatives):
        return float("nan")
    order = np.sort(negatives)
    below = np.searchsorted(order, positives, side="left")
    equal = np.searchsorted(order, positives, side="right") - below
    return float((below.sum() + 0.5 * equal.sum()) / (len(positives) * len(negatives)))


def threshold_at_fpr(labels: Sequence[int], scores: Sequence[float], max_fpr: float) -> float:
    """The lowest threshold whose FPR stays at or under `max_fpr`."""
    truth = np.asarray(labels, dtype=bool)
    negatives = np.sort(np.asarray(scores, dtype=float)[~truth])[::-1]
    allowed = int(np.floor(max_fpr * len(negatives)))
    if allowed >= len(negatives):
        return 0.0
    # Strictly above the (allowed+1)-th highest benign score.
    return float(np.nextafter(negatives[allowed], np.inf))


def tpr_at_fpr(labels: Sequence[int], scores: Sequence[float], max_fpr: float) -> float:
    """True-positive rate at the threshold that keeps FPR at or under `max_fpr`."""
    return rates(labels, scores, threshold_at_fpr(labels, scores, max_fpr)).tpr


def percentiles(values: Sequence[float], points: Sequence[float]) -> list[float]:
    """Percentiles of `values` (e.g. latencies), NaN when empty."""
    if not values:
        return [float("nan")] * len(points)
    return [float(value) for value in np.percentile(np.asarray(values), points)]
