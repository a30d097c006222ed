"""Find the GPU libraries a process has mapped, from /proc/PID/maps."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from appliance.telemetry.gpu_calls import GpuLibraryKind

# Sonames start like this; libcudart, libnccl-net plugins and the like do not match.
_PREFIXES = {f"{kind.value}.so": kind for kind in GpuLibraryKind}


@dataclass(frozen=True, slots=True)
class GpuLibrary:
    """A GPU library file, as the process that maps it names it."""

    kind: GpuLibraryKind
    path: Path


def library_kind(path: str | Path) -> GpuLibraryKind | None:
    """Which GPU library a file is, by its name (`libcuda.so.1`, `libnccl.so.2.21.5`)."""
    name = Path(path).name
    return next((kind for prefix, kind in _PREFIXES.items() if name.startswith(prefix)), None)


def find_gpu_libraries(pid: int, *, proc: Path = Path("/proc")) -> tuple[GpuLibrary, ...]:
    """The libcuda and libnccl files process `pid` has mapped, in mapping order.

    Raises ProcessLookupError if the process does not exist. A library the process loads
    later (CUDA initialises lazily) is not listed yet."""
    try:
        maps = (proc / str(pid) / "maps").read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError as exc:
        raise ProcessLookupError(f"no process {pid}") from exc
    found: dict[Path, GpuLibrary] = {}
    for line in maps.splitlines():
        # address perms offset dev inode [path]; the path may contain spaces.
        fields = line.split(maxsplit=5)
        if len(fields) < 6 or not fields[5].startswith("/"):
            continue
        path = Path(fields[5].removesuffix(" (deleted)"))
        kind = library_kind(path)
        if kind is not None and path not in found:
            found[path] = GpuLibrary(kind, path)
    return tuple(found.values())
