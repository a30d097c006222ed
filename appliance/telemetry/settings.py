"""Which GPU telemetry sources the daemon runs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TelemetrySettings(BaseModel):
    """Which GPU telemetry sources run, and how often they are read."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    nvml: bool = Field(default=True, description="Read NVML (utilisation, memory, NVLink).")
    uprobes: bool = Field(
        default=True,
        description="eBPF uprobes on the engines' libcuda/libnccl (root or CAP_BPF and "
        "CAP_PERFMON; started only once an engine process maps a GPU library).",
    )
    interval_s: float = Field(
        default=0.1, ge=0.01, le=60, description="Seconds between readings of each source."
    )
