"""Sign a model directory in the OpenSSF model-signing format.

The files are listed and hashed by this package (in parallel, with progress), and the
library builds, signs and writes the bundle, so the file is what the library's own CLI
writes for the same settings: `model_signing verify key|certificate` accepts it (with the
default sha256 per-file hashing, the only one that CLI verifies).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from enclave.signing import _library
from enclave.signing.comparison import hidden_by
from enclave.signing.digests import ProgressCallback, digest_model_files
from enclave.signing.errors import SignatureHidesFiles, SigningUnavailable
from enclave.signing.settings import HashingSettings
from enclave.signing.tree import scan_model_dir
from enclave.signing.verified_model import model_digest


@dataclass(frozen=True)
class SignedModel:
    """What `sign_model` signed."""

    signature: Path
    digest: str
    """`model_digest` of the signed manifest."""
    files: tuple[str, ...]
    total_bytes: int


def sign_model(
    model_dir: Path,
    signature: Path,
    *,
    private_key: Path,
    certificate: Path | None = None,
    chain: Sequence[Path] = (),
    password: str | None = None,
    hashing: HashingSettings | None = None,
    progress: ProgressCallback | None = None,
) -> SignedModel:
    """Sign every file of `model_dir` with an EC private key (P-256/P-384/P-521), or with
    the key's `certificate` and the `chain` up to (not including) the root.

    Refuses a directory the signature could not cover entirely: symlinks, special files,
    and files the format's default ignore list would skip (`.git` and friends). The
    signature must be written outside the directory, since it is not part of it.
    """
    settings = hashing if hashing is not None else HashingSettings()
    if _is_within(signature, model_dir):
        raise SigningUnavailable(
            f"write the signature outside the model directory: {signature} is inside "
            f"{model_dir}, and every file there must be signed"
        )
    tree = scan_model_dir(model_dir, sharded=settings.shard_size is not None)
    hidden = hidden_by(_library.LIBRARY_DEFAULT_IGNORES, tree.paths)
    if hidden:
        raise SignatureHidesFiles(
            f"the model-signing format ignores {', '.join(_library.LIBRARY_DEFAULT_IGNORES)}; "
            f"remove these before signing: {', '.join(hidden[:5])}",
            paths=hidden,
        )
    digests = digest_model_files(tree, settings, progress=progress)
    manifest = _library.build_manifest(_model_name(model_dir), digests, settings)
    try:
        _library.sign(
            model_dir,
            signature,
            manifest,
            private_key=private_key,
            password=password,
            certificate=certificate,
            chain=chain,
        )
    except Exception as exc:
        raise SigningUnavailable(f"signing failed: {type(exc).__name__}: {exc}") from exc
    return SignedModel(
        signature=signature,
        digest=model_digest(digests),
        files=tuple(f.path for f in tree.files),
        total_bytes=tree.total_bytes,
    )


def _model_name(model_dir: Path) -> str:
    # As the library names it: informational only, never compared.
    name = model_dir.name
    return name if name and name != ".." else os.path.basename(model_dir.resolve())


def _is_within(path: Path, directory: Path) -> bool:
    return path.resolve().is_relative_to(directory.resolve())
