"""The `EvidenceProvider` for NVIDIA confidential-computing GPUs, through NVML.

For each GPU: the attestation report for the SPDM nonce sha256(report_data) and the device
certificate chain; plus the driver version, each GPU's VBIOS version and the CC state. pynvml
is imported here, lazily, so the package imports on machines without a GPU.
"""

from __future__ import annotations

import contextlib
import ctypes
from collections.abc import Sequence
from typing import Any

from enclave.attestation.evidence import Evidence, EvidenceUnavailable
from enclave.attestation.nvidia.evidence_format import (
    CC_STATE_BLOB,
    DRIVER_VERSION_BLOB,
    PROVIDER_NAME,
    ConfidentialComputeState,
    certificate_chain_blob,
    report_blob,
    spdm_nonce,
    vbios_version_blob,
)

_CC_FEATURE_DISABLED = 0


class NvidiaEvidenceProvider:
    """Collects "nvidia-cc" evidence from every GPU NVML sees."""

    name = PROVIDER_NAME

    def collect(self, report_data: bytes) -> Evidence:
        """Raises EvidenceUnavailable, with NVML's reason, where there is no GPU or no NVML."""
        nonce = spdm_nonce(report_data)
        nvml = _import_nvml()
        try:
            nvml.nvmlInit()
        except nvml.NVMLError as error:
            raise EvidenceUnavailable(f"NVML is unavailable: {error}") from error
        try:
            return Evidence(provider=PROVIDER_NAME, blobs=_collect(nvml, nonce), attested=True)
        except nvml.NVMLError as error:
            raise EvidenceUnavailable(f"NVML could not collect GPU evidence: {error}") from error
        finally:
            # Shutting down a library we are done with must not mask the outcome.
            with contextlib.suppress(nvml.NVMLError):
                nvml.nvmlShutdown()


def _import_nvml() -> Any:
    try:
        import pynvml
    except ImportError as error:
        raise EvidenceUnavailable(f"nvidia-ml-py is not installed: {error}") from error
    return pynvml


def _collect(nvml: Any, nonce: bytes) -> dict[str, bytes]:
    state = nvml.nvmlSystemGetConfComputeState()
    cc_state = ConfidentialComputeState(
        environment=int(state.environment),
        cc_feature=int(state.ccFeature),
        dev_tools_mode=int(state.devToolsMode),
        multi_gpu_mode=_multi_gpu_mode(nvml),
    )
    if cc_state.cc_feature == _CC_FEATURE_DISABLED:
        raise EvidenceUnavailable("confidential computing is off: GPUs give no attestation report")
    count = int(nvml.nvmlDeviceGetCount())
    if count == 0:
        raise EvidenceUnavailable("NVML sees no GPU")
    blobs = {
        DRIVER_VERSION_BLOB: str(nvml.nvmlSystemGetDriverVersion()).encode("ascii"),
        CC_STATE_BLOB: cc_state.model_dump_json().encode("ascii"),
    }
    for gpu in range(count):
        handle = nvml.nvmlDeviceGetHandleByIndex(gpu)
        report = nvml.nvmlDeviceGetConfComputeGpuAttestationReport(handle, nonce)
        blobs[report_blob(gpu)] = _sized(
            report.attestationReport, int(report.attestationReportSize), "attestation report"
        )
        certificates = nvml.nvmlDeviceGetConfComputeGpuCertificate(handle)
        blobs[certificate_chain_blob(gpu)] = _sized(
            certificates.attestationCertChain,
            int(certificates.attestationCertChainSize),
            "certificate chain",
        )
        blobs[vbios_version_blob(gpu)] = str(nvml.nvmlDeviceGetVbiosVersion(handle)).encode("ascii")
    return blobs


def _multi_gpu_mode(nvml: Any) -> int | None:
    # nvmlSystemGetConfComputeSettings is newer than the CC state call; older drivers lack it.
    settings = nvml.c_nvmlSystemConfComputeSettings_v1_t()
    try:
        result = nvml.nvmlSystemGetConfComputeSettings(ctypes.byref(settings))
    except nvml.NVMLError:
        return None
    return int(settings.multiGpuMode) if result == nvml.NVML_SUCCESS else None


def _sized(buffer: Sequence[int], size: int, what: str) -> bytes:
    # NVML fills a fixed array and a size; a size past the array would read stale memory.
    if not 0 < size <= len(buffer):
        raise EvidenceUnavailable(
            f"NVML returned a {what} of size {size}, outside 1..{len(buffer)}"
        )
    return bytes(buffer[:size])
