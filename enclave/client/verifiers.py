"""The client-side verifier for each provider, configured from the expectations."""

from __future__ import annotations

from enclave.attestation.evidence import AttestationError, EvidenceVerifier
from enclave.attestation.none_provider import NoneEvidenceVerifier
from enclave.client.expectations import Expectations


def client_verifier(provider: str, expectations: Expectations) -> EvidenceVerifier:
    """The verifier for `provider`'s evidence under `expectations`."""
    if provider == "none":
        return NoneEvidenceVerifier(allow_unattested=expectations.allow_unattested)
    raise AttestationError("provider", f"this client has no verifier for {provider!r} evidence")
