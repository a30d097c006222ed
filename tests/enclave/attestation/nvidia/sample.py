"""NVIDIA's real Hopper evidence (tests/assets/attestation/nvidia-hopper-sample) and helpers.

The report and chain are NVIDIA's published sample; the RIMs that match it are NVIDIA's, as
fetched from NVIDIA's RIM service and published in google/go-nvattest-tools (see the assets
README). The sample's own "test_no_gpu" RIMs are for another driver and do not match it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cryptography import x509

from enclave.attestation.nvidia import GpuAppraisal, InMemoryRimStore, verify_gpu_report

SAMPLE_DIR = Path(__file__).resolve().parents[3] / "assets" / "attestation" / "nvidia-hopper-sample"
SAMPLE_NONCE = bytes.fromhex("931d8dd0add203ac3d8b4fbde75e115278eefcdceac5b87671a748f32364dfcb")
"""The nonce in the sample's signed SPDM request (and in go-nvattest-tools' test data)."""
README_NONCE = bytes.fromhex("4cff7f5380ead8fad8ec2c531c110aca4302a88f603792801a8ca29ee151af2e")
"""What the sample README calls the nonce: NVIDIA's test_no_gpu constant, not this report's."""
FRESH_AT = datetime(2025, 10, 24, 12, tzinfo=UTC)
"""When the RIM signing certificates were valid and NVIDIA's cached RIM OCSP responses fresh."""
DEVICE_OCSP_AT = datetime(2025, 8, 21, 12, tzinfo=UTC)
"""When NVIDIA's cached OCSP responses for the device chain were fresh."""
TODAY = datetime(2026, 11, 30, tzinfo=UTC)
"""By now both RIM signing certificates have expired (2026-02-22 and 2026-06-01)."""
DRIVER_RIM_ID = "NV_GPU_DRIVER_GH100_550.90.07"
VBIOS_RIM_ID = "NV_GPU_VBIOS_1010_0200_882_96009F0001"


@dataclass(frozen=True)
class Sample:
    report: bytes
    chain_pem: bytes
    device_root: x509.Certificate
    rim_root: x509.Certificate
    driver_rim: bytes
    vbios_rim: bytes

    def rims(self, *, driver: bytes | None = None, vbios: bytes | None = None) -> InMemoryRimStore:
        return InMemoryRimStore(
            {DRIVER_RIM_ID: driver or self.driver_rim, VBIOS_RIM_ID: vbios or self.vbios_rim}
        )


@functools.cache
def load_sample() -> Sample:
    return Sample(
        report=bytes.fromhex((SAMPLE_DIR / "hopperAttestationReport.txt").read_text().strip()),
        chain_pem=(SAMPLE_DIR / "hopperCertChain.txt").read_bytes(),
        device_root=x509.load_pem_x509_certificate(
            (SAMPLE_DIR / "verifier_device_root.pem").read_bytes()
        ),
        rim_root=x509.load_pem_x509_certificate(
            (SAMPLE_DIR / "verifier_RIM_root.pem").read_bytes()
        ),
        driver_rim=(SAMPLE_DIR / f"{DRIVER_RIM_ID}.swidtag").read_bytes(),
        vbios_rim=(SAMPLE_DIR / f"{VBIOS_RIM_ID}.swidtag").read_bytes(),
    )


class GoodOcsp:
    """STUB OcspChecker: says every certificate is good. Tests only; records what it was asked.

    NVIDIA's cached OCSP responses for the device chain and for the RIM chains were fresh at
    different times, so no single evaluation time makes both valid; tests that verify the
    whole report stub OCSP, and test_ocsp.py checks the real responses at their own times.
    """

    def __init__(self) -> None:
        self.asked: list[str] = []

    def check(
        self, certificate: x509.Certificate, issuer: x509.Certificate, *, at: datetime
    ) -> None:
        self.asked.append(certificate.subject.rfc4514_string())


def verify_sample(**overrides: Any) -> GpuAppraisal:
    """verify_gpu_report on the sample at FRESH_AT with stubbed OCSP, with `overrides`."""
    sample = load_sample()
    arguments: dict[str, Any] = {
        "report": sample.report,
        "certificate_chain_pem": sample.chain_pem,
        "nonce": SAMPLE_NONCE,
        "device_root": sample.device_root,
        "rim_root": sample.rim_root,
        "rims": sample.rims(),
        "ocsp": GoodOcsp(),
        "at": FRESH_AT,
    } | overrides
    return verify_gpu_report(**arguments)
