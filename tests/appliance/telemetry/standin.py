"""Stand-ins for libcuda and libnccl, and a process that calls them, for uprobe tests on
machines without a GPU.

The libraries (tests/assets/telemetry/) export the probed symbols with the real signatures
and ABI, so the probes go through the same code path as on a GPU server: uprobes on a file's
symbols, arguments read from the same registers. gcc builds them here; the driver calls
them a known number of times with known sizes. Also used by bench/uprobe_overhead.py.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pytest

from appliance.telemetry import missing_uprobe_prerequisite

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "telemetry"


def require_uprobes() -> None:
    """Skip, with the reason, where BPF cannot load at all (not root, no bcc, no headers)."""
    missing = missing_uprobe_prerequisite()
    if missing is not None:
        pytest.skip(f"BPF uprobes cannot load here: {missing}")


@dataclass(frozen=True)
class StandinLibraries:
    """Built stand-ins, named like the real files so /proc/PID/maps discovery finds them."""

    cuda: Path
    nccl: Path
    driver: Path


# -O0: no identical-code folding, so every symbol keeps its own address, as in the real
# libraries.
_SHARED_LIBRARY = ["-O0", "-Wall", "-Wextra", "-Werror", "-fPIC", "-shared"]


def _gcc(*arguments: str | Path) -> None:
    compiler = shutil.which("gcc")
    if compiler is None:
        raise RuntimeError("gcc is needed to build the stand-in GPU libraries")
    subprocess.run([compiler, *arguments], check=True)


def build_standin_nvml(directory: Path) -> Path:
    """Compile the stand-in libnvidia-ml.so.1 into `directory`; return its path."""
    directory.mkdir(parents=True, exist_ok=True)
    library = directory / "libnvidia-ml.so.1"
    _gcc(*_SHARED_LIBRARY, "-o", library, ASSETS / "standin_nvml.c")
    return library


def build_standins(directory: Path) -> StandinLibraries:
    """Compile the stand-in libcuda, libnccl and the driver into `directory`."""
    directory.mkdir(parents=True, exist_ok=True)
    built = StandinLibraries(
        cuda=directory / "libcuda.so.1",
        nccl=directory / "libnccl.so.2",
        driver=directory / "gpu_call_driver",
    )
    _gcc(*_SHARED_LIBRARY, "-o", built.cuda, ASSETS / "standin_cuda.c")
    _gcc(*_SHARED_LIBRARY, "-o", built.nccl, ASSETS / "standin_nccl.c")
    _gcc(
        "-O2",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-o",
        built.driver,
        ASSETS / "gpu_call_driver.c",
        "-ldl",
    )
    return built


def copy_library(library: Path, directory: Path) -> Path:
    """A copy of a stand-in under the same name: a new file, so probes on it are separate
    from probes on the original (uprobes belong to a file, not to a path)."""
    directory.mkdir(parents=True, exist_ok=True)
    copy = directory / library.name
    shutil.copy2(library, copy)
    return copy


class GpuCallDriver:
    """A running driver process. Commands block until the driver answers."""

    def __init__(
        self, standins: StandinLibraries, *, cuda: Path | None = None, nccl: Path | None = None
    ) -> None:
        """Start the driver; it loads `cuda` and `nccl` (default: the stand-ins) when told."""
        self._process = subprocess.Popen(
            [standins.driver, cuda or standins.cuda, nccl or standins.nccl],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        greeting = self._read()
        assert greeting.startswith("ready "), greeting
        self.pid = int(greeting.split()[1])

    def _read(self) -> str:
        stdout: IO[str] | None = self._process.stdout
        assert stdout is not None
        line = stdout.readline().strip()
        if not line:
            raise RuntimeError(f"driver exited: {self._process.wait()}")
        return line

    def _command(self, line: str) -> str:
        stdin: IO[str] | None = self._process.stdin
        assert stdin is not None
        stdin.write(line + "\n")
        stdin.flush()
        answer = self._read()
        if answer.startswith("error"):
            raise RuntimeError(f"driver: {answer}")
        return answer

    def load(self) -> None:
        """dlopen both stand-ins."""
        assert self._command("load") == "loaded"

    def set_delay(self, microseconds: int) -> None:
        """Make every stand-in call sleep this long."""
        self._command(f"delay {microseconds}")

    def call(self, symbol: str, times: int, size: int = 0, datatype: int = 0) -> int:
        """Call `symbol` `times` times; return how many calls returned an error."""
        return int(self._command(f"call {symbol} {times} {size} {datatype}").split()[1])

    def time_calls(self, symbol: str, times: int, size: int = 0, datatype: int = 0) -> float:
        """Call `symbol` `times` times; return the mean wall time per call in ns."""
        return float(self._command(f"time {symbol} {times} {size} {datatype}").split()[1])

    def exit(self) -> None:
        """End the process and reap it."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=10)
        if self._process.stdout is not None:
            self._process.stdout.close()

    def __enter__(self) -> GpuCallDriver:
        return self

    def __exit__(self, *exc_info: object) -> None:
        if self._process.poll() is None:
            self.exit()
