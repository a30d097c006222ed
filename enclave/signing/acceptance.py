"""Decide whether a signature is accepted for a directory: try each pinned signer with the
library; on the first that authenticates it, check identity and layout, then hash (and
stage) the files, and let the library compare."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from model_signing import manifest as library_manifest
from OpenSSL import crypto

from enclave.signing import _library
from enclave.signing.comparison import check_signed_layout, diagnose_digests
from enclave.signing.digests import ResourceDigest
from enclave.signing.errors import (
    BadSignerPin,
    UntrustedRoot,
    UntrustedSignature,
    WrongKey,
)
from enclave.signing.identity import check_signing_certificate
from enclave.signing.pins import SignerPin
from enclave.signing.settings import HashingSettings
from enclave.signing.signature_file import SignatureSnapshot
from enclave.signing.tree import ModelTree

DigestProducer = Callable[[], tuple[ResourceDigest, ...]]
_CURVES = ("secp256r1", "secp384r1", "secp521r1")


@dataclass(frozen=True)
class Accepted:
    """The pin that accepted the signature, and the digests that matched it."""

    pin: SignerPin
    digests: tuple[ResourceDigest, ...]


def accept_signature(
    snapshot: SignatureSnapshot,
    pins: Sequence[SignerPin],
    tree: ModelTree,
    settings: HashingSettings,
    produce: DigestProducer,
) -> Accepted:
    """The accepting pin and the digests, or the reason none accepted. `produce` runs at
    most once, and only for an authentic signature from a pinned signer."""
    for pin in pins:
        _check_pin_readable(pin)
    rejections: list[UntrustedSignature] = []
    for pin in pins:
        try:
            return _try_pin(snapshot, pin, tree, settings, produce)
        except UntrustedSignature as exc:
            rejections.append(exc)
    raise _combined(rejections)


def _try_pin(
    snapshot: SignatureSnapshot,
    pin: SignerPin,
    tree: ModelTree,
    settings: HashingSettings,
    produce: DigestProducer,
) -> Accepted:
    _check_kind(snapshot, pin)
    produced: list[tuple[ResourceDigest, ...]] = []

    def on_authentic() -> library_manifest.Manifest:
        if pin.root is not None:
            if snapshot.certificate is None or pin.identity is None:
                raise UntrustedRoot(f"{pin.describe()}: no certificate to check")
            check_signing_certificate(snapshot.certificate, pin.identity)
        check_signed_layout(snapshot.content, tree, settings)
        produced.append(produce())
        return _library.build_manifest(tree.root.name, produced[0], settings)

    try:
        _library.verify(
            snapshot.path,
            public_key=pin.public_key,
            root=pin.root,
            model_dir=tree.root,
            produce=on_authentic,
        )
    except _library.LibraryRejected as exc:
        raise _rejection(pin, exc) from exc
    except _library.LibraryMismatch as exc:
        digests = produced[0] if produced else ()
        raise diagnose_digests(snapshot.content, digests, str(exc)) from exc
    if not produced:
        raise UntrustedSignature(f"{pin.describe()}: the library accepted without hashing")
    return Accepted(pin, produced[0])


def _check_kind(snapshot: SignatureSnapshot, pin: SignerPin) -> None:
    if pin.public_key is not None and snapshot.kind != "key":
        raise WrongKey(
            f"{pin.describe()}: the signature was not made with a bare key (a certificate?)"
        )
    if pin.root is not None and snapshot.certificate is None:
        raise UntrustedRoot(f"{pin.describe()}: the signature carries no certificate")


def _rejection(pin: SignerPin, exc: _library.LibraryRejected) -> UntrustedSignature:
    if pin.public_key is not None:
        return WrongKey(f"not signed by the pinned key {pin.public_key}: {exc}")
    if isinstance(exc.__cause__, crypto.X509StoreContextError):
        return UntrustedRoot(
            f"signing certificate does not chain to the pinned root {pin.root}: {exc}"
        )
    return UntrustedSignature(f"{pin.describe()}: the signature does not verify: {exc}")


def _combined(rejections: list[UntrustedSignature]) -> UntrustedSignature:
    if len(rejections) == 1:
        return rejections[0]
    reasons = [str(r) for r in rejections]
    kinds = {type(r) for r in rejections}
    kind = kinds.pop() if len(kinds) == 1 else UntrustedSignature
    return kind(f"no pinned signer accepted the signature: {'; '.join(reasons)}", reasons=reasons)


def _check_pin_readable(pin: SignerPin) -> None:
    """Fail as a setup error, not as a refusal, when a pin's own files are bad; and never
    hand the library an empty root list (it would fall back to the system's roots)."""
    if pin.public_key is not None:
        try:
            key = serialization.load_pem_public_key(pin.public_key.read_bytes())
        except (OSError, ValueError) as exc:
            raise BadSignerPin(f"cannot read public key {pin.public_key}: {exc}") from None
        if not isinstance(key, ec.EllipticCurvePublicKey) or key.curve.name not in _CURVES:
            raise BadSignerPin(f"{pin.public_key} is not a P-256, P-384 or P-521 key")
    elif pin.root is not None:
        try:
            roots = x509.load_pem_x509_certificates(pin.root.read_bytes())
        except (OSError, ValueError) as exc:
            raise BadSignerPin(f"cannot read root certificate {pin.root}: {exc}") from None
        if not roots:
            raise BadSignerPin(f"{pin.root} holds no certificate")
