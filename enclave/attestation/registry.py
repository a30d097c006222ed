"""From settings to a provider and the verifier the appliance checks itself with."""

from __future__ import annotations

from dataclasses import dataclass

from enclave.attestation.evidence import EvidenceProvider, EvidenceVerifier
from enclave.attestation.none_provider import NoneEvidenceProvider, NoneEvidenceVerifier
from enclave.attestation.settings import ProviderSettings


@dataclass(frozen=True)
class ConfiguredProvider:
    """A provider and its self-check verifier."""

    name: str
    provider: EvidenceProvider
    verifier: EvidenceVerifier


def configured_provider(settings: ProviderSettings) -> ConfiguredProvider:
    """The provider the settings name. The `none` verifier accepts its own evidence here;
    whether unattested is good enough to serve is the policy's call, not the verifier's."""
    match settings.kind:
        case "none":
            return ConfiguredProvider(
                "none", NoneEvidenceProvider(), NoneEvidenceVerifier(allow_unattested=True)
            )
