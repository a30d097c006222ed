"""Building blocks for the phrase detectors' regexes, safe on hostile input.

A gap is up to N words, each followed by a separator. Words may hold ' and -; separators
never do: were the two classes to overlap (as `\\W` and `[\\w'-]` do on "-"), a run of dashes
could be split every way and matching would take time exponential in its length. Every
repeat is bounded and lazy, so a failed match costs at most N tries per start position.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from appliance.screening.detectors.literals import GuardedPattern, guarded
from appliance.screening.detectors.override_detector import is_discussed
from appliance.screening.verdict import Finding

WORD = r"[\w'\u2019-]+"
SEPARATOR = r"[^\w'\u2019-]+"


# "Never run rm -rf without asking the user first" sets a rule; it orders nothing. ("Don't
# hesitate to ..." and "don't worry" negate nothing that follows.)
_NEGATION = re.compile(
    r"\b(?:never|don't|do\s+not|must\s+not|mustn't|shouldn't|should\s+not|not\s+allowed\s+to)"
    r"\b(?!\s+(?:hesitate|worry|wait|bother|forget|delay)\b)",
    re.IGNORECASE,
)
_SENTENCE_END = re.compile(r"[.!?\n][^.!?\n]*$")
_NEGATION_REACH = 80


def negated(text: str, start: int) -> bool:
    """Whether the words just before `start`, in its sentence, say never (or don't)."""
    before = text[max(0, start - _NEGATION_REACH) : start]
    end = _SENTENCE_END.search(before)
    return bool(_NEGATION.search(before[end.start() + 1 :] if end else before))


def gap(words: int) -> str:
    """A pattern for up to `words` words between two phrases (a separator before each)."""
    return rf"(?:{SEPARATOR}{WORD}){{0,{words}}}?{SEPARATOR}"


# A separator that does not end a sentence: no newline, and a dot only inside a token
# ("j.moreno@", "v4.2"). One character class or such a dot at a time, so it never overlaps
# WORD and a failed match still costs at most N tries per start.
_CLAUSE_SEPARATOR = r"(?:[^\w'\u2019.\n-]|\.(?=\w))+"


def clause_gap(words: int) -> str:
    """`gap`, within one sentence."""
    return rf"(?:{_CLAUSE_SEPARATOR}{WORD}){{0,{words}}}?{_CLAUSE_SEPARATOR}"


def either(*alternatives: str) -> str:
    """A non-capturing alternation."""
    return "(?:" + "|".join(alternatives) + ")"


@dataclass(frozen=True, slots=True)
class Cue:
    """One phrasing family: its name, how much it counts, and its pattern."""

    name: str
    weight: float
    pattern: GuardedPattern


def cue(name: str, weight: float, pattern: str) -> Cue:
    """A case-insensitive cue."""
    return Cue(name, weight, guarded(pattern, re.IGNORECASE))


@dataclass(frozen=True, slots=True)
class CueMatch:
    """The first issued (not quoted, not discussed) match of one cue."""

    cue: Cue
    start: int
    end: int
    text: str


def issued_matches(
    text: str,
    cues: Iterable[Cue],
    *,
    per_cue: int = 4,
    quotes: bool = True,
    words: bool = True,
) -> list[CueMatch]:
    """The first match of each cue that is neither quoted nor discussed (see
    `override_detector.is_discussed`; `quotes=False` for cues that live in data, where
    quotation is no sign of citing, `words=False` for cues whose own words discuss); a cue
    whose first few matches are all discussed counts as absent."""
    found: list[CueMatch] = []
    for item in cues:
        for count, match in enumerate(item.pattern.finditer(text)):
            if count >= per_cue:
                break
            if not is_discussed(text, match.start(), match.end(), quotes=quotes, words=words):
                found.append(CueMatch(item, match.start(), match.end(), match.group(0)))
                break
    return found


def cue_findings(
    text: str, cues: Iterable[Cue], kind: str, *, quotes: bool = True
) -> list[Finding]:
    """One finding of `kind` per cue issued in `text` (see `issued_matches`), scored by the
    cue's weight and named by the cue."""
    return [
        Finding(
            kind=kind,
            start=item.start,
            end=item.end,
            path=item.cue.name,
            score=item.cue.weight,
            detail=item.text[:80],
        )
        for item in issued_matches(text, cues, quotes=quotes)
    ]
