"""The self-check and GetEvidence's rate limit, without a daemon (no engine involved)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from appliance.policy.store import PolicyStore
from appliance.server.attestation_monitor import AttestationMonitor
from appliance.server.errors import NotAttestedError, RateLimitedError
from enclave.attestation import AttestationSettings, report_data
from enclave.attestation.binding import BoundState
from enclave.sealing import SealingKey
from tests.daemon_harness import harness_policy


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def monitor(tmp_path: Path, clock: Clock, *, attestation: str = "none") -> AttestationMonitor:
    policy = tmp_path / "policy.yaml"
    policy.write_text(yaml.safe_dump(harness_policy(trust={"attestation": attestation})))
    return AttestationMonitor(
        AttestationSettings(evidence_per_minute=3),
        tls_public_key=b"tls",
        sealing_key=SealingKey(),
        policies=PolicyStore.open(policy),
        model_digests=lambda: {"demo": "sha256:" + "1" * 64},
        clock=clock,
    )


async def test_evidence_is_bound_to_the_nonce_and_state(tmp_path: Path) -> None:
    m = monitor(tmp_path, Clock())
    evidence = await m.evidence(b"n" * 32)
    state = BoundState.of(
        tls_public_key_der=b"tls",
        policy_digest=evidence.policy_digest,
        hpke_public_key=m.sealing_key.public_bytes,
        model_digests=["sha256:" + "1" * 64],
    )
    assert evidence.report_data == report_data(b"n" * 32, state)
    assert [p.provider for p in evidence.providers] == ["none"]
    assert evidence.providers[0].blobs["report_data"] == evidence.report_data
    assert evidence.attested is False


async def test_evidence_is_rate_limited_then_recovers(tmp_path: Path) -> None:
    clock = Clock()
    m = monitor(tmp_path, clock)
    for _ in range(3):
        await m.evidence(b"n" * 32)
    with pytest.raises(RateLimitedError) as limited:
        await m.evidence(b"n" * 32)
    assert limited.value.retry_after_s == pytest.approx(20.0)
    clock.now += 20.0
    await m.evidence(b"n" * 32)


@pytest.mark.parametrize(("attestation", "serves"), [("none", True), ("required", False)])
async def test_unattested_serves_only_a_policy_that_allows_it(
    tmp_path: Path, attestation: str, serves: bool
) -> None:
    m = monitor(tmp_path, Clock(), attestation=attestation)
    policy = PolicyStore.open(tmp_path / "policy.yaml").current.policy
    if attestation == "required":
        assert m.refusal(policy) == "attestation has not been checked yet"
    check = await m.check()
    assert check.passed
    assert not check.attested
    assert (m.refusal(policy) is None) == serves
    if not serves:
        with pytest.raises(NotAttestedError, match="UNATTESTED"):
            m.require(policy)
