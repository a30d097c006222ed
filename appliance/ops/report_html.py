"""`appliance report`'s page: one self-contained HTML file (inline CSS, PNGs as data URLs).

Record fields are attacker-influenced (a client chooses its request id and labels), so every
piece of text goes through `html.escape`, and the page's Content-Security-Policy allows no
script at all: a missed escape still cannot run code in the reader's browser.
"""

from __future__ import annotations

import base64
import html
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from appliance.ops.audit_summary import ALL_ENGINES, AuditSummary, LatencyStats, TtftGrid
from appliance.ops.metrics_snapshot import MetricsSnapshot

_TIMING_NAMES = {"queue_s": "queue", "ttft_s": "TTFT", "total_s": "total"}
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; max-width: 70em; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 0.5em 0 1em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.note { color: #555; } .warn { color: #a40; }
img { max-width: 100%; display: block; margin: 0.5em 0 1.5em; }
"""
_POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'"


@dataclass(frozen=True)
class ReportSources:
    """Where the report's numbers came from, shown at the top of the page."""

    audit_files: Sequence[Path]
    files_skipped: int
    malformed_lines: int
    generated_at: datetime
    metrics: MetricsSnapshot | None = None
    # Why metrics are missing: not requested, or the scrape failed.
    metrics_note: str = "not requested (pass --metrics-url)"


def render_report(
    summary: AuditSummary,
    sources: ReportSources,
    *,
    draw_heatmap: Callable[[TtftGrid], bytes] | None = None,
) -> str:
    """The whole page. `draw_heatmap` defaults to matplotlib (see report_charts)."""
    if draw_heatmap is None:
        from appliance.ops.report_charts import heatmap_png

        draw_heatmap = heatmap_png
    window = f"{summary.since:%Y-%m-%d %H:%M:%S} to {summary.until:%Y-%m-%d %H:%M:%S} UTC"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">',
        f"<title>Appliance report {_e(window)}</title>",
        f"<style>{_STYLE}</style></head><body>",
        f"<h1>Appliance report: {_e(window)}</h1>",
        *_sources_section(summary, sources),
        *_heatmap_section(summary, draw_heatmap),
        "<h2>Latency percentiles (audit log)</h2>",
        _latency_table(summary),
        "<h2>Request status</h2>",
        _count_table(("status",), (((k,), v) for k, v in summary.status_counts.items())),
        "<h2>Screening verdicts</h2>",
        _count_table(("action", "injection"), summary.verdict_counts.items()),
        "<h2>Plugin outcomes</h2>",
        _count_table(("plugin", "outcome"), summary.plugin_counts.items()),
        *_metrics_section(sources),
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"


def _sources_section(summary: AuditSummary, sources: ReportSources) -> list[str]:
    files = ", ".join(path.name for path in sources.audit_files) or "none"
    lines = [
        f'<p class="note">Generated {sources.generated_at:%Y-%m-%d %H:%M:%S} UTC. '
        f"{summary.requests} requests from the audit log ({_e(files)}"
        + (
            f"; {sources.files_skipped} older rotated files not read"
            if sources.files_skipped
            else ""
        )
        + ").</p>",
        '<p class="note">The audit log is read as it is, not verified: run '
        "<code>appliance audit verify</code> before relying on these numbers.</p>",
    ]
    if sources.malformed_lines:
        lines.append(
            f'<p class="warn">{sources.malformed_lines} lines were not records of the expected '
            "shape and were skipped.</p>"
        )
    return lines


def _heatmap_section(summary: AuditSummary, draw: Callable[[TtftGrid], bytes]) -> list[str]:
    lines = ["<h2>TTFT over time per engine, by SLA class</h2>"]
    if not summary.engines_recorded:
        lines.append(
            '<p class="note">These audit records do not name the engine that served each '
            f"request, so every heatmap has one row, &ldquo;{_e(ALL_ENGINES)}&rdquo;. "
            "Per-engine TTFT since the daemon started is in the metrics section.</p>"
        )
    drawn = False
    for grid in summary.ttft_grids:
        if all(math.isnan(value) for row in grid.values for value in row):
            continue
        data = base64.b64encode(draw(grid)).decode("ascii")
        alt = f"TTFT heatmap for SLA class {grid.sla_class}"
        lines.append(f"<h3>{_e(grid.sla_class)}</h3>")
        lines.append(f'<img alt="{_e(alt)}" src="data:image/png;base64,{data}">')
        drawn = True
    if not drawn:
        lines.append('<p class="note">No request in the window reached its first token.</p>')
    return lines


def _latency_table(summary: AuditSummary) -> str:
    if not summary.latency:
        return '<p class="note">No timings in the window.</p>'
    rows = [
        [sla_class, _TIMING_NAMES.get(timing, timing), *_stats_cells(stats)]
        for (sla_class, timing), stats in summary.latency.items()
    ]
    headers = ("SLA class", "timing", "requests", "p50 (ms)", "p99 (ms)", "max (ms)")
    return _table(headers, rows, numeric_from=2)


def _stats_cells(stats: LatencyStats) -> list[str]:
    return [str(stats.count), _ms(stats.p50), _ms(stats.p99), _ms(stats.maximum)]


def _count_table(
    headers: Sequence[str],
    counts: Iterable[tuple[tuple[str, ...], float]],
    empty: str = "None in the window.",
) -> str:
    rows = [[*key, _count(value)] for key, value in counts]
    if not rows:
        return f'<p class="note">{_e(empty)}</p>'
    return _table((*headers, "count"), rows, numeric_from=len(headers))


def _metrics_section(sources: ReportSources) -> list[str]:
    lines = ["<h2>Metrics endpoint</h2>"]
    metrics = sources.metrics
    if metrics is None:
        lines.append(f'<p class="note">Metrics: {_e(sources.metrics_note)}.</p>')
        return lines
    lines.append(
        f'<p class="note">Scraped from {_e(metrics.url)} at report time. These counters count '
        "since the daemon started, not over the report's window.</p>"
    )
    ttft_rows = [
        [sla_class, engine, str(estimate.count), _ms(estimate.p50), _ms(estimate.p99)]
        for (sla_class, engine), estimate in metrics.ttft.items()
    ]
    lines.append("<h3>TTFT per engine (histogram estimates)</h3>")
    lines.append(
        _table(("SLA class", "engine", "requests", "p50 (ms)", "p99 (ms)"), ttft_rows, 2)
        if ttft_rows
        else '<p class="note">No TTFT observed.</p>'
    )
    for title, headers, counts in (
        (
            "Requests by status",
            ("status",),
            {(k,): v for k, v in metrics.requests_by_status.items()},
        ),
        ("Screening verdicts", ("action", "injection"), metrics.verdicts),
        ("Plugin outcomes", ("plugin", "outcome"), metrics.plugin_outcomes),
    ):
        lines.append(f"<h3>{_e(title)}</h3>")
        lines.append(
            _count_table(headers, sorted(counts.items()), "None since the daemon started.")
        )
    if metrics.telemetry_live:
        rows = [
            [name, "live" if live else "not live"] for name, live in metrics.telemetry_live.items()
        ]
        lines.append("<h3>Telemetry sources</h3>")
        lines.append(_table(("source", "state"), rows))
    return lines


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric_from: int = 99) -> str:
    head = "".join(f"<th>{_e(header)}</th>" for header in headers)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{_e(cell)}</td>' if index >= numeric_from else f"<td>{_e(cell)}</td>"
            for index, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _count(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


def _ms(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds * 1000:.1f}"


def _e(text: str) -> str:
    return html.escape(text, quote=True)
