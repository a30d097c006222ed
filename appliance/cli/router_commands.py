"""`appliance route explain` and `appliance bench router`: the router, explained and simulated."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from appliance.routing import (
    DEFAULT_OBJECTIVES,
    AdmissionRefused,
    Router,
    RoutingError,
    format_decision,
    load_snapshot,
)


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    route = commands.add_parser("route", help="Inspect routing decisions.")
    route_commands = route.add_subparsers(dest="route_command", required=True)
    explain = route_commands.add_parser(
        "explain", help="Score a request against a JSON snapshot of engine loads; print why."
    )
    explain.add_argument("snapshot", type=Path, help="JSON: engines, request, objectives.")
    explain.add_argument("--json", action="store_true", help="Print the decision as JSON.")
    explain.set_defaults(run=_explain)

    bench = commands.add_parser("bench", help="Benchmarks and simulations.")
    bench_commands = bench.add_subparsers(dest="bench_command", required=True)
    router = bench_commands.add_parser(
        "router",
        help="Simulate N engines on a trace under round-robin, least-outstanding and ours.",
    )
    router.add_argument("--trace", type=Path, required=True, help="Azure-format CSV trace.")
    router.add_argument("--engines", type=_positive_int, default=8, help="Simulated engines.")
    router.add_argument(
        "--rate-scale", type=_positive_float, default=1.0, help="Arrival-rate multiplier."
    )
    router.add_argument(
        "--sweep",
        type=_scales,
        default=None,
        help="Comma-separated rate scales, e.g. 1,2,4,8 (instead of --rate-scale).",
    )
    router.add_argument("--seed", type=int, default=0, help="Seed of class/prefix assignment.")
    router.add_argument(
        "--duration-s", type=_positive_float, default=None, help="Only the first S seconds."
    )
    router.add_argument("--json", action="store_true", help="Print one JSON object.")
    router.add_argument("--heatmap", type=Path, default=None, help="Write TTFT heatmaps here.")
    router.set_defaults(run=_bench_router)


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number, got {text}")
    return value


def _scales(text: str) -> list[float]:
    try:
        return [_positive_float(part.strip()) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise argparse.ArgumentTypeError(f"expected numbers like 1,2,4,8: {exc}") from exc


def _explain(args: argparse.Namespace) -> int:
    try:
        snapshot = load_snapshot(args.snapshot)
        router = Router(objectives=snapshot.objectives)
        for engine_id, hashes in snapshot.affinity.items():
            router.affinity.record(hashes, engine_id)
        decision = router.route(snapshot.request, snapshot.loads, snapshot.now_s)
    except AdmissionRefused as refused:
        if args.json:
            outcome = {"outcome": "refused", "reason": refused.reason}
            print(json.dumps({**outcome, "retry_after_s": refused.retry_after_s}))
        else:
            print(f"refused: {refused.reason}; retry after {refused.retry_after_s:.2f} s")
        return 0
    except RoutingError as exc:
        print(f"appliance route explain: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(decision.as_dict(), indent=2))
    else:
        print(format_decision(decision))
    return 0


def _bench_router(args: argparse.Namespace) -> int:
    # The simulator (and matplotlib behind it) loads only when a simulation is asked for.
    from appliance.routing.simulation import (
        H100_8B,
        build_workload,
        compare_policies,
        comparison_dict,
        format_ratios,
        format_summary,
        load_trace,
        ratios,
        write_heatmaps,
    )

    scales = args.sweep or [args.rate_scale]
    try:
        rows = load_trace(args.trace)
    except RoutingError as exc:
        print(f"appliance bench router: {exc}", file=sys.stderr)
        return 1
    runs: list[dict[str, object]] = []
    for scale in scales:
        workload = build_workload(
            rows, rate_scale=scale, seed=args.seed, duration_s=args.duration_s
        )
        if not workload:
            print("appliance bench router: no requests in the chosen duration", file=sys.stderr)
            return 1
        started = time.perf_counter()
        comparison = compare_policies(workload, engines=args.engines)
        elapsed = time.perf_counter() - started
        result = comparison_dict(comparison.summaries)
        result["rate_scale"] = scale
        result["requests"] = len(workload)
        runs.append(result)
        if args.heatmap is not None:
            tag = f"_x{scale:g}" if len(scales) > 1 else ""
            written = write_heatmaps(list(comparison.results.values()), args.heatmap, tag=tag)
            if not args.json:
                print("heatmaps: " + ", ".join(str(path) for path in written))
        if not args.json:
            print(
                f"== {len(workload)} requests, {args.engines} engines, rate x{scale:g}, "
                f"seed {args.seed} (simulated in {elapsed:.1f} s)"
            )
            for summary in comparison.summaries.values():
                print(format_summary(summary))
                print()
            print(format_ratios(ratios(comparison.summaries)))
            print()
    config = {
        "trace": str(args.trace),
        "engines": args.engines,
        "seed": args.seed,
        "duration_s": args.duration_s,
        "profile": H100_8B.as_dict(),
        "objectives": {name: list(value) for name, value in DEFAULT_OBJECTIVES.items()},
    }
    if args.json:
        if args.sweep:
            print(json.dumps({"sweep": runs, "config": config}, indent=2))
        else:
            print(json.dumps({**runs[0], "config": config}, indent=2))
    elif len(runs) > 1:
        print(_sweep_table(runs))
    return 0


def _sweep_table(runs: list[dict[str, Any]]) -> str:
    lines = [
        "SLO attainment by rate scale",
        f"{'rate':>6}{'round_robin':>13}{'least_outst.':>14}{'ours':>8}"
        f"{'ours/rr':>9}{'ours/lor':>10}{'goodput ours':>14}",
    ]
    for run in runs:
        policies = run["policies"]
        ratios = run["ratios"]
        lines.append(
            f"{run['rate_scale']:>6g}"
            f"{policies['round_robin']['slo_attainment']:>13.1%}"
            f"{policies['least_outstanding']['slo_attainment']:>14.1%}"
            f"{policies['ours']['slo_attainment']:>8.1%}"
            f"{_ratio(ratios['vs_round_robin']):>9}{_ratio(ratios['vs_least_outstanding']):>10}"
            f"{policies['ours']['goodput']:>10.2f} r/s"
        )
    return "\n".join(lines)


def _ratio(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.2f}x"
