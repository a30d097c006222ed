"""Hashed word and character n-gram features: deterministic, linear time, no vocabulary file."""

from __future__ import annotations

import re
import zlib
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from appliance.screening.detectors.unicode_detector import normalise_text

FEATURE_BITS = 18
_DIMENSION = 1 << FEATURE_BITS
_WORD = re.compile(r"\w+|[^\w\s]")
_SPACES = re.compile(r"\s+")
_CHAR_NGRAMS = (3, 4, 5)
_MIX = np.uint64(0x9E3779B97F4A7C15)
_PRIME = np.uint64(1_000_003)


@dataclass(frozen=True, slots=True)
class SparseFeatures:
    """Distinct feature indices of one text and the (shared) L2-normalised value."""

    indices: npt.NDArray[np.int64]
    value: float


def _mix(hashes: npt.NDArray[np.uint64], salt: int) -> npt.NDArray[np.int64]:
    mixed = (hashes + np.uint64(salt)) * _MIX
    mixed ^= mixed >> np.uint64(29)
    mixed *= _MIX
    mixed ^= mixed >> np.uint64(32)
    return (mixed & np.uint64(_DIMENSION - 1)).astype(np.int64)


def _char_ngrams(text: str) -> list[npt.NDArray[np.int64]]:
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    out: list[npt.NDArray[np.int64]] = []
    with np.errstate(over="ignore"):
        for size in _CHAR_NGRAMS:
            if len(codes) < size:
                continue
            rolling = np.zeros(len(codes) - size + 1, dtype=np.uint64)
            for offset in range(size):
                rolling = rolling * _PRIME + codes[offset : len(codes) - size + 1 + offset]
            out.append(_mix(rolling, size))
    return out


def featurise(text: str, extra_tokens: tuple[str, ...] = ()) -> SparseFeatures:
    """Features of `text` (as a reader sees it, lower-cased, whitespace collapsed) plus
    structural tokens."""
    if not text.isascii():
        # Homoglyphs and zero-width splits would otherwise hide the words the head knows.
        text = normalise_text(text)
    clean = " " + _SPACES.sub(" ", text.lower()).strip() + " "
    words = np.array(
        [zlib.crc32(word.encode("utf-8", "surrogatepass")) for word in _WORD.findall(clean)]
        + [zlib.crc32(f"\x00{token}".encode()) for token in extra_tokens],
        dtype=np.uint64,
    )
    parts = _char_ngrams(clean)
    with np.errstate(over="ignore"):
        if len(words):
            parts.append(_mix(words, 11))
        if len(words) > 1:
            parts.append(_mix(words[:-1] * _PRIME + words[1:], 13))
    if not parts:
        return SparseFeatures(np.zeros(0, dtype=np.int64), 0.0)
    indices = np.unique(np.concatenate(parts))
    return SparseFeatures(indices, float(1.0 / np.sqrt(len(indices))))
