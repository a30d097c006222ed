"""What NVML reports per GPU."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GpmMetrics:
    """GPU performance monitoring metrics (Hopper and newer) over the sample's interval.
    A metric the device does not report is None."""

    sm_util_pct: float | None
    sm_occupancy_pct: float | None
    tensor_util_pct: float | None
    dram_bandwidth_util_pct: float | None
    nvlink_tx_bytes_per_s: float | None
    nvlink_rx_bytes_per_s: float | None


@dataclass(frozen=True, slots=True)
class DeviceStats:
    """One GPU. A counter the device does not support is None."""

    index: int
    uuid: str
    name: str
    # Percent of the driver's last sample period in which any kernel ran (coarse: one
    # busy SM counts as busy); GPM's `sm_util_pct` is the finer figure where present.
    utilization_pct: float | None
    memory_used_bytes: int | None
    memory_total_bytes: int | None
    # NVLink data throughput summed over all links, from NVML's cumulative counters since
    # the previous sample (or start); None without NVLink.
    nvlink_tx_bytes_per_s: float | None
    nvlink_rx_bytes_per_s: float | None
    gpm: GpmMetrics | None = None
