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


def test_an_engine_that_loads_cuda_after_start_is_still_attached(
    standins: StandinLibraries,
) -> None:
    """CUDA initialises lazily: the library appears in maps only after the hub has read them
    (and backed off) a few times."""
    require_uprobes()
    with GpuCallDriver(standins) as driver:
        engine = StandInEngine(driver.pid)
        hub = TelemetryHub(TelemetrySettings(nvml=False, interval_s=0.05), lambda: [engine])
        hub.start()
        try:
            time.sleep(2.5)  # maps read at 0 s, 1 s: nothing yet; next read due at 3 s
            assert not hub.statuses()["uprobes"].live
            driver.load()
            deadline = time.monotonic() + 60
            while not hub.statuses()["uprobes"].live:
                assert time.monotonic() < deadline, hub.statuses()
                time.sleep(0.05)
        finally:
            hub.close()


def test_maps_of_a_process_without_gpu_libraries_are_read_ever_less_often(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import appliance.server.telemetry_hub as hub_module

    clock = [1000.0]
    reads: list[float] = []

    def fake_find(pid: int) -> tuple[()]:
        reads.append(clock[0] - 1000.0)
        return ()

    monkeypatch.setattr(hub_module.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(hub_module, "find_gpu_libraries", fake_find)
    monkeypatch.setattr(hub_module, "_process_tree", lambda pids: set(pids))
    hub = TelemetryHub(TelemetrySettings(nvml=False), lambda: [StandInEngine(4242)])
    for _ in range(400):  # 200 s of one scan every half second
        hub._attach_new_engine_processes()
        clock[0] += 0.5
    # Doubling from 1 s, then once a minute (not 400 reads of a large file).
    assert reads == [0.0, 1.0, 3.0, 7.0, 15.0, 31.0, 63.0, 123.0, 183.0]
