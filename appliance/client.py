"""A small client for the appliance: open an mTLS (or Unix-socket) channel and stream."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc

from appliance.api import pb2, pb2_grpc


@dataclass(frozen=True)
class ClientTls:
    """The files a client presents and trusts."""

    ca: Path
    certificate: Path
    key: Path


def open_channel(
    target: str, tls: ClientTls | None = None, *, server_name: str | None = None
) -> grpc.Channel:
    """A channel to `target`: `unix:/path` (local), or host:port with mTLS.

    Without `tls`, a TCP target is opened without encryption: only for a daemon started
    with `listen.insecure`.
    """
    options: list[tuple[str, str | int]] = [("grpc.max_receive_message_length", 64 << 20)]
    if server_name:
        options.append(("grpc.ssl_target_name_override", server_name))
    if target.startswith("unix:") or tls is None:
        return grpc.insecure_channel(target, options=options)
    credentials = grpc.ssl_channel_credentials(
        root_certificates=tls.ca.read_bytes(),
        private_key=tls.key.read_bytes(),
        certificate_chain=tls.certificate.read_bytes(),
    )
    return grpc.secure_channel(target, credentials, options=options)


def stream_generate(
    channel: grpc.Channel, request: pb2.GenerateRequest, *, timeout: float | None = None
) -> Iterator[pb2.GenerateResponse]:
    """Call Inference.Generate and yield its responses."""
    stub = pb2_grpc.InferenceStub(channel)
    yield from stub.Generate(request, timeout=timeout)
