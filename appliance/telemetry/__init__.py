"""GPU telemetry for the router: sources behind one protocol, each saying whether it is
live. eBPF uprobes on libcuda/libnccl per engine process (UprobeSource) and NVML per GPU
(NvmlSource); bcc and pynvml are imported only when a source starts."""

from appliance.telemetry.device_stats import DeviceStats, GpmMetrics
from appliance.telemetry.errors import ProbeAttachError, TelemetryError
from appliance.telemetry.gpu_calls import GpuCall, GpuCallStats, GpuLibraryKind, ProcessGpuCalls
from appliance.telemetry.gpu_libraries import GpuLibrary, find_gpu_libraries, library_kind
from appliance.telemetry.nvml_source import NvmlSource
from appliance.telemetry.source import SourceStatus, TelemetrySample, TelemetrySource
from appliance.telemetry.uprobe_prerequisites import missing_uprobe_prerequisite
from appliance.telemetry.uprobe_source import UprobeSource

__all__ = [
    "DeviceStats",
    "GpmMetrics",
    "GpuCall",
    "GpuCallStats",
    "GpuLibrary",
    "GpuLibraryKind",
    "NvmlSource",
    "ProbeAttachError",
    "ProcessGpuCalls",
    "SourceStatus",
    "TelemetryError",
    "TelemetrySample",
    "TelemetrySource",
    "UprobeSource",
    "find_gpu_libraries",
    "library_kind",
    "missing_uprobe_prerequisite",
]
