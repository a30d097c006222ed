"""Attestation through the running daemon: evidence a client verifies, prompts sealed to the
attested key, and a policy demanding attestation that an unattested appliance will not serve.

No TEE here: the daemon runs the `none` provider, the stand-in that takes the same path
(collect, bind, verify) and marks everything UNATTESTED.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
import yaml
from google.rpc import error_details_pb2
from grpc_health.v1 import health_pb2
from grpc_status import rpc_status

from appliance.api import pb2, pb2_grpc
from appliance.client import ClientTls
from enclave.client import AttestedClient, Expectations, VerificationFailed
from tests.daemon_harness import RunningDaemon, harness_policy
from tests.tls_proxy import RecordingTlsProxy

pytestmark = pytest.mark.engine

SECRET = "the merger closes on Friday at 9"


def client_tls(daemon: RunningDaemon) -> ClientTls:
    pki = daemon.pki
    return ClientTls(
        ca=pki.ca_certificate,
        certificate=pki.client_certificate("client"),
        key=pki.client_key("client"),
    )


def greedy(**input_fields: object) -> pb2.GenerateRequest:
    return pb2.GenerateRequest(
        model="demo",
        sampling=pb2.SamplingParams(temperature=0.0, max_tokens=12),
        **input_fields,
    )


def expect_allowing_unattested(daemon: RunningDaemon) -> Expectations:
    return Expectations(allow_unattested=True, policy_digest=daemon.status().policy_digest)


def test_evidence_verifies_and_says_unattested(daemon: RunningDaemon) -> None:
    client = AttestedClient(daemon.target, client_tls(daemon), expect_allowing_unattested(daemon))
    try:
        assert client.appliance.attested is False
        assert [a.provider for a in client.appliance.appraisals] == ["none"]
    finally:
        client.close()


def test_a_client_that_demands_attestation_refuses_this_appliance(daemon: RunningDaemon) -> None:
    with pytest.raises(VerificationFailed) as refused:
        AttestedClient(daemon.target, client_tls(daemon), Expectations())
    assert refused.value.check == "none.unattested"


def test_a_client_expecting_another_policy_refuses(daemon: RunningDaemon) -> None:
    expectations = Expectations(allow_unattested=True, policy_digest="sha256:" + "0" * 64)
    with pytest.raises(VerificationFailed) as refused:
        AttestedClient(daemon.target, client_tls(daemon), expectations)
    assert refused.value.check == "policy_digest"


def test_sealed_generation_matches_plain_and_a_proxy_sees_only_ciphertext(
    daemon: RunningDaemon,
) -> None:
    pki = daemon.pki
    proxy = RecordingTlsProxy(
        daemon.port,
        ca=pki.ca_certificate,
        server_certificate=pki.server_certificate,
        server_key=pki.server_key,
        client_certificate=pki.client_certificate("client"),
        client_key=pki.client_key("client"),
    )
    try:
        plain = list(daemon.inference().Generate(greedy(text=SECRET), timeout=60))
        plain_text = "".join(r.chunk.text for r in plain if r.HasField("chunk"))
        assert plain_text

        client = AttestedClient(
            f"localhost:{proxy.port}", client_tls(daemon), expect_allowing_unattested(daemon)
        )
        try:
            sealed = client.generate_sealed(greedy(), pb2.SealedPrompt(text=SECRET))
        finally:
            client.close()
        assert sealed.text == plain_text
        assert sealed.completed.finish_reason == "length"
        assert SECRET.encode() not in proxy.seen
        assert plain_text.encode() not in proxy.seen

        # Control: the same proxy reads an unsealed prompt in the clear.
        channel = grpc.secure_channel(
            f"localhost:{proxy.port}",
            grpc.ssl_channel_credentials(
                pki.ca_certificate.read_bytes(),
                pki.client_key("client").read_bytes(),
                pki.client_certificate("client").read_bytes(),
            ),
        )
        with channel:
            list(pb2_grpc.InferenceStub(channel).Generate(greedy(text=SECRET), timeout=60))
        assert SECRET.encode() in proxy.seen
    finally:
        proxy.close()


def error_reason(error: grpc.RpcError) -> str:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return info.reason
    return ""


@pytest.mark.parametrize(
    "ciphertext", [b"", b"\x00" * 40, b"not hpke at all" * 10], ids=["empty", "zeros", "text"]
)
def test_a_sealed_input_that_does_not_open_is_invalid(
    daemon: RunningDaemon, ciphertext: bytes
) -> None:
    request = greedy(sealed=pb2.SealedInput(ciphertext=ciphertext))
    with pytest.raises(grpc.RpcError) as failed:
        list(daemon.inference().Generate(request, timeout=30))
    assert failed.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert error_reason(failed.value) == "SEALED_INPUT"


@pytest.mark.parametrize("nonce", [b"", b"short", b"x" * 65])
def test_nonce_out_of_bounds_is_invalid(daemon: RunningDaemon, nonce: bytes) -> None:
    stub = pb2_grpc.AttestationStub(daemon.channel())
    with pytest.raises(grpc.RpcError) as failed:
        stub.GetEvidence(pb2.EvidenceRequest(nonce=nonce), timeout=10)
    assert failed.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert "nonce must be 16 to 64 bytes" in (failed.value.details() or "")


def test_cli_verify_exit_codes(daemon: RunningDaemon, tmp_path: Path) -> None:
    pki = daemon.pki
    tls_args = [
        "--ca", str(pki.ca_certificate),
        "--cert", str(pki.client_certificate("client")),
        "--key", str(pki.client_key("client")),
    ]  # fmt: skip
    allow = tmp_path / "allow.yaml"
    allow.write_text("allow_unattested: true\n")
    strict = tmp_path / "strict.yaml"
    strict.write_text("providers: [nvidia-cc]\n")
    broken = tmp_path / "broken.yaml"
    broken.write_text("allow_unatested: true\n")

    def run(expect: Path) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "appliance.cli.main", "attest", "verify"]
        return subprocess.run(
            [*command, "--target", daemon.target, "--expect", str(expect), *tls_args],
            capture_output=True,
            text=True,
            timeout=60,
        )

    ok = run(allow)
    assert ok.returncode == 0, ok.stderr
    assert "UNATTESTED" in ok.stdout
    refused = run(strict)
    assert refused.returncode == 1
    assert "FAILED provider: no nvidia-cc evidence" in refused.stderr
    bad = run(broken)
    assert bad.returncode == 2
    assert "broken.yaml:1:1" in bad.stderr


@pytest.fixture
def attestation_required(daemon: RunningDaemon) -> Iterator[RunningDaemon]:
    """The shared daemon's policy switched to `trust.attestation: required`, then back."""
    policy_path = daemon.log_path.parent / "policy.yaml"
    good = policy_path.read_text()
    policy_path.write_text(yaml.safe_dump(harness_policy(trust={"attestation": "required"})))
    try:
        assert reload(daemon).applied
        yield daemon
    finally:
        policy_path.write_text(good)
        assert reload(daemon).applied
        assert daemon.health() == health_pb2.HealthCheckResponse.SERVING


def reload(daemon: RunningDaemon) -> pb2.ReloadPolicyResponse:
    with daemon.local_channel() as channel:
        return pb2_grpc.AdminStub(channel).ReloadPolicy(pb2.ReloadPolicyRequest(), timeout=30)


def test_an_unattested_appliance_does_not_serve_a_policy_that_requires_attestation(
    attestation_required: RunningDaemon,
) -> None:
    daemon = attestation_required
    assert daemon.health() == health_pb2.HealthCheckResponse.NOT_SERVING
    status = daemon.status()
    assert status.health == "NOT_SERVING"
    assert status.attestation.required
    assert not status.attestation.attested
    assert status.attestation.providers == ["none"]
    for call in (
        lambda: list(daemon.inference().Generate(greedy(text="hello"), timeout=30)),
        lambda: daemon.inference().Screen(pb2.ScreenRequest(text="hello"), timeout=30),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            call()
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        assert error_reason(refused.value) == "NOT_ATTESTED"
        assert "UNATTESTED" in (refused.value.details() or "")
