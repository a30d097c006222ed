"""The one interface every telemetry source implements, and what it reports."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from appliance.telemetry.device_stats import DeviceStats
from appliance.telemetry.gpu_calls import ProcessGpuCalls


@dataclass(frozen=True, slots=True)
class SourceStatus:
    """Whether a source is producing data now, and why (or why not)."""

    live: bool
    reason: str


@dataclass(frozen=True, slots=True)
class TelemetrySample:
    """One reading of one source. Fields a source does not measure stay empty."""

    source: str
    status: SourceStatus
    # time.monotonic() when the reading was taken.
    taken_at: float
    # Seconds since the previous reading (or since the source started): the window the
    # rates in this sample cover.
    interval_s: float
    # GPU library calls per process (UprobeSource).
    processes: tuple[ProcessGpuCalls, ...] = ()
    # Per-GPU counters (NvmlSource).
    devices: tuple[DeviceStats, ...] = ()


class TelemetrySource(Protocol):
    """A source of GPU load figures. None of its methods raise for a missing capability:
    an unavailable source says so in `status()` and returns empty samples."""

    @property
    def name(self) -> str:
        """A short stable name: `uprobes`, `nvml`."""
        ...

    def start(self) -> None:
        """Acquire what the source needs; afterwards `status()` says whether it is live."""
        ...

    def sample(self) -> TelemetrySample:
        """Read the source now. Meant to be called every ~100 ms from one thread."""
        ...

    def status(self) -> SourceStatus:
        """Live or not, with the reason."""
        ...

    def close(self) -> None:
        """Release everything the source holds (probes, handles); idempotent."""
        ...
