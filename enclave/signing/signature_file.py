"""Take a private snapshot of a signature file and read what it claims.

The library and this package both read the snapshot, never the caller's file, so the
bytes the library authenticates are the bytes whose certificate and manifest we inspect.
What `SignedContent` says is only trusted after the library accepted the signature.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from cryptography import x509

from enclave.signing import _library
from enclave.signing.errors import SignatureUnreadable, StagingFailed

MAX_SIGNATURE_BYTES = 64 << 20
_PREDICATE_TYPE = "https://model_signing/signature/v1.0"
SNAPSHOT_NAME = "model.sig"


@dataclass(frozen=True)
class SignedSerialization:
    """How the signer hashed the model, as the predicate records it."""

    method: str
    hash_type: str
    shard_size: int | None
    ignore_paths: tuple[str, ...]


@dataclass(frozen=True)
class SignedContent:
    """The signed manifest: entry name (path, or `path:start:end`) -> (algorithm, hex)."""

    serialization: SignedSerialization
    resources: Mapping[str, tuple[str, str]]

    @property
    def files(self) -> frozenset[str]:
        """The file paths the manifest covers."""
        if self.serialization.method == "shards":
            return frozenset(name.rsplit(":", 2)[0] for name in self.resources)
        return frozenset(self.resources)


@dataclass(frozen=True)
class SignatureSnapshot:
    """A private copy of a signature file, parsed."""

    path: Path
    sha256: str
    kind: Literal["key", "certificate", "other"]
    certificate: x509.Certificate | None
    content: SignedContent


def snapshot_signature(source: Path, directory: Path) -> SignatureSnapshot:
    """Copy `source` into `directory` (private, ours) and parse the copy."""
    data = _read_bounded(source)
    path = directory / SNAPSHOT_NAME
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o400)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise StagingFailed(f"cannot write signature snapshot {path}: {exc}") from None
    try:
        bundle = _library.read_bundle(path)
    except Exception as exc:
        raise SignatureUnreadable(f"{source} is not a model-signing bundle: {exc}") from None
    envelope = bundle.dsse_envelope
    if envelope is None:
        raise SignatureUnreadable(f"{source} has no DSSE envelope")
    material = bundle.verification_material
    kind: Literal["key", "certificate", "other"] = "other"
    certificate = None
    if material.public_key is not None:
        kind = "key"
    elif material.x509_certificate_chain is not None:
        kind = "certificate"
        chain = material.x509_certificate_chain.certificates
        if chain:
            certificate = _load_certificate(source, chain[0].raw_bytes)
    return SignatureSnapshot(
        path=path,
        sha256="sha256:" + hashlib.sha256(data).hexdigest(),
        kind=kind,
        certificate=certificate,
        content=_parse_payload(source, envelope.payload),
    )


def _read_bounded(source: Path) -> bytes:
    try:
        with source.open("rb") as handle:
            data = handle.read(MAX_SIGNATURE_BYTES + 1)
    except OSError as exc:
        raise SignatureUnreadable(f"cannot read signature {source}: {exc.strerror}") from None
    if len(data) > MAX_SIGNATURE_BYTES:
        raise SignatureUnreadable(f"{source} is larger than {MAX_SIGNATURE_BYTES} bytes")
    return data


def _load_certificate(source: Path, der: bytes) -> x509.Certificate:
    try:
        return x509.load_der_x509_certificate(der)
    except ValueError as exc:
        raise SignatureUnreadable(f"{source}: bad signing certificate: {exc}") from None


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            # Parsers disagree on duplicates; refusing keeps ours and the library's equal.
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _parse_payload(source: Path, payload: bytes) -> SignedContent:
    try:
        statement = json.loads(payload, object_pairs_hook=_no_duplicates)
        if statement.get("predicateType") != _PREDICATE_TYPE:
            raise ValueError(f"predicate type {statement.get('predicateType')!r} is not v1.0")
        predicate = statement["predicate"]
        serialization = predicate["serialization"]
        method = str(serialization["method"])
        if method not in ("files", "shards"):
            raise ValueError(f"unknown serialization method {method!r}")
        resources: dict[str, tuple[str, str]] = {}
        for resource in predicate["resources"]:
            name = str(resource["name"])
            if name in resources:
                raise ValueError(f"{name} is listed twice")
            if method == "shards" and name.count(":") < 2:
                raise ValueError(f"shard name {name!r} is not path:start:end")
            resources[name] = (str(resource["algorithm"]), str(resource["digest"]))
        content = SignedContent(
            serialization=SignedSerialization(
                method=method,
                hash_type=str(serialization["hash_type"]),
                shard_size=_shard_size(serialization.get("shard_size")),
                ignore_paths=tuple(str(p) for p in serialization.get("ignore_paths", ())),
            ),
            resources=resources,
        )
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SignatureUnreadable(f"{source}: unreadable model manifest: {exc}") from None
    return content


def _shard_size(value: object) -> int | None:
    # The bundle stores numbers as JSON doubles (protobuf Struct), so 1e9 reads back as
    # 1000000000.0; the library's own guessing then fails on it. Accept integral values.
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"shard_size {value!r} is not a number")
    if isinstance(value, float) and (not math.isfinite(value) or not value.is_integer()):
        raise ValueError(f"shard_size {value!r} is not a whole number")
    return int(value)
