"""What the 64 bytes of report data in every piece of evidence commit to.

report_data = SHA-512 over, in this order, each field length-prefixed (4-byte big-endian):
    the label "appliance-attestation-v1",
    the client's nonce (16 to 64 bytes, fresh per GetEvidence call),
    SHA-256 of the appliance's TLS public key (DER SubjectPublicKeyInfo),
    the policy digest (its text, e.g. "sha256:..."),
    the HPKE public key clients seal prompts to (raw bytes),
    then the count of models and each model's manifest digest, sorted.

Length prefixes make the encoding injective: no two different tuples give the same bytes,
so evidence for one (key, policy, models) can never be passed off as another's.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable
from dataclasses import dataclass

from enclave.attestation.evidence import REPORT_DATA_BYTES

_LABEL = b"appliance-attestation-v1"
MIN_NONCE_BYTES = 16
MAX_NONCE_BYTES = 64


class BindingError(ValueError):
    """A binding input is out of bounds (a nonce too short or too long)."""


@dataclass(frozen=True)
class BoundState:
    """What an appliance vouches for in its evidence, besides the nonce."""

    tls_public_key_sha256: bytes
    policy_digest: str
    hpke_public_key: bytes
    model_digests: tuple[str, ...]

    @staticmethod
    def of(
        *,
        tls_public_key_der: bytes,
        policy_digest: str,
        hpke_public_key: bytes,
        model_digests: Iterable[str],
    ) -> BoundState:
        """The state from the TLS key itself (hashed here) and the sorted model digests."""
        return BoundState(
            tls_public_key_sha256=hashlib.sha256(tls_public_key_der).digest(),
            policy_digest=policy_digest,
            hpke_public_key=hpke_public_key,
            model_digests=tuple(sorted(model_digests)),
        )


def report_data(nonce: bytes, state: BoundState) -> bytes:
    """The 64 bytes a provider puts in its evidence for this nonce and state."""
    if not MIN_NONCE_BYTES <= len(nonce) <= MAX_NONCE_BYTES:
        raise BindingError(
            f"nonce must be {MIN_NONCE_BYTES} to {MAX_NONCE_BYTES} bytes, got {len(nonce)}"
        )
    digest = hashlib.sha512()
    for part in (
        _LABEL,
        nonce,
        state.tls_public_key_sha256,
        state.policy_digest.encode(),
        state.hpke_public_key,
        struct.pack(">I", len(state.model_digests)),
        *(d.encode() for d in state.model_digests),
    ):
        digest.update(struct.pack(">I", len(part)))
        digest.update(part)
    data = digest.digest()
    assert len(data) == REPORT_DATA_BYTES
    return data
