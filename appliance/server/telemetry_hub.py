"""GPU telemetry for the daemon: sources started once, sampled every `interval_s` on a
thread of their own, their latest readings turned into per-engine SM use and NVLink rates
for the router, and their liveness into status and metrics.

The uprobe source compiles a BPF program (seconds of CPU), so it starts only once some
engine process (or one of its workers) has libcuda or libnccl mapped: on CPU-only engines it
stays unavailable, saying so.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable, Sequence

from appliance.engine.contract import Engine
from appliance.telemetry import (
    DeviceStats,
    NvmlSource,
    SourceStatus,
    TelemetryError,
    TelemetrySample,
    TelemetrySource,
    UprobeSource,
    find_gpu_libraries,
)
from appliance.telemetry.settings import TelemetrySettings

log = logging.getLogger(__name__)

_PROCESS_SCAN_EVERY_S = 1.0
# A process without GPU libraries is read again after 1 s, 2 s, 4 s ... at most this long
# apart: CUDA loads lazily, but reading a vLLM process's maps (thousands of lines) every
# second cost the daemon ~20 % of its own CPU on a CPU-only engine.
_MAPS_RESCAN_MAX_S = 60.0


class TelemetryHub:
    """Owns the sources; never raises into the daemon for a missing capability."""

    def __init__(
        self,
        settings: TelemetrySettings,
        engines: Callable[[], Sequence[Engine]],
        *,
        nvml: TelemetrySource | None = None,
    ) -> None:
        """`nvml`: a source to use instead of NVML's (tests)."""
        self._settings = settings
        self._engines = engines
        self._nvml: TelemetrySource | None = nvml or (NvmlSource() if settings.nvml else None)
        self._uprobes = UprobeSource() if settings.uprobes else None
        self._uprobe_status = SourceStatus(False, "no engine process maps libcuda or libnccl")
        self._attached: set[int] = set()
        self._failed: set[int] = set()
        self._maps_due: dict[int, tuple[float, float]] = {}  # pid -> (next read, backoff)
        self._engine_pids: dict[str, frozenset[int]] = {}
        self._latest: dict[str, TelemetrySample] = {}
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> None:
        """Start the sources and the sampling thread."""
        self._thread = threading.Thread(target=self._run, name="telemetry", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop sampling and release probes and handles."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        for source in (self._nvml, self._uprobes):
            if source is not None:
                with contextlib.suppress(Exception):
                    source.close()

    def statuses(self) -> dict[str, SourceStatus]:
        """Each configured source: live or not, and why."""
        out: dict[str, SourceStatus] = {}
        if self._nvml is not None:
            out["nvml"] = self._nvml.status()
        if self._uprobes is not None:
            out["uprobes"] = self._uprobes.status() if self._attached else self._uprobe_status
        return out

    def gpu_load(self, engine: Engine) -> tuple[float | None, float | None]:
        """(SM use 0..1, NVLink bytes/s) of the engine's GPUs, None where not measured."""
        sm: float | None = None
        nvlink: float | None = None
        devices = set(engine.info.devices)
        nvml = self._latest.get("nvml")
        if nvml is not None and nvml.status.live:
            mine = [d for d in nvml.devices if not devices or d.index in devices]
            utils = [_sm_percent(d) for d in mine]
            known = [u for u in utils if u is not None]
            if known:
                sm = sum(known) / len(known) / 100.0
            rates = [
                (d.nvlink_tx_bytes_per_s or 0.0) + (d.nvlink_rx_bytes_per_s or 0.0)
                for d in mine
                if d.nvlink_tx_bytes_per_s is not None
            ]
            if rates:
                nvlink = sum(rates)
        probes = self._latest.get("uprobes")
        if nvlink is None and probes is not None and probes.status.live:
            # The process tree the sampling thread last saw: no /proc scan per decision.
            pids = self._engine_pids.get(engine.info.name, frozenset())
            nccl = [p.nccl_bytes_per_s for p in probes.processes if p.pid in pids]
            if nccl:
                nvlink = sum(nccl)
        return sm, nvlink

    def _run(self) -> None:
        if self._nvml is not None:
            self._nvml.start()
            log.info("telemetry nvml: %s", _describe(self._nvml.status()))
        next_scan = 0.0
        while not self._stop.wait(self._settings.interval_s):
            if time.monotonic() >= next_scan:  # engines' process trees change rarely
                next_scan = time.monotonic() + _PROCESS_SCAN_EVERY_S
                self._attach_new_engine_processes()
            for source in (self._nvml, self._uprobes):
                if source is None or not source.status().live:
                    continue
                try:
                    self._latest[source.name] = source.sample()
                except Exception:  # a broken reading must not stop the others
                    log.exception("telemetry %s: sampling failed", source.name)

    def _attach_new_engine_processes(self) -> None:
        if self._uprobes is None:
            return
        for engine in self._engines():
            tree = frozenset(_process_tree(engine.stats().process_ids))
            self._engine_pids[engine.info.name] = tree
            for pid in tree - self._attached - self._failed:
                if not self._maps_read_due(pid):
                    continue
                try:
                    libraries = find_gpu_libraries(pid)
                except (ProcessLookupError, PermissionError):
                    continue
                if not libraries:
                    continue
                self._uprobes.start()  # no-op once loaded
                try:
                    self._uprobes.attach_process(pid)
                except TelemetryError as exc:
                    # BPF cannot load here, or this library cannot be probed: say why.
                    self._uprobe_status = SourceStatus(
                        False, f"{self._uprobes.status().reason}; {exc}"
                    )
                    self._failed.add(pid)  # said once; not retried every scan
                    continue
                self._attached.add(pid)
                log.info(
                    "telemetry uprobes: attached to engine %s pid %d (%s)",
                    engine.info.name,
                    pid,
                    ", ".join(str(lib.path) for lib in libraries),
                )
        live = set().union(*self._engine_pids.values()) if self._engine_pids else set()
        for gone in self._maps_due.keys() - live:
            del self._maps_due[gone]

    def _maps_read_due(self, pid: int) -> bool:
        """Whether to read `pid`'s maps now; each read doubles the wait before the next."""
        now = time.monotonic()
        due, backoff = self._maps_due.get(pid, (now, _PROCESS_SCAN_EVERY_S))
        if now < due:
            return False
        self._maps_due[pid] = (now + backoff, min(backoff * 2.0, _MAPS_RESCAN_MAX_S))
        return True


def _process_tree(pids: Sequence[int]) -> set[int]:
    """The processes and all their descendants (vLLM's GPU work runs in worker children)."""
    import psutil

    found: set[int] = set()
    for pid in pids:
        try:
            process = psutil.Process(pid)
            found.add(pid)
            found.update(child.pid for child in process.children(recursive=True))
        except psutil.Error:
            continue
    return found


def _sm_percent(device: DeviceStats) -> float | None:
    """GPM's SM use where the GPU has it (finer), else NVML's busy percentage."""
    if device.gpm is not None and device.gpm.sm_util_pct is not None:
        return device.gpm.sm_util_pct
    return device.utilization_pct


def _describe(status: SourceStatus) -> str:
    return "live" if status.live else f"unavailable: {status.reason}"
