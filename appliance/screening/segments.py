"""Prose blocks inside a document, scored on their own so a planted instruction stands out.

An instruction inserted into a table, an email or a code listing is a few words among
hundreds; over the whole text its n-grams are diluted. Scored alone, the block reads as
what it is. Only multi-line texts are split, and the count is capped, so the cost stays
linear and small.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_SEGMENTS = 24
_MAX_SEGMENT_CHARS = 2048
_MIN_WORDS = 3
_LETTERS = re.compile(r"[^\W\d_]{2,}")
_LINE = re.compile(r"[^\n]*(?:\n|$)")
# Statements of program source, which have as many letters as prose: definitions, imports,
# lines that open a block or end a statement, and assignments and returns of expressions.
# Comments stay prose: an instruction planted in code hides there.
_CODE = re.compile(
    r"^\s*(?:(?:async\s+)?(?:def|class|fn|func|function)\s+[\w$]+\s*[(:<]|"
    r"(?:import|from)\s+[\w.]+(?:\s+import\b|\s+as\b|\s*;?\s*$)|"
    r"(?:return|yield|raise|await|elif|while|for|if)\b[^\n]*[()\[\]+*/%=<>][^\n]*(?<![.!?])$|"
    r"for\s+[\w, ()]+\s+in\s+[^\n]+:$|"
    r"[\w.\[\]]+\s*(?:[-+*/%|&]?=|:=)\s*[^=\s][^\n]*(?<![.!?])$)|"
    r"(?:\)\s*:|[{;])\s*$",
)


@dataclass(frozen=True, slots=True)
class Segment:
    """A span of the text and the prose it holds (lines joined by spaces)."""

    start: int
    end: int
    text: str


def _is_prose(line: str) -> bool:
    # Table rows and code are data; a line is prose when most of it is words.
    stripped = line.strip()
    if not stripped or stripped[0] == "|" or _CODE.search(stripped):
        return False
    words = _LETTERS.findall(stripped)
    return len(words) >= _MIN_WORDS and sum(map(len, words)) * 2 >= len(stripped)


def _spread(items: list[Segment], limit: int) -> list[Segment]:
    # Evenly spaced, first and last kept: a long document's middle is not skipped.
    if len(items) <= limit:
        return items
    step = (len(items) - 1) / (limit - 1)
    return [items[round(index * step)] for index in range(limit)]


def prose_segments(text: str, *, limit: int = MAX_SEGMENTS) -> list[Segment]:
    """Runs of consecutive prose lines; none for one-line text or when one run is all."""
    if "\n" not in text.strip():
        return []
    found: list[Segment] = []
    start = -1
    end = 0
    for match in _LINE.finditer(text):
        if match.start() == len(text) and match.group(0) == "":
            break
        if _is_prose(match.group(0)):
            if start < 0:
                start = match.start()
            end = match.end()
            continue
        if start >= 0:
            found.append(Segment(start, end, _join(text[start:end])))
            start = -1
    if start >= 0:
        found.append(Segment(start, end, _join(text[start:end])))
    if len(found) == 1 and len(found[0].text) * 5 >= len(text.strip()) * 4:
        return []  # the whole text is one block of prose: the window score already covers it
    return _spread(found, limit)


def _join(block: str) -> str:
    return " ".join(line.strip() for line in block.splitlines() if line.strip())[
        :_MAX_SEGMENT_CHARS
    ]
