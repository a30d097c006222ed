"""NvidiaEvidenceProvider: no GPU here means EvidenceUnavailable with NVML's reason; a fake
pynvml module (same call shapes as nvidia-ml-py 13) drives the collection logic itself."""

from __future__ import annotations

import ctypes
import shutil
import sys
import types
from dataclasses import dataclass, field
from typing import Any

import pytest

from enclave.attestation.evidence import EvidenceUnavailable
from enclave.attestation.nvidia import NvidiaEvidenceProvider
from tests.enclave.attestation.nvidia.forged_evidence import forged_gpu, verifier

REPORT_DATA = bytes(range(64, 128))


@pytest.mark.skipif(shutil.which("nvidia-smi") is not None, reason="a GPU machine: NVML loads")
def test_without_nvml_collection_is_unavailable_with_the_reason() -> None:
    with pytest.raises(
        EvidenceUnavailable, match="NVML is unavailable: NVML Shared Library Not Found"
    ):
        NvidiaEvidenceProvider().collect(REPORT_DATA)


class FakeNvmlError(Exception):
    pass


@dataclass
class FakeNvml:
    """The pynvml calls the provider makes, answering with the forged sample GPU."""

    gpus: int = 1
    cc_feature: int = 1
    report_size: int | None = None
    failing_call: str | None = None
    calls: list[str] = field(default_factory=list)

    def module(self) -> types.ModuleType:
        module = types.ModuleType("pynvml")
        names = [name for name in dir(self) if name.startswith("nvml")]
        for name in names:
            setattr(module, name, self._recorded(name, getattr(self, name)))
        module.NVMLError = FakeNvmlError  # type: ignore[attr-defined]
        module.NVML_SUCCESS = 0  # type: ignore[attr-defined]
        module.c_nvmlSystemConfComputeSettings_v1_t = _Settings  # type: ignore[attr-defined]
        return module

    def _recorded(self, name: str, function: Any) -> Any:
        def call(*arguments: Any) -> Any:
            self.calls.append(name)
            if name == self.failing_call:
                raise FakeNvmlError(f"{name} failed (fake)")
            return function(*arguments)

        return call

    def nvmlInit(self) -> None:
        pass

    def nvmlShutdown(self) -> None:
        pass

    def nvmlSystemGetConfComputeState(self) -> Any:
        return types.SimpleNamespace(environment=2, ccFeature=self.cc_feature, devToolsMode=0)

    def nvmlSystemGetConfComputeSettings(self, settings: Any) -> int:
        settings._obj.multiGpuMode = 0
        return 0

    def nvmlDeviceGetCount(self) -> int:
        return self.gpus

    def nvmlDeviceGetHandleByIndex(self, index: int) -> int:
        return index

    def nvmlSystemGetDriverVersion(self) -> str:
        return "550.90.07"

    def nvmlDeviceGetVbiosVersion(self, handle: int) -> str:
        return "96.00.9F.00.01"

    def nvmlDeviceGetConfComputeGpuAttestationReport(self, handle: int, nonce: bytes) -> Any:
        report = forged_gpu().report(bytes(nonce))
        return types.SimpleNamespace(
            attestationReport=(ctypes.c_uint8 * 0x2000)(*report),
            attestationReportSize=self.report_size or len(report),
        )

    def nvmlDeviceGetConfComputeGpuCertificate(self, handle: int) -> Any:
        chain = forged_gpu().chain_pem
        return types.SimpleNamespace(
            attestationCertChain=(ctypes.c_uint8 * 0x1400)(*chain),
            attestationCertChainSize=len(chain),
        )


class _Settings(ctypes.Structure):
    _fields_ = [
        ("version", ctypes.c_uint),
        ("environment", ctypes.c_uint),
        ("ccFeature", ctypes.c_uint),
        ("devToolsMode", ctypes.c_uint),
        ("multiGpuMode", ctypes.c_uint),
    ]


def _install(monkeypatch: pytest.MonkeyPatch, fake: FakeNvml) -> FakeNvml:
    monkeypatch.setitem(sys.modules, "pynvml", fake.module())
    return fake


def test_collected_evidence_verifies(monkeypatch: pytest.MonkeyPatch) -> None:
    """The provider asks each GPU for sha256(report_data); the verifier accepts the result."""
    fake = _install(monkeypatch, FakeNvml(gpus=2))
    evidence = NvidiaEvidenceProvider().collect(REPORT_DATA)
    assert sorted(evidence.blobs) == [
        "cc_state",
        "driver_version",
        *(
            f"gpu{i}.{name}"
            for i in range(2)
            for name in ("certificate_chain", "report", "vbios_version")
        ),
    ]
    appraisal = verifier(min_gpus=2).verify(evidence, REPORT_DATA)
    assert appraisal.claims["gpu.count"] == "2"
    assert fake.calls[0] == "nvmlInit"
    assert fake.calls[-1] == "nvmlShutdown"


UNAVAILABLE: dict[str, tuple[FakeNvml, str]] = {
    "nvml_init_fails": (FakeNvml(failing_call="nvmlInit"), "NVML is unavailable"),
    "cc_off": (FakeNvml(cc_feature=0), "confidential computing is off"),
    "no_gpu": (FakeNvml(gpus=0), "no GPU"),
    "report_call_fails": (
        FakeNvml(failing_call="nvmlDeviceGetConfComputeGpuAttestationReport"),
        "nvmlDeviceGetConfComputeGpuAttestationReport failed",
    ),
    "report_size_past_buffer": (FakeNvml(report_size=0x2001), "outside 1..8192"),
    "empty_report": (FakeNvml(report_size=-1), "outside 1..8192"),
}


@pytest.mark.parametrize("case", UNAVAILABLE)
def test_unavailable_says_why(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    template, reason = UNAVAILABLE[case]
    fake = _install(monkeypatch, FakeNvml(**{**template.__dict__, "calls": []}))
    with pytest.raises(EvidenceUnavailable, match=reason):
        NvidiaEvidenceProvider().collect(REPORT_DATA)
    if case != "nvml_init_fails":
        assert fake.calls[-1] == "nvmlShutdown"


def test_without_nvidia_ml_py(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pynvml", None)  # makes `import pynvml` raise ImportError
    with pytest.raises(EvidenceUnavailable, match="nvidia-ml-py is not installed"):
        NvidiaEvidenceProvider().collect(REPORT_DATA)


def test_report_data_must_be_64_bytes() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        NvidiaEvidenceProvider().collect(REPORT_DATA[:63])
