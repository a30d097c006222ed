"""A client that verifies the appliance before it sends a prompt, then seals prompts to it.

gRPC Python does not show a client the server's certificate, so the TLS key is observed on
a handshake of our own to the same address with the same credentials, and compared with the
key the evidence vouches for. The end-to-end guarantee does not rest on that comparison:
sealed prompts are encrypted to the HPKE key the evidence binds, which only the attested
appliance holds, whatever terminates TLS in between.
"""

from __future__ import annotations

import os
import socket
import ssl
from collections.abc import Iterator
from dataclasses import dataclass

import grpc
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from appliance.api import pb2, pb2_grpc
from appliance.client import ClientTls, open_channel
from enclave.client.expectations import Expectations
from enclave.client.verification import (
    VerificationFailed,
    VerifiedAppliance,
    VerifierFactory,
    verify_evidence,
)
from enclave.client.verifiers import client_verifier
from enclave.sealing import ResponseOpener, SealingError, seal_request

NONCE_BYTES = 32


def observed_tls_public_key(
    target: str, tls: ClientTls, *, server_name: str | None = None, timeout: float = 10.0
) -> bytes:
    """DER SPKI of the certificate `target` presents to this client's own TLS handshake."""
    host, _, port = target.rpartition(":")
    context = ssl.create_default_context(cafile=str(tls.ca))
    context.load_cert_chain(str(tls.certificate), str(tls.key))
    context.check_hostname = False  # the gRPC channel checks the name; we want the key
    with (
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout) as raw,
        context.wrap_socket(raw, server_hostname=server_name or host.strip("[]")) as wrapped,
    ):
        der = wrapped.getpeercert(binary_form=True)
    if der is None:
        raise VerificationFailed("tls_key", "the server presented no certificate")
    return (
        x509.load_der_x509_certificate(der)
        .public_key()
        .public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    )


def verify_appliance(
    channel: grpc.Channel,
    *,
    expectations: Expectations,
    observed_tls_key: bytes | None,
    verifier_for: VerifierFactory = client_verifier,
    timeout: float = 30.0,
) -> VerifiedAppliance:
    """Fetch evidence for a fresh nonce and verify it; raises VerificationFailed."""
    nonce = os.urandom(NONCE_BYTES)
    try:
        evidence = pb2_grpc.AttestationStub(channel).GetEvidence(
            pb2.EvidenceRequest(nonce=nonce), timeout=timeout
        )
    except grpc.RpcError as exc:
        raise VerificationFailed(
            "evidence", f"GetEvidence failed: {exc.code().name}: {exc.details()}"
        ) from None
    return verify_evidence(
        evidence,
        nonce=nonce,
        observed_tls_public_key=observed_tls_key,
        expectations=expectations,
        verifier_for=verifier_for,
    )


@dataclass(frozen=True)
class SealedText:
    """Chunks of a sealed generation, opened, and the Completed event."""

    text: str
    completed: pb2.Completed


class AttestedClient:
    """Verify once, then generate with prompts sealed to the verified appliance."""

    def __init__(
        self,
        target: str,
        tls: ClientTls,
        expectations: Expectations,
        *,
        server_name: str | None = None,
        verifier_for: VerifierFactory = client_verifier,
    ) -> None:
        self._channel = open_channel(target, tls, server_name=server_name)
        self.appliance = verify_appliance(
            self._channel,
            expectations=expectations,
            observed_tls_key=observed_tls_public_key(target, tls, server_name=server_name),
            verifier_for=verifier_for,
        )

    def close(self) -> None:
        """Close the channel."""
        self._channel.close()

    def sealed_request(
        self, request: pb2.GenerateRequest, prompt: pb2.SealedPrompt
    ) -> tuple[pb2.GenerateRequest, ResponseOpener]:
        """`request` with `prompt` sealed to the verified appliance's key."""
        sealed, opener = seal_request(self.appliance.hpke_public_key, prompt.SerializeToString())
        out = pb2.GenerateRequest()
        out.CopyFrom(request)
        out.sealed.ciphertext = sealed
        return out, opener

    def generate_sealed(
        self, request: pb2.GenerateRequest, prompt: pb2.SealedPrompt, *, timeout: float = 60.0
    ) -> SealedText:
        """Generate with the prompt sealed; opens and checks every chunk and the trailer."""
        sealed, opener = self.sealed_request(request, prompt)
        return open_sealed_stream(
            pb2_grpc.InferenceStub(self._channel).Generate(sealed, timeout=timeout), opener
        )


def open_sealed_stream(
    responses: Iterator[pb2.GenerateResponse], opener: ResponseOpener
) -> SealedText:
    """Open a sealed response stream; raises SealingError if anything was cut or altered."""
    parts: list[str] = []
    for response in responses:
        if response.HasField("chunk"):
            if response.chunk.text or response.chunk.token_ids:
                raise SealingError("a sealed response carried plaintext")
            parts.append(opener.open(response.chunk.sealed_text).decode())
        elif response.HasField("completed"):
            opener.check_trailer(response.completed.sealed_trailer)
            return SealedText(text="".join(parts), completed=response.completed)
    raise SealingError("the stream ended without its Completed event")
