"""Provider settings: each kind builds its provider, and a bad root file is a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from pydantic import ValidationError

from enclave.attestation import AttestationSettings, configured_provider
from enclave.attestation.registry import ProviderSetupError
from tests.enclave.attestation.synthetic_tdx import make_intel_like_pki


def settings(*providers: dict[str, object]) -> AttestationSettings:
    return AttestationSettings.model_validate({"providers": list(providers)})


def test_default_is_the_none_provider() -> None:
    assert [p.kind for p in AttestationSettings().providers] == ["none"]


def test_each_kind_builds_its_provider(tmp_path: Path) -> None:
    root = tmp_path / "root.pem"
    root.write_bytes(make_intel_like_pki().root.public_bytes(serialization.Encoding.PEM))
    built = [
        configured_provider(p)
        for p in settings(
            {"kind": "none"},
            {"kind": "tdx", "intel_root": str(root)},
            {"kind": "sev-snp", "amd_root": str(root)},
        ).providers
    ]
    assert [b.name for b in built] == ["none", "tdx", "sev-snp"]


NVIDIA_SAMPLE = Path(__file__).resolve().parents[2] / "assets/attestation/nvidia-hopper-sample"


def nvidia(**overrides: object) -> dict[str, object]:
    fields: dict[str, object] = {
        "kind": "nvidia-cc",
        "device_root": str(NVIDIA_SAMPLE / "verifier_device_root.pem"),
        "rim_root": str(NVIDIA_SAMPLE / "verifier_RIM_root.pem"),
        "rim_store": str(NVIDIA_SAMPLE),
        "ocsp_cache": str(NVIDIA_SAMPLE / "ocsp"),
    }
    fields.update(overrides)
    return fields


def test_nvidia_builds_from_pinned_roots_and_local_directories() -> None:
    (provider,) = settings(nvidia()).providers
    assert configured_provider(provider).name == "nvidia-cc"


@pytest.mark.parametrize(
    ("override", "message"),
    [({"rim_store": "/nonexistent"}, "rim_store"), ({"device_root": "/nonexistent"}, "read")],
)
def test_nvidia_setup_errors(override: dict[str, object], message: str) -> None:
    (provider,) = settings(nvidia(**override)).providers
    with pytest.raises(ProviderSetupError, match=message):
        configured_provider(provider)


@pytest.mark.parametrize(
    ("content", "message"), [(None, "cannot read"), (b"not a certificate", "no PEM certificate")]
)
def test_a_bad_root_is_a_setup_error(tmp_path: Path, content: bytes | None, message: str) -> None:
    root = tmp_path / "root.pem"
    if content is not None:
        root.write_bytes(content)
    (provider,) = settings({"kind": "tdx", "intel_root": str(root)}).providers
    with pytest.raises(ProviderSetupError, match=message):
        configured_provider(provider)


@pytest.mark.parametrize(
    "provider",
    [{"kind": "sgx"}, {"kind": "tdx"}, {"kind": "none", "intel_root": "x"}],
    ids=["unknown kind", "tdx without root", "extra key"],
)
def test_invalid_settings_are_refused(provider: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        settings(provider)
