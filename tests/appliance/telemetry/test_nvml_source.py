"""NvmlSource: unavailable without a GPU (this machine), and the figures it reports from a
stand-in libnvidia-ml.so.1 that goes through the same pynvml calls as the real driver."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from appliance.telemetry import NvmlSource
from tests.appliance.telemetry.standin import build_standin_nvml

REPO = Path(__file__).resolve().parents[3]

GIB = 1 << 30
MIB = 1 << 20

READ_TWICE = """
import dataclasses, json
from appliance.telemetry import NvmlSource
source = NvmlSource()
source.start()
samples = [source.sample(), source.sample()]
status = source.status()
source.close()
print(json.dumps({
    "status": dataclasses.asdict(status),
    "closed": dataclasses.asdict(source.status()),
    "samples": [[dataclasses.asdict(d) for d in sample.devices] for sample in samples],
}))
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What NvmlSource reads from the stand-in, in a process whose loader finds it (pynvml
    loads libnvidia-ml.so.1 by name)."""
    nvml = build_standin_nvml(tmp_path_factory.mktemp("standin-nvml"))
    environment = {**os.environ, "LD_LIBRARY_PATH": str(nvml.parent)}
    result = subprocess.run(
        [sys.executable, "-c", READ_TWICE],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        check=True,
    )
    parsed: dict[str, Any] = json.loads(result.stdout)
    return parsed


def test_without_a_gpu_the_source_is_unavailable_and_keeps_going() -> None:
    if Path("/proc/driver/nvidia").exists():
        pytest.skip("an NVIDIA driver is loaded here")
    source = NvmlSource()
    source.start()
    sample = source.sample()
    source.close()

    assert not sample.status.live
    assert "NVMLError_LibraryNotFound" in sample.status.reason
    assert sample.devices == ()
    assert sample.source == "nvml"


def test_status_names_the_gpus(report: dict[str, Any]) -> None:
    assert report["status"] == {"live": True, "reason": "2 GPUs, 1 with GPM metrics"}
    assert report["closed"] == {"live": False, "reason": "closed"}


@pytest.mark.parametrize("sample", [0, 1])
def test_gpu_with_nvlink_and_gpm(report: dict[str, Any], sample: int) -> None:
    assert report["samples"][sample][0] == {
        "index": 0,
        "uuid": "GPU-00000000-stand-in-0",
        "name": "NVIDIA H200 (stand-in)",
        "utilization_pct": 87.0,
        "memory_used_bytes": 100 * GIB,
        "memory_total_bytes": 141 * GIB,
        # 10240 KiB out and 5120 KiB in per 0.1 s of counter time
        "nvlink_tx_bytes_per_s": 100 * MIB,
        "nvlink_rx_bytes_per_s": 50 * MIB,
        "gpm": {
            "sm_util_pct": 61.5,
            "sm_occupancy_pct": 40.0,
            "tensor_util_pct": 22.5,
            "dram_bandwidth_util_pct": 33.0,
            "nvlink_tx_bytes_per_s": 200 * MIB,
            "nvlink_rx_bytes_per_s": 100 * MIB,
        },
    }


def test_gpu_without_nvlink_or_gpm_reports_none_for_them(report: dict[str, Any]) -> None:
    assert report["samples"][1][1] == {
        "index": 1,
        "uuid": "GPU-00000000-stand-in-1",
        "name": "NVIDIA A100 (stand-in)",
        "utilization_pct": 5.0,
        "memory_used_bytes": 1 * GIB,
        "memory_total_bytes": 80 * GIB,
        "nvlink_tx_bytes_per_s": None,
        "nvlink_rx_bytes_per_s": None,
        "gpm": None,
    }
