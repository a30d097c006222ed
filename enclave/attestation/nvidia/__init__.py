"""NVIDIA confidential-computing GPU attestation: collect evidence through NVML, verify it.

Evidence is the GPU's SPDM measurement report, signed by a key whose certificate chains to
NVIDIA's device root, answering the nonce sha256(report_data); it is appraised against
NVIDIA's signed reference manifests (RIMs) and OCSP, with both NVIDIA roots pinned.
"""

from enclave.attestation.nvidia.checks import Check
from enclave.attestation.nvidia.collector import NvidiaEvidenceProvider
from enclave.attestation.nvidia.evidence_format import (
    PROVIDER_NAME,
    ConfidentialComputeState,
    spdm_nonce,
)
from enclave.attestation.nvidia.gpu_verifier import GpuAppraisal, verify_gpu_report
from enclave.attestation.nvidia.ocsp import DirectoryOcspChecker, OcspChecker
from enclave.attestation.nvidia.rim import (
    DirectoryRimStore,
    GoldenMeasurement,
    InMemoryRimStore,
    ReferenceManifest,
    RimKind,
    RimStore,
    driver_rim_id,
    vbios_rim_id,
    verify_rim,
)
from enclave.attestation.nvidia.spdm_report import (
    AttestationReport,
    parse_attestation_report,
    verify_report_signature,
)
from enclave.attestation.nvidia.verifier import (
    NvidiaEvidenceVerifier,
    NvidiaExpectations,
    PinnedRoots,
)

__all__ = [
    "PROVIDER_NAME",
    "AttestationReport",
    "Check",
    "ConfidentialComputeState",
    "DirectoryOcspChecker",
    "DirectoryRimStore",
    "GoldenMeasurement",
    "GpuAppraisal",
    "InMemoryRimStore",
    "NvidiaEvidenceProvider",
    "NvidiaEvidenceVerifier",
    "NvidiaExpectations",
    "OcspChecker",
    "PinnedRoots",
    "ReferenceManifest",
    "RimKind",
    "RimStore",
    "driver_rim_id",
    "parse_attestation_report",
    "spdm_nonce",
    "vbios_rim_id",
    "verify_gpu_report",
    "verify_report_signature",
    "verify_rim",
]
