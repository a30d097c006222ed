"""Where the daemon's CPU goes: CPU time per request and per output token of the daemon
process, by configuration, next to bare vLLM `AsyncLLM`'s front end in the same run.

    .venv/bin/python bench/daemon_cpu.py [--requests 100] [--json]

Calls are sequential (one in flight), so each figure is the work itself, not waiting: for
each system, `--requests` calls with max_tokens 1 give the CPU per request, and as many with
max_tokens 33 add about 32 tokens each, whose extra CPU per extra token is the CPU per token. The
daemon runs over mTLS with the test harness's policy in four configurations: screening off
and no plugin (the request path itself), screening on (the default policy), screening on
and `pii_redact` in the chain, and that with OpenTelemetry spans exported. Bare AsyncLLM
runs in this process, so its figure includes this client's own (small) work.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import grpc
import psutil

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from appliance.api import pb2, pb2_grpc  # noqa: E402
from appliance.config.settings import EngineConfig  # noqa: E402
from appliance.engine.demo_model import build_demo_model  # noqa: E402
from bench._systems import (  # noqa: E402
    BENCH_ENGINE_OVERRIDES,
    bare_sampling,
    mtls_credentials,
    start_bare_engine,
)
from enclave import DevPki, create_dev_pki  # noqa: E402
from tests.daemon_harness import engine_config, harness_policy, start_daemon  # noqa: E402

# A prompt of about 750 bytes, code-like as in the Azure code trace; each call appends its
# index, so no two prompts are the same.
PROMPT = "def handler(event):\n" + "    value = compute(event['key']) + 1\n" * 20
LONG = 33
VARIANTS = ("request path", "screening", "screening + pii_redact", "+ tracing export")


@dataclass
class Figure:
    """CPU milliseconds of one system's front-end process."""

    system: str
    per_request_ms: float
    per_token_ms: float


def process_cpu_s(pid: int) -> float:
    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


Call = Callable[[str, int], Awaitable[int]]


async def measure(call: Call, pid: int, requests: int, label: str) -> Figure:
    """CPU per request (max_tokens 1) and per extra output token (max_tokens 33)."""
    slug = "".join(c if c.isalnum() else "-" for c in label)
    for index in range(10):  # warm-up: compiled paths, caches, connections
        await call(f"{slug}-warm{index}", 4)
    cpu: dict[int, float] = {}
    counts: dict[int, float] = {}
    for max_tokens in (1, LONG):
        before = process_cpu_s(pid)
        tokens = 0
        for index in range(requests):
            tokens += await call(f"{slug}-{max_tokens}-{index}", max_tokens)
        cpu[max_tokens] = (process_cpu_s(pid) - before) / requests
        counts[max_tokens] = tokens / requests
    # The demo model rarely stops early; divide by the tokens it really produced.
    per_token = (cpu[LONG] - cpu[1]) / max(counts[LONG] - counts[1], 1.0)
    return Figure(label, cpu[1] * 1000.0, per_token * 1000.0)


async def measure_bare(config: EngineConfig, requests: int) -> Figure:
    llm = start_bare_engine(config)

    async def call(request_id: str, max_tokens: int) -> int:
        tokens = 0
        params = bare_sampling(max_tokens, 1)
        async for out in llm.generate({"prompt": PROMPT + request_id}, params, request_id):
            tokens += len(out.outputs[0].token_ids)
        return tokens

    try:
        return await measure(call, os.getpid(), requests, "bare vLLM")
    finally:
        llm.shutdown()


async def measure_daemon(target: str, pid: int, pki: DevPki, requests: int, label: str) -> Figure:
    async with grpc.aio.secure_channel(target, mtls_credentials(pki)) as channel:
        stub = pb2_grpc.InferenceStub(channel)

        async def call(request_id: str, max_tokens: int) -> int:
            message = pb2.GenerateRequest(
                request_id=request_id,
                model="demo",
                text=PROMPT + request_id,
                sampling=pb2.SamplingParams(temperature=0.0, max_tokens=max_tokens),
                sla_class=pb2.INTERACTIVE,
            )
            tokens = 0
            async for response in stub.Generate(message):
                if response.WhichOneof("event") == "completed":
                    tokens = response.completed.usage.completion_tokens
            return tokens

        return await measure(call, pid, requests, label)


def daemon_setup(variant: str, work: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """(policy, extra daemon config) for one variant."""
    from appliance.plugins import build_plugin, sha256_digest

    policy = harness_policy()
    demo = next(t for t in policy["tenants"] if t["id"] == "demo")
    extra: dict[str, Any] = {}
    if variant == "request path":
        demo["screening"] = {"screen": []}
    if variant in ("screening + pii_redact", "+ tracing export"):
        source = REPO / "plugins" / "examples" / "pii_redact" / "pii_redact.c"
        module = build_plugin([source], work / "pii_redact.wasm")
        demo["plugins"] = [
            {
                "name": "pii-redact",
                "module": str(module),
                "digest": sha256_digest(module.read_bytes()),
            }
        ]
    if variant == "+ tracing export":
        # Spans are built and exported; nothing listens there, so the exporter's retries
        # are part of the cost too, as they would be with a collector down.
        extra["tracing"] = {"otlp_endpoint": "127.0.0.1:9"}
    return policy, extra


def run(requests: int) -> list[Figure]:
    work = Path(tempfile.mkdtemp(prefix="bench-daemon-cpu-"))
    model = build_demo_model(work / "model")
    engine = engine_config(model, **BENCH_ENGINE_OVERRIDES)
    figures = [asyncio.run(measure_bare(EngineConfig.model_validate(engine), requests))]
    pki = create_dev_pki(work / "pki")
    for index, variant in enumerate(VARIANTS):
        policy, extra = daemon_setup(variant, work)
        daemon = start_daemon(
            work / f"daemon-{index}", model, pki, engine=engine, policy=policy, extra=extra
        )
        try:
            figures.append(
                asyncio.run(
                    measure_daemon(daemon.target, daemon.process.pid, pki, requests, variant)
                )
            )
        finally:
            daemon.terminate()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--requests", type=int, default=100, help="Calls per measurement.")
    parser.add_argument("--json", action="store_true", help="Print one JSON object.")
    args = parser.parse_args()
    started = time.monotonic()
    figures = run(args.requests)
    bare = figures[0]
    if args.json:
        print(json.dumps({"figures": [asdict(f) for f in figures]}))
        return 0
    print(f"\nCPU of the front-end process, ms (sequential calls, {args.requests} per figure):")
    print(f"{'system':<28}{'per request':>12}{'per token':>11}{'x bare/req':>12}{'x bare/tok':>12}")
    for figure in figures:
        print(
            f"{figure.system:<28}{figure.per_request_ms:>12.2f}{figure.per_token_ms:>11.3f}"
            f"{figure.per_request_ms / bare.per_request_ms:>12.1f}"
            f"{figure.per_token_ms / bare.per_token_ms:>12.1f}"
        )
    steps = list(itertools.pairwise(figures[1:]))
    print("\nwhat each step adds (ms per request, ms per token):")
    print(
        f"  request path over bare: {figures[1].per_request_ms - bare.per_request_ms:+.2f}, "
        f"{figures[1].per_token_ms - bare.per_token_ms:+.3f}"
    )
    for before, after in steps:
        print(
            f"  {after.system} over {before.system}: "
            f"{after.per_request_ms - before.per_request_ms:+.2f}, "
            f"{after.per_token_ms - before.per_token_ms:+.3f}"
        )
    print(f"\n({time.monotonic() - started:.0f} s; load average {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
