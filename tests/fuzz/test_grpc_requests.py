"""Hostile requests through the real daemon (mTLS, vLLM on the CPU backend): generated
messages, random bytes and mutated serialisations on every method a tenant can reach.

Every call must end with an OK reply (a Generate stream ending in `completed`) or a status
from the documented set, never INTERNAL or UNKNOWN, and never with a traceback in the
details. Afterwards the daemon must still serve, report SERVING, hold no request, and have
logged no internal error.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import grpc
import pytest
from grpc_health.v1 import health_pb2
from hypothesis import event, given
from hypothesis import strategies as st

from appliance.api import pb2, pb2_grpc
from tests.daemon_harness import RunningDaemon
from tests.fuzz.hostile_text import weighted
from tests.fuzz.messages import (
    Shown,
    evidence_requests,
    generate_requests,
    screen_requests,
    wire_bytes,
)
from tests.fuzz.profiles import fuzz_settings

pytestmark = pytest.mark.engine

DOCUMENTED = frozenset(
    {
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        grpc.StatusCode.FAILED_PRECONDITION,
        grpc.StatusCode.NOT_FOUND,
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.DEADLINE_EXCEEDED,
    }
)
CALL_TIMEOUT_S = 30.0
# Deadlines: mostly generous; sometimes short enough to expire in validation, in the router
# or mid-stream, where cancellation must still clean up.
TIMEOUTS = weighted((8, st.just(CALL_TIMEOUT_S)), (2, st.floats(0.001, 1.0)))

GENERATE = "/appliance.v1.Inference/Generate"
UNARY_METHODS = (
    "/appliance.v1.Inference/Screen",
    "/appliance.v1.Inference/ListModels",
    "/appliance.v1.Attestation/GetEvidence",
    # Admin over mTLS as a tenant: whatever the bytes say, PERMISSION_DENIED or a parse error.
    "/appliance.v1.Admin/Status",
    "/appliance.v1.Admin/DrainEngine",
    "/appliance.v1.Admin/ReloadPolicy",
    # grpc.health.v1.Health is left out: see test_found_by_fuzzing.py.
)


def _identity(data: bytes) -> bytes:
    return bytes(data)  # a plain bytes object for grpc, not the Wire subclass


@dataclass
class Session:
    """One mTLS channel for a test, and the daemon log's length before it ran."""

    daemon: RunningDaemon
    channel: grpc.Channel
    log_offset: int
    hpke_public_key: bytes | None


@pytest.fixture(scope="module")
def session(daemon: RunningDaemon) -> Iterator[Session]:
    offset = daemon.log_path.stat().st_size
    with daemon.channel() as channel:
        try:
            evidence = pb2_grpc.AttestationStub(channel).GetEvidence(
                pb2.EvidenceRequest(nonce=b"n" * 32), timeout=CALL_TIMEOUT_S
            )
            key: bytes | None = evidence.hpke_public_key
        except grpc.RpcError:
            key = None  # rate-limited: sealed inputs are then random ciphertext only
        yield Session(daemon, channel, offset, key)


def assert_still_serving(daemon: RunningDaemon, log_offset: int) -> None:
    """The daemon is alive, SERVING, serves a normal Generate, holds no request, and logged
    no internal error while the fuzz ran."""
    assert daemon.process.poll() is None, daemon.log_tail()
    assert daemon.health() == health_pb2.HealthCheckResponse.SERVING
    request = pb2.GenerateRequest(
        model="demo", text="hello", sampling=pb2.SamplingParams(temperature=0.0, max_tokens=4)
    )
    events = list(daemon.inference().Generate(request, timeout=60))
    assert events[-1].WhichOneof("event") == "completed"
    status = daemon.wait_idle(timeout=30)
    for engine in status.engines:
        assert engine.state == "ready", engine
        assert (engine.outstanding_requests, engine.unfinished_requests) == (0, 0), engine
    with daemon.log_path.open("rb") as log:
        log.seek(log_offset)
        written = log.read().decode(errors="replace")
    assert "internal error, incident" not in written, written[-4000:]
    assert "Traceback" not in written, written[-4000:]


def assert_documented(error: grpc.RpcError, started: float, timeout: float) -> None:
    """A failed call: a documented code, no traceback, not past its deadline by much, and
    no hang: a small request given the generous deadline must not run into it."""
    code, details = error.code(), error.details() or ""
    event(f"status {code.name}")  # --hypothesis-show-statistics: the outcome mix
    assert code in DOCUMENTED, f"{code}: {details}"
    assert "Traceback" not in details, details
    assert time.monotonic() - started < timeout + 10.0, f"{code} long after its deadline"
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        assert timeout < CALL_TIMEOUT_S, f"hung for the whole {timeout} s deadline"


def run_stream(call: Callable[[], Iterator[bytes]], timeout: float) -> list[bytes] | None:
    """The raw responses of an OK stream, or None after checking its failure status."""
    started = time.monotonic()
    try:
        responses = list(call())
    except grpc.RpcError as error:
        assert_documented(error, started, timeout)
        return None
    event("status OK")
    return responses


def run_unary(call: Callable[[], bytes], timeout: float) -> bytes | None:
    """The raw response of an OK call, or None after checking its failure status."""
    started = time.monotonic()
    try:
        response = call()
    except grpc.RpcError as error:
        assert_documented(error, started, timeout)
        return None
    event("status OK")
    return response


def assert_generate_stream(raw: list[bytes]) -> None:
    """An OK Generate stream: started, chunks, then exactly one completed, last."""
    events = [pb2.GenerateResponse.FromString(item) for item in raw]
    kinds = [event.WhichOneof("event") for event in events]
    assert kinds, "an OK stream with no events"
    assert (kinds[0], kinds[-1]) == ("started", "completed"), kinds
    assert kinds.count("completed") == 1, kinds
    assert len({event.request_id for event in events}) == 1


def _generate(session: Session, payload: bytes, timeout: float) -> None:
    call = session.channel.unary_stream(
        GENERATE, request_serializer=_identity, response_deserializer=_identity
    )
    raw = run_stream(lambda: call(payload, timeout=timeout), timeout)
    if raw is not None:
        assert_generate_stream(raw)


@fuzz_settings(1.0)
@given(data=st.data(), timeout=TIMEOUTS)
def test_generated_generate_requests(session: Session, data: st.DataObject, timeout: float) -> None:
    drawn = data.draw(generate_requests(session.hpke_public_key).map(Shown))
    _generate(session, drawn.message.SerializeToString(), timeout)


@fuzz_settings(0.5)
@given(payload=wire_bytes(generate_requests().map(lambda r: r.SerializeToString())))
def test_raw_bytes_to_generate(session: Session, payload: bytes) -> None:
    _generate(session, payload, CALL_TIMEOUT_S)


@fuzz_settings(0.5)
@given(drawn=screen_requests().map(Shown), timeout=TIMEOUTS)
def test_generated_screen_requests(
    session: Session, drawn: Shown[pb2.ScreenRequest], timeout: float
) -> None:
    request = drawn.message
    call = session.channel.unary_unary(
        UNARY_METHODS[0], request_serializer=_identity, response_deserializer=_identity
    )
    raw = run_unary(lambda: call(request.SerializeToString(), timeout=timeout), timeout)
    if raw is None:
        return
    reply = pb2.ScreenResponse.FromString(raw)
    assert 0.0 <= reply.score <= 1.0, reply  # false for NaN too
    threshold = request.threshold if request.HasField("threshold") else 0.5
    assert 0.0 <= threshold <= 1.0, "an out-of-range threshold was accepted"
    assert reply.injection == (reply.score >= threshold), reply
    # The demo tenant's policy blocks what screening finds.
    assert reply.action == ("block" if reply.injection else "allow"), reply


@fuzz_settings(0.2)
@given(request=evidence_requests())
def test_generated_evidence_requests(session: Session, request: pb2.EvidenceRequest) -> None:
    call = session.channel.unary_unary(
        UNARY_METHODS[2], request_serializer=_identity, response_deserializer=_identity
    )
    raw = run_unary(
        lambda: call(request.SerializeToString(), timeout=CALL_TIMEOUT_S), CALL_TIMEOUT_S
    )
    if raw is not None:
        assert 16 <= len(request.nonce) <= 64, "a nonce outside 16-64 bytes was accepted"
        assert len(pb2.Evidence.FromString(raw).report_data) == 64


@fuzz_settings(0.5)
@given(
    method=st.sampled_from(UNARY_METHODS),
    payload=wire_bytes(
        st.one_of(
            screen_requests().map(lambda r: r.SerializeToString()),
            evidence_requests().map(lambda r: r.SerializeToString()),
            st.builds(
                lambda engine, undrain: pb2.DrainEngineRequest(
                    engine=engine, undrain=undrain
                ).SerializeToString(),
                st.sampled_from(["cpu0", "", "nope"]),
                st.booleans(),
            ),
        )
    ),
)
def test_raw_bytes_to_unary_methods(session: Session, method: str, payload: bytes) -> None:
    call = session.channel.unary_unary(
        method, request_serializer=_identity, response_deserializer=_identity
    )
    raw = run_unary(lambda: call(payload, timeout=CALL_TIMEOUT_S), CALL_TIMEOUT_S)
    assert raw is None or not method.startswith("/appliance.v1.Admin/"), (
        f"a tenant's {method} call succeeded"
    )


def test_daemon_still_serves_after_the_fuzz(session: Session) -> None:
    assert_still_serving(session.daemon, session.log_offset)
