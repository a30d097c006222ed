"""The client-side verifier for each provider, configured from the expectations."""

from __future__ import annotations

from enclave.attestation.evidence import AttestationError, EvidenceVerifier
from enclave.attestation.none_provider import NoneEvidenceVerifier
from enclave.attestation.registry import ProviderSetupError, load_certificates, nvidia_verifier
from enclave.attestation.sev_snp import SevSnpEvidenceVerifier
from enclave.attestation.tdx import TdxEvidenceVerifier
from enclave.client.expectations import Expectations


def client_verifier(provider: str, expectations: Expectations) -> EvidenceVerifier:
    """The verifier for `provider`'s evidence under `expectations`; AttestationError
    ("provider") when the expectations say nothing about how to verify it."""
    try:
        return _verifier(provider, expectations)
    except ProviderSetupError as exc:
        raise AttestationError("provider", str(exc)) from None


def _verifier(provider: str, expectations: Expectations) -> EvidenceVerifier:
    if provider == "none":
        return NoneEvidenceVerifier(allow_unattested=expectations.allow_unattested)
    if provider == "nvidia-cc" and expectations.nvidia is not None:
        return nvidia_verifier(expectations.nvidia)
    if provider == "tdx" and expectations.tdx is not None:
        return TdxEvidenceVerifier(
            intel_root=load_certificates(expectations.tdx.intel_root)[0],
            reference=expectations.tdx.reference,
        )
    if provider == "sev-snp" and expectations.sev_snp is not None:
        snp = expectations.sev_snp
        return SevSnpEvidenceVerifier(
            amd_root=load_certificates(snp.amd_root)[0],
            intermediates=load_certificates(snp.intermediates) if snp.intermediates else (),
            reference=snp.reference,
        )
    raise AttestationError(
        "provider", f"no way to verify {provider!r} evidence: the expectations configure none"
    )
