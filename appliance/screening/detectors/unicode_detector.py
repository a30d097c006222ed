"""Invisible and deceptive Unicode: tag-character smuggling, zero-width, bidi, homoglyphs."""

from __future__ import annotations

import re
import unicodedata

from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")
_ZERO_WIDTH = re.compile("[\u200b\u200c\u200d\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad\u180e]")
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
_BLACK_FLAG = "\U0001f3f4"
_MAX_MARKS_PER_BASE = 3

# The Cyrillic and Greek letters that render as Latin ones; enough to undo common spoofing.
_LOOKALIKES = (
    "\u0430\u0435\u043e\u0440\u0441\u0443\u0445\u0456\u0458\u0455\u04bb\u0501"
    "\u0261\u0578\u03bd\u03bf\u03b1\u03b5\u03b9\u03ba\u03c4\u03c5\u0410\u0412"
    "\u0415\u041a\u041c\u041d\u041e\u0420\u0421\u0422\u0425\u0406\u0408\u0405"
    "\u0391\u0392\u0395\u0397\u0399\u039a\u039c\u039d\u039f\u03a1\u03a4\u03a7"
)
_CONFUSABLES = str.maketrans(
    _LOOKALIKES,
    "aeopcyxijshdgnvoaeiktuABEKMHOPCTXIJSABEHIKMNOPTX",
)
_HOMOGLYPH_SCORE = 0.6
_ONE_HOMOGLYPH_SCORE = 0.45
_LATIN_WORD_WITH_LOOKALIKE = re.compile(
    r"\b(?=\w{0,40}[a-zA-Z])(?=\w{0,40}[" + re.escape(_LOOKALIKES) + r"])\w{2,40}\b"
)


def decode_tag_characters(run: str) -> str:
    """The ASCII that a run of Unicode tag characters (U+E0000-E007F) smuggles."""
    return "".join(chr(ord(char) - 0xE0000) for char in run if 0x20 <= ord(char) - 0xE0000 < 0x7F)


def collapse_combining_marks(text: str) -> tuple[str, int]:
    """Text with runs of combining marks cut to a few per base character, and how many went.

    Done before any normalisation: canonical reordering of a huge run of marks is
    quadratic in CPython, and a flood of marks is a hiding technique in itself.
    """
    out: list[str] = []
    removed = 0
    run = 0
    for char in text:
        if unicodedata.combining(char):
            run += 1
            if run > _MAX_MARKS_PER_BASE:
                removed += 1
                continue
        else:
            run = 0
        out.append(char)
    return "".join(out), removed


def normalise_text(text: str) -> str:
    """The text as a reader sees it: invisible characters gone, look-alikes folded, NFKC."""
    collapsed, _ = collapse_combining_marks(text)
    visible = _BIDI.sub("", _ZERO_WIDTH.sub("", _TAG_RUN.sub("", collapsed)))
    return unicodedata.normalize("NFKC", visible.translate(_CONFUSABLES))


class UnicodeDetector:
    """Decodes smuggled tag text, flags hidden or reordering characters, rescreens the result."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """Findings for each technique; the normalised text is screened again when it differs."""
        if text.isascii():
            return []
        findings: list[Finding] = []
        for match in _TAG_RUN.finditer(text):
            if match.start() > 0 and text[match.start() - 1] == _BLACK_FLAG:
                continue  # subdivision flags (England, Scotland) are tag sequences
            hidden = decode_tag_characters(match.group(0))
            if not hidden.strip():
                continue
            findings.append(
                Finding(
                    kind="tag_smuggling",
                    start=match.start(),
                    end=match.end(),
                    path="unicode.tags",
                    score=0.9,
                    detail=hidden[:80],
                    segment=hidden,
                )
            )
        findings.extend(self._zero_width(text))
        for match in _BIDI.finditer(text):
            findings.append(
                Finding(
                    "bidi_override",
                    match.start(),
                    match.end(),
                    "unicode.bidi",
                    0.6,
                    f"U+{ord(match.group(0)):04X}",
                )
            )
            break
        lookalikes = list(_LATIN_WORD_WITH_LOOKALIKE.finditer(text))
        if lookalikes:
            first = lookalikes[0]
            findings.append(
                Finding(
                    "homoglyph",
                    first.start(),
                    lookalikes[-1].end(),
                    "unicode.confusables",
                    # Latin words with a Cyrillic or Greek look-alike inside are written to
                    # pass a filter (none of the ~11,000 benign rows the head is trained and
                    # checked on has one); one such word can be a keyboard-layout slip.
                    _HOMOGLYPH_SCORE if len(lookalikes) > 1 else _ONE_HOMOGLYPH_SCORE,
                    f"{len(lookalikes)} mixed-script words, e.g. {first.group(0)!r}",
                )
            )
        _, removed = collapse_combining_marks(text)
        if removed:
            findings.append(
                Finding(
                    "combining_flood",
                    0,
                    len(text),
                    "unicode.combining",
                    0.5,
                    f"{removed} excess combining marks",
                )
            )
        normalised = normalise_text(text)
        if (
            findings
            and normalised != text
            and scan.can_descend()
            and not scan.expired()
            and scan.take_decoded(len(normalised))
        ):
            findings.extend(scan.rescreen(normalised, 0, len(text), "unicode.normalised"))
        return findings

    def _zero_width(self, text: str) -> list[Finding]:
        # Zero-width joiners inside emoji and non-joiners in Persian or Indic scripts are
        # legitimate; one wedged between two Latin letters is there to split a keyword.
        hits = [
            match
            for match in _ZERO_WIDTH.finditer(text)
            if match.start() > 0
            and match.end() < len(text)
            and text[match.start() - 1].isascii()
            and text[match.start() - 1].isalpha()
            and text[match.end()].isascii()
            and text[match.end()].isalpha()
        ]
        if not hits:
            return []
        return [
            Finding(
                "zero_width",
                hits[0].start(),
                hits[-1].end(),
                "unicode.zero_width",
                0.5 if len(hits) > 1 else 0.3,
                f"{len(hits)} zero-width characters in words",
            )
        ]
