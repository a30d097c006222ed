"""Signed checkpoints: what the Ed25519 signature covers, and how to make and check one."""

from __future__ import annotations

import base64
import binascii

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

# Domain separation: a signature over these bytes can never be mistaken for another protocol's.
_DOMAIN = b"appliance-audit-checkpoint-v1\n"


def signed_bytes(covers_seq: int, chain_head: str, key_fingerprint: str) -> bytes:
    """The canonical bytes a checkpoint signature covers."""
    return _DOMAIN + f"{covers_seq}\n{chain_head}\n{key_fingerprint}\n".encode("ascii")


def checkpoint_fields(
    key: Ed25519PrivateKey, fingerprint: str, *, covers_seq: int, chain_head: str, count: int
) -> dict[str, object]:
    """The payload of a checkpoint record covering the chain up to `covers_seq`."""
    signature = key.sign(signed_bytes(covers_seq, chain_head, fingerprint))
    return {
        "covers_seq": covers_seq,
        "chain_head": chain_head,
        "count": count,
        "key_fingerprint": fingerprint,
        "signature": base64.b64encode(signature).decode("ascii"),
    }


def signature_valid(
    key: Ed25519PublicKey, *, covers_seq: int, chain_head: str, fingerprint: str, signature: str
) -> bool:
    """Whether `signature` (base64) by `key` covers exactly these checkpoint fields."""
    try:
        raw = base64.b64decode(signature, validate=True)
        key.verify(raw, signed_bytes(covers_seq, chain_head, fingerprint))
    except (InvalidSignature, binascii.Error, ValueError):
        return False
    return True
