"""The `EvidenceVerifier` for NVIDIA confidential-computing GPUs ("nvidia-cc" evidence)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography import x509
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from enclave.attestation.evidence import Appraisal, AttestationError, Evidence
from enclave.attestation.nvidia.checks import Check
from enclave.attestation.nvidia.evidence_format import (
    CC_STATE_BLOB,
    DRIVER_VERSION_BLOB,
    PROVIDER_NAME,
    ConfidentialComputeState,
    certificate_chain_blob,
    is_gpu_blob,
    report_blob,
    spdm_nonce,
    vbios_version_blob,
)
from enclave.attestation.nvidia.gpu_verifier import GpuAppraisal, verify_gpu_report
from enclave.attestation.nvidia.ocsp import OcspChecker
from enclave.attestation.nvidia.rim import RimStore

_CC_FEATURE_ENABLED = 1
_ENVIRONMENT_PRODUCTION = 2
NOT_CHECKED = (
    "cc_state, driver_version and vbios_version come from the host driver, unsigned: they are "
    "held to the expectations and to the GPU-signed versions, not proven",
    "revocation is as fresh as the OCSP checker's source (cached responses carry no nonce)",
    "RIM schema validation against swidSchema2015.xsd (only the elements used are read, strictly)",
    "certificateHold on RIM certificates counts as revoked (NVIDIA can allow it)",
    "NVSwitch and protected-PCIe topology (switch PDIs); the GPU ready state is not set",
    "GPUs other than Hopper: Blackwell's FWID layout and RIM names are not implemented",
)


@dataclass(frozen=True)
class PinnedRoots:
    """The two NVIDIA roots the verifier trusts; nothing else is a trust anchor."""

    device_root: x509.Certificate
    """NVIDIA Device Identity CA: the root of every GPU's device certificate chain."""
    rim_root: x509.Certificate
    """NVIDIA CoRIM signing Root CA: the root of the RIM signing chains."""

    @classmethod
    def from_pem(cls, device_root_pem: bytes, rim_root_pem: bytes) -> PinnedRoots:
        return cls(
            device_root=x509.load_pem_x509_certificate(device_root_pem),
            rim_root=x509.load_pem_x509_certificate(rim_root_pem),
        )


class NvidiaExpectations(BaseModel):
    """What the relying party requires beyond a valid, fresh, golden-matching report."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min_gpus: int = Field(default=1, ge=1, le=64, description="Fewest GPUs the evidence covers.")
    require_cc_enabled: bool = Field(
        default=True, description="The host must report confidential computing on."
    )
    require_production_environment: bool = Field(
        default=True, description="The host must report the production (not simulated) environment."
    )
    allow_dev_tools_mode: bool = Field(
        default=False, description="Accept CC developer-tools mode, where GPU state is debuggable."
    )
    allowed_driver_versions: frozenset[str] | None = Field(
        default=None, description="Signed driver versions to accept; null: any with a valid RIM."
    )
    allowed_vbios_versions: frozenset[str] | None = Field(
        default=None, description="Signed VBIOS versions (lower case); null: any with a valid RIM."
    )


def _now() -> datetime:
    return datetime.now(UTC)


class NvidiaEvidenceVerifier:
    """Appraises "nvidia-cc" evidence: every GPU verified, all bound to the report data."""

    def __init__(
        self,
        roots: PinnedRoots,
        rim_store: RimStore,
        ocsp: OcspChecker,
        *,
        expectations: NvidiaExpectations | None = None,
        clock: Callable[[], datetime] = _now,
    ) -> None:
        self._roots = roots
        self._rim_store = rim_store
        self._ocsp = ocsp
        self._expectations = expectations or NvidiaExpectations()
        self._clock = clock

    def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal:
        """Verify every GPU's evidence against sha256(report_data); raises AttestationError."""
        nonce = spdm_nonce(report_data)
        gpu_count = self._check_format(evidence)
        blobs = evidence.blobs
        state = self._check_cc_state(blobs[CC_STATE_BLOB])
        checks = [str(Check.EVIDENCE_FORMAT), str(Check.CC_STATE)]
        driver_version = _ascii(blobs[DRIVER_VERSION_BLOB], DRIVER_VERSION_BLOB)
        at = self._clock()
        claims = {
            "gpu.count": str(gpu_count),
            "host.cc_feature": "on" if state.cc_feature == _CC_FEATURE_ENABLED else "off",
            "host.dev_tools_mode": "on" if state.dev_tools_mode else "off",
            "host.environment": str(state.environment),
        }
        appraisals: list[GpuAppraisal] = []
        for gpu in range(gpu_count):
            vbios = blobs.get(vbios_version_blob(gpu))
            try:
                appraisal = verify_gpu_report(
                    blobs[report_blob(gpu)],
                    blobs[certificate_chain_blob(gpu)],
                    nonce,
                    device_root=self._roots.device_root,
                    rim_root=self._roots.rim_root,
                    rims=self._rim_store,
                    ocsp=self._ocsp,
                    at=at,
                    host_driver_version=driver_version,
                    host_vbios_version=None if vbios is None else _ascii(vbios, "vbios_version"),
                )
            except AttestationError as error:
                raise AttestationError(error.check, f"gpu{gpu}: {error.message}") from error
            self._check_versions(gpu, appraisal)
            appraisals.append(appraisal)
            checks += [f"gpu{gpu}.{check}" for check in appraisal.checks]
            claims |= _gpu_claims(gpu, appraisal)
        modes = {appraisal.feature_flag for appraisal in appraisals} - {None}
        if {"SPT", "MPT"} <= modes:
            raise AttestationError(Check.GPU_MODE, "GPUs mix single- and multi-GPU passthrough")
        checks.append(str(Check.GPU_MODE))
        return Appraisal(
            provider=PROVIDER_NAME,
            attested=True,
            claims=claims,
            checks=tuple(checks),
            not_checked=NOT_CHECKED,
        )

    def _check_format(self, evidence: Evidence) -> int:
        if evidence.provider != PROVIDER_NAME:
            raise AttestationError(
                Check.EVIDENCE_FORMAT, f"evidence from {evidence.provider!r}, not {PROVIDER_NAME}"
            )
        if not evidence.attested:
            raise AttestationError(Check.EVIDENCE_FORMAT, "evidence marked unattested")
        blobs = evidence.blobs
        unknown = sorted(
            name
            for name in blobs
            if name not in (CC_STATE_BLOB, DRIVER_VERSION_BLOB) and not is_gpu_blob(name)
        )
        gpu_count = 0
        while report_blob(gpu_count) in blobs:
            gpu_count += 1
        expected = {CC_STATE_BLOB, DRIVER_VERSION_BLOB}
        for gpu in range(gpu_count):
            expected |= {report_blob(gpu), certificate_chain_blob(gpu)}
        missing = sorted(expected - set(blobs))
        stray = sorted(
            name for name in blobs if is_gpu_blob(name) and int(name[3:].split(".")[0]) >= gpu_count
        )
        if unknown or missing or stray:
            raise AttestationError(
                Check.EVIDENCE_FORMAT, f"unknown {unknown}, missing {missing}, stray {stray} blobs"
            )
        if gpu_count < self._expectations.min_gpus:
            raise AttestationError(
                Check.EVIDENCE_FORMAT,
                f"{gpu_count} GPUs, expected at least {self._expectations.min_gpus}",
            )
        return gpu_count

    def _check_cc_state(self, blob: bytes) -> ConfidentialComputeState:
        try:
            state = ConfidentialComputeState.model_validate_json(blob)
        except ValidationError as error:
            raise AttestationError(Check.EVIDENCE_FORMAT, f"cc_state: {error}") from error
        expect = self._expectations
        if expect.require_cc_enabled and state.cc_feature != _CC_FEATURE_ENABLED:
            raise AttestationError(Check.CC_STATE, "the host reports confidential computing off")
        if expect.require_production_environment and state.environment != _ENVIRONMENT_PRODUCTION:
            raise AttestationError(
                Check.CC_STATE, f"the host reports environment {state.environment}"
            )
        if not expect.allow_dev_tools_mode and state.dev_tools_mode:
            raise AttestationError(Check.CC_STATE, "the host reports CC developer-tools mode")
        return state

    def _check_versions(self, gpu: int, appraisal: GpuAppraisal) -> None:
        allowed_drivers = self._expectations.allowed_driver_versions
        if allowed_drivers is not None and appraisal.driver_version not in allowed_drivers:
            raise AttestationError(
                Check.DRIVER_VERSION, f"gpu{gpu} driver {appraisal.driver_version} is not allowed"
            )
        allowed_vbios = self._expectations.allowed_vbios_versions
        if allowed_vbios is not None and appraisal.vbios_version not in allowed_vbios:
            raise AttestationError(
                Check.VBIOS_VERSION, f"gpu{gpu} VBIOS {appraisal.vbios_version} is not allowed"
            )


def _gpu_claims(gpu: int, appraisal: GpuAppraisal) -> Mapping[str, str]:
    claims = {
        f"gpu{gpu}.driver_version": appraisal.driver_version,
        f"gpu{gpu}.vbios_version": appraisal.vbios_version,
        f"gpu{gpu}.driver_rim": appraisal.driver_rim_id,
        f"gpu{gpu}.vbios_rim": appraisal.vbios_rim_id,
        f"gpu{gpu}.measurements_matched": str(len(appraisal.measurements_checked)),
    }
    if appraisal.fwid is not None:
        claims[f"gpu{gpu}.fwid"] = appraisal.fwid
    if appraisal.feature_flag is not None:
        claims[f"gpu{gpu}.mode"] = appraisal.feature_flag
    return claims


def _ascii(blob: bytes, name: str) -> str:
    try:
        text = blob.decode("ascii").strip()
    except UnicodeDecodeError as error:
        raise AttestationError(Check.EVIDENCE_FORMAT, f"{name} is not ASCII") from error
    if not text or not text.isprintable():
        raise AttestationError(Check.EVIDENCE_FORMAT, f"{name} is empty or has control characters")
    return text
