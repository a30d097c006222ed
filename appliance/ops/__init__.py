"""Operator views: `appliance status` and `top` (rich), and `appliance report` (HTML).

The views take a `DaemonStatus` (one look at the daemon) and return rich renderables, so
they render the same in a terminal, in `top`'s live loop and in tests. The report reads the
audit log (and, if asked, one metrics scrape) and writes one self-contained HTML page.
"""

from appliance.ops.audit_reader import AuditRead, RequestRecord, read_request_records
from appliance.ops.audit_summary import ALL_ENGINES, AuditSummary, TtftGrid, summarize
from appliance.ops.daemon_status import DaemonStatus, read_daemon_status
from appliance.ops.durations import parse_duration
from appliance.ops.metrics_snapshot import (
    MetricsSnapshot,
    MetricsTls,
    MetricsUnavailableError,
    fetch_metrics_text,
    parse_metrics,
)
from appliance.ops.report import build_report
from appliance.ops.report_html import ReportSources, render_report
from appliance.ops.status_view import TELEMETRY_NOT_REPORTED, status_view
from appliance.ops.top_view import EngineRates, run_top, top_view

__all__ = [
    "ALL_ENGINES",
    "TELEMETRY_NOT_REPORTED",
    "AuditRead",
    "AuditSummary",
    "DaemonStatus",
    "EngineRates",
    "MetricsSnapshot",
    "MetricsTls",
    "MetricsUnavailableError",
    "ReportSources",
    "RequestRecord",
    "TtftGrid",
    "build_report",
    "fetch_metrics_text",
    "parse_duration",
    "parse_metrics",
    "read_daemon_status",
    "read_request_records",
    "render_report",
    "run_top",
    "status_view",
    "summarize",
    "top_view",
]
