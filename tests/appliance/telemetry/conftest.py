"""Fixtures for the uprobe tests: stand-in GPU libraries and one loaded BPF program per
test module, probing the stand-ins for every process (compiling takes a while, and each
detach costs the kernel ~0.1 s per probe, so tests share both and tell their processes
apart by PID, as the appliance tells engines apart).

The uprobes are real: BCC compiles and loads the program, and the kernel runs it on calls
into stand-ins of libcuda and libnccl (no GPU here). The tests skip only where BPF cannot
load at all (not root, no bcc, no kernel headers), with that reason.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from appliance.telemetry import UprobeSource
from tests.appliance.telemetry.standin import StandinLibraries, build_standins, require_uprobes


@pytest.fixture(scope="module")
def standins(tmp_path_factory: pytest.TempPathFactory) -> StandinLibraries:
    return build_standins(tmp_path_factory.mktemp("standin-gpu-libraries"))


@pytest.fixture(scope="module")
def uprobes(standins: StandinLibraries) -> Iterator[UprobeSource]:
    require_uprobes()
    source = UprobeSource()
    source.start()
    assert source.status().reason.startswith("BPF program loaded"), source.status()
    assert source.attach(standins.cuda) == 11
    assert source.attach(standins.nccl) == 5
    yield source
    source.close()
