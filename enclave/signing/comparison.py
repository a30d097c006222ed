"""Compare an authenticated manifest with the directory, with a specific reason for each
way they can differ. The library's own comparison stays the final word; these checks run
first so that a refusal names its cause, and before any byte is read."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import PurePosixPath

from enclave.signing.digests import ResourceDigest
from enclave.signing.errors import (
    ChangedFile,
    ContentMismatch,
    ExtraFile,
    HashingMismatch,
    MissingFile,
    RenamedFile,
    SignatureHidesFiles,
)
from enclave.signing.settings import HashingSettings
from enclave.signing.signature_file import SignedContent, SignedSerialization
from enclave.signing.tree import ModelTree

_SHOWN = 5


def check_signed_layout(content: SignedContent, tree: ModelTree, settings: HashingSettings) -> None:
    """Refuse a signature made with other hashing settings, one whose ignore list hides a
    present file, and any difference between the signed and present file sets."""
    _check_hashing(content, settings)
    _check_ignore_list(content.serialization.ignore_paths, tree.paths)
    _check_file_set(content.files, tree.paths)


def diagnose_digests(
    content: SignedContent, digests: Sequence[ResourceDigest], library_reason: str
) -> ContentMismatch:
    """The error for digests the library found to differ from the signed ones."""
    ours = {d.identifier: (d.algorithm, d.value.hex()) for d in digests}
    paths = {d.identifier: d.path for d in digests}
    signed = {name: (alg, value.lower()) for name, (alg, value) in content.resources.items()}
    for name in signed:
        paths.setdefault(
            name, name.rsplit(":", 2)[0] if content.serialization.method == "shards" else name
        )
    changed = sorted(
        {paths[n] for n in ours.keys() | signed.keys() if ours.get(n) != signed.get(n)}
    )
    if changed:
        return ChangedFile(
            f"content differs from the signature: {_listing(changed)}", paths=changed
        )
    return ContentMismatch(f"the model does not match its signature: {library_reason}")


def _describe(serialization: SignedSerialization) -> str:
    if serialization.method == "shards":
        return f"{serialization.hash_type} per {serialization.shard_size}-byte shard"
    return f"{serialization.hash_type} per file"


def _check_hashing(content: SignedContent, settings: HashingSettings) -> None:
    signed = content.serialization
    same = signed.method == settings.method and signed.hash_type == settings.hash_type
    if settings.method == "shards":
        same = same and signed.shard_size == settings.shard_size
    algorithms = {algorithm for algorithm, _ in content.resources.values()}
    if not same or not algorithms <= {settings.digest_algorithm}:
        raise HashingMismatch(
            f"signed with {_describe(signed)}; this appliance hashes with "
            f"{settings.describe()} (hashing settings come from policy, not the signature)"
        )


def hidden_by(ignore_paths: Iterable[str], present: Iterable[str]) -> list[str]:
    """The present files an ignore list would hide, by the library's rule: a file is ignored
    if it lies at or under `<model>/<ignore path>`, compared lexically."""
    root = PurePosixPath("/model")
    ignored = [root / p for p in ignore_paths]
    return sorted(f for f in present if any((root / f).is_relative_to(i) for i in ignored))


def _check_ignore_list(ignore_paths: Sequence[str], present: Iterable[str]) -> None:
    hidden = hidden_by(ignore_paths, present)
    if hidden:
        raise SignatureHidesFiles(
            f"the signature's ignore list ({', '.join(ignore_paths)}) hides present files: "
            f"{_listing(hidden)}",
            paths=hidden,
        )


def _check_file_set(signed: frozenset[str], present: frozenset[str]) -> None:
    extra = sorted(present - signed)
    missing = sorted(signed - present)
    if extra and missing:
        raise RenamedFile(
            f"files differ from the signature (renamed or replaced): missing {_listing(missing)}; "
            f"not signed {_listing(extra)}",
            paths=missing + extra,
        )
    if extra:
        raise ExtraFile(f"files not covered by the signature: {_listing(extra)}", paths=extra)
    if missing:
        raise MissingFile(f"signed files missing: {_listing(missing)}", paths=missing)


def _listing(paths: Sequence[str]) -> str:
    shown = ", ".join(paths[:_SHOWN])
    return shown if len(paths) <= _SHOWN else f"{shown} and {len(paths) - _SHOWN} more"
