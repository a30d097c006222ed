"""Every call into the `model_signing` library, in one place.

Verification goes through the library's public `verifying.Config.verify`, which checks the
signature and then compares the signed manifest with the manifest its hashing config
produces. We plug in a hashing config that computes nothing itself: `hash()` calls back
into our code, which lists, hashes (and stages) the files and returns the digests as a
manifest. So the library still does the cryptography and the comparison, but over the
bytes we read once, and our callback only runs once the signature is authentic.

Private corners touched, pinned by the exact `model-signing==1.1.1` requirement:
`model_signing._hashing.hashing.Digest` (manifest items need it) and
`model_signing._signing.sign_sigstore_pb.Signature.read` (the library's own bundle reader,
so the certificate we check the identity of is the one the library verified).
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from model_signing import hashing as library_hashing
from model_signing import manifest as library_manifest
from model_signing import signing as library_signing
from model_signing import verifying as library_verifying
from model_signing._hashing.hashing import Digest
from model_signing._signing.sign_sigstore_pb import Signature as BundleFile

from enclave.signing.digests import ResourceDigest
from enclave.signing.errors import SigningError
from enclave.signing.settings import HashingSettings

if TYPE_CHECKING:
    from sigstore_models.bundle.v1 import Bundle  # model-signing's own bundle model

# What the library's CLI ignores unless told `--no-ignore-git-paths`, and so records in
# every signature it makes. We record the same list, and refuse to sign a directory holding
# any of them, so the list never hides a file.
LIBRARY_DEFAULT_IGNORES = (".git", ".gitattributes", ".github", ".gitignore")


class LibraryRejected(Exception):
    """The library refused the signature before looking at any file digest."""


class LibraryMismatch(Exception):
    """The signature is authentic, but the library found the digests differ."""


class _DigestsFromCallback(library_hashing.Config):
    """A hashing config whose `hash()` returns a manifest our code computed."""

    def __init__(self, produce: Callable[[], library_manifest.Manifest]) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self._produce = produce
        self.called = False

    def hash(
        self,
        model_path: library_hashing.PathLike,
        *,
        files_to_hash: Iterable[library_hashing.PathLike] | None = None,
    ) -> library_manifest.Manifest:
        if files_to_hash is not None:
            # Only `ignore_unsigned_files` passes a list, and we never set it.
            raise LibraryRejected("refusing to hash only the signed files")
        self.called = True
        return self._produce()


def serialization_args(settings: HashingSettings) -> dict[str, object]:
    """The predicate's `serialization` section, as the library's CLI writes it."""
    args: dict[str, object] = {
        "method": settings.method,
        "hash_type": settings.hash_type,
        "allow_symlinks": False,
        "ignore_paths": list(LIBRARY_DEFAULT_IGNORES),
    }
    if settings.shard_size is not None:
        args["shard_size"] = settings.shard_size
    return args


def build_manifest(
    model_name: str, digests: Sequence[ResourceDigest], settings: HashingSettings
) -> library_manifest.Manifest:
    """Our digests as a library manifest."""
    items: list[library_manifest.ManifestItem] = []
    for entry in digests:
        digest = Digest(entry.algorithm, entry.value)
        path = pathlib.PurePosixPath(entry.path)
        if entry.sharded:
            items.append(
                library_manifest.ShardedFileManifestItem(
                    path=path, start=entry.start, end=entry.end, digest=digest
                )
            )
        else:
            items.append(library_manifest.FileManifestItem(path=path, digest=digest))
    serialization = library_manifest.SerializationType.from_args(serialization_args(settings))
    return library_manifest.Manifest(model_name, items, serialization)


def verify(
    signature: Path,
    *,
    public_key: Path | None,
    root: Path | None,
    model_dir: Path,
    produce: Callable[[], library_manifest.Manifest],
) -> None:
    """Verify `signature` with a key, or with a certificate chaining to `root` (the only
    trust anchor: the library's fallback to the system roots is never reached). Errors our
    callback raises pass through unchanged."""
    config = library_verifying.Config()  # type: ignore[no-untyped-call]
    if public_key is not None:
        config.use_elliptic_key_verifier(public_key=public_key)
    elif root is not None:
        config.use_certificate_verifier(certificate_chain=[root])
    else:
        raise LibraryRejected("no key and no root to verify with")
    hashing = _DigestsFromCallback(produce)
    config.set_hashing_config(hashing)
    try:
        config.verify(model_dir, signature)
    except (LibraryRejected, LibraryMismatch):
        raise
    except SigningError:
        raise  # ours, from the callback
    except Exception as exc:
        reason = f"{type(exc).__name__}: {str(exc).strip()}" if str(exc) else type(exc).__name__
        if hashing.called:
            raise LibraryMismatch(reason) from exc
        raise LibraryRejected(reason) from exc


def sign(
    model_dir: Path,
    signature: Path,
    manifest: library_manifest.Manifest,
    *,
    private_key: Path,
    password: str | None,
    certificate: Path | None,
    chain: Sequence[Path],
) -> None:
    """Sign `manifest` with a bare key, or with a key and its certificate (and chain), and
    write the bundle the way the library's CLI does."""
    config = library_signing.Config()  # type: ignore[no-untyped-call]
    if certificate is None:
        config.use_elliptic_key_signer(private_key=private_key, password=password)
    else:
        if password is not None:
            raise ValueError("the library's certificate signer takes no key password")
        config.use_certificate_signer(
            private_key=private_key, signing_certificate=certificate, certificate_chain=chain
        )
    config.set_hashing_config(_DigestsFromCallback(lambda: manifest))
    config.sign(model_dir, signature)


def read_bundle(signature: Path) -> Bundle:
    """The signature file parsed exactly as the library parses it."""
    return BundleFile.read(signature).bundle
