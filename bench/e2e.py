"""End to end: a production request trace replayed through the daemon (mTLS, screening on,
one WASI plugin in the tenant's chain) and through bare vLLM `AsyncLLM`, in one run.

    .venv/bin/python bench/e2e.py [--quick] [--requests 400] [--rate-scale 4]
        [--plugin pii_redact|banned_terms|none] [--json]

Both systems get the same requests on the same open-loop schedule (each request is sent at
its arrival time, whether or not earlier ones have finished) and the same engine arguments,
one system at a time. Reported: output tokens/s of each and their ratio (daemon / bare), TTFT
p50/p99 of each and what the daemon adds, CPU per output token of each process, and where a
daemon request's time goes. The daemon exports its own OpenTelemetry spans (`tracing.
otlp_endpoint`) to a minimal OTLP/gRPC collector inside this process; they are joined with
its request log lines and the client's clock (bench/_stage_breakdown.py).

Scaling to a small CPU machine (the trace is a GPU service's; every factor is a flag and is
printed with the results):

- requests: the trace's first `--requests` rows, in arrival order;
- arrivals: offsets divided by `--rate-scale`, and any idle gap cut to `--max-idle-s` (the
  sample has minutes-long lulls);
- prompts: ContextTokens x `--context-scale`, at most `--max-prompt-tokens`; the text is
  seeded synthetic Python-like source cut to that many tokens of the model's tokenizer (a
  prompt the default screening policy would block is redrawn, and the count reported);
- outputs: max_tokens = GeneratedTokens x `--generated-scale`, 1 to `--max-generated`;
  decoding is greedy, so both systems generate the same tokens for the same prompt.

Throughput is output tokens over the time from the first send to the last end of stream.
While the offered load stays below what the machine can serve, both systems track the
arrivals and the ratio stays near 1 whatever the overhead: the bursts of the trace (and
`--rate-scale`) are what make it a measure.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import grpc

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from appliance.api import pb2, pb2_grpc  # noqa: E402
from appliance.config.settings import EngineConfig, StreamIntervals  # noqa: E402
from appliance.engine.demo_model import build_demo_model  # noqa: E402
from appliance.routing.simulation import load_trace  # noqa: E402
from bench._e2e_report import Report, Run, Sample, print_report  # noqa: E402
from bench._process_cpu import tree_cpu  # noqa: E402
from bench._span_collector import SpanCollector  # noqa: E402
from bench._stage_breakdown import (  # noqa: E402
    ClientTiming,
    StageSummary,
    breakdown,
    read_request_log,
)
from bench._systems import (  # noqa: E402
    BENCH_ENGINE_OVERRIDES,
    bare_sampling,
    mtls_credentials,
    start_bare_engine,
)
from bench._trace_workload import ScaledRequest, Scaling, Workload, build_workload  # noqa: E402
from enclave import DevPki, create_dev_pki  # noqa: E402
from tests.daemon_harness import engine_config, harness_policy, start_daemon  # noqa: E402

DEFAULT_TRACE = REPO.parent / "shared" / "traces" / "azure_llm_2023_code.csv"
PLUGINS = {
    "pii_redact": {},
    "banned_terms": {"terms": "password,secret,api_key", "action": "mask"},
}
WARM_UP = 8
SCREEN_SAMPLE = 50


Call = Callable[[ScaledRequest, float], Awaitable[Sample]]


async def replay(system: str, requests: list[ScaledRequest], call: Call, server_pid: int) -> Run:
    """Send each request at its offset (open loop) and wait for all of them; `server_pid`
    is the serving front end (this process for bare vLLM), its children the engine."""
    begin = time.perf_counter() + 0.1

    async def fire(request: ScaledRequest) -> Sample:
        scheduled = begin + request.offset_s
        await asyncio.sleep(max(0.0, scheduled - time.perf_counter()))
        return await call(request, scheduled)

    server_before = tree_cpu(server_pid)
    before = resource.getrusage(resource.RUSAGE_SELF)
    samples = await asyncio.gather(*(fire(r) for r in requests))
    after = resource.getrusage(resource.RUSAGE_SELF)
    server = tree_cpu(server_pid) - server_before
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(system, list(samples), cpu, server)


def warm_up_requests() -> list[ScaledRequest]:
    """Requests unlike the replay's (no prefix-cache hits for it), all sent at once."""
    return [
        ScaledRequest(-1 - i, 0.0, f"# warm-up {i}\n" + "value = value + 1\n" * 20, 0, 16, 0, 0)
        for i in range(WARM_UP)
    ]


async def replay_bare(config: EngineConfig, workload: Workload, stream_interval: int) -> Run:
    """The workload through an in-process `AsyncLLM`."""
    llm = start_bare_engine(config)

    async def call(request: ScaledRequest, scheduled: float) -> Sample:
        sent_wall, sent = time.time(), time.perf_counter()
        request_id = f"e2e-{request.index}"
        params = bare_sampling(request.max_tokens, stream_interval)
        ttft = 0.0
        tokens = 0
        async for out in llm.generate({"prompt": request.prompt}, params, request_id):
            ids = out.outputs[0].token_ids
            if tokens == 0 and ids:
                ttft = time.perf_counter() - sent
            tokens += len(ids)
        total = time.perf_counter() - sent
        late = sent - scheduled
        return Sample(
            request.index, request_id, sent_wall, sent, late, ttft, ttft, total, tokens, "OK"
        )

    try:
        await replay("warm-up", warm_up_requests(), call, os.getpid())
        return await replay("bare vLLM", workload.requests, call, os.getpid())
    finally:
        llm.shutdown()


async def replay_daemon(
    target: str, daemon_pid: int, pki: DevPki, workload: Workload, label: str
) -> tuple[Run, list[float], list[float]]:
    """The workload through the daemon's Generate over mTLS; then Screen on a sample of the
    prompts: the detector's own latency_ms and the call's round trip, in seconds."""
    async with grpc.aio.secure_channel(target, mtls_credentials(pki)) as channel:
        stub = pb2_grpc.InferenceStub(channel)

        async def call(request: ScaledRequest, scheduled: float) -> Sample:
            request_id = f"e2e-{request.index}" if request.index >= 0 else f"warm{request.index}"
            message = pb2.GenerateRequest(
                request_id=request_id,
                model="demo",
                text=request.prompt,
                sampling=pb2.SamplingParams(temperature=0.0, max_tokens=request.max_tokens),
                sla_class=pb2.INTERACTIVE,
            )
            sent_wall, sent = time.time(), time.perf_counter()
            first_event = ttft = 0.0
            tokens = 0
            status = "OK"
            try:
                async for response in stub.Generate(message, timeout=600):
                    now = time.perf_counter() - sent
                    match response.WhichOneof("event"):
                        case "started":
                            first_event = now
                        case "chunk":
                            # With a plugin chain chunks carry text only (no token ids).
                            if not ttft and (response.chunk.text or response.chunk.token_ids):
                                ttft = now
                        case "completed":
                            tokens = response.completed.usage.completion_tokens
            except grpc.aio.AioRpcError as error:
                status = error.code().name
            total = time.perf_counter() - sent
            return Sample(
                request.index,
                request_id,
                sent_wall,
                sent,
                sent - scheduled,
                first_event,
                ttft or total,
                total,
                tokens,
                status,
            )

        await replay("warm-up", warm_up_requests(), call, daemon_pid)
        run = await replay(label, workload.requests, call, daemon_pid)
        detector: list[float] = []
        round_trip: list[float] = []
        for request in workload.requests[:SCREEN_SAMPLE]:
            started = time.perf_counter()
            verdict = await stub.Screen(pb2.ScreenRequest(text=request.prompt), timeout=30)
            round_trip.append(time.perf_counter() - started)
            detector.append(verdict.latency_ms / 1000)
        return run, detector, round_trip


def bench_policy(plugin: str, module: Path | None) -> dict[str, Any]:
    """The test harness's policy; tenant `demo` (client certificate `client`) keeps the
    default screening (block at 0.5, every part), gets the plugin and room for bursts."""
    from appliance.plugins import sha256_digest

    policy = harness_policy()
    demo = next(t for t in policy["tenants"] if t["id"] == "demo")
    demo["limits"]["max_concurrent_streams"] = 4096
    if module is not None:
        entry = {
            "name": plugin.replace("_", "-"),
            "module": str(module),
            "digest": sha256_digest(module.read_bytes()),
            "config": PLUGINS[plugin],
        }
        demo["plugins"] = [entry]
    return policy


def measure_daemon(
    work: Path,
    model: Path,
    engine: dict[str, Any],
    policy: dict[str, Any],
    workload: Workload,
    *,
    traced: bool,
) -> tuple[Run, tuple[list[float], list[float]], dict[str, StageSummary], int]:
    """Start the daemon (`traced`: exporting spans to a collector here), replay the workload,
    read its log (and spans), stop it. Returns the run, the Screen sample (detector, round
    trip), the stage breakdown and how many requests it covers (empty without spans)."""
    pki = create_dev_pki(work / "pki")
    with contextlib.ExitStack() as stack:
        extra: dict[str, Any] = {}
        collector: SpanCollector | None = None
        if traced:
            collector = stack.enter_context(SpanCollector())
            extra = {"tracing": {"otlp_endpoint": collector.endpoint}}
        daemon = start_daemon(
            work / "daemon", model, pki, engine=engine, policy=policy, extra=extra
        )
        try:
            run, detector, round_trip = asyncio.run(
                replay_daemon(
                    daemon.target,
                    daemon.process.pid,
                    pki,
                    workload,
                    "daemon+spans" if traced else "daemon",
                )
            )
            logs = read_request_log(daemon.log_path)
            spans = {}
            if collector is not None:
                wanted = {
                    str(logs[s.request_id]["trace_id"]) for s in run.served if s.request_id in logs
                }
                spans = collector.wait_for(wanted, timeout_s=15)
        finally:
            daemon.terminate()
    if not traced:
        return run, (detector, round_trip), {}, 0
    timings = [
        ClientTiming(s.request_id, s.sent_wall, s.first_event_s, s.ttft_s, s.total_s)
        for s in run.served
    ]
    stages, covered = breakdown(timings, logs, spans)
    return run, (detector, round_trip), stages, covered


def loadavg() -> float:
    """The 1-minute load average (other jobs on a shared machine show up here)."""
    return os.getloadavg()[0]


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--trace", type=Path, default=DEFAULT_TRACE)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--rate-scale", type=float, default=4.0, help="Arrival rate factor.")
    parser.add_argument("--max-idle-s", type=float, default=1.0, help="Longest idle gap.")
    parser.add_argument("--context-scale", type=float, default=0.1)
    parser.add_argument("--max-prompt-tokens", type=int, default=1024)
    parser.add_argument("--generated-scale", type=float, default=1.0)
    parser.add_argument("--max-generated", type=int, default=64)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plugin", choices=[*PLUGINS, "none"], default="pii_redact")
    parser.add_argument(
        "--quick", action="store_true", help="60 requests (~1.5 min, mostly engine start-ups)."
    )
    parser.add_argument("--model-path", type=Path, help="Model directory (default: demo model)")
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    parser.add_argument("--keep", action="store_true", help="Keep the work directory (logs).")
    args = parser.parse_args()
    if args.quick:
        args.requests = min(args.requests, 60)
    return args


def measure(args: argparse.Namespace, work: Path) -> Report:
    """Prepare the workload in `work`, replay it through both systems, gather the report."""
    note = (lambda text: print(text, file=sys.stderr, flush=True)) if args.json else print
    model = args.model_path or build_demo_model(work / "model")
    scaling = Scaling(
        requests=args.requests,
        rate_scale=args.rate_scale,
        context_scale=args.context_scale,
        generated_scale=args.generated_scale,
        max_generated=args.max_generated,
        max_prompt_tokens=args.max_prompt_tokens,
        max_idle_s=args.max_idle_s,
        seed=args.seed,
    )
    workload = build_workload(load_trace(args.trace), scaling, model)
    overrides = {**BENCH_ENGINE_OVERRIDES, "default_max_tokens": 16}
    config = EngineConfig.model_validate(engine_config(model, **overrides))
    interval = StreamIntervals().interactive
    note(f"{len(workload.requests)} requests over {workload.duration_s:.1f} s")

    load = {"before": loadavg()}
    note("bare AsyncLLM in-process ...")
    bare = asyncio.run(replay_bare(config, workload, interval))
    load["after_bare"] = loadavg()

    module = None
    if args.plugin != "none":
        from appliance.plugins import build_plugin

        source = REPO / "plugins" / "examples" / args.plugin / f"{args.plugin}.c"
        module = build_plugin([source], work / f"{args.plugin}.wasm")
    daemon_engine = engine_config(model, **overrides)
    policy = bench_policy(args.plugin, module)
    note(f"daemon over mTLS (screening on, plugin {args.plugin}, default config) ...")
    served, screen, _, _ = measure_daemon(
        work / "plain", model, daemon_engine, policy, workload, traced=False
    )
    load["after_daemon"] = loadavg()
    note("the same daemon exporting OpenTelemetry spans, for the stage breakdown ...")
    traced, _, stages, covered = measure_daemon(
        work / "traced", model, daemon_engine, policy, workload, traced=True
    )
    load["after_traced"] = loadavg()
    return Report(
        workload=workload,
        plugin=args.plugin,
        bare=bare,
        daemon=served,
        traced=traced,
        stages=stages,
        covered=covered,
        screen_detector_s=screen[0],
        screen_round_trip_s=screen[1],
        loadavg=load,
    )


def main() -> int:
    args = parse_args()
    # vLLM logs to stdout by default: keep stdout for the tables or the JSON object.
    os.environ.setdefault("VLLM_LOGGING_STREAM", "ext://sys.stderr")
    work = Path(tempfile.mkdtemp(prefix="bench-e2e-"))
    try:
        report = measure(args, work)
    finally:
        if args.keep:
            print(f"kept {work} (daemon log: {work / 'daemon' / 'daemon.log'})", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
    if args.json:
        print(json.dumps(report.as_dict(), indent=2))
    else:
        print_report(report)
    runs = (report.bare, report.daemon)
    return 1 if any(len(run.served) < len(run.samples) for run in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
