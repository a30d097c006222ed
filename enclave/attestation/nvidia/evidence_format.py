"""How NVIDIA evidence travels in `Evidence.blobs`, shared by the provider and the verifier.

Blobs: `gpu<N>.report` (NVML attestation report), `gpu<N>.certificate_chain` (PEM, leaf
first), `gpu<N>.vbios_version` (ASCII, as NVML reports it), `driver_version` (ASCII) and
`cc_state` (JSON, `ConfidentialComputeState`), with N counting from 0. Only the reports and
chains are signed by the GPU; the rest is what the host driver says.
"""

from __future__ import annotations

import hashlib
import re

from pydantic import BaseModel, ConfigDict, Field

from enclave.attestation.evidence import REPORT_DATA_BYTES

PROVIDER_NAME = "nvidia-cc"
DRIVER_VERSION_BLOB = "driver_version"
CC_STATE_BLOB = "cc_state"
_GPU_BLOB = re.compile(r"gpu(0|[1-9][0-9]{0,2})\.(report|certificate_chain|vbios_version)")
_UINT32 = 0xFFFF_FFFF


def report_blob(gpu: int) -> str:
    return f"gpu{gpu}.report"


def certificate_chain_blob(gpu: int) -> str:
    return f"gpu{gpu}.certificate_chain"


def vbios_version_blob(gpu: int) -> str:
    return f"gpu{gpu}.vbios_version"


def is_gpu_blob(name: str) -> bool:
    return _GPU_BLOB.fullmatch(name) is not None


def spdm_nonce(report_data: bytes) -> bytes:
    """The 32-byte SPDM nonce for 64 bytes of report data: sha256(report_data).

    SPDM nonces are 32 bytes and our report data is 64; hashing binds all 64 bytes (client
    nonce, appliance key, policy and model digests) into what the GPU signs.
    """
    if len(report_data) != REPORT_DATA_BYTES:
        raise ValueError(f"report data must be {REPORT_DATA_BYTES} bytes, got {len(report_data)}")
    return hashlib.sha256(report_data).digest()


class ConfidentialComputeState(BaseModel):
    """The host's confidential-computing settings, as NVML reports them (not GPU-signed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    environment: int = Field(
        ge=0, le=_UINT32, description="NVML_CC_SYSTEM_ENVIRONMENT_*: 0 unavailable, 1 sim, 2 prod."
    )
    cc_feature: int = Field(
        ge=0, le=_UINT32, description="NVML_CC_SYSTEM_FEATURE_*: 0 disabled, 1 enabled."
    )
    dev_tools_mode: int = Field(
        ge=0, le=_UINT32, description="NVML_CC_SYSTEM_DEVTOOLS_MODE_*: 0 off, 1 on (debuggable)."
    )
    multi_gpu_mode: int | None = Field(
        default=None,
        ge=0,
        le=_UINT32,
        description="NVML_CC_SYSTEM_MULTIGPU_*: 0 none, 1 protected PCIe, 2 NVLink encryption; "
        "null where the driver cannot say.",
    )
