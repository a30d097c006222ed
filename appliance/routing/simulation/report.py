"""Summaries of a simulation: per-class latency percentiles, SLO attainment, goodput.

SLO attainment is the share of all requests of the trace (refused and failed ones included,
as misses) that finished with TTFT and TPOT within their class objectives. Goodput counts
those requests per second of the trace's arrival span (and their output tokens per second).
Latency percentiles are over the requests that got a first token; refusals are counted apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass

from appliance.routing.engine_load import SLA_CLASSES
from appliance.routing.simulation.simulator import RequestRecord, SimulationResult


@dataclass(frozen=True)
class ClassSummary:
    """One SLA class under one policy."""

    requests: int
    ttft_p50_s: float | None
    ttft_p99_s: float | None
    tpot_p50_s: float | None
    tpot_p99_s: float | None
    slo_attainment: float | None


@dataclass(frozen=True)
class PolicySummary:
    """One policy over the whole trace."""

    policy: str
    requests: int
    slo_attainment: float
    goodput: float
    """Requests per second that met their class objectives."""
    goodput_tokens_per_s: float
    refused: int
    failed: int
    budget_capped: int
    preemptions: int
    prefix_hit_rate: float
    """Share of prompt tokens of served requests that came from the prefix cache."""
    classes: dict[str, ClassSummary]

    def as_dict(self) -> dict[str, object]:
        """JSON-ready."""
        out = asdict(self)
        del out["policy"]
        return out


def percentile(values: Sequence[float], q: float) -> float | None:
    """The q-th percentile (0..100) with linear interpolation; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = (len(ordered) - 1) * q / 100.0
    low = math.floor(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def summarize(result: SimulationResult) -> PolicySummary:
    """Figures of one simulated policy."""
    records = result.records
    span = max(result.arrival_span_s, 1e-9)
    met = [record for record in records if record.met_slo]
    prompt = sum(record.prompt_tokens for record in records if record.ttft_s is not None)
    cached = sum(record.cached_prompt_tokens for record in records if record.ttft_s is not None)
    return PolicySummary(
        policy=result.policy,
        requests=len(records),
        slo_attainment=len(met) / len(records) if records else 0.0,
        goodput=len(met) / span,
        goodput_tokens_per_s=sum(record.output_tokens for record in met) / span,
        refused=sum(record.outcome == "refused" for record in records),
        failed=sum(record.outcome == "failed" for record in records),
        budget_capped=sum(record.budget_capped for record in records),
        preemptions=sum(record.preemptions for record in records),
        prefix_hit_rate=cached / prompt if prompt else 0.0,
        classes={
            name: _class_summary([r for r in records if r.sla_class == name])
            for name in SLA_CLASSES
        },
    )


def _class_summary(records: Sequence[RequestRecord]) -> ClassSummary:
    ttfts = [record.ttft_s for record in records if record.ttft_s is not None]
    tpots = [record.tpot_s for record in records if record.tpot_s is not None]
    return ClassSummary(
        requests=len(records),
        ttft_p50_s=percentile(ttfts, 50),
        ttft_p99_s=percentile(ttfts, 99),
        tpot_p50_s=percentile(tpots, 50),
        tpot_p99_s=percentile(tpots, 99),
        slo_attainment=sum(record.met_slo for record in records) / len(records)
        if records
        else None,
    )


def ratios(summaries: Mapping[str, PolicySummary]) -> dict[str, float | None]:
    """SLO attainment of ours over each baseline (None where a baseline met nothing)."""
    ours = summaries["ours"].slo_attainment
    out: dict[str, float | None] = {}
    for name in ("round_robin", "least_outstanding"):
        base = summaries[name].slo_attainment
        out[f"vs_{name}"] = ours / base if base > 0 else None
    return out


def comparison_dict(summaries: Mapping[str, PolicySummary]) -> dict[str, object]:
    """`{"policies": {...}, "ratios": {...}}` as `--json` prints it."""
    return {
        "policies": {name: summary.as_dict() for name, summary in summaries.items()},
        "ratios": ratios(summaries),
    }


def format_summary(summary: PolicySummary) -> str:
    """One policy's table."""
    header = f"{'class':<12}{'n':>7}{'TTFT p50':>11}{'TTFT p99':>11}"
    header += f"{'TPOT p50':>11}{'TPOT p99':>11}{'SLO met':>9}"
    lines = [f"policy: {summary.policy}", header]
    for name, item in summary.classes.items():
        lines.append(
            f"{name:<12}{item.requests:>7}{_seconds(item.ttft_p50_s)}{_seconds(item.ttft_p99_s)}"
            f"{_seconds(item.tpot_p50_s)}{_seconds(item.tpot_p99_s)}{_share(item.slo_attainment)}"
        )
    lines.append(
        f"SLO attainment {summary.slo_attainment:.1%}  goodput {summary.goodput:.2f} req/s "
        f"({summary.goodput_tokens_per_s:.0f} tok/s)  refused {summary.refused}  failed "
        f"{summary.failed}  capped {summary.budget_capped}  preemptions {summary.preemptions}  "
        f"prefix-cache hits {summary.prefix_hit_rate:.1%}"
    )
    return "\n".join(lines)


def format_ratios(values: Mapping[str, float | None]) -> str:
    """The ratio line under the tables."""
    parts = [
        f"{name}: {'n/a' if value is None else f'{value:.2f}x'}" for name, value in values.items()
    ]
    return "ours / baseline SLO attainment  " + "  ".join(parts)


def _seconds(value: float | None) -> str:
    return f"{'-':>11}" if value is None else f"{value:>10.3f}s"


def _share(value: float | None) -> str:
    return f"{'-':>9}" if value is None else f"{value:>9.1%}"
