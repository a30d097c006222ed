"""`appliance generate` and `appliance status` against the running daemon, as a user types them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.daemon_harness import RunningDaemon

pytestmark = pytest.mark.engine


def appliance(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appliance.cli.main", "--log-level", "WARNING", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def tls_args(daemon: RunningDaemon, client: str = "client") -> list[str]:
    pki = daemon.pki
    return [
        "--target", daemon.target,
        "--ca", str(pki.ca_certificate),
        "--cert", str(pki.client_certificate(client)),
        "--key", str(pki.client_key(client)),
    ]  # fmt: skip


def test_generate_streams_text(daemon: RunningDaemon) -> None:
    result = appliance(
        "generate", *tls_args(daemon), "--model", "demo", "--prompt", "Hello",
        "--max-tokens", "12", "--temperature", "0",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert "[length] prompt" in result.stderr or "[stop] prompt" in result.stderr


def test_generate_reports_status_codes(daemon: RunningDaemon) -> None:
    result = appliance("generate", *tls_args(daemon), "--model", "nope", "--prompt", "x")
    assert result.returncode == 1
    assert "NOT_FOUND: model 'nope' is not served here" in result.stderr


def test_status_over_unix_socket(daemon: RunningDaemon) -> None:
    result = appliance("status", "--target", f"unix:{daemon.unix_socket}")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "health: SERVING" in result.stdout
    assert "policy: sha256:" in result.stdout
    assert "audit log: healthy" in result.stdout
    assert "cpu0" in result.stdout
    assert "ready" in result.stdout


def test_status_for_a_tenant_shows_health_only(daemon: RunningDaemon) -> None:
    result = appliance("status", *tls_args(daemon))
    assert "health: SERVING" in result.stdout
    assert "PERMISSION_DENIED" in result.stdout
