"""A narrow typed wrapper over BCC's `BPF` object: compile, attach uprobes, read totals.

bcc (Debian's python3-bpfcc, linked into the venv by scripts/setup-bcc.sh) is untyped and
imported lazily, so everything else imports on machines without it. BCC raises bare
`Exception`s; they become ProbeAttachError or TelemetryError here.
"""

from __future__ import annotations

import atexit
import importlib
import re
import threading
from dataclasses import dataclass
from typing import Any

from appliance.telemetry.errors import ProbeAttachError, TelemetryError


@dataclass(frozen=True, slots=True)
class CallTotals:
    """One map entry: a process's running totals for one call type."""

    calls: int
    bytes: int
    returns: int
    errors: int
    latency_ns: int


class BccProgram:
    """One compiled and loaded BPF program and the uprobes attached to its handlers."""

    def __init__(self, text: str) -> None:
        self._probes_lock = threading.Lock()
        bcc = importlib.import_module("bcc")
        self._lib: Any = importlib.import_module("bcc.libbcc").lib
        self._bpf_class: Any = bcc.BPF
        try:
            self._bpf: Any = bcc.BPF(text=text.encode())
        except Exception as exc:  # BCC reports compile errors as a bare Exception
            raise TelemetryError(f"BPF program did not compile or load: {exc}") from exc
        # BCC's exit hook detaches through tracefs, which may not be mounted; closing the
        # perf-event descriptors (here, or by the kernel at exit) is what detaches.
        atexit.unregister(self._bpf.cleanup)

    def function_symbols(self, path: str, names: set[str]) -> dict[str, int]:
        """Which of `names` the ELF file `path` defines as functions, with their
        addresses. Raises ProbeAttachError if the file cannot be read as ELF."""
        pattern = b"^(" + b"|".join(re.escape(n).encode() for n in sorted(names)) + b")$"
        try:
            found = self._bpf_class.get_user_functions_and_addresses(path.encode(), pattern)
        except Exception as exc:
            raise ProbeAttachError(f"cannot read symbols of {path}: {exc}") from exc
        return {name.decode(): int(address) for name, address in found}

    def attach(
        self, path: str, address: int, handler: str, *, pid: int | None, on_return: bool = False
    ) -> str:
        """Attach `handler` at `address` of `path` (entry, or return with `on_return`),
        for one process or all; return the probe's event name for `detach`."""
        attach = self._bpf.attach_uretprobe if on_return else self._bpf.attach_uprobe
        with self._probes_lock:
            before = set(self._bpf.uprobe_fds)
            try:
                attach(
                    name=path.encode(),
                    addr=address,
                    fn_name=handler.encode(),
                    pid=-1 if pid is None else pid,
                )
            except Exception as exc:
                raise ProbeAttachError(f"cannot attach {handler} to {path}: {exc}") from exc
            (event,) = set(self._bpf.uprobe_fds) - before
        return str(event.decode())

    def detach(self, events: list[str]) -> None:
        """Detach probes by event name. Closing the perf event removes the uprobe (no
        tracefs needed); the kernel waits for a grace period per probe (~0.1 s), so this
        runs outside the lock that `attach` takes."""
        descriptors = []
        with self._probes_lock:
            for event in events:
                key = event.encode()
                if key in self._bpf.uprobe_fds:
                    descriptors.append(self._bpf.uprobe_fds[key])
                    self._bpf._del_uprobe_fd(key)
        for descriptor in descriptors:
            self._lib.bpf_close_perf_event_fd(descriptor)

    def attached_events(self) -> list[str]:
        """Event names of every attached probe."""
        with self._probes_lock:
            return [event.decode() for event in self._bpf.uprobe_fds]

    def read_totals(self) -> dict[tuple[int, int], CallTotals]:
        """Every map entry, keyed by (pid, call id)."""
        try:
            items = list(self._bpf[b"totals"].items())
        except Exception as exc:
            raise TelemetryError(f"cannot read the BPF map: {exc}") from exc
        return {
            (int(key.pid), int(key.call)): CallTotals(
                calls=int(value.calls),
                bytes=int(value.bytes),
                returns=int(value.returns),
                errors=int(value.errors),
                latency_ns=int(value.latency_ns),
            )
            for key, value in items
        }

    def forget(self, keys: list[tuple[int, int]]) -> None:
        """Delete map entries (of processes that exited)."""
        table = self._bpf[b"totals"]
        for pid, call in keys:
            key = table.Key(pid, call)
            try:
                del table[key]
            except KeyError:
                continue

    def close(self) -> None:
        """Detach every probe and unload the program."""
        self.detach(self.attached_events())
        self._bpf.cleanup()
