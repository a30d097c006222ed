"""Finding an engine process's libcuda and libnccl in /proc/PID/maps."""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.telemetry import GpuLibrary, GpuLibraryKind, find_gpu_libraries, library_kind
from tests.appliance.telemetry.standin import GpuCallDriver, StandinLibraries

NAMES = [
    ("/usr/lib/x86_64-linux-gnu/libcuda.so.1", GpuLibraryKind.CUDA),
    ("/usr/lib/x86_64-linux-gnu/libcuda.so.550.54.15", GpuLibraryKind.CUDA),
    ("/venv/lib/python3.11/site-packages/nvidia/nccl/lib/libnccl.so.2", GpuLibraryKind.NCCL),
    ("libnccl.so", GpuLibraryKind.NCCL),
    ("/usr/local/cuda/lib64/libcudart.so.12", None),
    ("/usr/lib/libnccl-net.so", None),
    ("/usr/lib/x86_64-linux-gnu/libc.so.6", None),
]


@pytest.mark.parametrize(("path", "kind"), NAMES)
def test_library_kind_by_file_name(path: str, kind: GpuLibraryKind | None) -> None:
    assert library_kind(path) is kind


def test_finds_the_libraries_a_process_has_loaded(standins: StandinLibraries) -> None:
    with GpuCallDriver(standins) as running:
        assert find_gpu_libraries(running.pid) == ()  # CUDA not initialised yet
        running.load()
        found = find_gpu_libraries(running.pid)

    assert set(found) == {
        GpuLibrary(GpuLibraryKind.CUDA, standins.cuda),
        GpuLibrary(GpuLibraryKind.NCCL, standins.nccl),
    }


def test_reads_paths_with_spaces_and_deleted_files(tmp_path: Path) -> None:
    maps = tmp_path / "4242" / "maps"
    maps.parent.mkdir()
    maps.write_text(
        "7f00-7f01 r-xp 00000000 08:01 1 /opt/my gpu/libcuda.so.1\n"
        "7f01-7f02 r--p 00001000 08:01 1 /opt/my gpu/libcuda.so.1\n"
        "7f02-7f03 r-xp 00000000 08:01 2 /old/libnccl.so.2 (deleted)\n"
        "7f03-7f04 rw-p 00000000 00:00 0 [heap]\n"
        "7f04-7f05 rw-p 00000000 00:00 0\n"
    )
    assert find_gpu_libraries(4242, proc=tmp_path) == (
        GpuLibrary(GpuLibraryKind.CUDA, Path("/opt/my gpu/libcuda.so.1")),
        GpuLibrary(GpuLibraryKind.NCCL, Path("/old/libnccl.so.2")),
    )


def test_missing_process_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ProcessLookupError, match="no process 4242"):
        find_gpu_libraries(4242, proc=tmp_path)
