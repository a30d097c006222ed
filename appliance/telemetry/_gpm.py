"""GPU performance monitoring (GPM) through NVML: metrics between two device samples.

GPM exists on Hopper and newer. Each device keeps two sample buffers; every reading fills
one and computes the metrics against the other, so the metrics cover the interval between
two `NvmlSource.sample()` calls.
"""

from __future__ import annotations

import logging
from typing import Any

from appliance.telemetry.device_stats import GpmMetrics

log = logging.getLogger(__name__)

_MIB = 1 << 20


class GpmSampler:
    """Two GPM samples of one device, alternating."""

    def __init__(self, nvml: Any, handle: Any) -> None:
        self._nvml = nvml
        self._handle = handle
        self._previous: Any = nvml.nvmlGpmSampleAlloc()
        self._current: Any = nvml.nvmlGpmSampleAlloc()
        nvml.nvmlGpmSampleGet(handle, self._previous)
        self._metric_ids = {
            "sm_util_pct": nvml.NVML_GPM_METRIC_SM_UTIL,
            "sm_occupancy_pct": nvml.NVML_GPM_METRIC_SM_OCCUPANCY,
            "tensor_util_pct": nvml.NVML_GPM_METRIC_ANY_TENSOR_UTIL,
            "dram_bandwidth_util_pct": nvml.NVML_GPM_METRIC_DRAM_BW_UTIL,
            "nvlink_tx_bytes_per_s": nvml.NVML_GPM_METRIC_NVLINK_TOTAL_TX_PER_SEC,
            "nvlink_rx_bytes_per_s": nvml.NVML_GPM_METRIC_NVLINK_TOTAL_RX_PER_SEC,
        }

    @staticmethod
    def supported(nvml: Any, handle: Any) -> bool:
        """Whether the device implements GPM."""
        try:
            return bool(nvml.nvmlGpmQueryDeviceSupport(handle).isSupportedDevice)
        except nvml.NVMLError:
            return False

    def read(self) -> GpmMetrics | None:
        """The metrics since the previous read, or None if the device refused."""
        nvml = self._nvml
        try:
            nvml.nvmlGpmSampleGet(self._handle, self._current)
        except nvml.NVMLError as exc:
            log.debug("GPM sample failed: %s", exc)
            return None
        earlier, later = self._previous, self._current
        # The new sample is the start of the next interval.
        self._previous, self._current = later, earlier
        request = nvml.c_nvmlGpmMetricsGet_t()
        request.version = nvml.NVML_GPM_METRICS_GET_VERSION
        request.numMetrics = len(self._metric_ids)
        request.sample1 = earlier
        request.sample2 = later
        for position, metric_id in enumerate(self._metric_ids.values()):
            request.metrics[position].metricId = metric_id
        try:
            nvml.nvmlGpmMetricsGet(request)
        except nvml.NVMLError as exc:
            log.debug("GPM metrics failed: %s", exc)
            return None
        values: dict[str, float | None] = {}
        for position, field in enumerate(self._metric_ids):
            metric = request.metrics[position]
            value = float(metric.value) if metric.nvmlReturn == nvml.NVML_SUCCESS else None
            if value is not None and field.startswith("nvlink"):
                value *= _MIB  # GPM reports NVLink bandwidth in MiB/s
            values[field] = value
        return GpmMetrics(**values)

    def close(self) -> None:
        """Free both sample buffers."""
        for sample in (self._previous, self._current):
            try:
                self._nvml.nvmlGpmSampleFree(sample)
            except self._nvml.NVMLError as exc:
                log.debug("freeing a GPM sample failed: %s", exc)
