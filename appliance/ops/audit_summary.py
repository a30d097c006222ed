"""Counts, percentiles and TTFT grids over audited requests: what `appliance report` shows."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from appliance.ops.audit_reader import RequestRecord

# Heatmap rows for records that do not name their engine.
ALL_ENGINES = "all engines"
_TIMING_OF: dict[str, Callable[[RequestRecord], float | None]] = {
    "queue_s": lambda record: record.queue_s,
    "ttft_s": lambda record: record.ttft_s,
    "total_s": lambda record: record.total_s,
}
TIMINGS = tuple(_TIMING_OF)
NOT_SCREENED = "not screened"
# The classes the policy knows, most urgent first; any other label sorts after them.
_CLASS_ORDER = ("realtime", "interactive", "batch")


@dataclass(frozen=True, slots=True)
class LatencyStats:
    """Nearest-rank percentiles of one timing over one group of requests, in seconds."""

    count: int
    p50: float
    p99: float
    maximum: float


@dataclass(frozen=True, slots=True)
class TtftGrid:
    """Mean TTFT per engine (rows) and time bin (columns); NaN where no request finished."""

    sla_class: str
    engines: tuple[str, ...]
    values: tuple[tuple[float, ...], ...]
    start: datetime
    end: datetime

    @property
    def bins(self) -> int:
        """Columns in the grid."""
        return len(self.values[0]) if self.values else 0


@dataclass(frozen=True, slots=True)
class AuditSummary:
    """Everything a report shows about the requests in one window."""

    since: datetime
    until: datetime
    requests: int
    status_counts: dict[str, int]
    # (action, injection) → requests; action is NOT_SCREENED when there was no verdict.
    verdict_counts: dict[tuple[str, str], int]
    # (plugin, outcome) → calls; outcome carries the failure reason: "failed: timeout".
    plugin_counts: dict[tuple[str, str], int]
    # (SLA class or "all", timing name) → stats; only groups with at least one value.
    latency: dict[tuple[str, str], LatencyStats]
    # Whether any record named its engine (else heatmaps have one "all engines" row).
    engines_recorded: bool
    ttft_grids: tuple[TtftGrid, ...]


def summarize(
    records: Sequence[RequestRecord], *, since: datetime, until: datetime, bins: int = 60
) -> AuditSummary:
    """Summarise `records` (already cut to the window from `since` to `until`)."""
    statuses = Counter(record.status or "unknown" for record in records)
    verdicts: Counter[tuple[str, str]] = Counter()
    plugins: Counter[tuple[str, str]] = Counter()
    for record in records:
        verdicts[_verdict_key(record)] += 1
        for step in record.plugins:
            outcome = f"{step.outcome}: {step.failure}" if step.failure else step.outcome
            plugins[(step.plugin, outcome)] += 1
    classes = sorted({record.sla_class or "unknown" for record in records}, key=_class_order)
    return AuditSummary(
        since=since,
        until=until,
        requests=len(records),
        status_counts=dict(statuses.most_common()),
        verdict_counts=dict(sorted(verdicts.items(), key=lambda item: (-item[1], item[0]))),
        plugin_counts=dict(sorted(plugins.items())),
        latency=_latency_table(records, classes),
        engines_recorded=any(record.engine for record in records),
        ttft_grids=tuple(
            ttft_grid(records, sla_class=name, start=since, end=until, bins=bins)
            for name in classes
        ),
    )


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile of values sorted ascending (`fraction` in (0, 1])."""
    if not sorted_values:
        raise ValueError("percentile of no values")
    rank = max(1, math.ceil(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def latency_stats(values: Sequence[float]) -> LatencyStats:
    """p50, p99 and maximum of `values` (at least one)."""
    ordered = sorted(values)
    return LatencyStats(
        count=len(ordered),
        p50=percentile(ordered, 0.50),
        p99=percentile(ordered, 0.99),
        maximum=ordered[-1],
    )


def ttft_grid(
    records: Sequence[RequestRecord],
    *,
    sla_class: str,
    start: datetime,
    end: datetime,
    bins: int = 60,
) -> TtftGrid:
    """Mean TTFT of one SLA class per engine and time bin between `start` and `end`.

    Records without an engine fall in the ALL_ENGINES row; records outside the window or
    without a TTFT (refused, failed before the first token) are left out.
    """
    if bins < 1:
        raise ValueError("bins must be at least 1")
    span = max((end - start).total_seconds(), 1e-9)
    chosen = [
        record
        for record in records
        if (record.sla_class or "unknown") == sla_class
        and record.ttft_s is not None
        and start <= record.time <= end
    ]
    engines = sorted({record.engine or ALL_ENGINES for record in chosen}) or [ALL_ENGINES]
    row_of = {name: index for index, name in enumerate(engines)}
    sums = [[0.0] * bins for _ in engines]
    counts = [[0] * bins for _ in engines]
    for record in chosen:
        assert record.ttft_s is not None  # filtered above
        offset = (record.time - start).total_seconds()
        column = min(int(offset / span * bins), bins - 1)
        row = row_of[record.engine or ALL_ENGINES]
        sums[row][column] += record.ttft_s
        counts[row][column] += 1
    values = tuple(
        tuple(
            total / count if count else math.nan
            for total, count in zip(row_sums, row_counts, strict=True)
        )
        for row_sums, row_counts in zip(sums, counts, strict=True)
    )
    return TtftGrid(sla_class, tuple(engines), values, start, end)


def _class_order(name: str) -> tuple[int, str]:
    rank = _CLASS_ORDER.index(name) if name in _CLASS_ORDER else len(_CLASS_ORDER)
    return (rank, name)


def _verdict_key(record: RequestRecord) -> tuple[str, str]:
    if not record.screening_action:
        return (NOT_SCREENED, "")
    injection = {True: "yes", False: "no", None: "?"}[record.screening_injection]
    return (record.screening_action, injection)


def _latency_table(
    records: Sequence[RequestRecord], classes: Sequence[str]
) -> dict[tuple[str, str], LatencyStats]:
    table: dict[tuple[str, str], LatencyStats] = {}
    for name in [*classes, "all"]:
        group = [r for r in records if name == "all" or (r.sla_class or "unknown") == name]
        for timing, value_of in _TIMING_OF.items():
            values = [v for r in group if (v := value_of(r)) is not None]
            if values:
                table[(name, timing)] = latency_stats(values)
    return table
