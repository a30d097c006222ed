"""From settings to a provider and the verifier the appliance checks itself with."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cryptography import x509

from enclave.attestation.configfs_tsm import ConfigfsTsm
from enclave.attestation.evidence import EvidenceProvider, EvidenceVerifier
from enclave.attestation.none_provider import NoneEvidenceProvider, NoneEvidenceVerifier
from enclave.attestation.nvidia import (
    DirectoryOcspChecker,
    DirectoryRimStore,
    NvidiaEvidenceProvider,
    NvidiaEvidenceVerifier,
    PinnedRoots,
)
from enclave.attestation.settings import (
    NoneProviderSettings,
    NvidiaAppraisal,
    NvidiaProviderSettings,
    ProviderSettings,
    SevSnpProviderSettings,
    TdxProviderSettings,
)
from enclave.attestation.sev_snp import SevSnpEvidenceProvider, SevSnpEvidenceVerifier
from enclave.attestation.tdx import TdxEvidenceProvider, TdxEvidenceVerifier


class ProviderSetupError(Exception):
    """A provider's settings name a file that is missing or not a certificate."""


@dataclass(frozen=True)
class ConfiguredProvider:
    """A provider and its self-check verifier."""

    name: str
    provider: EvidenceProvider
    verifier: EvidenceVerifier


def configured_provider(settings: ProviderSettings) -> ConfiguredProvider:
    """The provider the settings name. The `none` verifier accepts its own evidence here;
    whether unattested is good enough to serve is the policy's call, not the verifier's."""
    match settings:
        case NoneProviderSettings():
            return ConfiguredProvider(
                "none", NoneEvidenceProvider(), NoneEvidenceVerifier(allow_unattested=True)
            )
        case NvidiaProviderSettings():
            return ConfiguredProvider(
                "nvidia-cc", NvidiaEvidenceProvider(), nvidia_verifier(settings)
            )
        case TdxProviderSettings():
            return ConfiguredProvider(
                "tdx",
                TdxEvidenceProvider(tsm=ConfigfsTsm(settings.configfs)),
                TdxEvidenceVerifier(
                    intel_root=load_certificates(settings.intel_root)[0],
                    reference=settings.reference,
                ),
            )
        case SevSnpProviderSettings():
            return ConfiguredProvider(
                "sev-snp",
                SevSnpEvidenceProvider(tsm=ConfigfsTsm(settings.configfs)),
                SevSnpEvidenceVerifier(
                    amd_root=load_certificates(settings.amd_root)[0],
                    intermediates=(
                        load_certificates(settings.intermediates) if settings.intermediates else ()
                    ),
                    reference=settings.reference,
                ),
            )


def nvidia_verifier(appraisal: NvidiaAppraisal) -> NvidiaEvidenceVerifier:
    """A verifier with the appraisal's pinned roots, RIM directory and OCSP cache."""
    directories = (("rim_store", appraisal.rim_store), ("ocsp_cache", appraisal.ocsp_cache))
    for label, directory in directories:
        if not directory.is_dir():
            raise ProviderSetupError(f"{label}: {directory} is not a directory")
    return NvidiaEvidenceVerifier(
        PinnedRoots(
            device_root=load_certificates(appraisal.device_root)[0],
            rim_root=load_certificates(appraisal.rim_root)[0],
        ),
        DirectoryRimStore(appraisal.rim_store),
        DirectoryOcspChecker(appraisal.ocsp_cache),
        expectations=appraisal.expectations,
    )


def load_certificates(path: Path) -> list[x509.Certificate]:
    """The PEM certificates in `path`; ProviderSetupError when there are none."""
    try:
        certificates = x509.load_pem_x509_certificates(path.read_bytes())
    except OSError as exc:
        raise ProviderSetupError(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise ProviderSetupError(f"{path} holds no PEM certificate: {exc}") from None
    return certificates
