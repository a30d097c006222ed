"""Resident memory of a process tree over time, sampled in a background thread."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import psutil


@dataclass
class MemorySampler:
    """Resident memory of a process and all its descendants (the daemon and its engine
    processes), every `interval_s` seconds until stopped."""

    pid: int
    interval_s: float = 0.5
    samples: list[tuple[float, int]] = field(default_factory=list)
    _stop: threading.Event = field(default_factory=threading.Event)

    def rss_bytes(self) -> int:
        """The tree's total RSS now; 0 once the process is gone."""
        try:
            root = psutil.Process(self.pid)
            processes = [root, *root.children(recursive=True)]
        except psutil.Error:
            return 0
        total = 0
        for process in processes:
            try:
                total += process.memory_info().rss
            except psutil.Error:
                continue  # a child that just exited
        return total

    def run(self) -> None:
        """Sample until `stop`; what `start` runs in its thread."""
        while not self._stop.is_set():
            self.samples.append((time.monotonic(), self.rss_bytes()))
            self._stop.wait(self.interval_s)

    def start(self) -> threading.Thread:
        """Sample in a daemon thread (it never keeps the program alive)."""
        thread = threading.Thread(target=self.run, daemon=True, name="rss-sampler")
        thread.start()
        return thread

    def stop(self) -> None:
        """End the sampling thread after its current sample."""
        self._stop.set()

    def between(self, start: float, end: float) -> list[int]:
        """Samples taken in [start, end] (time.monotonic seconds)."""
        return [rss for at, rss in self.samples if start <= at <= end]
