"""`--since` durations and percentiles estimated from Prometheus histogram buckets."""

from __future__ import annotations

import argparse
import math
from datetime import timedelta

import pytest

from appliance.cli import ops_commands
from appliance.ops import parse_duration
from appliance.ops.audit_summary import percentile
from appliance.ops.metrics_snapshot import histogram_quantile


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("90s", timedelta(seconds=90)),
        ("30m", timedelta(minutes=30)),
        ("1h", timedelta(hours=1)),
        ("1.5h", timedelta(minutes=90)),
        ("2d", timedelta(days=2)),
        ("1w", timedelta(weeks=1)),
        (" 2H ", timedelta(hours=2)),
    ],
)
def test_durations(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


@pytest.mark.parametrize("text", ["", "1", "h", "1y", "-1h", "0m", "1h30m", "1e3s"])
def test_not_durations(text: str) -> None:
    with pytest.raises(ValueError, match="duration"):
        parse_duration(text)


INF = math.inf


@pytest.mark.parametrize(
    ("buckets", "fraction", "expected"),
    [
        ([(0.1, 0), (0.25, 10), (INF, 10)], 0.5, 0.175),  # halfway into the 0.1-0.25 bucket
        ([(0.1, 5), (0.25, 10), (INF, 10)], 0.5, 0.1),
        ([(0.1, 0), (1.0, 0), (INF, 4)], 0.99, 1.0),  # in +Inf: the highest finite bound
        ([(0.1, 0), (INF, 0)], 0.5, None),  # no observations
        ([], 0.5, None),
    ],
)
def test_histogram_quantile(
    buckets: list[tuple[float, float]], fraction: float, expected: float | None
) -> None:
    result = histogram_quantile(buckets, fraction)
    assert result == (None if expected is None else pytest.approx(expected))


@pytest.mark.parametrize(
    ("values", "fraction", "expected"),
    [([3.0], 0.5, 3.0), ([1.0, 2.0], 0.5, 1.0), ([1.0, 2.0, 3.0, 4.0], 0.99, 4.0)],
)
def test_nearest_rank_percentile(values: list[float], fraction: float, expected: float) -> None:
    assert percentile(values, fraction) == expected


def test_report_refuses_a_bad_since(capsys: pytest.CaptureFixture[str]) -> None:
    root = argparse.ArgumentParser(prog="appliance")
    ops_commands.register(root.add_subparsers(dest="command", required=True))
    with pytest.raises(SystemExit):
        root.parse_args(["report", "--since", "5x"])
    assert "use a number and s, m, h, d or w" in capsys.readouterr().err
