"""UprobeSource options (fewer calls, no latency probes), clean detach on close, and the
reasons it gives where BPF cannot load."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.telemetry import (
    GpuCall,
    ProbeAttachError,
    UprobeSource,
    missing_uprobe_prerequisite,
)
from tests.appliance.telemetry.standin import GpuCallDriver, StandinLibraries, require_uprobes

REPO = Path(__file__).resolve().parents[3]


def perf_event_descriptors() -> int:
    """Open perf events of this process: one per attached uprobe."""
    fds = Path("/proc/self/fd")
    links = []
    for fd in fds.iterdir():
        try:
            links.append(os.readlink(fd))
        except OSError:
            continue
    return sum(link == "anon_inode:[perf_event]" for link in links)


def test_narrowed_calls_without_latency_count_exactly_and_close_cleanly(
    standins: StandinLibraries,
) -> None:
    require_uprobes()
    before = perf_event_descriptors()
    source = UprobeSource(calls=[GpuCall.LAUNCH_KERNEL, GpuCall.ALL_REDUCE], measure_latency=False)
    source.start()
    try:
        # cuLaunchKernel and its _ptsz build, ncclAllReduce: entry probes only.
        assert source.attach(standins.cuda) == 2
        assert source.attach(standins.nccl) == 1
        assert source.status().reason == "3 uprobes on 2 libraries, without latency"
        assert perf_event_descriptors() == before + 3
        with GpuCallDriver(standins) as running:
            running.load()
            running.call("cuLaunchKernel", 12)
            running.call("ncclAllReduce", 3, 256, 7)
            running.call("cuMemcpyHtoDAsync_v2", 5, 100)  # not probed
            sample = source.sample()
    finally:
        source.close()

    (calls,) = [p for p in sample.processes if p.pid == running.pid]
    assert [(s.call, s.calls, s.bytes, s.returns, s.mean_latency_s) for s in calls.calls] == [
        (GpuCall.LAUNCH_KERNEL, 12, 0, 0, None),
        (GpuCall.ALL_REDUCE, 3, 3 * 256 * 4, 0, None),
    ]
    assert perf_event_descriptors() == before
    assert source.status().reason == "closed"
    assert not source.status().live
    assert source.sample().processes == ()


def test_unprivileged_process_reports_why_and_keeps_going() -> None:
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        pytest.skip("needs root and setpriv to drop to an unprivileged user")
    script = (
        "from appliance.telemetry import UprobeSource\n"
        "source = UprobeSource()\n"
        "source.start()\n"
        "sample = source.sample()\n"
        "print(sample.status.live, sample.status.reason, len(sample.processes), sep='|')\n"
        "source.close()\n"
    )
    unprivileged = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all"]
    result = subprocess.run(
        [*unprivileged, sys.executable, "-c", script],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "False|loading BPF needs root, or CAP_BPF and CAP_PERFMON|0"


def test_attach_before_start_names_the_reason() -> None:
    source = UprobeSource()
    assert source.status().reason == "not started"
    with pytest.raises(ProbeAttachError, match="uprobes are not loaded: not started"):
        source.attach("/lib/x86_64-linux-gnu/libc.so.6")


# (CapEff in /proc/self/status, missing prerequisite)
CAPABILITIES = [
    ("000001ffffffffff", None),  # root
    (f"{1 << 21:016x}", None),  # CAP_SYS_ADMIN
    (f"{1 << 39 | 1 << 38:016x}", None),  # CAP_BPF + CAP_PERFMON
    (f"{1 << 39:016x}", "loading BPF needs root, or CAP_BPF and CAP_PERFMON"),
    ("0000000000000000", "loading BPF needs root, or CAP_BPF and CAP_PERFMON"),
]


@pytest.mark.parametrize(("effective", "missing"), CAPABILITIES)
def test_capabilities_decide_whether_bpf_can_load(
    tmp_path: Path, effective: str, missing: str | None
) -> None:
    if missing_uprobe_prerequisite() is not None:
        pytest.skip(f"BPF cannot load here anyway: {missing_uprobe_prerequisite()}")
    status = tmp_path / "status"
    status.write_text(f"Name:\tpython\nCapInh:\t0000000000000000\nCapEff:\t{effective}\n")
    assert missing_uprobe_prerequisite(proc_status=status) == missing
