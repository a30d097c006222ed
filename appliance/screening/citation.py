"""Quoted content the user asks about: "Is this a prompt injection? '...'".

A user who pastes a suspicious e-mail to ask whether it is an attack, or a red team's test
case to file in a taxonomy, quotes the attack word for word. The semantic head scores the
words, not the frame around them, so without this the question is flagged like the attack.

A text is a question about what it cites when all of these hold:
- it cites something: a quotation of 12 characters or more, a code fence or a "> " block;
- the words outside the citations name a suspicion or an analysis ("is this spam", "should
  I be worried", "our red team wrote this test case", "there was a hidden line");
- the words outside the citations ask something (a question mark, or "explain",
  "categorise", "classify", "analyse", "assess");
- those outside words alone score under the policy's threshold (the screener checks this;
  see `Screener.screen_batch`).

The score is then capped (`ScreeningSettings.cited_question_cap`, or the outside words' own
score when that is higher) rather than cleared: a policy with a threshold at or under the
cap still flags it, and the reasons still name what the quotation holds. Only the user's
own words get this: in tool outputs and earlier turns an attacker writes the frame as easily
as the payload.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# Longer texts are documents, not questions about a quotation; and the scan stays cheap.
MAX_FRAMED_CHARS = 16_384
_MIN_CITED_CHARS = 20
_PLACEHOLDER = ' "..." '

_FENCE = re.compile(r"```[^\n]*\n.*?(?:```|\Z)", re.DOTALL)
_QUOTATIONS = (
    re.compile(r'"[^"]{12,4000}?"'),
    re.compile(r"“[^”]{12,4000}?”"),
    re.compile(r"«[^»]{12,4000}?»"),
    re.compile(r"^>[^\n]*(?:\n>[^\n]*)*", re.MULTILINE),
)
_SUSPECT = (
    r"(?:prompt[-\s]?injections?|injections?|phishing|scam|spam|attacks?|jailbreak|"
    r"malicious|malware|suspicious|fake|fraud(?:ulent)?|social\s+engineering|legit(?:imate)?)"
)
_FRAME = re.compile(
    "|".join(
        (
            # "Is this just spam?", "Could it be a prompt-injection test?"
            r"\b(?:is|was|are|looks?\s+like|seems?(?:\s+like)?|could|would)\s+(?:this|that|it|"
            r"these|they)\s+(?:be\s+)?(?:an?\s+|just\s+|some\s+(?:kind|sort)\s+of\s+)?"
            r"(?:[\w-]+\s+){0,2}?" + _SUSPECT,
            r"\bshould\s+(?:i|we)\s+(?:be\s+)?(?:worried|worry|concerned|report|offended|flag|"
            r"block)\b",
            r"\b(?:there\s+(?:was|is|were)|(?:i|we)\s+(?:found|noticed|saw|spotted)|"
            r"contain(?:s|ed|ing)?)\s+(?:an?\s+|some\s+|the\s+)?(?:hidden|invisible|white)\s+"
            r"(?:text|lines?|font|instructions?|comments?|prompt|message)\b",
            r"\b(?:red[-\s]?team\w*|test\s+(?:cases?|inputs?|prompts?)|classifier|guardrails?|"
            r"taxonomy|soc\s+analyst|incident\s+response)\b",
            r"\b(?:we|i)\s+(?:saw|found|received|got|noticed|spotted|caught|blocked|detected)\b"
            r"[^.\n]{0,60}\b" + _SUSPECT,
        )
    ),
    re.IGNORECASE,
)
_ASKS = re.compile(
    r"\?|\b(?:explain|categori[sz]\w*|classify\w*|analy[sz]\w*|assess\w*|triage)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class CitedQuestion:
    """What the frame said (its span in the text) and the text with its citations masked."""

    start: int
    end: int
    cue: str
    outside: str


def _cited_spans(text: str) -> list[tuple[int, int]]:
    spans = [match.span() for match in _FENCE.finditer(text)]
    for pattern in _QUOTATIONS:
        for match in pattern.finditer(text):
            if not any(start <= match.start() < end for start, end in spans):
                spans.append(match.span())
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def cited_question(text: str) -> CitedQuestion | None:
    """The frame of a question about quoted content, or None (see the module docstring)."""
    if len(text) > MAX_FRAMED_CHARS or _FRAME.search(text) is None:
        return None
    spans = _cited_spans(text)
    if sum(end - start for start, end in spans) < _MIN_CITED_CHARS:
        return None
    pieces: list[str] = []
    offsets: list[int] = []  # where each piece starts in the original text
    cursor = 0
    for start, end in spans:
        pieces.append(text[cursor:start])
        offsets.append(cursor)
        cursor = end
    pieces.append(text[cursor:])
    offsets.append(cursor)
    frame = next(
        (
            (offset + match.start(), offset + match.end(), match.group(0))
            for piece, offset in zip(pieces, offsets, strict=True)
            if (match := _FRAME.search(piece)) is not None
        ),
        None,
    )
    if frame is None or not any(_ASKS.search(piece) for piece in pieces):
        return None
    return CitedQuestion(frame[0], frame[1], frame[2], _PLACEHOLDER.join(pieces))
