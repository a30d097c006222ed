"""Sealed prompts: HPKE to the appliance's key, chunks sealed back in order."""

from __future__ import annotations

import pytest

from enclave.sealing import ResponseOpener, SealingError, SealingKey, seal_request


def test_round_trip() -> None:
    key = SealingKey()
    sealed, opener = seal_request(key.public_bytes, b"what is 2+2?")
    assert b"2+2" not in sealed
    prompt, sealer = key.open_request(sealed)
    assert prompt == b"what is 2+2?"
    chunks = [sealer.seal(part) for part in (b"fo", b"ur", "\u00e9".encode())]
    trailer = sealer.trailer()
    assert [opener.open(c) for c in chunks] == [b"fo", b"ur", "\u00e9".encode()]
    opener.check_trailer(trailer)


def test_another_appliance_cannot_open() -> None:
    sealed, _ = seal_request(SealingKey().public_bytes, b"secret")
    with pytest.raises(SealingError, match="does not open"):
        SealingKey().open_request(sealed)


@pytest.mark.parametrize("position", [0, 5, 31, 32, 40, -1])
def test_a_flipped_byte_does_not_open(position: int) -> None:
    key = SealingKey()
    sealed = bytearray(seal_request(key.public_bytes, b"secret prompt")[0])
    sealed[position] ^= 0x01
    with pytest.raises(SealingError):
        key.open_request(bytes(sealed))


@pytest.mark.parametrize("sealed", [b"", b"\x00" * 31, b"\x00" * 48])
def test_truncated_input_does_not_open(sealed: bytes) -> None:
    with pytest.raises(SealingError):
        SealingKey().open_request(sealed)


def _stream(parts: int) -> tuple[list[bytes], bytes, ResponseOpener]:
    key = SealingKey()
    sealed, opener = seal_request(key.public_bytes, b"p")
    _, sealer = key.open_request(sealed)
    chunks = [sealer.seal(bytes([i])) for i in range(parts)]
    return chunks, sealer.trailer(), opener


def test_reordered_chunks_are_refused() -> None:
    chunks, _, opener = _stream(2)
    with pytest.raises(SealingError, match="chunk 0"):
        opener.open(chunks[1])


def test_a_dropped_last_chunk_fails_the_trailer() -> None:
    chunks, trailer, opener = _stream(3)
    for chunk in chunks[:2]:
        opener.open(chunk)
    with pytest.raises(SealingError, match="trailer"):
        opener.check_trailer(trailer)


def test_a_replayed_chunk_is_refused() -> None:
    chunks, _, opener = _stream(2)
    opener.open(chunks[0])
    with pytest.raises(SealingError):
        opener.open(chunks[0])
