"""Every bad input gets a clear status, and the daemon keeps serving afterwards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import grpc
import pytest

from appliance.api import pb2
from appliance.client import ClientTls, open_channel
from tests.daemon_harness import RunningDaemon

pytestmark = pytest.mark.engine

GENERATE = "/appliance.v1.Inference/Generate"


def text_request(text: str = "hello", **sampling: Any) -> pb2.GenerateRequest:
    return pb2.GenerateRequest(model="demo", text=text, sampling=pb2.SamplingParams(**sampling))


def with_sla(value: int) -> pb2.GenerateRequest:
    req = text_request()
    req.sla_class = value  # type: ignore[assignment]  # an enum value no release defines
    return req


def with_messages(*messages: tuple[str, str]) -> pb2.GenerateRequest:
    req = pb2.GenerateRequest(model="demo")
    for role, content in messages:
        req.messages.messages.add(role=role, content=content)
    return req


CASES: list[tuple[str, Callable[[], pb2.GenerateRequest], grpc.StatusCode, str]] = [
    (
        "unknown model",
        lambda: pb2.GenerateRequest(model="gpt-x", text="hi"),
        grpc.StatusCode.NOT_FOUND,
        "not served",
    ),
    (
        "no input",
        lambda: pb2.GenerateRequest(model="demo"),
        grpc.StatusCode.INVALID_ARGUMENT,
        "no input",
    ),
    ("empty prompt", lambda: text_request(""), grpc.StatusCode.INVALID_ARGUMENT, "empty"),
    ("whitespace prompt", lambda: text_request(" \n\t"), grpc.StatusCode.INVALID_ARGUMENT, "empty"),
    (
        "10 MB prompt",
        lambda: text_request("a" * 10_000_000),
        grpc.StatusCode.INVALID_ARGUMENT,
        "limit is 1048576",
    ),
    (
        "prompt longer than the model's context",
        lambda: text_request("bank " * 5000),
        grpc.StatusCode.INVALID_ARGUMENT,
        "maximum",
    ),
    (
        "max_tokens 0",
        lambda: text_request(max_tokens=0),
        grpc.StatusCode.INVALID_ARGUMENT,
        "max_tokens",
    ),
    (
        "max_tokens negative",
        lambda: text_request(max_tokens=-5),
        grpc.StatusCode.INVALID_ARGUMENT,
        "max_tokens",
    ),
    (
        "max_tokens huge",
        lambda: text_request(max_tokens=2_000_000_000),
        grpc.StatusCode.INVALID_ARGUMENT,
        "exceeds",
    ),
    (
        "temperature NaN",
        lambda: text_request(temperature=float("nan")),
        grpc.StatusCode.INVALID_ARGUMENT,
        "temperature",
    ),
    (
        "temperature negative",
        lambda: text_request(temperature=-1.0),
        grpc.StatusCode.INVALID_ARGUMENT,
        "temperature",
    ),
    ("top_p zero", lambda: text_request(top_p=0.0), grpc.StatusCode.INVALID_ARGUMENT, "top_p"),
    ("top_p above one", lambda: text_request(top_p=1.5), grpc.StatusCode.INVALID_ARGUMENT, "top_p"),
    ("top_k below -1", lambda: text_request(top_k=-7), grpc.StatusCode.INVALID_ARGUMENT, "top_k"),
    (
        "empty stop string",
        lambda: text_request(stop=[""]),
        grpc.StatusCode.INVALID_ARGUMENT,
        "stop",
    ),
    ("unknown SLA class", lambda: with_sla(42), grpc.StatusCode.INVALID_ARGUMENT, "sla_class"),
    (
        "bad request_id",
        lambda: pb2.GenerateRequest(request_id="a b\n", model="demo", text="x"),
        grpc.StatusCode.INVALID_ARGUMENT,
        "request_id",
    ),
    (
        "unknown chat role",
        lambda: with_messages(("root", "hi")),
        grpc.StatusCode.INVALID_ARGUMENT,
        "role",
    ),
    ("empty chat", lambda: with_messages(), grpc.StatusCode.INVALID_ARGUMENT, "messages"),
]


@pytest.mark.parametrize(("name", "make", "code", "detail"), CASES, ids=[c[0] for c in CASES])
def test_bad_request_gets_clear_status(
    daemon: RunningDaemon,
    name: str,
    make: Callable[[], pb2.GenerateRequest],
    code: grpc.StatusCode,
    detail: str,
) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        list(daemon.inference().Generate(make(), timeout=60))
    assert caught.value.code() == code, caught.value.details()
    assert detail in (caught.value.details() or ""), caught.value.details()
    assert "Traceback" not in (caught.value.details() or "")


RAW_CASES = [
    # field 3 (text), length 4, bytes that are not UTF-8
    ("invalid UTF-8 in text", b"\x12\x04demo" + b"\x1a\x04\xff\xfe\xfd\xfc"),
    # field 2 (model) with invalid UTF-8
    ("invalid UTF-8 in model", b"\x12\x02\xc3\x28" + b"\x1a\x02hi"),
    # a length prefix that runs past the end of the message
    ("truncated protobuf", b"\x12\x7fdemo"),
    ("garbage bytes", b"\xff\xff\xff\xff\xff"),
]


@pytest.mark.parametrize(("name", "payload"), RAW_CASES, ids=[c[0] for c in RAW_CASES])
def test_undecodable_bytes_on_the_wire(daemon: RunningDaemon, name: str, payload: bytes) -> None:
    with daemon.channel() as channel:
        call = channel.unary_stream(
            GENERATE,
            request_serializer=lambda raw: raw,
            response_deserializer=pb2.GenerateResponse.FromString,
        )
        with pytest.raises(grpc.RpcError) as caught:
            list(call(payload, timeout=30))
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "malformed protobuf or invalid UTF-8" in (caught.value.details() or "")


def test_message_over_the_wire_limit(daemon: RunningDaemon) -> None:
    with pytest.raises(grpc.RpcError) as caught:
        list(daemon.inference().Generate(text_request("a" * (17 * 1024 * 1024)), timeout=60))
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED


def test_client_without_certificate_is_refused(daemon: RunningDaemon) -> None:
    credentials = grpc.ssl_channel_credentials(
        root_certificates=daemon.pki.ca_certificate.read_bytes()
    )
    with grpc.secure_channel(daemon.target, credentials) as channel:
        stub = channel.unary_stream(
            GENERATE,
            request_serializer=pb2.GenerateRequest.SerializeToString,
            response_deserializer=pb2.GenerateResponse.FromString,
        )
        with pytest.raises(grpc.RpcError) as caught:
            list(stub(text_request(), timeout=10))
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


def test_client_certificate_from_another_ca_is_refused(
    daemon: RunningDaemon, tmp_path: Any
) -> None:
    from enclave import create_dev_pki

    rogue = create_dev_pki(tmp_path / "rogue")
    tls = ClientTls(
        ca=daemon.pki.ca_certificate,
        certificate=rogue.client_certificate("client"),
        key=rogue.client_key("client"),
    )
    with open_channel(daemon.target, tls) as channel:
        stub = channel.unary_stream(
            GENERATE,
            request_serializer=pb2.GenerateRequest.SerializeToString,
            response_deserializer=pb2.GenerateResponse.FromString,
        )
        with pytest.raises(grpc.RpcError) as caught:
            list(stub(text_request(), timeout=10))
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE


def test_daemon_still_serves_after_bad_input(daemon: RunningDaemon) -> None:
    assert daemon.process.poll() is None
    responses = list(daemon.inference().Generate(text_request(max_tokens=4), timeout=60))
    assert responses[-1].WhichOneof("event") == "completed"
    assert daemon.wait_idle().engines[0].outstanding_requests == 0
