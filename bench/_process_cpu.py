"""CPU time of a process and of its descendants, from /proc (Linux): on a small shared machine
the serving front end, the engine core and the benchmark's client compete for the same
cores, so who spent the CPU says more than wall-clock latency alone."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class TreeCpu:
    """User + system CPU seconds of a root process and, together, of its descendants."""

    root_s: float
    descendants_s: float

    def __sub__(self, earlier: TreeCpu) -> TreeCpu:
        return TreeCpu(self.root_s - earlier.root_s, self.descendants_s - earlier.descendants_s)


def tree_cpu(root: int) -> TreeCpu:
    """CPU seconds so far of `root` and of its descendants that are alive now (the engine
    processes live through a whole replay, so differences over one replay are exact)."""
    parents: dict[int, int] = {}
    seconds: dict[int, float] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # the process ended while we looked
        # The command name is in parentheses and may hold spaces: split after the last ')'.
        fields = text[text.rindex(")") + 2 :].split()
        pid = int(stat.parent.name)
        parents[pid] = int(fields[1])
        seconds[pid] = (int(fields[11]) + int(fields[12])) / _TICKS
    descendants: set[int] = set()
    frontier = {root}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - descendants
        descendants |= frontier
    return TreeCpu(seconds.get(root, 0.0), sum(seconds[pid] for pid in descendants))
