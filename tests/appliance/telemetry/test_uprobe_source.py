"""UprobeSource against stand-in libcuda / libnccl: the probes must count exactly the calls
and bytes each process made, per PID."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.telemetry import (
    GpuCall,
    ProbeAttachError,
    ProcessGpuCalls,
    TelemetrySample,
    UprobeSource,
)
from tests.appliance.telemetry.standin import GpuCallDriver, StandinLibraries, copy_library

# ncclDataType_t values (nccl.h)
NCCL_INT8, NCCL_FLOAT16, NCCL_FLOAT32, NCCL_FLOAT64, NCCL_BFLOAT16 = 0, 6, 7, 8, 9


def process(sample: TelemetrySample, pid: int) -> ProcessGpuCalls:
    found = [p for p in sample.processes if p.pid == pid]
    assert len(found) == 1, f"pid {pid} not in {[p.pid for p in sample.processes]}"
    return found[0]


def counts(sample: TelemetrySample, pid: int) -> dict[GpuCall, tuple[int, int]]:
    return {s.call: (s.calls, s.bytes) for s in process(sample, pid).calls}


@pytest.fixture
def driver(uprobes: UprobeSource, standins: StandinLibraries) -> Iterator[GpuCallDriver]:
    """A process that loads the stand-ins after the probes are in place, as an engine
    initialises CUDA after the appliance attached."""
    with GpuCallDriver(standins) as running:
        running.load()
        yield running


# (symbol called, times, size argument, datatype, call type, expected bytes)
CASES = [
    ("cuLaunchKernel", 7, 0, 0, GpuCall.LAUNCH_KERNEL, 0),
    ("cuLaunchKernel_ptsz", 3, 0, 0, GpuCall.LAUNCH_KERNEL, 0),
    ("cuGraphLaunch", 5, 0, 0, GpuCall.GRAPH_LAUNCH, 0),
    ("cuGraphLaunch_ptsz", 2, 0, 0, GpuCall.GRAPH_LAUNCH, 0),
    ("cuMemcpyHtoDAsync_v2", 3, 4096, 0, GpuCall.MEMCPY_HOST_TO_DEVICE, 3 * 4096),
    ("cuMemcpyHtoDAsync_v2_ptsz", 2, 100, 0, GpuCall.MEMCPY_HOST_TO_DEVICE, 200),
    ("cuMemcpyDtoHAsync_v2", 4, 1 << 20, 0, GpuCall.MEMCPY_DEVICE_TO_HOST, 4 << 20),
    ("cuMemcpyDtoHAsync_v2_ptsz", 1, 10, 0, GpuCall.MEMCPY_DEVICE_TO_HOST, 10),
    ("cuMemcpyDtoDAsync_v2", 6, 12345, 0, GpuCall.MEMCPY_DEVICE_TO_DEVICE, 6 * 12345),
    ("cuMemcpyDtoDAsync_v2_ptsz", 1, 8 << 30, 0, GpuCall.MEMCPY_DEVICE_TO_DEVICE, 8 << 30),
    ("cuMemAlloc_v2", 2, 1 << 30, 0, GpuCall.MEM_ALLOC, 2 << 30),
    ("ncclAllReduce", 4, 1000, NCCL_BFLOAT16, GpuCall.ALL_REDUCE, 4 * 1000 * 2),
    ("ncclAllReduce", 2, 1000, NCCL_FLOAT32, GpuCall.ALL_REDUCE, 2 * 1000 * 4),
    ("ncclAllGather", 3, 512, NCCL_FLOAT16, GpuCall.ALL_GATHER, 3 * 512 * 2),
    ("ncclReduceScatter", 5, 77, NCCL_FLOAT64, GpuCall.REDUCE_SCATTER, 5 * 77 * 8),
    ("ncclSend", 9, 64, NCCL_INT8, GpuCall.SEND, 9 * 64),
    ("ncclRecv", 8, 64, NCCL_FLOAT32, GpuCall.RECV, 8 * 64 * 4),
    # An unknown datatype counts the call, not a guessed size.
    ("ncclSend", 2, 64, 99, GpuCall.SEND, 0),
]


@pytest.mark.parametrize(("symbol", "times", "size", "datatype", "call", "expected"), CASES)
def test_counts_calls_and_bytes_exactly(
    uprobes: UprobeSource,
    driver: GpuCallDriver,
    symbol: str,
    times: int,
    size: int,
    datatype: int,
    call: GpuCall,
    expected: int,
) -> None:
    assert driver.call(symbol, times, size, datatype) == 0

    calls = process(uprobes.sample(), driver.pid).calls
    assert [(s.call, s.calls, s.bytes, s.returns, s.errors) for s in calls] == [
        (call, times, expected, times, 0)
    ]


def test_processes_are_counted_separately(
    uprobes: UprobeSource, standins: StandinLibraries
) -> None:
    with GpuCallDriver(standins) as first, GpuCallDriver(standins) as second:
        first.load()
        second.load()
        first.call("cuLaunchKernel", 100)
        first.call("cuLaunchKernel_ptsz", 20)
        first.call("cuMemcpyHtoDAsync_v2", 10, 2048)
        second.call("ncclAllReduce", 6, 4096, NCCL_BFLOAT16)
        second.call("ncclSend", 3, 10, NCCL_FLOAT32)
        second.call("cuLaunchKernel", 1)
        sample = uprobes.sample()

    assert counts(sample, first.pid) == {
        GpuCall.LAUNCH_KERNEL: (120, 0),
        GpuCall.MEMCPY_HOST_TO_DEVICE: (10, 20480),
    }
    assert counts(sample, second.pid) == {
        GpuCall.LAUNCH_KERNEL: (1, 0),
        GpuCall.ALL_REDUCE: (6, 6 * 4096 * 2),
        GpuCall.SEND: (3, 120),
    }


def test_rates_cover_the_interval_since_the_previous_sample(
    uprobes: UprobeSource, driver: GpuCallDriver
) -> None:
    driver.call("ncclAllReduce", 10, 1024, NCCL_FLOAT32)
    uprobes.sample()
    driver.call("ncclAllReduce", 30, 1024, NCCL_FLOAT32)
    sample = uprobes.sample()

    stats = process(sample, driver.pid).get(GpuCall.ALL_REDUCE)
    assert stats is not None
    assert stats.calls == 40
    assert stats.calls_per_s * sample.interval_s == pytest.approx(30)
    assert stats.bytes_per_s * sample.interval_s == pytest.approx(30 * 4096)
    assert process(sample, driver.pid).nccl_bytes_per_s == pytest.approx(stats.bytes_per_s)


def test_errors_and_host_latency(uprobes: UprobeSource, driver: GpuCallDriver) -> None:
    # The stand-in refuses allocations larger than any GPU, as cuMemAlloc does.
    assert driver.call("cuMemAlloc_v2", 3, 1 << 50) == 3
    assert driver.call("cuMemAlloc_v2", 2, 1 << 20) == 0
    driver.set_delay(2000)
    driver.call("cuGraphLaunch", 4)

    sample = process(uprobes.sample(), driver.pid)
    alloc, graph = sample.get(GpuCall.MEM_ALLOC), sample.get(GpuCall.GRAPH_LAUNCH)
    assert alloc is not None
    assert graph is not None
    assert (alloc.calls, alloc.returns, alloc.errors) == (5, 5, 3)
    assert graph.mean_latency_s is not None
    assert 0.002 <= graph.mean_latency_s < 0.05
    assert graph.latency_s == pytest.approx(4 * graph.mean_latency_s)


def test_exited_process_is_reported_once_then_forgotten(
    uprobes: UprobeSource, standins: StandinLibraries
) -> None:
    running = GpuCallDriver(standins)
    running.load()
    running.call("cuLaunchKernel", 3)
    running.exit()

    last = process(uprobes.sample(), running.pid)
    assert last.exited
    assert [(s.call, s.calls) for s in last.calls] == [(GpuCall.LAUNCH_KERNEL, 3)]
    assert running.pid not in {p.pid for p in uprobes.sample().processes}


def test_per_process_probes_from_proc_maps(
    uprobes: UprobeSource, standins: StandinLibraries, tmp_path: Path
) -> None:
    # Copies: new files, which the module's library-wide probes do not cover.
    cuda = copy_library(standins.cuda, tmp_path)
    nccl = copy_library(standins.nccl, tmp_path)
    with (
        GpuCallDriver(standins, cuda=cuda, nccl=nccl) as probed,
        GpuCallDriver(standins, cuda=cuda, nccl=nccl) as other,
    ):
        probed.load()
        other.load()
        attached = uprobes.attach_process(probed.pid)
        try:
            for running in (probed, other):
                running.call("ncclAllGather", 4, 100, NCCL_FLOAT32)
                running.call("cuLaunchKernel", 2)
            sample = uprobes.sample()
        finally:
            uprobes.detach(cuda, pid=probed.pid)
            uprobes.detach(nccl, pid=probed.pid)

    assert {library.path for library in attached} == {cuda, nccl}
    assert counts(sample, probed.pid) == {
        GpuCall.ALL_GATHER: (4, 1600),
        GpuCall.LAUNCH_KERNEL: (2, 0),
    }
    assert other.pid not in {p.pid for p in sample.processes}


def test_detach_stops_counting(
    uprobes: UprobeSource, standins: StandinLibraries, tmp_path: Path
) -> None:
    cuda = copy_library(standins.cuda, tmp_path)
    with GpuCallDriver(standins, cuda=cuda) as running:
        assert uprobes.attach(cuda, pid=running.pid) == 11
        running.load()
        running.call("cuLaunchKernel", 4)
        uprobes.detach(cuda, pid=running.pid)
        running.call("cuLaunchKernel", 40)
        sample = uprobes.sample()

    assert counts(sample, running.pid) == {GpuCall.LAUNCH_KERNEL: (4, 0)}


def test_attaching_again_is_a_no_op(
    uprobes: UprobeSource, standins: StandinLibraries, driver: GpuCallDriver
) -> None:
    # The library is already probed for every process, so a per-process attach adds none.
    assert uprobes.attach(standins.cuda) == 0
    assert uprobes.attach(standins.cuda, pid=driver.pid) == 0
    driver.call("cuGraphLaunch", 3)

    assert counts(uprobes.sample(), driver.pid) == {GpuCall.GRAPH_LAUNCH: (3, 0)}


def test_status_is_live_while_probes_are_attached(uprobes: UprobeSource) -> None:
    sample = uprobes.sample()

    assert sample.status.live
    assert sample.status.reason == "32 uprobes on 2 libraries, with latency"
    assert uprobes.status() == sample.status


@pytest.mark.parametrize(
    ("library", "pid", "message"),
    [
        (Path("/nonexistent/libcuda.so.1"), None, "no library file"),
        (Path("/bin/true"), None, "defines none of the probed GPU calls"),
        (None, 2**22 + 1, "no process"),
    ],
)
def test_attach_refuses_what_it_cannot_probe(
    uprobes: UprobeSource,
    standins: StandinLibraries,
    library: Path | None,
    pid: int | None,
    message: str,
) -> None:
    with pytest.raises(ProbeAttachError, match=message):
        uprobes.attach(library or standins.nccl, pid=pid)
