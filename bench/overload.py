"""Overload: ten times the sustainable request rate against a real daemon, then recovery.

Starts its own daemon (the demo model on vLLM's CPU backend here), measures the rate it
sustains with a few requests in flight, then sends `--factor` times that rate for
`--duration-s` seconds as an open-loop stream of realtime, interactive and batch requests,
each with the deadline its class objective allows. Prints per class what happened
(completed, RESOURCE_EXHAUSTED with and without RetryInfo, DEADLINE_EXCEEDED, other), TTFT
and TPOT of what was served, how far any call outlived its deadline, and the resident memory
of the daemon and its engine over time. Then it waits and checks that, without a restart,
the engines are idle, health is SERVING and normal requests are served as before.
Prints PASS or FAIL per check; exit status 1 when one fails.

    .venv/bin/python bench/overload.py [--duration-s 60] [--factor 10] [--mix 0.05,0.25,0.7]

The realtime share times the factor is the realtime load alone, in multiples of what the
daemon sustains: at 1 or more no system can keep the realtime objective, so the default mix
sends realtime at half the sustainable rate (10 x 0.05) and the rest is interactive and
batch to shed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from google.rpc import error_details_pb2, status_pb2  # noqa: E402
from grpc_health.v1 import health_pb2  # noqa: E402

from appliance.api import pb2, pb2_grpc  # noqa: E402
from appliance.engine.demo_model import build_demo_model  # noqa: E402
from bench._overload_report import (  # noqa: E402
    CLASSES,
    DEADLINE_S,
    EXPECTED_CODES,
    MAX_TOKENS,
    OBJECTIVES,
    Check,
    Outcome,
    Window,
    daemon_outcomes,
    load_checks,
    print_memory,
    print_table,
)
from bench._process_memory import MemorySampler  # noqa: E402
from enclave import DevPki, create_dev_pki  # noqa: E402
from tests.daemon_harness import (  # noqa: E402
    TENANT_CLIENTS,
    RunningDaemon,
    harness_policy,
    start_daemon,
    tenant,
)

SLA_ENUM = {"realtime": pb2.REALTIME, "interactive": pb2.INTERACTIVE, "batch": pb2.BATCH}
RETRY_INFO_TYPE = "type.googleapis.com/google.rpc.RetryInfo"


def retry_delay(error: grpc.aio.AioRpcError) -> float | None:
    """The RetryInfo delay carried in the status details, or None when there is none."""
    for key, value in error.trailing_metadata() or ():
        if key != "grpc-status-details-bin" or not isinstance(value, bytes):
            continue
        for detail in status_pb2.Status.FromString(value).details:
            if detail.type_url == RETRY_INFO_TYPE:
                info = error_details_pb2.RetryInfo()
                detail.Unpack(info)
                return float(info.retry_delay.seconds + info.retry_delay.nanos / 1e9)
    return None


async def one_call(
    stub: Any, sla: str, prompt: str, deadline_s: float, request_id: str = ""
) -> Outcome:
    """Send one Generate and record how it ended."""
    request = pb2.GenerateRequest(
        request_id=request_id,
        model="demo",
        text=prompt,
        sla_class=SLA_ENUM[sla],
        sampling=pb2.SamplingParams(temperature=0.0, max_tokens=MAX_TOKENS),
    )
    started = time.monotonic()
    ttft: float | None = None
    tokens = 0
    try:
        async for response in stub.Generate(request, timeout=deadline_s):
            if response.WhichOneof("event") == "chunk":
                ttft = time.monotonic() - started if ttft is None else ttft
                tokens += len(response.chunk.token_ids)
    except grpc.aio.AioRpcError as error:
        code = error.code()
        delay = retry_delay(error) if code == grpc.StatusCode.RESOURCE_EXHAUSTED else None
        latency = time.monotonic() - started
        details = error.details() or ""
        return Outcome(
            sla,
            code.name,
            latency,
            deadline_s,
            retry_delay_s=delay,
            details=details,
            request_id=request_id,
        )
    latency = time.monotonic() - started
    return Outcome(sla, "OK", latency, deadline_s, ttft, tokens, request_id=request_id)


def prompt_for(index: int) -> str:
    """A prompt of about 3.5 KB, different from its first line on (no shared prefix to
    cache): prefill makes each request costly for the engine and cheap for this client,
    which shares the machine's CPUs and could not send ten times the rate of short ones."""
    lines = [f"Request {index}: summarise these ledger entries for the audit team."]
    for row in range(60):
        account = (index * 7919 + row * 104729) % 10007
        lines.append(f"entry {row}: account {account} moved {(account * 31) % 977} units.")
    return "\n".join(lines)


async def calibrate(stub: Any, seconds: float, concurrency: int) -> tuple[float, list[Outcome]]:
    """Completed requests per second with `concurrency` interactive requests in flight."""
    outcomes: list[Outcome] = []
    end = time.monotonic() + seconds
    counter = iter(range(10**9))

    async def worker() -> None:
        while time.monotonic() < end:
            outcomes.append(await one_call(stub, "interactive", prompt_for(next(counter)), 30))

    started = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    elapsed = time.monotonic() - started
    return sum(1 for o in outcomes if o.code == "OK") / elapsed, outcomes


async def overload(
    stub: Any, rate: float, seconds: float, mix: Sequence[float], seed: int
) -> tuple[list[Outcome], float]:
    """Open-loop Poisson arrivals at `rate` per second for `seconds`; wait for every call.
    Returns the outcomes and the largest lag of the sending loop behind its schedule."""
    generator = random.Random(seed)
    tasks: list[asyncio.Task[Outcome]] = []
    started = time.monotonic()
    due = started
    worst_lag = 0.0
    index = 0
    while due - started < seconds:
        now = time.monotonic()
        if due > now:
            await asyncio.sleep(due - now)
        worst_lag = max(worst_lag, time.monotonic() - due)
        sla = generator.choices(CLASSES, weights=mix)[0]
        call = one_call(stub, sla, prompt_for(index), DEADLINE_S[sla], f"overload-{index}")
        tasks.append(asyncio.create_task(call))
        index += 1
        due += generator.expovariate(rate)
    return list(await asyncio.gather(*tasks)), worst_lag


async def recovery_checks(daemon: RunningDaemon, normal_ttft_s: float) -> list[Check]:
    """After the load: idle engines, SERVING, and normal requests served as before (a
    client that is refused waits the RetryInfo delay and tries again, five times)."""
    status = daemon.wait_idle(timeout=60)
    leftover = [
        (e.name, e.state, e.outstanding_requests, e.unfinished_requests)
        for e in status.engines
        if e.outstanding_requests or e.unfinished_requests or e.state != "ready"
    ]
    health = daemon.health()
    attempts: list[Outcome] = []
    async with _channel(daemon.target, daemon.pki) as channel:
        stub = pb2_grpc.InferenceStub(channel)
        for sla in ("interactive", "interactive", "realtime", "batch", "interactive"):
            attempts.append(await one_call(stub, sla, "hello again", DEADLINE_S[sla]))
            await asyncio.sleep(min(attempts[-1].retry_delay_s or 0.0, 5.0))
    limit = max(3 * normal_ttft_s, normal_ttft_s + 0.5)
    served = [o for o in attempts if o.code == "OK" and o.ttft_s is not None]
    health_name = health_pb2.HealthCheckResponse.ServingStatus.Name(health)
    return [
        Check("engines idle and ready", not leftover, str(leftover or "all idle")),
        Check(
            "health SERVING, same process, no restart",
            health == health_pb2.HealthCheckResponse.SERVING and daemon.process.poll() is None,
            f"health {health_name}, pid {daemon.process.pid} alive",
        ),
        Check(
            "normal requests are served as before the load",
            len(served) == len(attempts) and all(o.ttft_s <= limit for o in served),  # type: ignore[operator]
            f"{len(served)}/{len(attempts)} served (TTFT limit {limit:.3f} s; before the "
            f"load p50 {normal_ttft_s:.3f} s): "
            + "; ".join(f"{o.sla} {o.code} {o.details.split(': ', 1)[-1]!r}" for o in attempts),
        ),
    ]


def _channel(target: str, pki: DevPki) -> grpc.aio.Channel:
    credentials = grpc.ssl_channel_credentials(
        root_certificates=pki.ca_certificate.read_bytes(),
        private_key=pki.client_key("client").read_bytes(),
        certificate_chain=pki.client_certificate("client").read_bytes(),
    )
    return grpc.aio.secure_channel(target, credentials)


def overload_policy() -> dict[str, Any]:
    """The harness policy with one tenant allowed every class and limits that never bind:
    shedding must come from admission by SLA class, not from the tenant's rate limit."""
    generous = tenant(
        "demo",
        TENANT_CLIENTS["client"],
        models=["*"],
        limits={
            "max_tokens": 2048,
            "requests_per_minute": 1_000_000,
            "burst": 1_000_000,
            "max_concurrent_streams": 100_000,
        },
    )
    return harness_policy(tenants=[generous], sla_objectives=OBJECTIVES)


async def measure(daemon: RunningDaemon, args: argparse.Namespace, memory: MemorySampler) -> int:
    async with _channel(daemon.target, daemon.pki) as channel:
        stub = pb2_grpc.InferenceStub(channel)
        await calibrate(stub, 2.0, 2)  # warm-up
        rate, calibration = await calibrate(stub, args.calibrate_s, args.concurrency)
        normal = [o.ttft_s for o in calibration if o.ttft_s is not None]
        normal_ttft = statistics.median(normal) if normal else 0.0
        target = rate * args.factor
        print(
            f"load average {' '.join(f'{v:.1f}' for v in os.getloadavg())} on {os.cpu_count()} "
            f"CPUs; sustainable: {rate:.1f} req/s at {args.concurrency} in flight "
            f"(TTFT p50 {normal_ttft:.3f} s, max_tokens {MAX_TOKENS}); "
            f"sending {target:.1f} req/s for {args.duration_s:.0f} s, "
            f"mix realtime/interactive/batch {args.mix}",
            flush=True,
        )
        realtime_load = args.factor * args.mix[0] / sum(args.mix)
        if realtime_load >= 1.0:
            print(
                f"note: realtime alone is {realtime_load:.1f} x the sustainable "
                "rate; its objective cannot be kept at that load",
                flush=True,
            )
        baseline_from = time.monotonic() - 2.0
        start = time.monotonic()
        outcomes, lag = await overload(stub, target, args.duration_s, args.mix, args.seed)
        end = time.monotonic()
    window = Window(baseline_from, start, start + args.duration_s)
    print(
        f"\nsent {len(outcomes)} calls in {args.duration_s:.0f} s "
        f"({len(outcomes) / args.duration_s:.1f}/s; the sender fell behind its schedule by "
        f"{lag:.3f} s at worst); the last call ended {end - window.end:.1f} s after sending "
        "stopped"
    )
    print("as the client saw them:")
    print_table(outcomes)
    print_memory(memory, window.start, end)
    logged = daemon_outcomes(daemon.log_path, outcomes)
    print("\nas the daemon logged them (its clock: from arrival at the daemon):")
    print_table(logged)
    late = max(outcomes, key=lambda o: o.overrun_s)
    print(
        f"\nclient side, worst: ended {late.overrun_s:+.3f} s after its deadline "
        f"({late.sla}, {late.code}), which includes this client's own lateness"
    )
    statuses = {o.request_id: o.code for o in logged}
    unexpected = [o for o in outcomes if o.code not in EXPECTED_CODES]
    for outcome in unexpected[:5]:
        print(
            f"  {outcome.request_id} {outcome.sla}: client {outcome.code} after "
            f"{outcome.latency_s:.3f} s; daemon: {statuses.get(outcome.request_id, 'no record')}"
        )
    if len(unexpected) > 5:
        print(f"  ... and {len(unexpected) - 5} more")
    checks = load_checks(outcomes, logged, memory, window)
    print(f"\nsettling {args.settle_s:.0f} s ...", flush=True)
    await asyncio.sleep(args.settle_s)
    checks += await recovery_checks(daemon, normal_ttft)
    print()
    for check in checks:
        print(f"{'PASS' if check.passed else 'FAIL'}  {check.name}: {check.detail}")
    print(f"\ndaemon log (one line per call, appliance.requests): {daemon.log_path}")
    return 0 if all(check.passed for check in checks) else 1


def parse_mix(text: str) -> list[float]:
    shares = [float(part) for part in text.split(",")]
    if len(shares) != len(CLASSES) or any(s < 0 for s in shares) or not sum(shares):
        raise argparse.ArgumentTypeError("three non-negative shares: realtime,interactive,batch")
    return shares


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--duration-s", type=float, default=60.0, help="Overload duration.")
    parser.add_argument("--factor", type=float, default=10.0, help="Times the sustainable rate.")
    parser.add_argument("--mix", type=parse_mix, default=[0.05, 0.25, 0.7], help="Class shares.")
    parser.add_argument("--calibrate-s", type=float, default=8.0, help="Calibration duration.")
    parser.add_argument("--concurrency", type=int, default=4, help="In flight when calibrating.")
    parser.add_argument("--settle-s", type=float, default=5.0, help="Wait before recovery checks.")
    parser.add_argument("--seed", type=int, default=1, help="Arrival and class sequence.")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="bench-overload-"))
    model = build_demo_model(work / "model")
    pki = create_dev_pki(work / "pki", clients=TENANT_CLIENTS)
    print("starting the daemon ...", flush=True)
    daemon = start_daemon(work / "daemon", model, pki, policy=overload_policy())
    memory = MemorySampler(daemon.process.pid)
    memory.start()
    try:
        return asyncio.run(measure(daemon, args, memory))
    finally:
        memory.stop()
        daemon.terminate()


if __name__ == "__main__":
    sys.exit(main())
