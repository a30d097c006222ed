"""`appliance bench router` and `appliance route explain`, as a user runs them."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from appliance.cli import router_commands
from appliance.routing.simulation import synthetic_rows

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "routing"
CLASS_KEYS = {"requests", "ttft_p50_s", "ttft_p99_s", "tpot_p50_s", "tpot_p99_s", "slo_attainment"}


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser(prog="appliance")
    router_commands.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(list(argv))
    code: int = args.run(args)
    return code


@pytest.fixture
def trace(tmp_path: Path) -> Path:
    path = tmp_path / "trace.csv"
    rows = synthetic_rows(120, rate_per_s=8.0, seed=4)
    lines = ["TIMESTAMP,ContextTokens,GeneratedTokens"]
    lines += [f"{row.offset_s:.6f},{row.prompt_tokens},{row.output_tokens}" for row in rows]
    path.write_text("\n".join(lines) + "\n")
    return path


def _check_comparison(document: dict[str, object]) -> None:
    policies = document["policies"]
    assert isinstance(policies, dict)
    assert set(policies) == {"round_robin", "least_outstanding", "ours"}
    for figures in policies.values():
        assert 0.0 <= figures["slo_attainment"] <= 1.0
        assert figures["goodput"] >= 0.0
        assert set(figures["classes"]) == {"realtime", "interactive", "batch"}
        for summary in figures["classes"].values():
            assert set(summary) == CLASS_KEYS
    ratios = document["ratios"]
    assert isinstance(ratios, dict)
    assert set(ratios) == {"vs_round_robin", "vs_least_outstanding"}


def test_bench_router_json_shape(trace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(
            "bench",
            "router",
            "--trace",
            str(trace),
            "--engines",
            "2",
            "--json",
            "--rate-scale",
            "1.5",
            "--seed",
            "3",
        )
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    _check_comparison(document)
    assert document["rate_scale"] == 1.5
    assert document["config"]["engines"] == 2


def test_bench_router_sweep_json(trace: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(
            "bench",
            "router",
            "--trace",
            str(trace),
            "--engines",
            "2",
            "--json",
            "--sweep",
            "1,2",
            "--duration-s",
            "10",
        )
        == 0
    )
    document = json.loads(capsys.readouterr().out)
    assert [run["rate_scale"] for run in document["sweep"]] == [1.0, 2.0]
    for item in document["sweep"]:
        _check_comparison(item)


def test_bench_router_tables_and_heatmaps(
    trace: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        run(
            "bench",
            "router",
            "--trace",
            str(trace),
            "--engines",
            "2",
            "--heatmap",
            str(tmp_path / "maps"),
        )
        == 0
    )
    out = capsys.readouterr().out
    for name in ("round_robin", "least_outstanding", "ours"):
        assert f"policy: {name}" in out
        png = tmp_path / "maps" / f"ttft_heatmap_{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "ours / baseline SLO attainment" in out


def test_bench_router_reports_bad_trace_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("TIMESTAMP,ContextTokens,GeneratedTokens\n0,10,2\n1,ten,2\n")
    assert run("bench", "router", "--trace", str(bad)) == 1
    assert f"{bad}:3: ContextTokens 'ten' is not a whole number" in capsys.readouterr().err


def test_route_explain_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("route", "explain", str(ASSETS / "engine_loads.json")) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["engine", "queue_depth", "kv_headroom"]
    winner = next(line for line in lines if "<- winner" in line)
    assert winner.startswith("gpu1")  # the engine holding the prompt's prefix
    assert "gpu3  (out of rotation" in out
    assert "admitted: demo-1 (interactive) -> gpu1" in out


def test_route_explain_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run("route", "explain", str(ASSETS / "engine_loads.json"), "--json") == 0
    document = json.loads(capsys.readouterr().out)
    assert document["engine_id"] == "gpu1"
    assert [engine["engine_id"] for engine in document["engines"]] == ["gpu0", "gpu1", "gpu2"]
    assert document["engines"][2]["scores"]["kv_headroom"] is None


@pytest.mark.parametrize(
    ("snapshot", "message"),
    [
        ("{", "snapshot.json:1:2:"),
        ('{"engines": []}', "engines: expected a non-empty list"),
        (
            '{"engines": [{"engine_id": "a", "kv_cache_usage": 2}], "request": '
            '{"sla_class": "batch", "prompt_tokens": 1}}',
            "engines[0].kv_cache_usage",
        ),
        (
            '{"engines": [{"engine_id": "a"}], "request": {"sla_class": "gold", '
            '"prompt_tokens": 1}}',
            "request.sla_class",
        ),
    ],
    ids=["not json", "no engines", "usage out of range", "unknown class"],
)
def test_route_explain_rejects_bad_snapshots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], snapshot: str, message: str
) -> None:
    path = tmp_path / "snapshot.json"
    path.write_text(snapshot)
    assert run("route", "explain", str(path)) == 1
    assert message in capsys.readouterr().err


def test_route_explain_refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "snapshot.json"
    path.write_text(
        json.dumps(
            {
                "request": {"sla_class": "realtime", "prompt_tokens": 500, "arrival_s": 0.0},
                "now_s": 1.0,
                "engines": [{"engine_id": "a", "queued_prefill_tokens": 90000, "running": 10}],
            }
        )
    )
    assert run("route", "explain", str(path)) == 0
    assert "refused: no engine predicted within the realtime TTFT objective" in (
        capsys.readouterr().out
    )
