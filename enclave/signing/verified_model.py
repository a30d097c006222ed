"""The result of verification, and the model digest reported in status and attestation."""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from enclave.signing.digests import ResourceDigest
from enclave.signing.settings import HashingSettings


def model_digest(digests: Iterable[ResourceDigest]) -> str:
    """`sha256:<hex>` over the sorted (name, file digest) list of the manifest.

    For each entry, sorted by name as UTF-8 bytes, the bytes
    `name NUL algorithm NUL hex-digest LF` are hashed in order; `name` is the file's path
    relative to the model root with '/' separators (for sharded hashing,
    `path:start:end`), `algorithm` is as recorded in the signature (e.g. `sha256`,
    `sha256-sharded-1073741824`, `blake3`). Names cannot hold NUL, so the encoding is
    unambiguous. Unlike the signature's own subject digest, it binds names to contents.
    """
    hasher = hashlib.sha256()
    entries = sorted(
        (d.identifier.encode("utf-8"), d.algorithm.encode("ascii"), d.value.hex().encode("ascii"))
        for d in digests
    )
    for name, algorithm, value in entries:
        hasher.update(name + b"\0" + algorithm + b"\0" + value + b"\n")
    return "sha256:" + hasher.hexdigest()


@dataclass(frozen=True)
class VerifiedModel:
    """A model directory holding exactly the files a pinned signer signed."""

    path: Path
    """What to load: the read-only staged copy, or the directory verified in place."""
    digest: str
    """`model_digest` of the verified manifest."""
    files: tuple[str, ...]
    """Relative paths of every file, sorted."""
    total_bytes: int
    signer: str
    """The pin that accepted the signature, described."""
    signature_digest: str
    """`sha256:` of the signature file's bytes."""
    hashing: HashingSettings
    staged: bool
    """True when `path` is a private staged copy (see `stage_verified_model`)."""

    def discard(self) -> None:
        """Delete a staged copy (its whole staging directory); nothing for in-place."""
        if self.staged:
            remove_tree(self.path.parent)


def remove_tree(directory: Path) -> None:
    """Delete a staging directory that may have been made read-only."""
    if not directory.exists():
        return
    for parent, dirs, _ in os.walk(directory):
        for name in dirs:
            os.chmod(os.path.join(parent, name), stat.S_IRWXU)
    os.chmod(directory, stat.S_IRWXU)
    shutil.rmtree(directory)
