"""GPU library calls per process, counted by eBPF uprobes on libcuda and libnccl (BCC).

One BPF program counts every probed call into a map keyed by (pid, call type); `sample()`
reads it and turns the running totals into rates. Probes attach per library file, for one
process or for every process that maps the file, and they count a library the process
loads after the attach (CUDA initialises lazily): uprobes sit on the file, not on a mapping.

Each probed call costs a few microseconds (bench/uprobe_overhead.py measures it), and a
return probe about as much again: probe only the calls the router reads, and turn latency
off where it is not needed.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from appliance.telemetry._bcc_program import BccProgram, CallTotals
from appliance.telemetry._probe_program import (
    CALLS_BY_ID,
    probed_functions,
    program_text,
)
from appliance.telemetry.errors import ProbeAttachError, TelemetryError
from appliance.telemetry.gpu_calls import GpuCall, GpuCallStats, ProcessGpuCalls
from appliance.telemetry.gpu_libraries import GpuLibrary, find_gpu_libraries
from appliance.telemetry.source import SourceStatus, TelemetrySample
from appliance.telemetry.uprobe_prerequisites import missing_uprobe_prerequisite

log = logging.getLogger(__name__)

# (real path of the library, pid or None for every process)
_Target = tuple[str, int | None]

_EMPTY = CallTotals(calls=0, bytes=0, returns=0, errors=0, latency_ns=0)


class UprobeSource:
    """Counts libcuda and libnccl calls per process with BCC uprobes."""

    def __init__(
        self, *, calls: Iterable[GpuCall] = tuple(GpuCall), measure_latency: bool = True
    ) -> None:
        """`calls`: the call types to probe. `measure_latency`: add return probes (host
        latency and error counts) at about twice the cost per call."""
        self._functions = probed_functions(calls)
        self._measure_latency = measure_latency
        self._lock = threading.Lock()
        self._program: BccProgram | None = None
        self._status = SourceStatus(live=False, reason="not started")
        self._attached: dict[_Target, list[str]] = {}
        self._previous: dict[tuple[int, int], CallTotals] = {}
        self._previous_at = time.monotonic()

    @property
    def name(self) -> str:
        return "uprobes"

    def start(self) -> None:
        """Compile and load the BPF program (blocking; a second or so). Never raises: a
        machine that cannot load BPF leaves the source unavailable, with the reason."""
        with self._lock:
            if self._program is not None:
                return
            missing = missing_uprobe_prerequisite()
            if missing is not None:
                self._status = SourceStatus(live=False, reason=missing)
                return
            text = program_text(self._functions, measure_latency=self._measure_latency)
            try:
                self._program = BccProgram(text)
            except (TelemetryError, ImportError, OSError) as exc:
                self._status = SourceStatus(live=False, reason=str(exc))
                return
            self._previous_at = time.monotonic()
            self._update_status()

    def attach(self, library: str | Path, *, pid: int | None = None) -> int:
        """Probe the GPU calls in `library` (a libcuda or libnccl file), for process `pid`
        or, with None, for every process that maps it; return the number of symbols
        probed. Attaching again is a no-op. Raises ProbeAttachError when the source is not
        loaded, the file or process is missing, or the file defines no probed symbol.

        Prefer one library-wide attach per file: the map separates processes anyway, and
        every detach costs the kernel ~0.1 s per probe (an RCU grace period). Probes of
        processes that have exited are detached here, after the new ones are in place."""
        with self._lock:
            program = self._program
            if program is None:
                raise ProbeAttachError(f"uprobes are not loaded: {self._status.reason}")
            if pid is not None and not _alive(pid):
                raise ProbeAttachError(f"no process {pid}")
            path = os.path.realpath(library)
            if (path, pid) in self._attached or (path, None) in self._attached:
                return 0
            if not os.path.isfile(path):
                raise ProbeAttachError(f"no library file {library}")
            wanted = {symbol for function in self._functions for symbol in function.symbols}
            addresses = program.function_symbols(path, wanted)
            if not addresses:
                raise ProbeAttachError(f"{library} defines none of the probed GPU calls")
            if pid is None:
                # Probes for one process would count its calls a second time: remove them
                # first, even though that holds the lock for a while.
                for target in [t for t in self._attached if t[0] == path]:
                    program.detach(self._attached.pop(target))
            events = self._attach_symbols(program, path, addresses, pid)
            self._attached[(path, pid)] = events
            stale = self._pop_exited_targets()
            self._update_status()
        for stale_events in stale:
            program.detach(stale_events)
        return len(events) // (2 if self._measure_latency else 1)

    def detach(self, library: str | Path, *, pid: int | None = None) -> None:
        """Remove the probes `attach(library, pid=pid)` placed (blocking: ~0.1 s per probe);
        unknown targets are ignored."""
        with self._lock:
            events = self._attached.pop((os.path.realpath(library), pid), None)
            program = self._program
            if program is not None:
                self._update_status()
        if events is not None and program is not None:
            program.detach(events)

    def attach_process(self, pid: int) -> tuple[GpuLibrary, ...]:
        """Probe the GPU libraries process `pid` has mapped now (from /proc/PID/maps), for
        that process only; return them. A process that has not initialised CUDA yet maps
        none: attach its library path with `attach(path, pid=pid)` instead."""
        libraries = find_gpu_libraries(pid)
        for library in libraries:
            self.attach(library.path, pid=pid)
        return libraries

    def _attach_symbols(
        self, program: BccProgram, path: str, addresses: dict[str, int], pid: int | None
    ) -> list[str]:
        events: list[str] = []
        # Aliases share an address; a second probe there would count each call twice.
        probed: set[int] = set()
        try:
            for function in self._functions:
                for symbol in function.symbols:
                    address = addresses.get(symbol)
                    if address is None or address in probed:
                        continue
                    probed.add(address)
                    events.append(program.attach(path, address, function.entry_handler, pid=pid))
                    if self._measure_latency:
                        events.append(
                            program.attach(
                                path, address, function.return_handler, pid=pid, on_return=True
                            )
                        )
        except ProbeAttachError:
            program.detach(events)
            raise
        return events

    def sample(self) -> TelemetrySample:
        """Totals and rates per process since the previous sample. A process that exited
        is reported once more, with `exited=True`, then forgotten."""
        with self._lock:
            now = time.monotonic()
            interval = now - self._previous_at
            program = self._program
            if program is None:
                return TelemetrySample(self.name, self._status, now, interval)
            try:
                totals = program.read_totals()
                exited = {pid for pid, _ in totals if not _alive(pid)}
                if exited:
                    # Read again: a process that had exited before this read has all its
                    # calls in it, and its entries are deleted below.
                    totals = program.read_totals()
            except TelemetryError as exc:
                log.warning("uprobe source stopped: %s", exc)
                self._status = SourceStatus(live=False, reason=str(exc))
                return TelemetrySample(self.name, self._status, now, interval)
            by_pid: dict[int, list[GpuCallStats]] = {}
            for (pid, call_id), current in sorted(totals.items()):
                call = CALLS_BY_ID.get(call_id)
                if call is not None:
                    previous = self._previous.get((pid, call_id), _EMPTY)
                    by_pid.setdefault(pid, []).append(_stats(call, current, previous, interval))
            program.forget([key for key in totals if key[0] in exited])
            self._previous = {key: value for key, value in totals.items() if key[0] not in exited}
            self._previous_at = now
            processes = tuple(
                ProcessGpuCalls(pid, tuple(calls), exited=pid in exited)
                for pid, calls in by_pid.items()
            )
            return TelemetrySample(self.name, self._status, now, interval, processes=processes)

    def status(self) -> SourceStatus:
        with self._lock:
            return self._status

    def close(self) -> None:
        """Detach every probe and unload the program."""
        with self._lock:
            program, self._program = self._program, None
            self._attached.clear()
            if program is not None:
                program.close()
                self._status = SourceStatus(live=False, reason="closed")

    def _pop_exited_targets(self) -> list[list[str]]:
        # Probes for a process that is gone never fire again (they belong to the task, not
        # to its PID), but they hold kernel memory.
        gone = [t for t in self._attached if t[1] is not None and not _alive(t[1])]
        return [self._attached.pop(target) for target in gone]

    def _update_status(self) -> None:
        if not self._attached:
            self._status = SourceStatus(
                live=False, reason="BPF program loaded; no GPU library attached yet"
            )
            return
        probes = sum(len(events) for events in self._attached.values())
        libraries = len({path for path, _ in self._attached})
        latency = "with" if self._measure_latency else "without"
        self._status = SourceStatus(
            live=True, reason=f"{probes} uprobes on {libraries} libraries, {latency} latency"
        )


def _alive(pid: int) -> bool:
    return os.path.exists(f"/proc/{pid}")


def _stats(
    call: GpuCall, current: CallTotals, previous: CallTotals, interval: float
) -> GpuCallStats:
    def rate(now: int, before: int) -> float:
        return (now - before) / interval if interval > 0 else 0.0

    returns = current.returns - previous.returns
    latency_ns = current.latency_ns - previous.latency_ns
    return GpuCallStats(
        call=call,
        calls=current.calls,
        bytes=current.bytes,
        returns=current.returns,
        errors=current.errors,
        latency_s=current.latency_ns / 1e9,
        calls_per_s=rate(current.calls, previous.calls),
        bytes_per_s=rate(current.bytes, previous.bytes),
        mean_latency_s=latency_ns / returns / 1e9 if returns > 0 else None,
    )
