"""What vLLM reads is what was verified: the staged copy holds the hashed bytes, whatever
happens to the source directory during or after the check."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from enclave.signing import (
    ChangedFile,
    HashingSettings,
    SourceChanged,
    StagingFailed,
    stage_verified_model,
    verify_model_dir,
)
from tests.enclave.signing.conftest import Material
from tests.enclave.signing.material import write_model

WEIGHTS = 24 << 20  # several read chunks: the first progress report comes mid-file
EVIL = b"\x66" * 1000


@pytest.fixture
def big_model(tmp_path: Path) -> Path:
    """A weights file of several read chunks, so a swap can land mid-copy. With one worker
    it is copied first (largest first), so the first progress report is mid-file."""
    return write_model(tmp_path / "model", weights_bytes=WEIGHTS)


def swap_in(model: Path, payload: bytes) -> None:
    """An attacker with write access to the source replaces the weights file."""
    replacement = model / "model.safetensors.new"
    replacement.write_bytes(payload)
    os.replace(replacement, model / "model.safetensors")


@pytest.mark.parametrize("hashing", [HashingSettings(), HashingSettings(shard_size=1 << 20)])
def test_swap_after_hashing_cannot_reach_the_staged_copy(
    material: Material,
    big_model: Path,
    tmp_path: Path,
    staging_root: Path,
    hashing: HashingSettings,
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", big_model, signature, hashing)
    original = (big_model / "model.safetensors").read_bytes()
    swapped: list[bool] = []

    def swap_when_all_hashed(done: int, total: int) -> None:
        # Every byte is hashed now; the signature is not yet compared, nothing returned.
        if done == total and not swapped:
            swap_in(big_model, EVIL)
            swapped.append(True)

    staged = stage_verified_model(
        big_model,
        signature,
        [material.pin("key-p256")],
        hashing,
        staging_root,
        progress=swap_when_all_hashed,
    )
    assert swapped
    assert (big_model / "model.safetensors").read_bytes() == EVIL
    assert (staged.path / "model.safetensors").read_bytes() == original
    # Loading the source in place would now load the attacker's bytes:
    with pytest.raises(ChangedFile):
        verify_model_dir(big_model, signature, [material.pin("key-p256")], hashing)


def test_rename_swap_mid_copy_keeps_the_verified_bytes(
    material: Material, big_model: Path, tmp_path: Path, staging_root: Path
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", big_model, signature)
    original = (big_model / "model.safetensors").read_bytes()

    def swap_after_first_chunk(done: int, total: int) -> None:
        if (big_model / "model.safetensors").stat().st_size == WEIGHTS:
            assert done < WEIGHTS
            swap_in(big_model, EVIL)

    staged = stage_verified_model(
        big_model,
        signature,
        [material.pin("key-p256")],
        HashingSettings(workers=1),
        staging_root,
        progress=swap_after_first_chunk,
    )
    # The open file is the one that was hashed; the new one was never read.
    assert (staged.path / "model.safetensors").read_bytes() == original


def test_in_place_overwrite_mid_copy_is_refused(
    material: Material, big_model: Path, tmp_path: Path, staging_root: Path
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", big_model, signature)
    written: list[bool] = []

    def overwrite_unread_part(done: int, total: int) -> None:
        if not written:
            assert done < WEIGHTS - len(EVIL)
            with (big_model / "model.safetensors").open("r+b") as weights:
                weights.seek(WEIGHTS - len(EVIL))
                weights.write(EVIL)
            written.append(True)

    with pytest.raises(ChangedFile) as caught:
        stage_verified_model(
            big_model,
            signature,
            [material.pin("key-p256")],
            HashingSettings(workers=1),
            staging_root,
            progress=overwrite_unread_part,
        )
    assert caught.value.paths == ("model.safetensors",)
    assert list(staging_root.iterdir()) == []


def test_file_truncated_mid_copy_is_refused(
    material: Material, big_model: Path, tmp_path: Path, staging_root: Path
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", big_model, signature)

    def truncate(done: int, total: int) -> None:
        assert done < WEIGHTS
        os.truncate(big_model / "model.safetensors", 100)

    with pytest.raises(SourceChanged):
        stage_verified_model(
            big_model,
            signature,
            [material.pin("key-p256")],
            HashingSettings(workers=1),
            staging_root,
            progress=truncate,
        )
    assert list(staging_root.iterdir()) == []


def test_staged_copy_is_private_and_read_only(
    material: Material, model: Path, tmp_path: Path, staging_root: Path
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    staged = stage_verified_model(
        model, signature, [material.pin("key-p256")], HashingSettings(), staging_root
    )
    container = staged.path.parent
    assert container.parent == staging_root
    assert container.stat().st_uid == os.geteuid()
    for directory in (container, staged.path, staged.path / "tokenizer"):
        assert stat.S_IMODE(directory.stat().st_mode) == 0o500
    for name in staged.files:
        assert stat.S_IMODE((staged.path / name).stat().st_mode) == 0o400
    staged.discard()
    assert not container.exists()


def test_staging_root_writable_by_others_is_refused(
    material: Material, model: Path, tmp_path: Path
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    with pytest.raises(StagingFailed):
        stage_verified_model(
            model, signature, [material.pin("key-p256")], HashingSettings(), shared
        )
    shared.chmod(0o1777)  # sticky, as /tmp: others cannot move our directory
    staged = stage_verified_model(
        model, signature, [material.pin("key-p256")], HashingSettings(), shared
    )
    staged.discard()
