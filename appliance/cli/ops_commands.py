"""`appliance top` (live status and engine load) and `appliance report` (HTML over a window)."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from appliance.cli.client_commands import client_channel, connection_options

DEFAULT_AUDIT_DIRECTORY = Path("/var/lib/appliance/audit")


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    top = commands.add_parser(
        "top",
        help="The status view, refreshed, with per-engine load bars (Ctrl-C quits).",
    )
    connection_options(top)
    top.add_argument(
        "--interval", type=_positive_seconds, default=2.0, help="Seconds between looks (2)."
    )
    top.add_argument("--once", action="store_true", help="Show one frame and exit.")
    top.set_defaults(run=_top)

    report = commands.add_parser(
        "report",
        help="Write an HTML report: TTFT heatmaps, percentiles, verdict and plugin counts.",
        description="Reads the audit log (not verified: run `appliance audit verify` for that) "
        "and, with --metrics-url, one scrape of the metrics endpoint.",
    )
    report.add_argument(
        "--since", type=_duration, default=timedelta(hours=1), help="Window: 30m, 1h, 2d (1h)."
    )
    report.add_argument(
        "--audit",
        type=Path,
        default=DEFAULT_AUDIT_DIRECTORY,
        help=f"Audit log directory, or its live file ({DEFAULT_AUDIT_DIRECTORY}).",
    )
    report.add_argument(
        "--metrics-url", help="e.g. http://127.0.0.1:9464/metrics; adds per-engine TTFT."
    )
    report.add_argument("--metrics-ca", type=Path, help="CA of an HTTPS metrics endpoint.")
    report.add_argument("--metrics-cert", type=Path, help="Client certificate for it (PEM).")
    report.add_argument("--metrics-key", type=Path, help="Client private key for it (PEM).")
    report.add_argument(
        "--bins", type=_bins, default=60, metavar="N", help="Time columns per heatmap (60)."
    )
    report.add_argument(
        "--out",
        type=Path,
        default=Path("report.html"),
        help="Where to write the page (report.html).",
    )
    report.set_defaults(run=_report)


def _top(args: argparse.Namespace) -> int:
    from rich.console import Console

    from appliance.ops.daemon_status import read_daemon_status
    from appliance.ops.top_view import run_top

    with client_channel(args) as channel:
        # Each look waits at most one interval (and never under a second): a hung daemon
        # shows up as a stale, then failed, frame rather than a frozen screen.
        timeout_s = max(1.0, args.interval)
        return run_top(
            lambda: read_daemon_status(channel, timeout_s=timeout_s),
            Console(),
            interval_s=args.interval,
            once=args.once,
        )


def _report(args: argparse.Namespace) -> int:
    from appliance.ops.metrics_snapshot import MetricsTls
    from appliance.ops.report import build_report

    tls_files = (args.metrics_ca, args.metrics_cert, args.metrics_key)
    if any(tls_files) and not all(tls_files):
        print(
            "appliance report: --metrics-ca, --metrics-cert and --metrics-key go together",
            file=sys.stderr,
        )
        return 2
    tls = MetricsTls(*tls_files) if all(tls_files) else None
    until = datetime.now(UTC)
    try:
        page, summary, sources = build_report(
            args.audit,
            since=until - args.since,
            until=until,
            metrics_url=args.metrics_url,
            metrics_tls=tls,
            bins=args.bins,
        )
    except (OSError, ValueError) as exc:
        print(f"appliance report: cannot read the audit log: {exc}", file=sys.stderr)
        return 1
    try:
        args.out.write_text(page, encoding="utf-8")
    except OSError as exc:
        print(f"appliance report: cannot write {args.out}: {exc}", file=sys.stderr)
        return 1
    print(
        f"{args.out}: {summary.requests} requests since {summary.since:%Y-%m-%d %H:%M:%S} UTC "
        f"from {len(sources.audit_files)} audit files"
    )
    if args.metrics_url and sources.metrics is None:
        print(f"appliance report: metrics {sources.metrics_note}", file=sys.stderr)
    if not summary.engines_recorded:
        print("note: audit records do not name engines; heatmaps show all engines in one row")
    return 0


def _duration(text: str) -> timedelta:
    from appliance.ops.durations import parse_duration

    try:
        return parse_duration(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0.1 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r}: give seconds between 0.1 and 3600")
    return value


def _bins(text: str) -> int:
    value = int(text) if text.isdigit() else 0
    if not 1 <= value <= 1440:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number from 1 to 1440")
    return value
