"""Score a labelled set with a screener and summarise quality and latency."""

from __future__ import annotations

import math
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from appliance.screening.corpus import LabelledText
from appliance.screening.metrics import (
    percentiles,
    rates,
    roc_auc,
    threshold_at_fpr,
    tpr_at_fpr,
)
from appliance.screening.screener import Screener


@dataclass(frozen=True, slots=True)
class EvaluationReport:
    """Quality at a threshold and threshold-free, per category, and per-prompt latency."""

    count: int
    threshold: float
    tpr: float
    fpr: float
    precision: float
    roc_auc: float
    tpr_at_1pct_fpr: float
    # The policy threshold that keeps this set's FPR at or under 1 %: for an operator who
    # screens a sample of their own traffic. None when the set has no benign rows.
    threshold_at_1pct_fpr: float | None
    latency_ms_p50: float
    latency_ms_p95: float
    latency_ms_p99: float
    per_category: dict[str, float] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            name: round(value, 4) if isinstance(value, float) else value
            for name, value in ((item, getattr(self, item)) for item in self.__dataclass_fields__)
        }


def _threshold_at_1pct_fpr(labels: Sequence[int], scores: Sequence[float]) -> float | None:
    # Rounded up to the 4 decimals the report prints, so the printed value still keeps the
    # FPR at or under 1 %.
    if 0 not in labels:
        return None
    return min(1.0, math.ceil(threshold_at_fpr(labels, scores, 0.01) * 10_000) / 10_000)


def score_rows(
    screener: Screener, rows: Sequence[LabelledText], *, threshold: float = 0.5
) -> tuple[list[float], list[float]]:
    """Scores and per-prompt latencies (each prompt screened alone, as the daemon does)."""
    scores: list[float] = []
    latencies: list[float] = []
    for row in rows:
        started = time.perf_counter()
        scores.append(screener.screen(row.text, threshold=threshold).score)
        latencies.append((time.perf_counter() - started) * 1000.0)
    return scores, latencies


def evaluate(
    screener: Screener, rows: Sequence[LabelledText], *, threshold: float = 0.5
) -> EvaluationReport:
    """Screen every row and report; per-category values are the flagged fraction."""
    scores, latencies = score_rows(screener, rows, threshold=threshold)
    labels = [row.label for row in rows]
    at_threshold = rates(labels, scores, threshold)
    flagged: dict[str, list[bool]] = defaultdict(list)
    for row, score in zip(rows, scores, strict=True):
        flagged[f"{row.label}:{row.category or '-'}"].append(score >= threshold)
    p50, p95, p99 = percentiles(latencies, (50, 95, 99))
    return EvaluationReport(
        count=len(rows),
        threshold=threshold,
        tpr=at_threshold.tpr,
        fpr=at_threshold.fpr,
        precision=at_threshold.precision,
        roc_auc=roc_auc(labels, scores),
        tpr_at_1pct_fpr=tpr_at_fpr(labels, scores, 0.01),
        threshold_at_1pct_fpr=_threshold_at_1pct_fpr(labels, scores),
        latency_ms_p50=p50,
        latency_ms_p95=p95,
        latency_ms_p99=p99,
        per_category={key: sum(hits) / len(hits) for key, hits in sorted(flagged.items())},
    )
