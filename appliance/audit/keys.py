"""The audit keys: the Ed25519 key that signs checkpoints and the HMAC key for text digests."""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from appliance.audit.errors import AuditKeyError

log = logging.getLogger(__name__)

MIN_HMAC_KEY_BYTES = 32
# A key file larger than this is a wrong path (a log, an image), not a key.
_MAX_KEY_FILE_BYTES = 64 * 1024


@dataclass(frozen=True)
class AuditKeyFiles:
    """The three files `appliance audit keygen` writes into one directory."""

    signing_key: Path
    public_key: Path
    hmac_key: Path

    @classmethod
    def in_directory(cls, directory: Path) -> AuditKeyFiles:
        """The standard file names in `directory`."""
        return cls(
            signing_key=directory / "audit-signing.key",
            public_key=directory / "audit-signing.pub",
            hmac_key=directory / "audit-hmac.key",
        )


def key_fingerprint(public_key: Ed25519PublicKey) -> str:
    """Hex SHA-256 of the raw 32-byte public key: names the key in every checkpoint."""
    raw = public_key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()


def load_signing_key(path: Path) -> Ed25519PrivateKey:
    """Read an unencrypted Ed25519 private key (PEM)."""
    data = _read_key_file(path, "audit signing key")
    if os.name == "posix" and path.stat().st_mode & 0o077:
        # Not fatal: systemd credentials and containers set their own modes; but say it.
        log.warning("audit signing key %s is readable by group or others", path)
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except (ValueError, TypeError, UnsupportedAlgorithm) as exc:
        message = f"audit signing key {path} is not an unencrypted PEM key: {exc}"
        raise AuditKeyError(message) from exc
    if not isinstance(key, Ed25519PrivateKey):
        raise AuditKeyError(f"audit signing key {path} is {type(key).__name__}, not Ed25519")
    return key


def load_public_key(path: Path) -> Ed25519PublicKey:
    """Read an Ed25519 public key (PEM)."""
    data = _read_key_file(path, "audit public key")
    try:
        key = serialization.load_pem_public_key(data)
    except (ValueError, UnsupportedAlgorithm) as exc:
        raise AuditKeyError(f"audit public key {path} is not a PEM public key: {exc}") from exc
    if not isinstance(key, Ed25519PublicKey):
        raise AuditKeyError(f"audit public key {path} is {type(key).__name__}, not Ed25519")
    return key


def load_hmac_key(path: Path) -> bytes:
    """Read the HMAC key file: its raw bytes, at least 32 of them."""
    data = _read_key_file(path, "audit HMAC key")
    if len(data) < MIN_HMAC_KEY_BYTES:
        raise AuditKeyError(
            f"audit HMAC key {path} has {len(data)} bytes; it needs at least "
            f"{MIN_HMAC_KEY_BYTES} random bytes"
        )
    return data


def generate_audit_keys(directory: Path, *, force: bool = False) -> AuditKeyFiles:
    """Write a new signing key (0600), its public key and an HMAC key (0600) into `directory`."""
    files = AuditKeyFiles.in_directory(directory)
    existing = [p for p in (files.signing_key, files.public_key, files.hmac_key) if p.exists()]
    if existing and not force:
        names = ", ".join(str(p) for p in existing)
        raise AuditKeyError(f"{names} already exist; not overwriting (use --force to replace)")
    directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    private = Ed25519PrivateKey.generate()
    private_pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    public_pem = private.public_key().public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    _write_file(files.signing_key, private_pem, 0o600)
    _write_file(files.public_key, public_pem, 0o644)
    _write_file(files.hmac_key, secrets.token_bytes(MIN_HMAC_KEY_BYTES), 0o600)
    return files


def _read_key_file(path: Path, what: str) -> bytes:
    try:
        with path.open("rb") as handle:
            data = handle.read(_MAX_KEY_FILE_BYTES + 1)
    except OSError as exc:
        raise AuditKeyError(f"cannot read {what} {path}: {exc.strerror or exc}") from exc
    if len(data) > _MAX_KEY_FILE_BYTES:
        raise AuditKeyError(f"{what} {path} is larger than {_MAX_KEY_FILE_BYTES} bytes")
    return data


def _write_file(path: Path, data: bytes, mode: int) -> None:
    # The mode is set at creation, so a secret is never briefly readable; fchmod covers --force
    # over an existing file that had a wider mode.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, mode)
    try:
        os.fchmod(fd, mode)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    finally:
        os.close(fd)
