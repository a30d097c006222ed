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


def _mix(hashes: npt.NDArray[np.uint64]) -> npt.NDArray[np.int64]:
    mixed = hashes * _MIX
    mixed ^= mixed >> np.uint64(29)
    mixed *= _MIX
    mixed ^= mixed >> np.uint64(32)
    return (mixed & np.uint64(_DIMENSION - 1)).astype(np.int64)


def _distinct(values: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The distinct values, sorted (what np.unique returns, at a fifth of its cost here)."""
    if not len(values):
        return values
    ordered: npt.NDArray[np.int64] = np.sort(values)
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    distinct: npt.NDArray[np.int64] = ordered[keep]
    return distinct


def _char_ngrams(text: str) -> list[npt.NDArray[np.uint64]]:
    """Rolling hashes of each n-gram size, salted with the size (not yet mixed)."""
    codes = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    out: list[npt.NDArray[np.uint64]] = []
    with np.errstate(over="ignore"):
        # Horner's rule, one size from the last: the hash of the n-gram at i is the hash of
        # the (n-1)-gram at i times the prime plus the code at i+n-1.
        rolling = codes
        for size in range(2, _CHAR_NGRAMS[-1] + 1):
            if len(codes) < size:
                break
            rolling = rolling[: len(codes) - size + 1] * _PRIME + codes[size - 1 :]
            if size in _CHAR_NGRAMS:
                out.append(rolling + np.uint64(size))
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
            parts.append(words + np.uint64(11))
        if len(words) > 1:
            parts.append(words[:-1] * _PRIME + words[1:] + np.uint64(13))
        if not parts:
            return SparseFeatures(np.zeros(0, dtype=np.int64), 0.0)
        # Each part is salted (n-gram size, 11 words, 13 word pairs), so one mix serves all.
        indices = _distinct(_mix(np.concatenate(parts)))
    return SparseFeatures(indices, float(1.0 / np.sqrt(len(indices))))
