"""Per-GPU load from NVML: utilisation, memory, NVLink throughput, GPM metrics.

pynvml (nvidia-ml-py) is imported when the source starts. Without an NVIDIA driver,
`nvmlInit` raises NVMLError_LibraryNotFound: the source reports that and stays empty, and
the router works with the sources that are live.
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from appliance.telemetry._gpm import GpmSampler
from appliance.telemetry.device_stats import DeviceStats
from appliance.telemetry.source import SourceStatus, TelemetrySample

log = logging.getLogger(__name__)

# scopeId that sums a per-link NVLink field over every link (nvml.h).
_ALL_LINKS = 0xFFFFFFFF
_KIB = 1024


@dataclass
class _Device:
    index: int
    handle: Any
    uuid: str
    name: str
    gpm: GpmSampler | None
    # Last NVLink data counters (KiB) and their timestamp (µs), for rates.
    nvlink_counters: tuple[int, int, int] | None = None


def _text(value: str | bytes) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else value


class NvmlSource:
    """Per-GPU counters through NVML."""

    def __init__(self, *, gpm: bool = True) -> None:
        """`gpm`: read GPM metrics where the device supports them (Hopper and newer)."""
        self._use_gpm = gpm
        self._lock = threading.Lock()
        self._nvml: Any = None
        self._devices: list[_Device] = []
        self._status = SourceStatus(live=False, reason="not started")
        self._previous_at = time.monotonic()

    @property
    def name(self) -> str:
        return "nvml"

    def start(self) -> None:
        """Initialise NVML and find the GPUs. Never raises: without NVML or a GPU the source
        is unavailable, with the reason."""
        with self._lock:
            if self._nvml is not None:
                return
            try:
                nvml: Any = importlib.import_module("pynvml")
            except ImportError as exc:
                self._status = SourceStatus(False, f"nvidia-ml-py is not installed: {exc}")
                return
            try:
                nvml.nvmlInit()
            except nvml.NVMLError as exc:
                self._status = SourceStatus(False, f"NVML unavailable: {_describe(exc)}")
                return
            try:
                self._devices = [
                    self._open_device(nvml, i) for i in range(nvml.nvmlDeviceGetCount())
                ]
            except nvml.NVMLError as exc:
                self._shutdown(nvml)
                self._status = SourceStatus(False, f"NVML cannot list GPUs: {_describe(exc)}")
                return
            self._nvml = nvml
            self._previous_at = time.monotonic()
            if not self._devices:
                self._status = SourceStatus(False, "NVML sees no GPU")
            else:
                with_gpm = sum(device.gpm is not None for device in self._devices)
                self._status = SourceStatus(
                    True, f"{len(self._devices)} GPUs, {with_gpm} with GPM metrics"
                )

    def _open_device(self, nvml: Any, index: int) -> _Device:
        handle = nvml.nvmlDeviceGetHandleByIndex(index)
        uuid = _text(nvml.nvmlDeviceGetUUID(handle))
        name = _text(nvml.nvmlDeviceGetName(handle))
        gpm = None
        if self._use_gpm and GpmSampler.supported(nvml, handle):
            try:
                gpm = GpmSampler(nvml, handle)
            except nvml.NVMLError as exc:
                log.info("GPU %d: GPM unavailable: %s", index, _describe(exc))
        counters = self._nvlink_counters(nvml, handle)
        return _Device(index, handle, uuid, name, gpm, counters)

    def sample(self) -> TelemetrySample:
        """One DeviceStats per GPU. A counter a device does not support is None."""
        with self._lock:
            now = time.monotonic()
            interval, self._previous_at = now - self._previous_at, now
            nvml = self._nvml
            if nvml is None:
                return TelemetrySample(self.name, self._status, now, interval)
            devices = tuple(self._read_device(nvml, device) for device in self._devices)
            return TelemetrySample(self.name, self._status, now, interval, devices=devices)

    def _read_device(self, nvml: Any, device: _Device) -> DeviceStats:
        handle = device.handle
        utilization = _optional(nvml, lambda: nvml.nvmlDeviceGetUtilizationRates(handle))
        memory = _optional(nvml, lambda: nvml.nvmlDeviceGetMemoryInfo(handle))
        counters = self._nvlink_counters(nvml, handle)
        tx_rate, rx_rate = _nvlink_rates(device.nvlink_counters, counters)
        device.nvlink_counters = counters
        return DeviceStats(
            index=device.index,
            uuid=device.uuid,
            name=device.name,
            utilization_pct=float(utilization.gpu) if utilization is not None else None,
            memory_used_bytes=int(memory.used) if memory is not None else None,
            memory_total_bytes=int(memory.total) if memory is not None else None,
            nvlink_tx_bytes_per_s=tx_rate,
            nvlink_rx_bytes_per_s=rx_rate,
            gpm=device.gpm.read() if device.gpm is not None else None,
        )

    @staticmethod
    def _nvlink_counters(nvml: Any, handle: Any) -> tuple[int, int, int] | None:
        """(tx KiB, rx KiB, timestamp µs) summed over all links, or None without NVLink."""
        fields = [
            (nvml.NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_TX, _ALL_LINKS),
            (nvml.NVML_FI_DEV_NVLINK_THROUGHPUT_DATA_RX, _ALL_LINKS),
        ]
        values = _optional(nvml, lambda: nvml.nvmlDeviceGetFieldValues(handle, fields))
        if values is None or any(value.nvmlReturn != nvml.NVML_SUCCESS for value in values):
            return None
        tx, rx = (_field_value(nvml, value) for value in values)
        return tx, rx, int(values[0].timestamp)

    def status(self) -> SourceStatus:
        with self._lock:
            return self._status

    def close(self) -> None:
        """Free GPM buffers and shut NVML down."""
        with self._lock:
            nvml, self._nvml = self._nvml, None
            if nvml is None:
                return
            for device in self._devices:
                if device.gpm is not None:
                    device.gpm.close()
            self._devices = []
            self._shutdown(nvml)
            self._status = SourceStatus(False, "closed")

    @staticmethod
    def _shutdown(nvml: Any) -> None:
        try:
            nvml.nvmlShutdown()
        except nvml.NVMLError as exc:
            log.debug("nvmlShutdown failed: %s", exc)


def _describe(exc: BaseException) -> str:
    """`NVMLError_LibraryNotFound (NVML Shared Library Not Found)`."""
    return f"{type(exc).__name__} ({exc})"


def _optional(nvml: Any, read: Callable[[], Any]) -> Any:
    # One unsupported or failing counter must not hide the others.
    try:
        return read()
    except nvml.NVMLError as exc:
        log.debug("NVML read failed: %s", exc)
        return None


def _field_value(nvml: Any, field: Any) -> int:
    by_type = {
        nvml.NVML_VALUE_TYPE_UNSIGNED_INT: "uiVal",
        nvml.NVML_VALUE_TYPE_UNSIGNED_LONG: "ulVal",
        nvml.NVML_VALUE_TYPE_UNSIGNED_LONG_LONG: "ullVal",
        nvml.NVML_VALUE_TYPE_SIGNED_LONG_LONG: "sllVal",
        nvml.NVML_VALUE_TYPE_SIGNED_INT: "siVal",
        nvml.NVML_VALUE_TYPE_UNSIGNED_SHORT: "usVal",
    }
    member = by_type.get(field.valueType)
    return int(getattr(field.value, member)) if member else int(field.value.dVal)


def _nvlink_rates(
    before: tuple[int, int, int] | None, after: tuple[int, int, int] | None
) -> tuple[float | None, float | None]:
    if before is None or after is None or after[2] <= before[2]:
        return None, None
    seconds = (after[2] - before[2]) / 1e6
    tx, rx = after[0] - before[0], after[1] - before[1]
    if tx < 0 or rx < 0:  # counters reset
        return None, None
    return tx * _KIB / seconds, rx * _KIB / seconds
