"""Client verification: each check fails on its own, by name.

Evidence here comes from the `none` provider (no TEE on this machine), built exactly as the
daemon builds it; hardware providers' own checks are tested with their verifiers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization

from appliance.api import pb2
from enclave.attestation import (
    Appraisal,
    AttestationError,
    BoundState,
    Evidence,
    EvidenceVerifier,
    NoneEvidenceProvider,
    report_data,
)
from enclave.client import (
    Expectations,
    VerificationFailed,
    VerifiedAppliance,
    client_verifier,
    load_expectations,
    verify_evidence,
)
from tests.enclave.attestation.synthetic_tdx import (
    TdxQuoteSpec,
    build_tdx_quote,
    make_intel_like_pki,
)

NONCE = b"\x07" * 32
TLS_KEY = b"appliance-tls-spki"
POLICY = "sha256:" + "a" * 64
MODEL = "sha256:" + "1" * 64
OTHER = "sha256:" + "2" * 64


def evidence(nonce: bytes = NONCE) -> pb2.Evidence:
    state = BoundState.of(
        tls_public_key_der=TLS_KEY,
        policy_digest=POLICY,
        hpke_public_key=b"h" * 32,
        model_digests=[MODEL],
    )
    data = report_data(nonce, state)
    reply = pb2.Evidence(
        report_data=data,
        policy_digest=POLICY,
        tls_public_key=TLS_KEY,
        hpke_public_key=b"h" * 32,
        models=[pb2.ModelDigest(model="demo", digest=MODEL)],
    )
    collected = NoneEvidenceProvider().collect(data)
    reply.providers.add(provider="none", attested=False, blobs=collected.blobs)
    return reply


ALLOW = Expectations(allow_unattested=True, policy_digest=POLICY, models={"demo": MODEL})


def verify(
    ev: pb2.Evidence,
    expectations: Expectations = ALLOW,
    *,
    observed: bytes | None = TLS_KEY,
    verifier_for: Callable[[str, Expectations], EvidenceVerifier] = client_verifier,
) -> VerifiedAppliance:
    return verify_evidence(
        ev,
        nonce=NONCE,
        observed_tls_public_key=observed,
        expectations=expectations,
        verifier_for=verifier_for,
    )


def test_matching_evidence_verifies() -> None:
    verified = verify(evidence())
    assert verified.attested is False
    assert verified.models == {"demo": MODEL}
    assert verified.tls_public_key_sha256 == hashlib.sha256(TLS_KEY).digest()


def tampered(change: Callable[[pb2.Evidence], object]) -> pb2.Evidence:
    ev = evidence()
    change(ev)
    return ev


class Claims:
    """A stand-in hardware verifier with fixed claims, to test claim expectations."""

    def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal:
        return Appraisal("nvidia-cc", True, {"driver_version": "535.86.06", "cc_mode": "on"})


def claims_for(provider: str, expectations: Expectations) -> EvidenceVerifier:
    return Claims()


CASES: list[tuple[str, pb2.Evidence, Expectations, bytes | None, str]] = [
    ("replayed for another nonce", evidence(b"\x08" * 32), ALLOW, TLS_KEY, "binding"),
    ("policy digest swapped", tampered(lambda e: setattr(e, "policy_digest", "sha256:" + "b" * 64)),
     ALLOW, TLS_KEY, "binding"),
    ("model digest swapped", tampered(lambda e: setattr(e.models[0], "digest", OTHER)),
     ALLOW, TLS_KEY, "binding"),
    ("hpke key swapped", tampered(lambda e: setattr(e, "hpke_public_key", b"x" * 32)),
     ALLOW, TLS_KEY, "binding"),
    ("another TLS key seen", evidence(), ALLOW, b"proxy-key", "tls_key"),
    ("unattested not allowed", evidence(), Expectations(), TLS_KEY, "none.unattested"),
    ("required provider missing", evidence(), ALLOW.model_copy(update={"providers": ["tdx"]}),
     TLS_KEY, "provider"),
    ("no evidence at all", tampered(lambda e: e.ClearField("providers")), ALLOW, TLS_KEY,
     "provider"),
    ("marker stripped", tampered(lambda e: e.providers[0].blobs.pop("unattested")), ALLOW,
     TLS_KEY, "none.unattested_marker"),
    ("unknown provider", tampered(lambda e: setattr(e.providers[0], "provider", "sgx")), ALLOW,
     TLS_KEY, "sgx.provider"),
    ("other policy", evidence(), ALLOW.model_copy(update={"policy_digest": "sha256:" + "c" * 64}),
     TLS_KEY, "policy_digest"),
    ("other model digest", evidence(), ALLOW.model_copy(update={"models": {"demo": OTHER}}),
     TLS_KEY, "model:demo"),
    ("expected model absent", evidence(), ALLOW.model_copy(update={"models": {"big": MODEL}}),
     TLS_KEY, "model:big"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "ev", "expectations", "observed", "check"), CASES, ids=[c[0] for c in CASES]
)
def test_each_check_fails_by_name(
    name: str, ev: pb2.Evidence, expectations: Expectations, observed: bytes | None, check: str
) -> None:
    with pytest.raises(VerificationFailed) as failed:
        verify(ev, expectations, observed=observed)
    assert failed.value.check == check


@pytest.mark.parametrize(
    ("expectations", "check"),
    [
        (Expectations(min_claims={"nvidia-cc.driver_version": "550.54"}),
         "claim:nvidia-cc.driver_version"),
        (Expectations(min_claims={"nvidia-cc.vbios_version": "1"}),
         "claim:nvidia-cc.vbios_version"),
        (Expectations(exact_claims={"nvidia-cc.cc_mode": "off"}), "claim:nvidia-cc.cc_mode"),
    ],
)  # fmt: skip
def test_claim_expectations(expectations: Expectations, check: str) -> None:
    with pytest.raises(VerificationFailed) as failed:
        verify(evidence(), expectations, verifier_for=claims_for)
    assert failed.value.check == check
    ok = Expectations(
        min_claims={"nvidia-cc.driver_version": "535.86"}, exact_claims={"nvidia-cc.cc_mode": "on"}
    )
    assert verify(evidence(), ok, verifier_for=claims_for).attested


def test_a_verifier_error_names_its_provider() -> None:
    class Broken:
        def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal:
            raise AttestationError("signature", "bad")

    with pytest.raises(VerificationFailed) as failed:
        verify(evidence(), verifier_for=lambda p, e: Broken())
    assert failed.value.check == "none.signature"


def test_tdx_evidence_verifies_with_the_expected_root(tmp_path: Path) -> None:
    """Synthetic TDX quote from a test PKI (no TDX hardware here), bound like the daemon's."""
    pki = make_intel_like_pki()
    other = make_intel_like_pki()
    ev = evidence()
    ev.ClearField("providers")
    quote = build_tdx_quote(TdxQuoteSpec(report_data=ev.report_data), pki)
    ev.providers.add(provider="tdx", attested=True, blobs={"quote": quote})
    for name, pki_root in (("root.pem", pki.root), ("other.pem", other.root)):
        (tmp_path / name).write_bytes(pki_root.public_bytes(serialization.Encoding.PEM))
    expectations = tmp_path / "expect.yaml"
    expectations.write_text(f"policy_digest: '{POLICY}'\ntdx: {{intel_root: root.pem}}\n")
    verified = verify(ev, load_expectations(expectations))
    assert verified.attested
    assert verified.appraisals[0].qualified_claims()["tdx.mr_td"] == "11" * 48

    expectations.write_text("tdx: {intel_root: other.pem}\n")
    with pytest.raises(VerificationFailed) as failed:
        verify(ev, load_expectations(expectations))
    assert failed.value.check == "tdx.pck_chain"

    expectations.write_text(
        "tdx: {intel_root: other.pem, reference: {mr_td: '" + "22" * 48 + "'}}\n"
    )
    with pytest.raises(VerificationFailed):
        verify(ev, load_expectations(expectations))
    with pytest.raises(VerificationFailed) as failed:
        verify(ev, Expectations())
    assert failed.value.check == "tdx.provider"
