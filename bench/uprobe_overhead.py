"""What a uprobe costs the probed process: ns per call of stand-in cuLaunchKernel and
ncclAllReduce with no probes, with entry probes only (`measure_latency=False`) and with entry
and return probes (the default), in one run.

The stand-ins (tests/assets/telemetry/) return at once, so the difference is the probe: the
breakpoint trap, the BPF program and the return to user space. Each configuration also
checks that the probes counted every call. Needs root (BPF).

    .venv/bin/python bench/uprobe_overhead.py [--calls 100000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from appliance.telemetry import GpuCall, UprobeSource, missing_uprobe_prerequisite  # noqa: E402
from tests.appliance.telemetry.standin import (  # noqa: E402
    GpuCallDriver,
    StandinLibraries,
    build_standins,
)

NCCL_BFLOAT16 = 9
# (symbol, call type, size argument, datatype)
SYMBOLS = [
    ("cuLaunchKernel", GpuCall.LAUNCH_KERNEL, 0, 0),
    ("ncclAllReduce", GpuCall.ALL_REDUCE, 4096, NCCL_BFLOAT16),
]


def time_symbol(
    standins: StandinLibraries, symbol: str, size: int, datatype: int, calls: int, rounds: int
) -> tuple[float, int]:
    """Median ns per call over `rounds`, and the driver's PID."""
    with GpuCallDriver(standins) as driver:
        driver.load()
        driver.time_calls(symbol, 1000, size, datatype)  # warm up
        per_call = [driver.time_calls(symbol, calls, size, datatype) for _ in range(rounds)]
        return statistics.median(per_call), driver.pid


def measure(
    standins: StandinLibraries,
    calls: int,
    rounds: int,
    source: UprobeSource | None,
) -> dict[str, float]:
    results: dict[str, float] = {}
    for symbol, call, size, datatype in SYMBOLS:
        ns, pid = time_symbol(standins, symbol, size, datatype, calls, rounds)
        results[symbol] = ns
        if source is not None:
            (process,) = [p for p in source.sample().processes if p.pid == pid]
            stats = process.get(call)
            expected = 1000 + calls * rounds
            counted = stats.calls if stats is not None else 0
            if counted != expected:
                raise SystemExit(f"{symbol}: probes counted {counted} calls, expected {expected}")
    return results


def with_source(
    standins: StandinLibraries, measure_latency: bool
) -> Callable[[int, int], dict[str, float]]:
    def run(calls: int, rounds: int) -> dict[str, float]:
        source = UprobeSource(
            calls=[call for _, call, _, _ in SYMBOLS], measure_latency=measure_latency
        )
        source.start()
        if not source.status().reason.startswith("BPF program loaded"):
            raise SystemExit(f"uprobes did not load: {source.status().reason}")
        try:
            source.attach(standins.cuda)
            source.attach(standins.nccl)
            return measure(standins, calls, rounds, source)
        finally:
            source.close()

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=100_000, help="calls per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    missing = missing_uprobe_prerequisite()
    if missing is not None:
        raise SystemExit(f"uprobes cannot load here: {missing}")

    with tempfile.TemporaryDirectory() as scratch:
        standins = build_standins(Path(scratch))
        configurations: dict[str, Callable[[int, int], dict[str, float]]] = {
            "no probes": lambda calls, rounds: measure(standins, calls, rounds, None),
            "entry probe": with_source(standins, measure_latency=False),
            "entry + return probes": with_source(standins, measure_latency=True),
        }
        results = {name: run(args.calls, args.rounds) for name, run in configurations.items()}

    baseline = results["no probes"]
    print(f"{args.calls} calls x {args.rounds} rounds per symbol, median ns per call")
    print(f"{'':24}" + "".join(f"{symbol:>34}" for symbol, *_ in SYMBOLS))
    for name, per_symbol in results.items():
        cells = []
        for symbol, *_ in SYMBOLS:
            ns = per_symbol[symbol]
            added = ns - baseline[symbol]
            cells.append(f"{ns:10.0f} ns (+{added / 1000:6.2f} us, x{ns / baseline[symbol]:5.0f})")
        print(f"{name:24}" + "".join(f"{cell:>34}" for cell in cells))
    entry = results["entry probe"]["cuLaunchKernel"] - baseline["cuLaunchKernel"]
    both = results["entry + return probes"]["cuLaunchKernel"] - baseline["cuLaunchKernel"]
    for rate in (10_000, 100_000):
        print(
            f"at {rate} launches/s: {entry * rate / 1e9:.1%} of a core with entry probes, "
            f"{both * rate / 1e9:.1%} with entry + return probes"
        )


if __name__ == "__main__":
    main()
