"""The router across two live engines (two CPU engines of the demo model, ~3 GiB each):
new requests go to the engine with less measured load, draining moves traffic, and an
engine whose process dies ends its own streams UNAVAILABLE, leaves rotation without failing
requests not yet on it, and is restarted. Each engine's own vLLM metrics are served under
its name."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from appliance.api import pb2, pb2_grpc
from enclave import DevPki
from tests.appliance.server.test_observability import sample, scrape
from tests.daemon_harness import RunningDaemon, engine_config, start_daemon

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def two_engines(
    tmp_path_factory: pytest.TempPathFactory, demo_model: Path, dev_pki: DevPki
) -> Iterator[RunningDaemon]:
    engines = [
        engine_config(demo_model, name=name, kv_cache_bytes=64 << 20) for name in ("e0", "e1")
    ]
    daemon = start_daemon(
        tmp_path_factory.mktemp("routing"), demo_model, dev_pki, extra={"engines": engines}
    )
    yield daemon
    daemon.terminate()


def held(daemon: RunningDaemon, text: str) -> tuple[Any, str]:
    """A stream that stays outstanding; returns it and the engine it was placed on."""
    call = daemon.held_call(
        pb2.GenerateRequest(
            model="demo", text=text, sampling=pb2.SamplingParams(temperature=0, max_tokens=1500)
        )
    )
    first = next(call)
    assert first.WhichOneof("event") == "started"
    return call, first.started.engine


def placed_on(daemon: RunningDaemon, text: str) -> str:
    responses = list(
        daemon.inference().Generate(
            pb2.GenerateRequest(model="demo", text=text, sampling=pb2.SamplingParams(max_tokens=2)),
            timeout=60,
        )
    )
    assert responses[-1].HasField("completed")
    return str(responses[0].started.engine)


def read_to_error(call: Any, events: list[pb2.GenerateResponse], daemon: RunningDaemon) -> None:
    """Read `call` into `events`; a stream that ends OK fails the test, with the daemon's log."""
    events.extend(call)
    pytest.fail(f"the stream ended OK after {len(events)} events:\n{daemon.log_tail()}")


def drain(daemon: RunningDaemon, engine: str, *, undrain: bool = False) -> bool:
    with daemon.local_channel() as channel:
        reply = pb2_grpc.AdminStub(channel).DrainEngine(
            pb2.DrainEngineRequest(engine=engine, undrain=undrain), timeout=10
        )
    return bool(reply.draining)


def test_new_requests_go_to_the_less_loaded_engine(two_engines: RunningDaemon) -> None:
    daemon = two_engines
    assert drain(daemon, "e1") is True
    calls = []
    try:
        for i in range(3):
            call, engine = held(daemon, f"load {i}")
            calls.append(call)
            assert engine == "e0"  # e1 is drained: everything lands on e0
        assert {e.name: e.outstanding_requests for e in daemon.status().engines} == {
            "e0": 3,
            "e1": 0,
        }
        assert drain(daemon, "e1", undrain=True) is False
        # e0 holds three streams, e1 none: the next requests go to e1.
        assert [placed_on(daemon, f"next {i}") for i in range(2)] == ["e1", "e1"]
    finally:
        for call in calls:
            call.cancel()
        drain(daemon, "e1", undrain=True)


def test_draining_moves_traffic_and_shows_in_status(two_engines: RunningDaemon) -> None:
    daemon = two_engines
    drain(daemon, "e0")
    try:
        assert {e.name: e.state for e in daemon.status().engines}["e0"] == "draining"
        assert {placed_on(daemon, f"drained {i}") for i in range(3)} == {"e1"}
    finally:
        drain(daemon, "e0", undrain=True)
    assert {e.name: e.state for e in daemon.status().engines}["e0"] == "ready"


def test_each_engine_serves_its_own_vllm_metrics(two_engines: RunningDaemon) -> None:
    # Each AsyncLLM unregisters the vllm:* collectors it finds: without moving them aside,
    # only the last engine started would be reported, as engine "0".
    daemon = two_engines
    before = scrape(daemon)
    engine = placed_on(daemon, "def tally(rows):\n    return len(rows)\n")
    other = {"e0": "e1", "e1": "e0"}[engine]
    after = scrape(daemon)
    for name in ("e0", "e1"):
        assert f'vllm:num_requests_running{{engine="{name}",model_name="demo"}}' in after
    tokens = "vllm:prompt_tokens_total"
    assert sample(after, tokens, engine=engine) > sample(before, tokens, engine=engine)
    assert sample(after, tokens, engine=other) == sample(before, tokens, engine=other)
    assert 'engine="0"' not in after


@pytest.mark.parametrize(
    ("client", "engine", "code"),
    [
        ("admin", "nope", grpc.StatusCode.NOT_FOUND),
        ("client", "e0", grpc.StatusCode.PERMISSION_DENIED),
    ],
)
def test_drain_refusals(
    two_engines: RunningDaemon, client: str, engine: str, code: grpc.StatusCode
) -> None:
    stub = pb2_grpc.AdminStub(two_engines.channel(client))
    with pytest.raises(grpc.RpcError) as refused:
        stub.DrainEngine(pb2.DrainEngineRequest(engine=engine), timeout=10)
    assert refused.value.code() == code


def test_a_dead_engine_leaves_rotation_others_keep_serving_and_it_restarts(
    two_engines: RunningDaemon,
) -> None:
    """Runs last in this module: it kills e1's engine process under a running stream."""
    daemon = two_engines
    (victim,) = [e for e in daemon.status().engines if e.name == "e1"]
    assert victim.process_ids
    drain(daemon, "e0")
    try:
        call = daemon.held_call(
            pb2.GenerateRequest(
                model="demo",
                text="on the engine that dies",
                sampling=pb2.SamplingParams(temperature=0, max_tokens=2000),
            )
        )
        # Kill as soon as the daemon has placed the stream on e1, without waiting for its
        # first event: the engine runs ahead of the client's reads (vLLM collects the
        # output), on this shared machine the first event can reach the client seconds
        # late, and a kill after the engine's 2,000 tokens would find nothing to cut.
        deadline = time.monotonic() + 60
        while not {e.name: e.outstanding_requests for e in daemon.status().engines}["e1"]:
            assert time.monotonic() < deadline, daemon.log_tail()
            time.sleep(0.005)
        for pid in victim.process_ids:
            os.kill(pid, signal.SIGKILL)
        killed_at = time.monotonic()
    finally:
        drain(daemon, "e0", undrain=True)
    # The stream on the dead engine ends UNAVAILABLE, promptly (not at its deadline).
    events: list[pb2.GenerateResponse] = []
    with pytest.raises(grpc.RpcError) as cut:
        read_to_error(call, events, daemon)
    assert cut.value.code() == grpc.StatusCode.UNAVAILABLE, cut.value.details()
    assert {r.started.engine for r in events if r.HasField("started")} <= {"e1"}
    assert time.monotonic() - killed_at < 60
    # Requests that had not started on e1 go to e0; none fails.
    assert {placed_on(daemon, f"after {i}") for i in range(4)} == {"e0"}
    # The supervisor restarts e1 (after a 1 s backoff) and it serves again.
    deadline = time.monotonic() + 240
    while {e.name: e.state for e in daemon.status().engines}["e1"] != "ready":
        assert time.monotonic() < deadline, daemon.log_tail()
        time.sleep(0.5)
    drain(daemon, "e0")
    try:
        assert placed_on(daemon, "after restart") == "e1"
    finally:
        drain(daemon, "e0", undrain=True)
    assert "engine_restart" in (daemon.audit_dir / "audit.jsonl").read_text()
