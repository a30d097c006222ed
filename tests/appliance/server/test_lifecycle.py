"""Start-up, readiness, the systemd notify protocol, admission limits and SIGTERM draining,
on a daemon of its own (this module stops it)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
import yaml
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2
from grpc_status import rpc_status

from appliance.api import pb2, pb2_grpc
from enclave import DevPki
from tests.daemon_harness import RunningDaemon, engine_config, harness_policy, start_daemon

pytestmark = pytest.mark.engine

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@dataclass
class Startup:
    daemon: RunningDaemon
    notify: socket.socket
    messages: list[tuple[float, str]] = field(default_factory=list)
    health_before_ready: list[int] = field(default_factory=list)
    generate_right_after_serving: str = ""
    generate_right_after_ready: str = ""

    def listen(self) -> None:
        """Receive like systemd does, all the time, until the socket closes."""
        while True:
            try:
                data = self.notify.recv(4096)
            except TimeoutError:
                continue
            except OSError:
                return
            for line in data.decode().splitlines():
                self.messages.append((time.monotonic(), line))

    def read_notifications(self, seconds: float) -> None:
        time.sleep(seconds)

    def lines(self) -> list[str]:
        return [line for _, line in self.messages]


def long_request(text: str, max_tokens: int = 1000) -> pb2.GenerateRequest:
    return pb2.GenerateRequest(
        model="demo",
        text=text,
        sampling=pb2.SamplingParams(temperature=0.0, max_tokens=max_tokens),
        sla_class=pb2.INTERACTIVE,
    )


@pytest.fixture(scope="module")
def startup(
    tmp_path_factory: pytest.TempPathFactory, demo_model: Path, dev_pki: DevPki
) -> Iterator[Startup]:
    """Start a daemon under a fake systemd: a datagram socket as NOTIFY_SOCKET, a watchdog.

    While it loads, poll health over the Unix socket; the first time it says SERVING, and
    again on READY=1, call Generate at once. (The daemon sets SERVING a moment before it
    sends READY=1, so a poll may see SERVING before the datagram arrives.)
    """
    workdir = tmp_path_factory.mktemp("lifecycle")
    notify_path = workdir / "notify.sock"
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(str(notify_path))
    notify.settimeout(0.05)
    daemon = start_daemon(
        workdir,
        demo_model,
        dev_pki,
        engine=engine_config(demo_model, max_outstanding_requests=2, max_tokens=2000),
        env={"NOTIFY_SOCKET": str(notify_path), "WATCHDOG_USEC": "400000"},
        wait=False,
    )
    run = Startup(daemon, notify)
    threading.Thread(target=run.listen, daemon=True).start()
    deadline = time.monotonic() + 300
    try:
        while not any(line == "READY=1" for line in run.lines()):
            assert time.monotonic() < deadline, daemon.log_tail()
            assert daemon.process.poll() is None, daemon.log_tail()
            with contextlib.suppress(grpc.RpcError):  # not listening yet
                run.health_before_ready.append(daemon.health())
            if run.health_before_ready[-1:] == [SERVING] and not run.generate_right_after_serving:
                run.generate_right_after_serving = last_event(daemon, "serving?")
            run.read_notifications(0.1)
        run.generate_right_after_ready = last_event(daemon, "ready?")
        yield run
    finally:
        daemon.terminate()
        notify.close()


def last_event(daemon: RunningDaemon, text: str) -> str:
    request = pb2.GenerateRequest(model="demo", text=text)
    responses = list(daemon.inference().Generate(request, timeout=30))
    return responses[-1].WhichOneof("event") or ""


def test_ready_is_sent_only_once_the_engine_serves(startup: Startup) -> None:
    lines = startup.lines()
    ready_at = lines.index("READY=1")
    before = lines[:ready_at]
    assert "STATUS=loading engines" in before
    assert any(line.startswith("EXTEND_TIMEOUT_USEC=") for line in before)
    # Health answered during loading: NOT_SERVING, then (at most) SERVING, never back.
    answers = startup.health_before_ready
    assert answers[0] == NOT_SERVING
    first_serving = answers.index(SERVING) if SERVING in answers else len(answers)
    assert set(answers[:first_serving]) == {NOT_SERVING}
    assert set(answers[first_serving:]) <= {SERVING}
    # SERVING, even before READY=1 reached systemd, meant a Generate would complete.
    if first_serving < len(answers):
        assert startup.generate_right_after_serving == "completed"
    assert startup.generate_right_after_ready == "completed"
    assert startup.daemon.health() == SERVING
    # Start-up objects were frozen before serving (a full collection over them stalls every
    # stream for a third of a second).
    froze = re.search(
        r"gc: froze (\d+) objects after start-up", startup.daemon.log_path.read_text()
    )
    assert froze is not None
    assert int(froze.group(1)) > 100_000


def test_watchdog_pings_from_the_event_loop(startup: Startup) -> None:
    startup.read_notifications(1.5)
    ready_time = next(t for t, line in startup.messages if line == "READY=1")
    pings = [t for t, line in startup.messages if line == "WATCHDOG=1" and t >= ready_time]
    # WATCHDOG_USEC=400000: a ping every 0.2 s; allow a loaded machine to miss some.
    assert len(pings) >= 3


def retry_delay(error: grpc.RpcError) -> float | None:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    if status is None:
        return None
    for detail in status.details:
        info = error_details_pb2.RetryInfo()
        if detail.Unpack(info):
            return info.retry_delay.seconds + info.retry_delay.nanos / 1e9
    return None


def test_full_engine_sheds_with_resource_exhausted(startup: Startup) -> None:
    daemon = startup.daemon
    calls = [daemon.held_call(long_request(f"hold {i}")) for i in range(2)]
    for call in calls:
        next(call)  # started: both are admitted, and held until read
    assert daemon.status().engines[0].outstanding_requests == 2
    try:
        with pytest.raises(grpc.RpcError) as caught:
            list(daemon.inference().Generate(long_request("one too many"), timeout=30))
        assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert retry_delay(caught.value) == pytest.approx(1.0)
    finally:
        for call in calls:
            call.cancel()
    assert daemon.wait_idle().engines[0].outstanding_requests == 0


def reload(daemon: RunningDaemon) -> pb2.ReloadPolicyResponse:
    with daemon.local_channel() as channel:
        return pb2_grpc.AdminStub(channel).ReloadPolicy(pb2.ReloadPolicyRequest(), timeout=30)


def test_bad_reload_changes_nothing(startup: Startup) -> None:
    daemon = startup.daemon
    policy_path = daemon.log_path.parent / "policy.yaml"
    good = policy_path.read_text()
    before = daemon.status()
    try:
        policy_path.write_text(good.replace("version: 1", "version: 7") + "\x00garbage: [")
        result = reload(daemon)
        assert not result.applied
        assert result.policy_digest == before.policy_digest
        assert result.errors
        assert result.errors[0].startswith(f"{policy_path}:")
        after = daemon.status()
        assert after.policy_digest == before.policy_digest
        assert after.policy_reload_failures == before.policy_reload_failures + 1
        assert after.policy_error
        assert list(daemon.inference().Generate(long_request("still here"), timeout=60))
    finally:
        policy_path.write_text(good)
    assert reload(daemon).applied
    assert daemon.status().policy_error == ""


def test_reload_on_sighup_spares_running_requests(startup: Startup) -> None:
    daemon = startup.daemon
    policy_path = daemon.log_path.parent / "policy.yaml"
    good = policy_path.read_text()
    before = daemon.status().policy_digest
    # A stream that starts under the old policy...
    call = daemon.held_call(long_request("old policy"))
    assert next(call).WhichOneof("event") == "started"
    # ...then the demo tenant loses the interactive class.
    restricted = harness_policy()
    restricted["tenants"][0]["sla"] = {"allowed": ["batch"], "default": "batch"}
    policy_path.write_text(yaml.safe_dump(restricted))
    try:
        os.kill(daemon.process.pid, signal.SIGHUP)
        deadline = time.monotonic() + 10
        while daemon.status().policy_digest == before and time.monotonic() < deadline:
            time.sleep(0.05)
        assert daemon.status().policy_digest != before
        with pytest.raises(grpc.RpcError) as caught:
            list(daemon.inference().Generate(long_request("new policy"), timeout=30))
        assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
        rest = list(call)
        assert rest[-1].WhichOneof("event") == "completed"
        assert rest[-1].completed.usage.completion_tokens == 1000
    finally:
        policy_path.write_text(good)
        assert reload(daemon).policy_digest == before


def test_sigterm_drains_in_flight_streams(startup: Startup) -> None:
    daemon = startup.daemon
    # Two streams the daemon cannot finish before we read them (see `held_call`).
    calls = [daemon.held_call(long_request(f"drain {i}")) for i in range(2)]
    for call in calls:
        assert next(call).WhichOneof("event") == "started"
    assert daemon.status().engines[0].outstanding_requests == 2

    daemon.process.terminate()  # SIGTERM to the daemon alone, as KillMode=mixed does

    health_seen = []
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and NOT_SERVING not in health_seen:
        try:
            health_seen.append(daemon.health())
        except grpc.RpcError:
            break
        time.sleep(0.02)
    assert NOT_SERVING in health_seen

    with pytest.raises(grpc.RpcError) as caught:
        list(daemon.inference().Generate(long_request("too late"), timeout=10))
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE

    # The daemon waits for the in-flight streams; reading them now lets them finish.
    for call in calls:
        rest = list(call)
        assert rest[-1].WhichOneof("event") == "completed"
        assert rest[-1].completed.usage.completion_tokens == 1000
    assert daemon.process.wait(60) == 0
    startup.read_notifications(0.2)
    assert any(line == "STOPPING=1" for line in startup.lines())


def test_port_in_use_is_a_clear_start_error(
    tmp_path: Path, demo_model: Path, dev_pki: DevPki
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        daemon = start_daemon(
            tmp_path, demo_model, dev_pki, listen={"tcp": f"127.0.0.1:{port}"}, wait=False
        )
        assert daemon.process.wait(60) == 1
    log = daemon.log_path.read_text()
    assert f"appliance: cannot listen on 127.0.0.1:{port}" in log
    assert "Traceback" not in log
