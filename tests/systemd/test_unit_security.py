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


UPROBES_DROP_IN = UNIT.parent / "appliance.service.d" / "uprobes.conf.example"


def _exposure(unit_text: str, tmp_path: Path) -> tuple[float, str]:
    path = tmp_path / "appliance.service"
    path.write_text(unit_text)
    result = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    match = re.search(r"Overall exposure level for \S+: ([0-9.]+)", result.stdout)
    assert match, result.stdout + result.stderr
    return float(match.group(1)), result.stdout


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_exposure_score_at_most_2(tmp_path: Path) -> None:
    score, _ = _exposure(UNIT.read_text(), tmp_path)
    assert score <= 2.0


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


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="needs systemd-analyze")
def test_the_uprobes_drop_in_opens_bpf_and_perf_events_and_nothing_broad(tmp_path: Path) -> None:
    # A drop-in's [Service] lines apply after the unit's, as if appended to it.
    base, _ = _exposure(UNIT.read_text(), tmp_path)
    merged, report = _exposure(UNIT.read_text() + "\n" + UPROBES_DROP_IN.read_text(), tmp_path)
    assert "bpf is allowed" in report
    assert "perf_event_open is allowed" in report
    assert base < merged <= 2.5  # the cost the drop-in's header states (1.4 -> 2.2)
    capabilities = [
        line.split("=", 1)[1].split()
        for line in UPROBES_DROP_IN.read_text().splitlines()
        if line.startswith(("CapabilityBoundingSet=", "AmbientCapabilities="))
    ]
    assert capabilities == [["CAP_BPF", "CAP_PERFMON"]] * 2
    assert not UPROBES_DROP_IN.name.endswith(".conf")  # inert until an operator installs it
