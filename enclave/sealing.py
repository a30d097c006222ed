"""End-to-end sealed prompts: HPKE (RFC 9180) to the appliance's attested key.

A TLS-terminating proxy between client and appliance sees only ciphertext. The client seals
`response_key || prompt` to the appliance's X25519 HPKE key (bound in the attestation report
data, so only the attested appliance holds its private half); the appliance seals each
response chunk back with ChaCha20-Poly1305 under `response_key`, the chunk's sequence number
as nonce, so chunks cannot be dropped, reordered or replayed unnoticed. A final trailer
sealed at sequence N tells the client that all N chunks arrived.

Suite: DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305, base mode, single shot,
from `cryptography.hazmat.primitives.hpke` (nothing hand-rolled).
"""

from __future__ import annotations

import os
import struct

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.hpke import AEAD, KDF, KEM, Suite

SUITE_NAME = "DHKEM(X25519, HKDF-SHA256)/HKDF-SHA256/ChaCha20Poly1305"
_SUITE = Suite(KEM.X25519, KDF.HKDF_SHA256, AEAD.CHACHA20_POLY1305)
_REQUEST_INFO = b"appliance sealed request v1"
_RESPONSE_AAD = b"appliance sealed response v1"
_TRAILER = b"appliance sealed trailer v1"
RESPONSE_KEY_BYTES = 32
MAX_SEALED_BYTES = 64 * 1024 * 1024


class SealingError(ValueError):
    """A sealed message does not open: wrong key, tampered, truncated or out of order."""


class SealingKey:
    """The appliance's HPKE key pair; made fresh at start-up, never written to disk."""

    def __init__(self, private_key: X25519PrivateKey | None = None) -> None:
        self._private = private_key or X25519PrivateKey.generate()
        self.public_bytes = self._private.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    def open_request(self, sealed: bytes) -> tuple[bytes, ResponseSealer]:
        """The prompt bytes, and the sealer for the response chunks."""
        if len(sealed) > MAX_SEALED_BYTES:
            raise SealingError("sealed input is too large")
        try:
            plain = _SUITE.decrypt(sealed, self._private, info=_REQUEST_INFO)
        except (InvalidTag, ValueError) as exc:
            raise SealingError(
                f"sealed input does not open with this appliance's key: {exc}"
            ) from None
        if len(plain) < RESPONSE_KEY_BYTES:
            raise SealingError("sealed input is too short to hold a response key")
        return plain[RESPONSE_KEY_BYTES:], ResponseSealer(plain[:RESPONSE_KEY_BYTES])


class ResponseSealer:
    """Seals response chunks in order, then the trailer."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._sequence = 0

    def seal(self, chunk: bytes) -> bytes:
        """The next chunk, sealed."""
        sealed = self._aead.encrypt(_nonce(self._sequence), chunk, _RESPONSE_AAD)
        self._sequence += 1
        return sealed

    def trailer(self) -> bytes:
        """Sealed count of chunks sent: proof to the client that none was cut off."""
        return self._aead.encrypt(
            _nonce(self._sequence), struct.pack(">Q", self._sequence), _TRAILER
        )


class ResponseOpener:
    """The client's side: opens chunks in order, then checks the trailer."""

    def __init__(self, key: bytes) -> None:
        self._aead = ChaCha20Poly1305(key)
        self._sequence = 0

    def open(self, sealed: bytes) -> bytes:
        """The next chunk's plaintext; raises SealingError if it is not the next one."""
        try:
            plain = self._aead.decrypt(_nonce(self._sequence), sealed, _RESPONSE_AAD)
        except InvalidTag:
            raise SealingError(f"response chunk {self._sequence} does not open") from None
        self._sequence += 1
        return plain

    def check_trailer(self, sealed: bytes) -> None:
        """Raises SealingError unless the trailer vouches for exactly the chunks opened."""
        try:
            plain = self._aead.decrypt(_nonce(self._sequence), sealed, _TRAILER)
        except InvalidTag:
            raise SealingError("the response trailer does not open: chunks are missing") from None
        if plain != struct.pack(">Q", self._sequence):
            raise SealingError("the response trailer counts other chunks")


def seal_request(appliance_public_key: bytes, prompt: bytes) -> tuple[bytes, ResponseOpener]:
    """Seal `prompt` to the appliance's HPKE key; returns the ciphertext and the opener for
    the response."""
    public_key = X25519PublicKey.from_public_bytes(appliance_public_key)
    response_key = os.urandom(RESPONSE_KEY_BYTES)
    sealed = _SUITE.encrypt(response_key + prompt, public_key, info=_REQUEST_INFO)
    return sealed, ResponseOpener(response_key)


def _nonce(sequence: int) -> bytes:
    return struct.pack(">4xQ", sequence)
