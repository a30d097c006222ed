"""Attestation: evidence providers, their verifiers, and what evidence binds."""

from enclave.attestation.binding import BindingError, BoundState, report_data
from enclave.attestation.evidence import (
    REPORT_DATA_BYTES,
    Appraisal,
    AttestationError,
    Evidence,
    EvidenceProvider,
    EvidenceUnavailable,
    EvidenceVerifier,
)
from enclave.attestation.none_provider import NoneEvidenceProvider, NoneEvidenceVerifier
from enclave.attestation.registry import ConfiguredProvider, configured_provider
from enclave.attestation.settings import AttestationSettings, ProviderSettings

__all__ = [
    "REPORT_DATA_BYTES",
    "Appraisal",
    "AttestationError",
    "AttestationSettings",
    "BindingError",
    "BoundState",
    "ConfiguredProvider",
    "Evidence",
    "EvidenceProvider",
    "EvidenceUnavailable",
    "EvidenceVerifier",
    "NoneEvidenceProvider",
    "NoneEvidenceVerifier",
    "ProviderSettings",
    "configured_provider",
    "report_data",
]
