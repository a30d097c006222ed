"""Minimal reproductions of bugs the fuzzers found, kept as regression tests now that each
is fixed. Each asserts the behaviour the documentation promises."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import grpc
import pytest

from appliance.api import pb2
from appliance.screening import Screener, ScreeningInputError, ScreeningSettings
from appliance.screening.detectors import OverrideDetector
from appliance.screening.structural import StructuralPass
from tests.daemon_harness import RunningDaemon
from tests.fuzz.cpu_limit import within_cpu_seconds

# Three or more percent-escapes that do not decode as UTF-8: decode_url
# (appliance/screening/detectors/decoders.py) called unquote_plus(errors="strict"), and the
# UnicodeDecodeError escaped the screener (INTERNAL through the daemon).
NOT_UTF8_PERCENT_ESCAPES = "see http://x/?q=%FF%FE%FD"
# "ignore" then dashes: the override rules' `\W+` and `[\w'\u2019-]+` gaps both matched "-",
# so the regex tried every split of the run (46 chars ~2 s, 67 chars ~45 s of CPU in a
# screening thread, which the call's deadline does not stop).
SUPER_LINEAR_OVERRIDE = "ignore " + "-" * 40


@pytest.fixture(scope="module")
def screener() -> Screener:
    return Screener.load(ScreeningSettings())


def test_percent_escapes_that_are_not_utf8_get_a_verdict(screener: Screener) -> None:
    assert screener.screen(NOT_UTF8_PERCENT_ESCAPES).score >= 0.0


@pytest.mark.engine
@pytest.mark.parametrize("method", ["Screen", "Generate"])
def test_percent_escapes_that_are_not_utf8_are_served(daemon: RunningDaemon, method: str) -> None:
    stub = daemon.inference()
    request = pb2.GenerateRequest(
        model="demo", text=NOT_UTF8_PERCENT_ESCAPES, sampling=pb2.SamplingParams(max_tokens=2)
    )
    code, details = grpc.StatusCode.OK, ""
    try:
        if method == "Screen":
            stub.Screen(pb2.ScreenRequest(text=NOT_UTF8_PERCENT_ESCAPES), timeout=30)
        else:
            list(stub.Generate(request, timeout=30))
    except grpc.RpcError as error:
        code, details = error.code(), error.details() or ""
    assert code != grpc.StatusCode.INTERNAL, details


def test_override_rules_run_in_linear_time() -> None:
    override_only = StructuralPass(ScreeningSettings(), detectors=(OverrideDetector(),))
    within_cpu_seconds(0.5, lambda: override_only.run(SUPER_LINEAR_OVERRIDE))


def test_lone_surrogates_get_a_verdict_or_an_input_error(screener: Screener) -> None:
    # Not reachable over gRPC (protobuf strings are UTF-8), but `appliance scan` reads JSON,
    # where "\ud800" is legal: one such line aborts the whole scan with exit status 1.
    with contextlib.suppress(ScreeningInputError):
        screener.screen("a\ud800b")


def _identity(data: bytes) -> bytes:
    return data


def _health_check(channel: grpc.Channel) -> None:
    call = channel.unary_unary(
        "/grpc.health.v1.Health/Check",
        request_serializer=_identity,
        response_deserializer=_identity,
    )
    call(b"\x00", timeout=10)


def _health_watch(channel: grpc.Channel) -> None:
    call = channel.unary_stream(
        "/grpc.health.v1.Health/Watch",
        request_serializer=_identity,
        response_deserializer=_identity,
    )
    next(iter(call(b"\x00", timeout=10)))


def _reflection(channel: grpc.Channel) -> None:
    call = channel.stream_stream(
        "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
        request_serializer=_identity,
        response_deserializer=_identity,
    )
    next(iter(call(iter([b"\x00"]), timeout=10)))


SIDE_SERVICES: list[tuple[str, Callable[[grpc.Channel], None]]] = [
    ("health check", _health_check),
    ("health watch", _health_watch),
    ("reflection", _reflection),
]


# Health and reflection used grpcio's servicers with generated deserializers: bytes that did
# not parse (b"\x00", field number 0) ended UNKNOWN with a logged traceback. They now go
# through the appliance's own handlers (server/side_services.py): INVALID_ARGUMENT.
@pytest.mark.engine
@pytest.mark.parametrize(("name", "call"), SIDE_SERVICES, ids=[s[0] for s in SIDE_SERVICES])
def test_malformed_bytes_to_health_and_reflection_are_invalid_argument(
    daemon: RunningDaemon, name: str, call: Callable[[grpc.Channel], None]
) -> None:
    with daemon.channel() as channel, pytest.raises(grpc.RpcError) as caught:
        call(channel)
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT, caught.value.details()
