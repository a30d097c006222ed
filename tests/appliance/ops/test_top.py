"""`appliance top`: one frame, request rates between looks, and leaving on Ctrl-C."""

from __future__ import annotations

import argparse

import pytest

from appliance.cli import ops_commands
from appliance.ops import DaemonStatus, EngineRates, run_top
from tests.appliance.ops.status_samples import MODEL_DIGEST, recording_console, status_response

NOW = 1_700_003_600.0


def test_once_renders_one_frame_with_load_bars() -> None:
    console = recording_console()
    code = run_top(
        lambda: DaemonStatus("SERVING", status_response()),
        console,
        interval_s=2,
        once=True,
        clock=lambda: NOW,
    )
    text = console.export_text()
    assert code == 0
    assert "appliance top   2023-11-14 23:13:20 UTC   every 2 s" in text
    load = text[text.index("Load") : text.index("Engines")]
    assert "gpu0" in load
    assert "gpu1" in load
    assert "42%" in load
    assert "━" in load  # the bars
    assert MODEL_DIGEST in text  # the status view follows the load table


def test_once_for_a_daemon_not_serving_exits_1() -> None:
    console = recording_console()
    snapshot = DaemonStatus("UNREACHABLE", error="UNAVAILABLE: connection refused")
    code = run_top(lambda: snapshot, console, interval_s=1, once=True, clock=lambda: NOW)
    assert code == 1
    assert "details not shown: UNAVAILABLE: connection refused" in console.export_text()


def test_ctrl_c_ends_the_live_view_cleanly() -> None:
    looks: list[int] = []

    def look() -> DaemonStatus:
        looks.append(1)
        return DaemonStatus("SERVING", status_response())

    def sleep(_: float) -> None:
        if len(looks) == 2:
            raise KeyboardInterrupt

    console = recording_console()
    assert run_top(look, console, interval_s=0.5, clock=lambda: NOW, sleep=sleep) == 0
    assert len(looks) == 2


def test_request_rates_between_looks() -> None:
    rates = EngineRates()
    first = status_response()
    assert rates.update(first, 100.0) == {}  # nothing to compare with yet
    later = status_response()
    later.engines[0].requests_total += 50
    assert rates.update(later, 110.0) == {"gpu0": 5.0, "gpu1": 0.0}
    restarted = status_response()
    restarted.engines[0].requests_total = 3  # a restarted daemon counts from zero
    assert rates.update(restarted, 120.0)["gpu0"] == 0.0
    assert rates.update(None, 130.0) == {}


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="appliance")
    ops_commands.register(root.add_subparsers(dest="command", required=True))
    return root


def test_top_options() -> None:
    args = parser().parse_args(["top", "--interval", "0.5", "--once", "--target", "unix:/x"])
    assert (args.interval, args.once, args.target) == (0.5, True, "unix:/x")
    assert parser().parse_args(["top"]).interval == 2.0


@pytest.mark.parametrize("interval", ["0", "-1", "nan", "soon", "7200"])
def test_top_refuses_silly_intervals(interval: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(["top", "--interval", interval])
    assert "give seconds between 0.1 and 3600" in capsys.readouterr().err
