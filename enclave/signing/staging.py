"""Close the gap between checking a model and loading it: copy it into a private directory,
hashing each byte as it is written, verify those hashes, then make the copy read-only.

vLLM loads the staged path. Whatever happens to the source directory after a byte was
read cannot reach the copy, and nobody else can write the copy (0700, ours). The copy is
verified through the library with the digests taken while copying; the files are read
once.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from enclave.signing.acceptance import accept_signature
from enclave.signing.digests import ProgressCallback, ResourceDigest, digest_model_files
from enclave.signing.errors import StagingFailed
from enclave.signing.pins import SignerLike, resolve_pins
from enclave.signing.settings import HashingSettings
from enclave.signing.signature_file import snapshot_signature
from enclave.signing.tree import scan_model_dir
from enclave.signing.verified_model import VerifiedModel, remove_tree
from enclave.signing.verify import verified_model

STAGED_MODEL_NAME = "model"


def stage_verified_model(
    model_dir: Path,
    signature: Path,
    signers: Sequence[SignerLike],
    hashing: HashingSettings,
    staging_root: Path,
    *,
    base_dir: Path | None = None,
    progress: ProgressCallback | None = None,
) -> VerifiedModel:
    """A read-only private copy of `model_dir` in a new directory under `staging_root`,
    holding exactly the bytes that were verified; load `result.path`, and call
    `result.discard()` when the model is unloaded. On refusal nothing is left behind."""
    pins = resolve_pins(signers, base_dir)
    tree = scan_model_dir(model_dir, sharded=hashing.shard_size is not None)
    private = _private_directory(staging_root)
    try:
        snapshot = snapshot_signature(signature, private)
        target = private / STAGED_MODEL_NAME
        target.mkdir(mode=0o700)

        def copy_and_digest() -> tuple[ResourceDigest, ...]:
            _check_space(private, tree.total_bytes)
            return digest_model_files(tree, hashing, copy_into=target, progress=progress)

        accepted = accept_signature(snapshot, pins, tree, hashing, copy_and_digest)
        _make_read_only(private)
    except BaseException:
        remove_tree(private)
        raise
    return verified_model(target, tree, snapshot, accepted, hashing, staged=True)


def _private_directory(staging_root: Path) -> Path:
    """A new 0700 directory of ours under `staging_root`, which must not be writable by
    others unless sticky (as /tmp is): otherwise they could rename our directory away."""
    try:
        staging_root.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(staging_root)
    except OSError as exc:
        raise StagingFailed(f"cannot use staging root {staging_root}: {exc}") from None
    if not stat.S_ISDIR(info.st_mode):
        raise StagingFailed(f"staging root {staging_root} is not a directory (or is a link)")
    if info.st_uid not in (os.geteuid(), 0):
        raise StagingFailed(f"staging root {staging_root} is owned by uid {info.st_uid}")
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and not info.st_mode & stat.S_ISVTX:
        raise StagingFailed(f"staging root {staging_root} is writable by others")
    try:
        private = Path(tempfile.mkdtemp(prefix="model-", dir=staging_root))
        info = os.lstat(private)
    except OSError as exc:
        raise StagingFailed(f"cannot create a directory in {staging_root}: {exc}") from None
    if info.st_uid != os.geteuid() or stat.S_IMODE(info.st_mode) != 0o700:
        remove_tree(private)
        raise StagingFailed(f"{private} is not private to this process")
    return private


def _check_space(private: Path, needed: int) -> None:
    """Fail before copying rather than after filling the disk."""
    try:
        info = os.statvfs(private)
    except OSError as exc:
        raise StagingFailed(f"cannot check free space in {private}: {exc}") from None
    free = info.f_bavail * info.f_frsize
    if free < needed:
        raise StagingFailed(f"staging needs {needed} bytes, {free} are free in {private}")


def _make_read_only(private: Path) -> None:
    try:
        for parent, dirs, files in os.walk(private, topdown=False):
            for name in files:
                os.chmod(os.path.join(parent, name), stat.S_IRUSR)
            for name in dirs:
                os.chmod(os.path.join(parent, name), stat.S_IRUSR | stat.S_IXUSR)
        os.chmod(private, stat.S_IRUSR | stat.S_IXUSR)
    except OSError as exc:
        raise StagingFailed(f"cannot make {private} read-only: {exc}") from None
