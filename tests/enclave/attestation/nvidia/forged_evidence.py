"""Whole "nvidia-cc" evidence for any report data, from NVIDIA's sample and a local device PKI.

The relying party's nonce is sha256(report_data), and nobody can make NVIDIA's GPU sign a new
one here. So a local five-certificate device chain whose leaf carries the sample's FWID
re-signs the sample report for the nonce; the measurements, versions and NVIDIA's real RIMs
stay as they are. Only the device root differs from production, and it is pinned as such.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

from enclave.attestation.evidence import Evidence
from enclave.attestation.nvidia import (
    NvidiaEvidenceVerifier,
    NvidiaExpectations,
    PinnedRoots,
    parse_attestation_report,
    spdm_nonce,
)
from tests.enclave.attestation.nvidia.local_pki import Issued, device_chain, forge_report, pem_chain
from tests.enclave.attestation.nvidia.sample import FRESH_AT, GoodOcsp, load_sample

CC_ON = b'{"environment": 2, "cc_feature": 1, "dev_tools_mode": 0, "multi_gpu_mode": 0}'


@dataclass(frozen=True)
class ForgedGpu:
    root: Issued
    chain: list[Issued]

    @property
    def chain_pem(self) -> bytes:
        return pem_chain(self.chain)

    def report(self, nonce: bytes, extra_opaque: bytes = b"") -> bytes:
        return forge_report(
            load_sample().report, self.chain[0].key, nonce=nonce, extra_opaque=extra_opaque
        )


@functools.cache
def forged_gpu() -> ForgedGpu:
    fwid = parse_attestation_report(load_sample().report).response.opaque.fwid
    assert fwid is not None
    root, chain = device_chain(fwid)
    return ForgedGpu(root, chain)


def evidence(
    report_data: bytes,
    *,
    extra_opaque: Sequence[bytes] = (b"",),
    cc_state: bytes = CC_ON,
    driver_version: bytes = b"550.90.07",
    vbios_version: bytes | None = b"96.00.9F.00.01",
) -> Evidence:
    """Evidence for one GPU per entry of `extra_opaque` (opaque records added to its report)."""
    gpu = forged_gpu()
    blobs = {"driver_version": driver_version, "cc_state": cc_state}
    for index, extra in enumerate(extra_opaque):
        blobs[f"gpu{index}.report"] = gpu.report(spdm_nonce(report_data), extra)
        blobs[f"gpu{index}.certificate_chain"] = gpu.chain_pem
        if vbios_version is not None:
            blobs[f"gpu{index}.vbios_version"] = vbios_version
    return Evidence(provider="nvidia-cc", blobs=blobs, attested=True)


def verifier(**expectations: object) -> NvidiaEvidenceVerifier:
    """Pins the local device root and NVIDIA's real RIM root; OCSP stubbed; time FRESH_AT."""
    sample = load_sample()
    return NvidiaEvidenceVerifier(
        PinnedRoots(device_root=forged_gpu().root.certificate, rim_root=sample.rim_root),
        sample.rims(),
        GoodOcsp(),
        expectations=NvidiaExpectations.model_validate(expectations),
        clock=lambda: FRESH_AT,
    )
