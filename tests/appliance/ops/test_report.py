"""`appliance report` over an audit log written by the real writer."""

from __future__ import annotations

import argparse
import base64
import html
import re
import socket
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from prometheus_client import CollectorRegistry, generate_latest

from appliance.cli import ops_commands
from appliance.observability.metrics import RequestMetrics, RequestOutcome
from appliance.ops import (
    MetricsUnavailableError,
    build_report,
    parse_metrics,
    read_request_records,
    render_report,
    summarize,
)
from appliance.ops.audit_summary import TtftGrid
from appliance.ops.metrics_snapshot import fetch_metrics_text
from appliance.ops.report_html import ReportSources
from tests.appliance.ops.audit_samples import INJECTED, sample_requests, write_audit_log

HOUR = timedelta(hours=1)


@pytest.fixture
def audit_directory(tmp_path: Path) -> Path:
    return write_audit_log(tmp_path, sample_requests())


def fake_png(_: TtftGrid) -> bytes:
    return b"\x89PNG fake"


def window() -> tuple[datetime, datetime]:
    now = datetime.now(UTC)
    return now - HOUR, now + timedelta(minutes=1)


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="appliance")
    ops_commands.register(root.add_subparsers(dest="command", required=True))
    return root


def test_report_command_writes_a_self_contained_page(
    audit_directory: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "report.html"
    args = parser().parse_args(
        ["report", "--since", "1h", "--audit", str(audit_directory), "--out", str(out)]
    )
    assert args.run(args) == 0
    page = out.read_text(encoding="utf-8")
    for heading in ("Latency percentiles", "Request status", "Screening verdicts",
                    "Plugin outcomes", "TTFT over time per engine"):  # fmt: skip
        assert f"{heading}" in page
    assert page.count("<table>") >= 4
    images = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    assert len(images) == 3  # interactive, realtime, and the injected class
    assert all(base64.b64decode(image).startswith(b"\x89PNG") for image in images)
    assert "http://" not in page.replace("http://127", "")  # nothing loaded from elsewhere
    printed = capsys.readouterr().out
    assert "20 requests" in printed
    assert "audit records do not name engines" in printed


def test_attacker_text_comes_out_escaped(audit_directory: Path) -> None:
    since, until = window()
    page, _, _ = build_report(audit_directory, since=since, until=until, draw_heatmap=fake_png)
    assert "<script" not in page.lower()
    assert html.escape(INJECTED) in page
    assert "default-src 'none'" in page  # and no script could run even if one slipped through


def test_counts_and_percentiles(audit_directory: Path) -> None:
    since, until = window()
    page, summary, sources = build_report(
        audit_directory, since=since, until=until, draw_heatmap=fake_png
    )
    assert summary.requests == 20
    assert len(sources.audit_files) == 5  # four rotated files and the live one
    assert summary.status_counts == {
        "OK": 16, "RESOURCE_EXHAUSTED": 2, "FAILED_PRECONDITION": 1, INJECTED: 1,
    }  # fmt: skip
    assert summary.verdict_counts[("allow", "no")] == 16
    assert summary.verdict_counts[("block", "yes")] == 1
    assert summary.verdict_counts[("not screened", "")] == 2
    assert summary.plugin_counts[("pii", "pass")] == 14
    assert summary.plugin_counts[("pii", "failed: timeout")] == 1
    assert summary.plugin_counts[("pii", "skipped")] == 1
    interactive_ttft = summary.latency[("interactive", "ttft_s")]
    assert interactive_ttft.count == 12
    assert interactive_ttft.p50 == pytest.approx(0.15)
    assert interactive_ttft.p99 == pytest.approx(0.28)  # nearest rank: the 12th of 12
    assert summary.latency[("realtime", "ttft_s")].p99 == pytest.approx(0.05)
    assert summary.latency[("all", "total_s")].count == 20
    assert not summary.engines_recorded
    assert all(grid.engines == ("all engines",) for grid in summary.ttft_grids)
    assert [grid.sla_class for grid in summary.ttft_grids] == ["realtime", "interactive", INJECTED]
    assert '<td>pii</td><td>failed: timeout</td><td class="n">1</td>' in page
    assert '<td>block</td><td>yes</td><td class="n">1</td>' in page
    assert '<td>interactive</td><td>TTFT</td><td class="n">12</td>' in page
    assert "do not name the engine" in page


def test_window_skips_old_rotated_files_unread(audit_directory: Path) -> None:
    later = datetime.now(UTC) + HOUR
    read = read_request_records(audit_directory, since=later)
    assert read.records == ()
    assert read.files_skipped == 4
    assert [path.name for path in read.files_read] == ["audit.jsonl"]
    summary = summarize(read.records, since=later, until=later + HOUR)
    sources = ReportSources((), 4, 0, later)
    page = render_report(summary, sources, draw_heatmap=fake_png)
    assert "No request in the window reached its first token." in page
    assert "4 older rotated files not read" in page


def test_live_file_path_reads_its_rotations_too(audit_directory: Path) -> None:
    since, _ = window()
    read = read_request_records(audit_directory / "audit.jsonl", since=since)
    assert len(read.records) == 20


def test_lines_of_the_wrong_shape_are_counted_and_skipped(audit_directory: Path) -> None:
    with (audit_directory / "audit.jsonl").open("a", encoding="utf-8") as live:
        live.write("not json\n")
        live.write('{"kind": "request", "time": 12}\n')
        live.write('["a list"]\n')
        live.write(
            '{"kind": "request", "time": "2999-01-01T00:00:00Z", '
            '"timings": {"ttft_s": "fast", "total_s": true}, "plugins": "pii"}\n'
        )
    since, until = window()
    read = read_request_records(audit_directory, since=since, until=until)
    assert read.malformed_lines == 3
    assert len(read.records) == 20  # the last line is well formed, but outside the window
    far = read_request_records(audit_directory, since=since, until=datetime(3000, 1, 1, tzinfo=UTC))
    odd = far.records[-1]
    assert (odd.ttft_s, odd.total_s, odd.plugins, odd.status) == (None, None, (), "")


def sample_metrics_text() -> str:
    registry = CollectorRegistry()
    metrics = RequestMetrics(registry)
    for engine, ttft, count in (("gpu0", 0.2, 9), ("gpu1", 3.0, 3), (INJECTED, 0.02, 1)):
        for _ in range(count):
            metrics.observe(
                RequestOutcome(
                    tenant="acme", sla_class="interactive", engine=engine, status="OK",
                    queue_s=0.01, ttft_s=ttft, tpot_s=0.01, screening_action="allow",
                    screening_injection=False, screening_s=0.001,
                    plugin_actions=[("pii", "pass")],
                )
            )  # fmt: skip
    return generate_latest(registry).decode()


def test_metrics_add_per_engine_ttft() -> None:
    snapshot = parse_metrics(sample_metrics_text(), url="http://127.0.0.1:9464/metrics")
    gpu0 = snapshot.ttft[("interactive", "gpu0")]
    assert gpu0.count == 9
    assert gpu0.p50 is not None
    assert 0.1 < gpu0.p50 <= 0.25  # in the 0.1-0.25 s bucket
    assert snapshot.ttft[("interactive", "gpu1")].count == 3
    assert snapshot.requests_by_status == {"OK": 13}
    assert snapshot.verdicts == {("allow", "false"): 13}
    assert snapshot.plugin_outcomes == {("pii", "pass"): 13}
    now = datetime.now(UTC)
    summary = summarize([], since=now - HOUR, until=now)
    page = render_report(summary, ReportSources((), 0, 0, now, metrics=snapshot))
    assert "<td>interactive</td><td>gpu1</td>" in page
    assert "since the daemon started" in page
    assert "<script" not in page.lower()


def test_unreachable_metrics_do_not_fail_the_report(audit_directory: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    since, until = window()
    page, _, sources = build_report(
        audit_directory, since=since, until=until, draw_heatmap=fake_png,
        metrics_url=f"http://127.0.0.1:{port}/metrics",
    )  # fmt: skip
    assert sources.metrics is None
    assert "Metrics: unavailable: http://127.0.0.1:" in page


@pytest.mark.parametrize("url", ["file:///etc/passwd", "ftp://example.com/metrics", "metrics"])
def test_only_http_metrics_urls_are_read(url: str) -> None:
    with pytest.raises(MetricsUnavailableError, match="only http:// and https://"):
        fetch_metrics_text(url)


def test_audit_directory_without_a_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = parser().parse_args(["report", "--audit", str(tmp_path), "--out", str(tmp_path / "r")])
    assert args.run(args) == 1
    assert "cannot read the audit log" in capsys.readouterr().err
