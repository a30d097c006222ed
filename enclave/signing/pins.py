"""Who may sign a model: a pinned public key, or a pinned root plus a certificate identity."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from enclave.signing.errors import BadSignerPin


class SignerLike(Protocol):
    """Anything shaped like a policy `Signer`: exactly one of `public_key` and `root`, and
    with `root` the identity (certificate SAN) the signing certificate must carry."""

    @property
    def public_key(self) -> str | os.PathLike[str] | None: ...

    @property
    def root(self) -> str | os.PathLike[str] | None: ...

    @property
    def identity(self) -> str | None: ...


@dataclass(frozen=True)
class SignerPin:
    """One accepted signer, with absolute paths (see `resolve_pins`)."""

    public_key: Path | None = None
    root: Path | None = None
    identity: str | None = None

    def __post_init__(self) -> None:
        if (self.public_key is None) == (self.root is None):
            raise BadSignerPin("a signer pins exactly one of a public key and a root")
        if self.root is not None and not self.identity:
            raise BadSignerPin(f"root signer {self.root} needs the identity it must carry")
        if self.public_key is not None and self.identity is not None:
            # A key signature carries no identity to compare; ignoring the field would
            # silently drop a requirement the policy author wrote.
            raise BadSignerPin(f"key signer {self.public_key} cannot require an identity")

    def describe(self) -> str:
        """For messages and status: "key /etc/k.pub" or "root /etc/ca.pem as spiffe://x"."""
        if self.public_key is not None:
            return f"key {self.public_key}"
        return f"root {self.root} as {self.identity}"


def resolve_pins(
    signers: Iterable[SignerLike], base_dir: Path | None = None
) -> tuple[SignerPin, ...]:
    """Pins from policy signers; relative paths are taken from `base_dir` (default: the
    current directory). No signers is an error: nothing could ever verify."""
    base = base_dir if base_dir is not None else Path.cwd()
    pins = tuple(
        SignerPin(
            public_key=_absolute(signer.public_key, base),
            root=_absolute(signer.root, base),
            identity=signer.identity,
        )
        for signer in signers
    )
    if not pins:
        raise BadSignerPin("no signers are pinned for this model")
    return pins


def _absolute(path: str | os.PathLike[str] | None, base: Path) -> Path | None:
    if path is None:
        return None
    resolved = Path(path)
    # normpath: "config/../policies/../keys/k.pub" reads as "keys/k.pub" in logs and status.
    return Path(os.path.normpath(resolved if resolved.is_absolute() else base / resolved))
