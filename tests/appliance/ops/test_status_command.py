"""`appliance status` output modes (JSON, plain lines, rich on a terminal), without a daemon:
the look at the daemon is replaced by a canned answer."""

from __future__ import annotations

import argparse
import json
import sys

import pytest

from appliance.cli import client_commands
from appliance.ops import DaemonStatus, daemon_status
from tests.appliance.ops.status_samples import MODEL_DIGEST, POLICY_DIGEST, status_response


def run_status(monkeypatch: pytest.MonkeyPatch, snapshot: DaemonStatus, *options: str) -> int:
    monkeypatch.setattr(daemon_status, "read_daemon_status", lambda *_, **__: snapshot)
    root = argparse.ArgumentParser(prog="appliance")
    client_commands.register(root.add_subparsers(dest="command", required=True))
    args = root.parse_args(["status", "--target", "unix:/nonexistent.sock", *options])
    code: int = args.run(args)
    return code


def test_json_is_the_status_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_status(monkeypatch, DaemonStatus("SERVING", status_response()), "--json") == 0
    document = json.loads(capsys.readouterr().out)
    assert document["policy_digest"] == POLICY_DIGEST
    assert document["models"][0]["digest"] == MODEL_DIGEST
    assert document["engines"][0]["name"] == "gpu0"
    assert document["engines"][1]["running_requests"] == 0  # zero values are printed too
    assert document["attestation"]["attested"] is True


def test_json_when_status_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    snapshot = DaemonStatus("SERVING", error="PERMISSION_DENIED: not an admin")
    assert run_status(monkeypatch, snapshot, "--json") == 0
    assert json.loads(capsys.readouterr().out) == {
        "health": "SERVING",
        "error": "PERMISSION_DENIED: not an admin",
    }


@pytest.mark.parametrize(
    ("snapshot", "code", "lines"),
    [
        (
            DaemonStatus("SERVING", status_response()),
            0,
            ["health: SERVING", f"policy: {POLICY_DIGEST}", "audit log: healthy",
             "attestation: attested (nvidia-cc,tdx; required)",
             f"model: llama {MODEL_DIGEST} signer: key:0123abcd", "gpu0", "ready"],
        ),
        (
            DaemonStatus("SERVING", error="PERMISSION_DENIED: not an admin"),
            0,
            ["health: SERVING", "engines: not shown (PERMISSION_DENIED: not an admin)"],
        ),
        (
            DaemonStatus("UNREACHABLE", error="UNAVAILABLE: connection refused"),
            1,
            ["health: unreachable (UNAVAILABLE: connection refused)"],
        ),
    ],
)  # fmt: skip
def test_plain_lines_when_piped(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    snapshot: DaemonStatus,
    code: int,
    lines: list[str],
) -> None:
    assert run_status(monkeypatch, snapshot) == code
    out = capsys.readouterr().out
    for line in lines:
        assert line in out


def test_rich_view_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "160")
    assert run_status(monkeypatch, DaemonStatus("SERVING", status_response())) == 0
    out = capsys.readouterr().out
    assert "Trust and state" in out
    assert "not reported by this daemon" in out


def test_text_option_keeps_plain_lines_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert run_status(monkeypatch, DaemonStatus("SERVING", status_response()), "--text") == 0
    out = capsys.readouterr().out
    assert "audit log: healthy" in out
    assert "Trust and state" not in out
