"""Verify an appliance's evidence against the relying party's expectations.

Checks, in order; the first failure ends verification with its name:
  binding       report_data recomputed from the nonce and the evidence's own fields
  tls_key       the TLS key in the evidence is the one this client's handshake saw
  provider      each required provider is present; each provider's evidence verifies
                (its own checks, named "<provider>.<check>")
  unattested    the appliance is hardware-attested, unless unattested is allowed
  policy_digest the policy is the expected one
  model:<name>  each expected model is served from the expected digest
  claim:<key>   each expected claim is present and meets its minimum or exact value
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from appliance.api import pb2
from enclave.attestation.binding import BindingError, BoundState, report_data
from enclave.attestation.evidence import (
    Appraisal,
    AttestationError,
    Evidence,
    EvidenceVerifier,
)
from enclave.client.expectations import Expectations

VerifierFactory = Callable[[str, Expectations], EvidenceVerifier]


class VerificationFailed(Exception):
    """The appliance does not meet expectations; `check` names the check that failed."""

    def __init__(self, check: str, message: str) -> None:
        super().__init__(f"{check}: {message}")
        self.check = check
        self.message = message


@dataclass(frozen=True)
class VerifiedAppliance:
    """An appliance that passed every check: what it proved, and the keys to use with it."""

    tls_public_key_sha256: bytes
    hpke_public_key: bytes
    policy_digest: str
    models: Mapping[str, str]
    appraisals: tuple[Appraisal, ...]
    attested: bool


def verify_evidence(
    evidence: pb2.Evidence,
    *,
    nonce: bytes,
    observed_tls_public_key: bytes | None,
    expectations: Expectations,
    verifier_for: VerifierFactory,
) -> VerifiedAppliance:
    """Every check above, or VerificationFailed naming the first that failed.
    `observed_tls_public_key`: DER SPKI from this client's own handshake (None on a local
    Unix socket, where there is no TLS to pin)."""
    models = {m.model: m.digest for m in evidence.models}
    state = BoundState(
        tls_public_key_sha256=hashlib.sha256(evidence.tls_public_key).digest(),
        policy_digest=evidence.policy_digest,
        hpke_public_key=evidence.hpke_public_key,
        model_digests=tuple(sorted(models.values())),
    )
    try:
        expected_data = report_data(nonce, state)
    except BindingError as exc:
        raise VerificationFailed("binding", str(exc)) from None
    if evidence.report_data != expected_data:
        raise VerificationFailed(
            "binding", "report data does not commit to this nonce and the evidence's fields"
        )
    if observed_tls_public_key is not None and observed_tls_public_key != evidence.tls_public_key:
        raise VerificationFailed(
            "tls_key", "the evidence vouches for another TLS key than the one this client saw"
        )
    appraisals = _appraise(evidence, expected_data, expectations, verifier_for)
    attested = bool(appraisals) and all(a.attested for a in appraisals)
    if not attested and not expectations.allow_unattested:
        raise VerificationFailed("unattested", "the appliance is UNATTESTED (provider none)")
    if expectations.policy_digest is not None and evidence.policy_digest != (
        expectations.policy_digest
    ):
        raise VerificationFailed(
            "policy_digest",
            f"appliance runs policy {evidence.policy_digest}, expected "
            f"{expectations.policy_digest}",
        )
    for name, digest in expectations.models.items():
        if models.get(name) != digest:
            raise VerificationFailed(
                f"model:{name}", f"served from {models.get(name) or 'nothing'}, expected {digest}"
            )
    _check_claims(appraisals, expectations)
    return VerifiedAppliance(
        tls_public_key_sha256=state.tls_public_key_sha256,
        hpke_public_key=evidence.hpke_public_key,
        policy_digest=evidence.policy_digest,
        models=models,
        appraisals=appraisals,
        attested=attested,
    )


def _appraise(
    evidence: pb2.Evidence,
    data: bytes,
    expectations: Expectations,
    verifier_for: VerifierFactory,
) -> tuple[Appraisal, ...]:
    offered = [p.provider for p in evidence.providers]
    for required in expectations.providers:
        if required not in offered:
            raise VerificationFailed("provider", f"no {required} evidence (offered: {offered})")
    if not offered:
        raise VerificationFailed("provider", "the appliance offered no evidence")
    appraisals = []
    for part in evidence.providers:
        try:
            verifier = verifier_for(part.provider, expectations)
            appraisals.append(
                verifier.verify(
                    Evidence(
                        provider=part.provider, blobs=dict(part.blobs), attested=part.attested
                    ),
                    data,
                )
            )
        except AttestationError as exc:
            raise VerificationFailed(f"{part.provider}.{exc.check}", exc.message) from None
    return tuple(appraisals)


def _check_claims(appraisals: tuple[Appraisal, ...], expectations: Expectations) -> None:
    claims = {f"{a.provider}.{key}": value for a in appraisals for key, value in a.claims.items()}
    for key, minimum in expectations.min_claims.items():
        if key not in claims:
            raise VerificationFailed(f"claim:{key}", "not in the verified evidence")
        if _version(claims[key]) < _version(minimum):
            raise VerificationFailed(f"claim:{key}", f"{claims[key]} is below {minimum}")
    for key, exact in expectations.exact_claims.items():
        if claims.get(key) != exact:
            raise VerificationFailed(
                f"claim:{key}", f"{claims.get(key, 'absent')}, expected {exact}"
            )


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text))
