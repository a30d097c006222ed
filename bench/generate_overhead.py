"""What the daemon costs: the same prompts through bare vLLM `AsyncLLM` in-process and
through the daemon's Generate over mTLS, at several concurrencies, in one run.

Prints tokens/s for each path, their ratio (daemon / bare; 1.0 = no overhead) and the TTFT
p50/p99 the daemon adds. Both paths use the same engine arguments (the demo model on
vLLM's CPU backend here; a GPU model with --model-path on a GPU server).

    .venv/bin/python bench/generate_overhead.py [--concurrency 1 8 32] [--max-tokens 128]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from appliance.api import pb2, pb2_grpc  # noqa: E402
from appliance.config.settings import EngineConfig, StreamIntervals  # noqa: E402
from appliance.engine.demo_model import build_demo_model  # noqa: E402
from bench._systems import (  # noqa: E402
    BENCH_ENGINE_OVERRIDES,
    bare_sampling,
    mtls_credentials,
    start_bare_engine,
)
from enclave import create_dev_pki  # noqa: E402
from tests.daemon_harness import engine_config, start_daemon  # noqa: E402


@dataclass
class Level:
    concurrency: int
    tokens: int
    seconds: float
    ttfts: list[float]
    # CPU seconds this (client) process spent: the bare path's in-process vLLM front end,
    # or the gRPC client of the daemon path.
    client_cpu_s: float

    @property
    def tokens_per_s(self) -> float:
        return self.tokens / self.seconds

    def ttft_ms(self, q: float) -> float:
        ordered = sorted(self.ttfts)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def prompts(count: int) -> list[str]:
    return [
        f"Request {i}: summarise the audit trail for account {i * 7919 % 10007}"
        for i in range(count)
    ]


async def run_level(one: Any, concurrency: int, requests: int) -> Level:
    """Run `requests` calls of `one(prompt) -> (tokens, ttft)`, `concurrency` at a time."""
    queue = list(prompts(requests))
    ttfts: list[float] = []
    tokens = 0

    async def worker() -> None:
        nonlocal tokens
        while queue:
            count, ttft = await one(queue.pop())
            tokens += count
            ttfts.append(ttft)

    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    seconds = time.perf_counter() - started
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return Level(concurrency, tokens, seconds, ttfts, cpu)


async def bare_levels(
    config: EngineConfig, levels: list[int], max_tokens: int, stream_interval: int
) -> list[Level]:
    llm = start_bare_engine(config)
    params = bare_sampling(max_tokens, stream_interval)

    async def one(prompt: str) -> tuple[int, float]:
        started = time.perf_counter()
        ttft = 0.0
        count = 0
        async for out in llm.generate({"prompt": prompt}, params, uuid.uuid4().hex):
            if count == 0 and out.outputs[0].token_ids:
                ttft = time.perf_counter() - started
            count += len(out.outputs[0].token_ids)
        return count, ttft

    try:
        await run_level(one, 4, 8)  # warm-up
        return [await run_level(one, c, max(16, 4 * c)) for c in levels]
    finally:
        llm.shutdown()


async def daemon_levels(
    target: str, pki: Any, levels: list[int], max_tokens: int, sla: int
) -> list[Level]:
    async with grpc.aio.secure_channel(target, mtls_credentials(pki)) as channel:
        stub = pb2_grpc.InferenceStub(channel)

        async def one(prompt: str) -> tuple[int, float]:
            request = pb2.GenerateRequest(
                model="demo",
                text=prompt,
                sampling=pb2.SamplingParams(temperature=0.0, max_tokens=max_tokens),
                sla_class=sla,
            )
            started = time.perf_counter()
            ttft = 0.0
            count = 0
            async for response in stub.Generate(request, timeout=600):
                if response.WhichOneof("event") == "chunk":
                    if count == 0:
                        ttft = time.perf_counter() - started
                    count += len(response.chunk.token_ids)
            return count, ttft

        await run_level(one, 4, 8)  # warm-up
        return [await run_level(one, c, max(16, 4 * c)) for c in levels]


def report(title: str, bare: list[Level], served: list[Level]) -> list[float]:
    print(f"\n{title}")
    print(
        f"{'conc':>5} {'bare tok/s':>11} {'daemon tok/s':>13} {'ratio':>6} "
        f"{'bare TTFT p50/p99 ms':>21} {'daemon TTFT p50/p99 ms':>23} {'added p50 ms':>13} "
        f"{'client CPU ms/1k tok bare/daemon':>33}"
    )
    for b, d in zip(bare, served, strict=True):
        print(
            f"{b.concurrency:>5} {b.tokens_per_s:>11.0f} {d.tokens_per_s:>13.0f} "
            f"{d.tokens_per_s / b.tokens_per_s:>6.3f} "
            f"{b.ttft_ms(0.5):>10.1f}/{b.ttft_ms(0.99):<10.1f} "
            f"{d.ttft_ms(0.5):>11.1f}/{d.ttft_ms(0.99):<11.1f} "
            f"{d.ttft_ms(0.5) - b.ttft_ms(0.5):>13.1f} "
            f"{1e6 * b.client_cpu_s / b.tokens:>16.0f}/{1e6 * d.client_cpu_s / d.tokens:<16.0f}"
        )
    return [d.tokens_per_s / b.tokens_per_s for b, d in zip(bare, served, strict=True)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 8, 32])
    parser.add_argument("--max-tokens", type=int, default=128)
    parser.add_argument("--model-path", type=Path, help="Model directory (default: demo model)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-overhead-"))
    model = args.model_path or build_demo_model(work / "model")
    overrides = BENCH_ENGINE_OVERRIDES
    config = EngineConfig.model_validate(engine_config(model, **overrides))
    intervals = StreamIntervals()
    classes = [("INTERACTIVE", pb2.INTERACTIVE, intervals.interactive),
               ("BATCH", pb2.BATCH, intervals.batch)]  # fmt: skip

    # Greedy decoding of the same prompts on the same engine arguments: both paths produce
    # the same tokens, so tokens/s compares like with like.
    bare: dict[str, list[Level]] = {}
    for name, _, interval in classes:
        print(f"bare AsyncLLM in-process, {name} (stream_interval {interval}) ...", flush=True)
        bare[name] = asyncio.run(bare_levels(config, args.concurrency, args.max_tokens, interval))

    pki = create_dev_pki(work / "pki")
    daemon = start_daemon(work / "daemon", model, pki, engine=engine_config(model, **overrides))
    served: dict[str, list[Level]] = {}
    try:
        for name, sla, _ in classes:
            print(f"daemon over mTLS, {name} ...", flush=True)
            served[name] = asyncio.run(
                daemon_levels(daemon.target, pki, args.concurrency, args.max_tokens, sla)
            )
    finally:
        daemon.terminate()

    for name, _, interval in classes:
        ratios = report(
            f"{name} (stream_interval {interval}, max_tokens {args.max_tokens})",
            bare[name],
            served[name],
        )
        print(
            f"throughput ratio daemon/bare: min {min(ratios):.3f}, "
            f"mean {statistics.mean(ratios):.3f} (target >= 0.95)"
        )
    print(
        "\nNote: on a small CPU machine the engine, the daemon and the client share the cores;"
        "\nthe daemon path also pays the gRPC client's CPU (last column), which bare does not."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
