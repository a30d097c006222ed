"""Signatures cross between this package and the model-signing library's own CLI and API,
both ways, and have the same shape."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import model_signing
import pytest

from enclave.signing import HashingSettings, SignerPin, stage_verified_model, verify_model_dir
from tests.enclave.signing.conftest import Material, library_cli


def _library_sign(material: Material, method: str, model: Path, signature: Path) -> None:
    if method.startswith("key"):
        key = material.p256 if method == "key-p256" else material.p384
        result = library_cli(
            "sign", "key", model, "--private_key", key.private, "--signature", signature
        )
    else:
        ca = material.ca
        result = library_cli(
            "sign", "certificate", model,
            "--private_key", ca.key,
            "--signing_certificate", ca.certificate,
            "--certificate_chain", ca.chain,
            "--signature", signature,
        )  # fmt: skip
    assert result.returncode == 0, result.stderr


def _library_verify(
    material: Material, method: str, model: Path, signature: Path
) -> tuple[int, str]:
    if method.startswith("key"):
        key = material.p256 if method == "key-p256" else material.p384
        result = library_cli(
            "verify", "key", model, "--signature", signature, "--public_key", key.public
        )
    else:
        result = library_cli(
            "verify", "certificate", model,
            "--signature", signature,
            "--certificate_chain", material.ca.root,
        )  # fmt: skip
    return result.returncode, result.stdout + result.stderr


@pytest.mark.parametrize("method", ["key-p256", "key-p384", "certificate"])
def test_library_cli_signature_verifies_here(
    material: Material, model: Path, tmp_path: Path, staging_root: Path, method: str
) -> None:
    signature = tmp_path / "model.sig"
    _library_sign(material, method, model, signature)
    pin = material.pin(method)
    assert verify_model_dir(model, signature, [pin]).files
    staged = stage_verified_model(model, signature, [pin], HashingSettings(), staging_root)
    assert (staged.path / "model.safetensors").read_bytes() == (
        model / "model.safetensors"
    ).read_bytes()
    staged.discard()


@pytest.mark.parametrize("method", ["key-p256", "key-p384", "certificate"])
def test_our_signature_verifies_with_library_cli(
    material: Material, model: Path, tmp_path: Path, method: str
) -> None:
    signature = tmp_path / "model.sig"
    material.sign(method, model, signature)
    code, output = _library_verify(material, method, model, signature)
    assert code == 0, output
    assert "Verification succeeded" in output
    (model / "config.json").write_text("{}")
    assert _library_verify(material, method, model, signature)[0] == 1


def _statement(signature: Path) -> dict[str, Any]:
    bundle = json.loads(signature.read_text())
    statement: dict[str, Any] = json.loads(base64.b64decode(bundle["dsseEnvelope"]["payload"]))
    statement["predicate"]["serialization"]["ignore_paths"].sort()  # the library writes a set
    return statement


def test_same_signature_file_as_library_cli(
    material: Material, model: Path, tmp_path: Path
) -> None:
    _library_sign(material, "key-p256", model, tmp_path / "library.sig")
    material.sign("key-p256", model, tmp_path / "ours.sig")
    assert _statement(tmp_path / "ours.sig") == _statement(tmp_path / "library.sig")
    library_bundle = json.loads((tmp_path / "library.sig").read_text())
    our_bundle = json.loads((tmp_path / "ours.sig").read_text())
    assert our_bundle.keys() == library_bundle.keys()
    assert our_bundle["mediaType"] == library_bundle["mediaType"]
    assert our_bundle["verificationMaterial"] == library_bundle["verificationMaterial"]


API_HASHINGS = {
    "sha256-sharded": HashingSettings(shard_size=4096),
    "blake2": HashingSettings(algorithm="blake2"),
    "blake3": HashingSettings(algorithm="blake3"),
}


def _library_hashing(settings: HashingSettings) -> model_signing.hashing.Config:
    config = model_signing.hashing.Config()
    if settings.shard_size is not None:
        return config.use_shard_serialization(
            hashing_algorithm=settings.algorithm, shard_size=settings.shard_size
        )
    return config.use_file_serialization(hashing_algorithm=settings.algorithm)


@pytest.mark.parametrize("settings", list(API_HASHINGS.values()), ids=list(API_HASHINGS))
def test_other_hashings_cross_with_library_api(
    material: Material, model: Path, tmp_path: Path, settings: HashingSettings
) -> None:
    # The library's CLI only verifies sha256 per file; its API takes any hashing, if given
    # explicitly (guessing a sharded config from the signature fails on a float shard size).
    pin = SignerPin(public_key=material.p256.public)
    library_signature = tmp_path / "library.sig"
    model_signing.signing.Config().use_elliptic_key_signer(
        private_key=material.p256.private
    ).set_hashing_config(_library_hashing(settings)).sign(model, library_signature)
    assert verify_model_dir(model, library_signature, [pin], settings).files

    our_signature = tmp_path / "ours.sig"
    material.sign("key-p256", model, our_signature, settings)
    model_signing.verifying.Config().use_elliptic_key_verifier(
        public_key=material.p256.public
    ).set_hashing_config(_library_hashing(settings)).verify(model, our_signature)
