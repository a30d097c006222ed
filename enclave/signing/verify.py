"""Verify a model directory in place: for the `model verify` command and for checks.

Nothing stops the directory changing after this returns; to load a model, use
`stage_verified_model`, which verifies a private copy instead.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from enclave.signing.acceptance import Accepted, accept_signature
from enclave.signing.digests import ProgressCallback, digest_model_files
from enclave.signing.pins import SignerLike, resolve_pins
from enclave.signing.settings import HashingSettings
from enclave.signing.signature_file import SignatureSnapshot, snapshot_signature
from enclave.signing.tree import ModelTree, scan_model_dir
from enclave.signing.verified_model import VerifiedModel, model_digest


def verify_model_dir(
    model_dir: Path,
    signature: Path,
    signers: Sequence[SignerLike],
    hashing: HashingSettings | None = None,
    *,
    base_dir: Path | None = None,
    progress: ProgressCallback | None = None,
) -> VerifiedModel:
    """Verify `model_dir` against `signature` and the pinned `signers` (relative paths from
    `base_dir`); raises a `ModelRefused` subclass naming the reason, or
    `SigningUnavailable` when no verdict could be reached."""
    settings = hashing if hashing is not None else HashingSettings()
    pins = resolve_pins(signers, base_dir)
    tree = scan_model_dir(model_dir, sharded=settings.shard_size is not None)
    with tempfile.TemporaryDirectory(prefix="appliance-signature-") as private:
        snapshot = snapshot_signature(signature, Path(private))
        accepted = accept_signature(
            snapshot,
            pins,
            tree,
            settings,
            lambda: digest_model_files(tree, settings, progress=progress),
        )
    return verified_model(model_dir, tree, snapshot, accepted, settings, staged=False)


def verified_model(
    path: Path,
    tree: ModelTree,
    snapshot: SignatureSnapshot,
    accepted: Accepted,
    settings: HashingSettings,
    *,
    staged: bool,
) -> VerifiedModel:
    """The result record for an accepted signature."""
    return VerifiedModel(
        path=path,
        digest=model_digest(accepted.digests),
        files=tuple(f.path for f in tree.files),
        total_bytes=tree.total_bytes,
        signer=accepted.pin.describe(),
        signature_digest=snapshot.sha256,
        hashing=settings,
        staged=staged,
    )
