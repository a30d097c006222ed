"""What bench/e2e.py measured, as a table and as one JSON object."""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from typing import Any

from bench._process_cpu import TreeCpu
from bench._stage_breakdown import TAIL_STAGES, TTFT_STAGES, StageSummary, quantile, summarise
from bench._trace_workload import Workload

TARGET_RATIO = 0.95
TARGET_ADDED_TTFT_P50_MS = 5.0


@dataclass
class Sample:
    """One request as the client saw it; times in seconds from its send. `first_event_s`
    is the daemon's `started` event (for bare vLLM: its first output, = `ttft_s`);
    `ttft_s` the first text or token ids."""

    index: int
    request_id: str
    sent_wall: float
    sent: float
    late_s: float
    first_event_s: float
    ttft_s: float
    total_s: float
    output_tokens: int
    status: str


@dataclass
class Run:
    """One system's replay."""

    system: str
    samples: list[Sample]
    # CPU seconds over the replay: this (client) process; the serving front end (this same
    # process for bare vLLM, the daemon otherwise) and its engine processes.
    client_cpu_s: float
    server_cpu: TreeCpu

    @property
    def served(self) -> list[Sample]:
        """The requests that ended OK."""
        return [s for s in self.samples if s.status == "OK"]

    @property
    def output_tokens(self) -> int:
        """Tokens generated for the served requests."""
        return sum(s.output_tokens for s in self.served)

    @property
    def makespan_s(self) -> float:
        """First send to last end of stream."""
        first = min(s.sent for s in self.samples)
        return max(s.sent + s.total_s for s in self.samples) - first

    @property
    def tokens_per_s(self) -> float:
        """Output tokens per second over the makespan."""
        return self.output_tokens / self.makespan_s

    def ttft_ms(self, q: float) -> float:
        """TTFT quantile of the served requests, milliseconds."""
        return 1000 * quantile([s.ttft_s for s in self.served], q)

    def summary(self) -> dict[str, Any]:
        """JSON-ready figures of this run."""
        served = self.served
        return {
            "requests": len(self.samples),
            "served": len(served),
            "failed": sorted({s.status for s in self.samples if s.status != "OK"}),
            "output_tokens": self.output_tokens,
            "makespan_s": round(self.makespan_s, 3),
            "tokens_per_s": round(self.tokens_per_s, 1),
            "ttft_ms": summarise([s.ttft_s for s in served]).as_dict(),
            "first_event_ms": summarise([s.first_event_s for s in served]).as_dict(),
            "total_ms": summarise([s.total_s for s in served]).as_dict(),
            "max_send_lateness_ms": round(1000 * max(s.late_s for s in self.samples), 3),
            "cpu_s": {
                "client": round(self.client_cpu_s, 3),
                "front_end": round(self.server_cpu.root_s, 3),
                "engine": round(self.server_cpu.descendants_s, 3),
            },
        }


@dataclass
class Report:
    """Everything one run of bench/e2e.py found."""

    workload: Workload
    plugin: str
    bare: Run
    daemon: Run
    traced: Run
    """The same replay through a daemon exporting OpenTelemetry spans (the breakdown's)."""
    stages: dict[str, StageSummary]
    covered: int
    screen_detector_s: list[float]
    screen_round_trip_s: list[float]
    loadavg: dict[str, float]

    @property
    def ratio(self) -> float:
        """Daemon tokens/s over bare tokens/s."""
        return self.daemon.tokens_per_s / self.bare.tokens_per_s

    def added_ttft_ms(self, q: float) -> float:
        """Daemon TTFT quantile minus bare TTFT quantile."""
        return self.daemon.ttft_ms(q) - self.bare.ttft_ms(q)

    def paired_added_ttft_ms(self) -> float:
        """Median over requests served by both of (daemon TTFT - bare TTFT)."""
        bare = {s.index: s.ttft_s for s in self.bare.served}
        pairs = [s.ttft_s - bare[s.index] for s in self.daemon.served if s.index in bare]
        return 1000 * statistics.median(pairs) if pairs else float("nan")

    def as_dict(self) -> dict[str, Any]:
        """The whole report as one JSON object."""
        requests = self.workload.requests
        return {
            "scaling": self.workload.scaling.as_dict(),
            "workload": {
                "requests": len(requests),
                "arrival_span_s": round(self.workload.duration_s, 3),
                "prompt_tokens_mean": round(statistics.fmean(r.prompt_tokens for r in requests), 1),
                "max_tokens_sum": sum(r.max_tokens for r in requests),
                "redrawn_prompts": self.workload.redrawn_prompts,
            },
            "plugin": self.plugin,
            "bare": self.bare.summary(),
            "daemon": self.daemon.summary(),
            "daemon_with_spans": self.traced.summary(),
            "throughput_ratio": round(self.ratio, 4),
            "added_ttft_ms": {
                "p50": round(self.added_ttft_ms(0.5), 3),
                "p99": round(self.added_ttft_ms(0.99), 3),
                "paired_median": round(self.paired_added_ttft_ms(), 3),
            },
            "targets": {
                "throughput_ratio_min": TARGET_RATIO,
                "throughput_ratio_met": self.ratio >= TARGET_RATIO,
                "added_ttft_p50_ms_max": TARGET_ADDED_TTFT_P50_MS,
                "added_ttft_p50_met": self.added_ttft_ms(0.5) <= TARGET_ADDED_TTFT_P50_MS,
            },
            "daemon_stages_ms": {k: v.as_dict() for k, v in self.stages.items()},
            "daemon_stages_requests": self.covered,
            "screen_rpc_ms": {
                "detector": summarise(self.screen_detector_s).as_dict(),
                "round_trip": summarise(self.screen_round_trip_s).as_dict(),
            },
            "loadavg_1m": self.loadavg,
        }


def print_report(report: Report) -> None:
    """The human-readable tables."""
    data = report.as_dict()
    scaling, workload = data["scaling"], data["workload"]
    print(
        f"\nTrace: first {workload['requests']} requests, arrivals / {scaling['rate_scale']:g} "
        f"(idle gaps <= {scaling['max_idle_s']:g} s) over {workload['arrival_span_s']:.1f} s; "
        f"prompts ContextTokens x {scaling['context_scale']:g} (<= "
        f"{scaling['max_prompt_tokens']}, mean {workload['prompt_tokens_mean']:.0f} tokens); "
        f"max_tokens GeneratedTokens x {scaling['generated_scale']:g} (1..."
        f"{scaling['max_generated']}, sum {workload['max_tokens_sum']}); seed {scaling['seed']}; "
        f"{workload['redrawn_prompts']} prompts redrawn (screening would block them)."
    )
    print(
        f"Daemon: mTLS, screening on (block at 0.5), plugin {report.plugin}; 'daemon' runs the "
        "default configuration (no span export) and sets the figures below, 'daemon+spans' "
        "the same replay exporting OpenTelemetry spans, which give the stage breakdown.\n"
    )
    header = (
        f"{'system':<12} {'served':>7} {'out tok':>8} {'span s':>7} {'tok/s':>7} "
        f"{'TTFT p50/p99 ms':>16} {'total p50/p99 ms':>17} {'late max ms':>12}"
    )
    print(header)
    for run in (report.bare, report.daemon, report.traced):
        s = run.summary()
        print(
            f"{run.system:<12} {s['served']:>4}/{s['requests']:<3}{s['output_tokens']:>8} "
            f"{s['makespan_s']:>7.2f} {s['tokens_per_s']:>7.0f} "
            f"{s['ttft_ms']['p50_ms']:>7.1f}/{s['ttft_ms']['p99_ms']:<8.1f} "
            f"{s['total_ms']['p50_ms']:>8.1f}/{s['total_ms']['p99_ms']:<8.1f} "
            f"{s['max_send_lateness_ms']:>12.1f}"
        )
    _print_cpu(report)
    added = data["added_ttft_ms"]
    verdict = {True: "met", False: "MISSED"}
    targets = data["targets"]
    print(
        f"\nthroughput ratio daemon/bare {report.ratio:.3f} (target >= {TARGET_RATIO}: "
        f"{verdict[targets['throughput_ratio_met']]})"
        f"\nTTFT added p50 {added['p50']:+.1f} ms (target <= {TARGET_ADDED_TTFT_P50_MS:g}: "
        f"{verdict[targets['added_ttft_p50_met']]}), p99 {added['p99']:+.1f} ms, "
        f"paired median {added['paired_median']:+.1f} ms"
    )
    _print_stages(report)
    screen = data["screen_rpc_ms"]
    print(
        f"\nScreen RPC on {len(report.screen_detector_s)} of the prompts, one at a time: "
        f"detector p50 {screen['detector']['p50_ms']:.2f} / p99 "
        f"{screen['detector']['p99_ms']:.2f} ms, round trip p50 "
        f"{screen['round_trip']['p50_ms']:.2f} / p99 {screen['round_trip']['p99_ms']:.2f} ms"
    )
    load = " ".join(f"{k} {v:.2f}" for k, v in report.loadavg.items())
    print(f"load average (1 min; 2 cores, shared machine): {load}")


def _print_stages(report: Report) -> None:
    stages = report.stages
    if not stages:
        print("\n(no request had its spans and log line: no stage breakdown)")
        return
    print(
        f"\nWhere a daemon request's time goes (the daemon+spans run: {report.covered} requests "
        "with client timings, spans and a log line; ms):"
    )
    print(f"{'stage':<44} {'mean':>8} {'p50':>8} {'p99':>8}")
    for label, key in TTFT_STAGES:
        s = stages[key]
        print(f"{label:<44} {s.mean_ms:>8.2f} {s.p50_ms:>8.2f} {s.p99_ms:>8.2f}")
    total = sum(stages[key].mean_ms for _, key in TTFT_STAGES)
    bare = summarise([s.ttft_s for s in report.bare.served])
    engine = stages["engine_first_token"].mean_ms
    print(f"{'= daemon TTFT (first text), sum of means':<44} {total:>8.2f}")
    print(f"{'bare vLLM TTFT':<44} {bare.mean_ms:>8.2f} {bare.p50_ms:>8.2f} {bare.p99_ms:>8.2f}")
    print(
        f"mean added {total - bare.mean_ms:+.2f} ms = daemon stages outside the engine "
        f"{total - engine:+.2f} ms + engine-side difference {engine - bare.mean_ms:+.2f} ms"
    )
    shares = [(stages[key].mean_ms, label.split(" (")[0]) for label, key in TTFT_STAGES]
    shares = [share for share in shares if not share[1].startswith("engine:")]
    shares.append((engine - bare.mean_ms, "engine-side difference"))
    largest = ", ".join(f"{label} {ms:.1f}" for ms, label in sorted(shares, reverse=True)[:3])
    print(f"largest parts of the added mean TTFT (ms): {largest}")
    for label, key in TAIL_STAGES:
        s = stages[key]
        print(f"{label:<44} {s.mean_ms:>8.2f} {s.p50_ms:>8.2f} {s.p99_ms:>8.2f}")
    queue = stages["queue"]
    label = "(vLLM queue_s, part of engine first token)"
    print(f"{label:<44} {queue.mean_ms:>8.2f} {queue.p50_ms:>8.2f} {queue.p99_ms:>8.2f}")


def _print_cpu(report: Report) -> None:
    print(
        "\nCPU over the replay, ms per output token (front end: the bare AsyncLLM's process, "
        "which also runs the client, or the daemon; engine: their engine-core processes):"
    )
    print(f"{'system':<10} {'front end':>10} {'engine':>8} {'client':>8} {'all':>8}")
    for run in (report.bare, report.daemon, report.traced):
        per_token = 1000 / max(1, run.output_tokens)
        front, engine = run.server_cpu.root_s, run.server_cpu.descendants_s
        bare = run is report.bare
        client = 0.0 if bare else run.client_cpu_s
        shown = "(same)" if bare else f"{per_token * client:.2f}"
        print(
            f"{run.system:<10} {per_token * front:>10.2f} {per_token * engine:>8.2f} "
            f"{shown:>8} {per_token * (front + engine + client):>8.2f}"
        )
