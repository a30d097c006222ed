"""Decoders for payloads hidden in encodings: base64, hex, URL-encoding, ROT13, leetspeak."""

from __future__ import annotations

import base64
import binascii
import codecs
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass

_BASE64 = re.compile(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]{16,}={0,2}(?![A-Za-z0-9+/=_-])")
_HEX = re.compile(r"(?<![0-9A-Fa-f])(?:(?:0x|\\x)?[0-9A-Fa-f]{2}[ :]?){12,}")
_URL = re.compile(r"[^\s%]{0,64}(?:%[0-9A-Fa-f]{2}[^\s%]{0,64}){3,512}")
_LEET = str.maketrans(
    {
        "0": "o",
        "1": "i",
        "3": "e",
        "4": "a",
        "5": "s",
        "7": "t",
        "@": "a",
        "$": "s",
        "!": "i",
        "|": "l",
    }
)
_LEET_WORD = re.compile(r"\b(?=[A-Za-z]{0,20}[013457@$])[A-Za-z013457@$!|]{3,}\b")


@dataclass(frozen=True, slots=True)
class Decoded:
    """A span of the input and the text it decodes to."""

    start: int
    end: int
    text: str


def looks_like_text(data: bytes) -> str | None:
    """The bytes as text when they are mostly printable UTF-8, else None."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text:
        return None
    printable = sum(1 for char in text if char.isprintable() or char in "\n\r\t")
    return text if printable / len(text) >= 0.9 else None


def decode_base64(text: str) -> list[Decoded]:
    """Base64 (standard or URL-safe) runs that decode to text."""
    found: list[Decoded] = []
    for match in _BASE64.finditer(text):
        token = match.group(0)
        # Identifiers and words alone are not payloads: real base64 mixes cases and digits.
        if token.isalpha() and (token.islower() or token.isupper()):
            continue
        padded = token.rstrip("=")
        padded += "=" * (-len(padded) % 4)
        try:
            raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
        except (binascii.Error, ValueError):
            continue
        decoded = looks_like_text(raw)
        if decoded is not None:
            found.append(Decoded(match.start(), match.end(), decoded))
    return found


def decode_hex(text: str) -> list[Decoded]:
    """Hex byte runs (plain, 0x- or \\x-prefixed, spaced) that decode to text."""
    found: list[Decoded] = []
    for match in _HEX.finditer(text):
        digits = re.sub(r"0x|\\x|[ :]", "", match.group(0))
        if len(digits) % 2:
            digits = digits[:-1]
        try:
            raw = bytes.fromhex(digits)
        except ValueError:
            continue
        decoded = looks_like_text(raw)
        if decoded is not None and any(char.isalpha() for char in decoded):
            found.append(Decoded(match.start(), match.end(), decoded))
    return found


def decode_url(text: str) -> list[Decoded]:
    """Percent-encoded runs, unquoted."""
    found: list[Decoded] = []
    if "%" not in text:  # the pattern needs three escapes; without one it costs O(64 n)
        return found
    for match in _URL.finditer(text):
        # Escapes that are not UTF-8 decode to U+FFFD: the rest of the run still counts.
        decoded = urllib.parse.unquote_plus(match.group(0), errors="replace")
        if decoded != match.group(0):
            found.append(Decoded(match.start(), match.end(), decoded))
    return found


def decode_rot13(text: str) -> list[Decoded]:
    """The whole text under ROT13 (the caller decides whether the result means anything)."""
    return [Decoded(0, len(text), codecs.decode(text, "rot13"))]


def decode_leetspeak(text: str) -> list[Decoded]:
    """The whole text with leetspeak digits and symbols read as letters, when it has any."""
    words = list(_LEET_WORD.finditer(text))
    if len(words) < 2:
        return []
    return [Decoded(words[0].start(), words[-1].end(), text.translate(_LEET))]


# name -> (decoder, whether its output is screened in full or only kept when it reads as an
# override): ROT13 and leetspeak apply to any text, so their output proves nothing by itself.
DECODERS: dict[str, tuple[Callable[[str], list[Decoded]], bool]] = {
    "base64": (decode_base64, True),
    "hex": (decode_hex, True),
    "url": (decode_url, True),
    "rot13": (decode_rot13, False),
    "leetspeak": (decode_leetspeak, False),
}
