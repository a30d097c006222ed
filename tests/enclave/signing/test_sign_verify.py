"""The signing matrix: each signing method and hashing verifies, in place and staged, with
the same model digest."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from enclave.signing import HashingSettings, stage_verified_model, verify_model_dir
from tests.enclave.signing.conftest import Material

METHODS = ["key-p256", "key-p384", "certificate", "certificate-p384"]
HASHINGS = {
    "sha256": HashingSettings(),
    "blake2": HashingSettings(algorithm="blake2"),
    "blake3": HashingSettings(algorithm="blake3"),
    "sha256-sharded": HashingSettings(shard_size=4096),
    "blake2-sharded": HashingSettings(algorithm="blake2", shard_size=4096, workers=3),
}
FILES = ("config.json", "model.safetensors", "tokenizer/tokenizer.json")


@pytest.mark.parametrize("hashing", list(HASHINGS.values()), ids=list(HASHINGS))
@pytest.mark.parametrize("method", METHODS)
def test_signed_model_verifies_in_place_and_staged(
    material: Material,
    model: Path,
    tmp_path: Path,
    staging_root: Path,
    method: str,
    hashing: HashingSettings,
) -> None:
    signature = tmp_path / "model.sig"
    material.sign(method, model, signature, hashing)
    pin = material.pin(method)

    in_place = verify_model_dir(model, signature, [pin], hashing)
    staged = stage_verified_model(model, signature, [pin], hashing, staging_root)

    assert in_place.files == staged.files == FILES
    assert in_place.digest == staged.digest
    assert in_place.digest.startswith("sha256:")
    assert in_place.path == model
    assert not in_place.staged
    assert staged.staged
    assert staged.path.is_relative_to(staging_root)
    assert staged.signer == pin.describe()
    for name in FILES:
        assert (staged.path / name).read_bytes() == (model / name).read_bytes()
        assert stat.S_IMODE((staged.path / name).stat().st_mode) == 0o400
    staged.discard()
    assert list(staging_root.iterdir()) == []


def test_digest_depends_on_every_byte_and_name(
    material: Material, model: Path, tmp_path: Path
) -> None:
    pin = material.pin("key-p256")
    material.sign("key-p256", model, tmp_path / "a.sig")
    first = verify_model_dir(model, tmp_path / "a.sig", [pin]).digest
    (model / "config.json").write_text('{"architectures": ["Demo2"]}\n')
    material.sign("key-p256", model, tmp_path / "b.sig")
    second = verify_model_dir(model, tmp_path / "b.sig", [pin]).digest
    (model / "config.json").rename(model / "config2.json")
    material.sign("key-p256", model, tmp_path / "c.sig")
    third = verify_model_dir(model, tmp_path / "c.sig", [pin]).digest
    assert len({first, second, third}) == 3


def test_any_pinned_signer_may_accept(material: Material, model: Path, tmp_path: Path) -> None:
    signature = tmp_path / "model.sig"
    material.sign("certificate", model, signature)
    pins = [material.pin("key-p256"), material.pin("certificate-p384"), material.pin("certificate")]
    assert verify_model_dir(model, signature, pins).signer == material.pin("certificate").describe()


def test_empty_files_are_signed_with_per_file_hashing(
    material: Material, model: Path, tmp_path: Path
) -> None:
    (model / "empty.txt").touch()
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    verified = verify_model_dir(model, signature, [material.pin("key-p256")])
    assert "empty.txt" in verified.files
