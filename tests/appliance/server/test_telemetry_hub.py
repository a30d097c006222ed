"""The daemon's telemetry hub on a stand-in engine process: a process that maps gcc-built
libcuda/libnccl stand-ins (same symbols and signatures) as a vLLM worker maps the real ones.
The hub finds them in /proc/PID/maps, starts the uprobe source, attaches, and reports the
process's NCCL traffic as the engine's NVLink rate for the router."""

from __future__ import annotations

import time

import pytest

from appliance.engine.contract import EngineInfo, EngineStats
from appliance.server.telemetry_hub import TelemetryHub
from appliance.telemetry import SourceStatus, TelemetrySample
from appliance.telemetry.settings import TelemetrySettings
from tests.appliance.telemetry.standin import (
    GpuCallDriver,
    StandinLibraries,
    build_standins,
    require_uprobes,
)

NCCL_FLOAT32 = 7


class StandInEngine:
    """Only what the hub reads of an engine: its name, devices and process ids."""

    def __init__(self, pid: int) -> None:
        self.info = EngineInfo("gpu0", "demo", 2048, 64, 16)
        self._pid = pid

    def stats(self) -> EngineStats:
        return EngineStats(state="ready", process_ids=(self._pid,))


@pytest.fixture(scope="module")
def standins(tmp_path_factory: pytest.TempPathFactory) -> StandinLibraries:
    return build_standins(tmp_path_factory.mktemp("standins"))


def test_cpu_engines_leave_uprobes_unavailable_with_the_reason() -> None:
    hub = TelemetryHub(TelemetrySettings(interval_s=0.02), lambda: [])
    hub.start()
    try:
        time.sleep(0.2)
        statuses = hub.statuses()
    finally:
        hub.close()
    assert statuses["uprobes"].live is False
    assert "no engine process maps libcuda or libnccl" in statuses["uprobes"].reason
    assert statuses["nvml"].live is False
    assert "NVML" in statuses["nvml"].reason
    assert hub.gpu_load(StandInEngine(1)) == (None, None)


def test_nccl_traffic_of_the_engine_process_becomes_its_nvlink_rate(
    standins: StandinLibraries,
) -> None:
    require_uprobes()
    with GpuCallDriver(standins) as driver:
        driver.load()
        engine = StandInEngine(driver.pid)
        hub = TelemetryHub(TelemetrySettings(nvml=False, interval_s=0.05), lambda: [engine])
        hub.start()
        try:
            deadline = time.monotonic() + 60  # the first attach compiles the BPF program
            while not hub.statuses()["uprobes"].live:
                assert time.monotonic() < deadline, hub.statuses()
                time.sleep(0.05)
            seen = 0.0
            deadline = time.monotonic() + 20
            while seen == 0.0:
                assert time.monotonic() < deadline
                driver.call("ncclAllReduce", 10, 1 << 20, NCCL_FLOAT32)
                time.sleep(0.06)
                seen = hub.gpu_load(engine)[1] or 0.0
        finally:
            hub.close()
    assert seen > 0.0


class DyingSource:
    """A source that was live, then fails on every reading (a driver that went away)."""

    name = "nvml"

    def __init__(self) -> None:
        self.readings = 0

    def start(self) -> None:
        pass

    def sample(self) -> TelemetrySample:
        self.readings += 1
        raise RuntimeError("NVML_ERROR_GPU_IS_LOST")

    def status(self) -> SourceStatus:
        return SourceStatus(True, "1 GPU")

    def close(self) -> None:
        pass


def test_a_dying_source_neither_stops_the_hub_nor_feeds_the_router() -> None:
    dying = DyingSource()
    hub = TelemetryHub(TelemetrySettings(interval_s=0.02), lambda: [], nvml=dying)
    hub.start()
    try:
        deadline = time.monotonic() + 10
        while dying.readings < 5:  # the hub keeps sampling after each failure
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert hub.gpu_load(StandInEngine(1)) == (None, None)  # nothing stale or made up
    finally:
        hub.close()
