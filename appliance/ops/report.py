"""`appliance report`: read the audit log window, scrape metrics if asked, render the page."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from appliance.ops.audit_reader import read_request_records
from appliance.ops.audit_summary import AuditSummary, TtftGrid, summarize
from appliance.ops.metrics_snapshot import (
    MetricsSnapshot,
    MetricsTls,
    MetricsUnavailableError,
    fetch_metrics_text,
    parse_metrics,
)
from appliance.ops.report_html import ReportSources, render_report


def build_report(
    audit: Path,
    *,
    since: datetime,
    until: datetime,
    metrics_url: str | None = None,
    metrics_tls: MetricsTls | None = None,
    bins: int = 60,
    draw_heatmap: Callable[[TtftGrid], bytes] | None = None,
) -> tuple[str, AuditSummary, ReportSources]:
    """The report page for requests audited between `since` and `until` (aware datetimes).

    A metrics endpoint that cannot be read does not fail the report: the page says why.
    Raises OSError / ValueError when `audit` holds no readable log.
    """
    read = read_request_records(audit, since=since, until=until)
    summary = summarize(read.records, since=since, until=until, bins=bins)
    metrics: MetricsSnapshot | None = None
    note = "not requested (pass --metrics-url)"
    if metrics_url:
        try:
            text = fetch_metrics_text(metrics_url, tls=metrics_tls)
            metrics = parse_metrics(text, url=metrics_url)
        except MetricsUnavailableError as exc:
            note = f"unavailable: {exc}"
    sources = ReportSources(
        audit_files=read.files_read,
        files_skipped=read.files_skipped,
        malformed_lines=read.malformed_lines,
        generated_at=datetime.now(UTC),
        metrics=metrics,
        metrics_note=note,
    )
    return render_report(summary, sources, draw_heatmap=draw_heatmap), summary, sources
