"""The systemd unit is hardened: systemd's own exposure score, and the settings a GPU
service needs."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

UNIT = Path(__file__).resolve().parents[2] / "systemd" / "appliance.service"


def directives() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if "=" in line and not line.lstrip().startswith(("#", "[")):
            key, value = line.split("=", 1)
            found.setdefault(key.strip(), []).append(value.strip())
    return found


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_exposure_score_at_most_2() -> None:
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(UNIT)],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= 2.0


def test_gpu_service_settings() -> None:
    unit = directives()
    assert unit["Type"] == ["notify"]
    assert unit["NotifyAccess"] == ["main"]
    assert unit["KillMode"] == ["mixed"]  # SIGTERM to the daemon, which drains engines
    assert unit["DevicePolicy"] == ["closed"]
    assert "PrivateDevices" not in unit  # it would hide /dev/nvidia*
    assert any("nvidia" in v for v in unit["DeviceAllow"])
    assert unit["CapabilityBoundingSet"] == [""]
    assert unit["NoNewPrivileges"] == ["yes"]
    assert unit["ProtectSystem"] == ["strict"]
    assert "@system-service" in unit["SystemCallFilter"]
    assert unit["LoadCredential"][0].startswith("tls.key:")
    assert {"StateDirectory", "RuntimeDirectory", "CacheDirectory", "WatchdogSec"} <= set(unit)
