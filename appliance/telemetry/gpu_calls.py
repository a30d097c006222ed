"""What the uprobes count: GPU library calls, per process."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class GpuLibraryKind(enum.StrEnum):
    """A GPU user-space library the uprobes attach to."""

    CUDA = "libcuda"
    NCCL = "libnccl"


class GpuCall(enum.StrEnum):
    """A probed API function, named as in cuda.h / nccl.h. Versioned and per-thread-stream
    variants of a symbol (`cuMemAlloc_v2`, `cuLaunchKernel_ptsz`) count as the same call."""

    LAUNCH_KERNEL = "cuLaunchKernel"
    GRAPH_LAUNCH = "cuGraphLaunch"
    MEMCPY_HOST_TO_DEVICE = "cuMemcpyHtoDAsync"
    MEMCPY_DEVICE_TO_HOST = "cuMemcpyDtoHAsync"
    MEMCPY_DEVICE_TO_DEVICE = "cuMemcpyDtoDAsync"
    MEM_ALLOC = "cuMemAlloc"
    ALL_REDUCE = "ncclAllReduce"
    ALL_GATHER = "ncclAllGather"
    REDUCE_SCATTER = "ncclReduceScatter"
    SEND = "ncclSend"
    RECV = "ncclRecv"

    @property
    def library(self) -> GpuLibraryKind:
        """The library that exports this call."""
        return GpuLibraryKind.NCCL if self.value.startswith("nccl") else GpuLibraryKind.CUDA


@dataclass(frozen=True, slots=True)
class GpuCallStats:
    """One call type in one process: totals since the probes attached, rates over the
    sample's interval.

    Latency is host time inside the call (entry to return), not GPU time: launches, async
    copies and NCCL collectives return once the work is queued on a stream."""

    call: GpuCall
    calls: int
    # Bytes the calls asked for: copy sizes, allocation sizes, NCCL count x datatype size.
    bytes: int
    # Calls whose return the probes saw (0 unless latency is measured), and how many of
    # them returned an error (CUresult / ncclResult_t other than 0).
    returns: int
    errors: int
    latency_s: float
    calls_per_s: float
    bytes_per_s: float
    # Mean host latency of the calls that returned in this interval; None if none did.
    mean_latency_s: float | None


@dataclass(frozen=True, slots=True)
class ProcessGpuCalls:
    """The probed calls of one process (by PID, the thread group id)."""

    pid: int
    calls: tuple[GpuCallStats, ...]
    # True in the last sample that reports a process that has exited; its counters are
    # dropped afterwards.
    exited: bool = False

    def get(self, call: GpuCall) -> GpuCallStats | None:
        """The stats of one call type, or None if the process never made that call."""
        return next((stats for stats in self.calls if stats.call is call), None)

    @property
    def nccl_bytes_per_s(self) -> float:
        """Collective and point-to-point bytes per second: the NVLink/network traffic."""
        return sum(s.bytes_per_s for s in self.calls if s.call.library is GpuLibraryKind.NCCL)
