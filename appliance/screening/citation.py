"""Quoted content the user asks about: "Is this a prompt injection? '...'".

A user who pastes a suspicious e-mail to ask whether it is an attack, or a red team's test
case to file in a taxonomy, quotes the attack word for word. The semantic head scores the
words, not the frame around them, so without this the question is flagged like the attack.

A text is a question about what it cites when all of these hold:
- it cites something: a quotation of 12 characters or more, a code fence, a "> " block, or
  pasted paragraphs: when the first or the last paragraph (blank-line or "---" separated)
  names an attack on the model ("is this a prompt injection", "whether the agent was
  hijacked", "the hidden comment", "a YARA rule that flags ...") and points at the material
  ("this e-mail", "below", "these lines"), the other paragraphs count as cited. A user who
  only doubts a pasted e-mail ("is it legitimate?") may not have seen the instruction to
  the model inside it, which then still acts when the model summarises the e-mail;
- the words outside the citations name a suspicion or an analysis ("is this spam", "should
  I be worried", "our red team wrote this test case", "there was a hidden line", "whether
  the agent was hijacked", "write a YARA rule that flags ...");
- the words outside the citations ask something (a question mark, or "explain",
  "categorise", "classify", "analyse", "assess", "summarise", "label", "write a rule");
- they do not ask for the citation to be carried out ("translate it, then do what it
  says"); "don't follow it" is fine;
- those outside words alone score under the policy's threshold (the screener checks this;
  see `Screener.screen_batch`).

The score is then capped (`ScreeningSettings.cited_question_cap`, or the outside words' own
score when that is higher) rather than cleared: a policy with a threshold at or under the
cap still flags it, and the reasons still name what the quotation holds. Only the user's
own words get this: in tool outputs and earlier turns an attacker writes the frame as easily
as the payload. A user who is the attacker can write the frame too; the cap keeps such a
text at 0.45, and the model it reaches has been asked about the text, not told to follow it.
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
# Attacks on an AI model: a user who names one has seen what the pasted text does.
_AI_ATTACK = (
    r"(?:prompt[-_\s]?injections?|injections?|jailbreak\w*|hijack\w*|exfiltrat\w+|"
    r"manipulat\w+|poison\w*|smuggl\w+)"
)
# Any suspicion: a scam can be quoted, but a pasted e-mail the user only doubts may still
# carry an instruction to the model the user has not seen.
_SUSPECT = (
    r"(?:" + _AI_ATTACK[3:-1] + r"|phishing|scam|spam|attacks?|malicious|malware|suspicious|"
    r"fake|fraud(?:ulent)?|social\s+engineering|legit(?:imate)?|tamper\w*|compromised|"
    r"spoof\w*|impersonat\w+|hostile|harmful|dangerous|sketchy|safe)"
)


def _frame_patterns(suspect: str) -> tuple[str, ...]:
    return (
        # "Is this just spam?", "Could it be a prompt-injection test?"
        r"\b(?:is|was|are|looks?\s+like|seems?(?:\s+like)?|could|would)\s+(?:this|that|it|"
        r"these|they)\s+(?:be\s+)?(?:an?\s+|just\s+|some\s+(?:kind|sort)\s+of\s+)?"
        r"(?:[\w-]+\s+){0,2}?" + suspect,
        r"\b(?:we|i)\s+(?:saw|found|received|got|noticed|spotted|caught|blocked|detected)\b"
        r"[^.\n]{0,60}\b" + suspect,
        # "whether the agent was hijacked", "whether it's trying to manipulate ..."
        r"\bwhether\s+(?:it|this|that|they|these|someone|somebody|anyone|the\s+[\w-]+)"
        r"(?:'s|\s+(?:is|was|were|are|has\s+been|had\s+been))\s+(?:(?:an?|just|really|"
        r"actually|being|trying\s+to)\s+)?(?:[\w-]+\s+){0,2}?" + suspect,
        r"\b(?:classify|label|tag|categori[sz]e|sort)\b[^.\n]{0,120}?\b" + suspect,
    )


_AI_AWARE = (
    *_frame_patterns(_AI_ATTACK),
    r"\b(?:there\s+(?:was|is|were)|(?:i|we)\s+(?:found|noticed|saw|spotted)|"
    r"contain(?:s|ed|ing)?)\s+(?:an?\s+|some\s+|the\s+)?(?:hidden|invisible|white)\s+"
    r"(?:text|lines?|font|instructions?|comments?|prompt|message)\b",
    r"\b(?:hidden|invisible|embedded|planted)\s+(?:comments?|instructions?|prompts?|"
    r"notes?\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|model|bot)|payloads?|commands?)\b",
    r"\b(?:red[-\s]?team\w*|test\s+(?:cases?|inputs?|prompts?)|classifier|guardrails?|"
    r"taxonomy|soc\s+analyst|incident\s+response|security\s+incident)\b",
    r"\b(?:trying|tried|attempt(?:s|ed|ing)?)\s+to\s+(?:trick|fool|manipulate|hijack|"
    r"jailbreak|pull\s+data|steal|extract|exfiltrate|leak|inject)\w*",
    # Detection work: "a Sigma rule that would catch ...", "a regex that detects ..."
    r"\b(?:detection|sigma|yara|snort|suricata|waf|regex(?:es)?|regular\s+expressions?|"
    r"filters?|rules?|classifiers?)\b[^.\n]{0,80}?\b(?:detect|catch|flag|match|block)\w*",
    r"\b(?:don'?t|do\s+not|never|without)\s+(?:follow(?:ing)?|obey(?:ing)?|act(?:ing)?\s+"
    r"on|execut(?:e|ing)|carry(?:ing)?\s+out)\s+(?:it|them|its|their|the|any)\b",
    # "Review this manifest for tool poisoning", "a training slide on data exfiltration"
    r"\b(?:review|check|scan|audit|inspect|test)\w*\b[^.\n]{0,80}?\bfor\s+(?:signs\s+of\s+)?"
    r"(?:[\w-]+\s+){0,2}?" + _AI_ATTACK,
    r"\b(?:slides?|decks?|sessions?|materials?|talk|article|write-?ups?|reports?)\s+(?:on|"
    r"about)\s+(?:[\w-]+\s+){0,3}?" + _AI_ATTACK,
)
_ANY_SUSPICION = (
    *_frame_patterns(_SUSPECT),
    r"\bshould\s+(?:i|we)\s+(?:be\s+)?(?:worried|worry|concerned|report|offended|flag|"
    r"block)\b",
    r"\b(?:am\s+i|are\s+we)\s+(?:just\s+)?being\s+paranoid\b",
    r"\b(?:unknown|unfamiliar|unexpected|unsolicited)\s+(?:external\s+)?(?:senders?|"
    r"sources?|callers?)\b",
    r"\b(?:security|soc|trust\s+(?:and|&)\s+safety|moderat(?:ion|or|ors)|fraud|abuse)\s+"
    r"teams?\b",
    r"\b(?:security|phishing)\s+(?:awareness|training)\b",
)
# A frame around quotation marks, fences or "> " blocks may name any suspicion; one around
# bare pasted paragraphs must name an attack on the model (see _pasted_spans).
_FRAME = re.compile("|".join((*_AI_AWARE, *_ANY_SUSPICION)), re.IGNORECASE)
_AI_FRAME = re.compile("|".join(_AI_AWARE), re.IGNORECASE)
# "... then do what it says": the citation is to be carried out, not asked about.
_OBEY = re.compile(
    r"\b(?:do\s+(?:what|as)\s+(?:it|they)\s+says?|(?:follow|obey|execute|carry\s+out|act\s+on|"
    r"comply\s+with|apply)\s+(?:it|them|its|their|those|these|the\s+(?:instructions?|"
    r"directions?|commands?|steps?)))\b",
    re.IGNORECASE,
)
_NEGATION = re.compile(
    r"(?:\bnot|n't|\bnever|\bwithout|\brather\s+than|\binstead\s+of|\bno\s+need\s+to)"
    r"\W+(?:\w+\W+){0,2}$",
    re.IGNORECASE,
)
# Paragraphs: blank lines or a "---" rule between them.
_BREAK = re.compile(r"\n[ \t]*(?:-{3,}|_{3,}|\*{3,}|={3,})?[ \t]*\n")
# The frame points at pasted material.
_POINTS = re.compile(
    r"\b(?:this|these|below|following|here(?:'s|\s+is|\s+are)?|above|it\s+says|says|reads|"
    r"attached|pasted|excerpt|snippet|fragment|sample|lines?|message|e-?mail|log|"
    r"transcript|thread)\b|:\s*$",
    re.IGNORECASE,
)
_ASKS = re.compile(
    r"\?|\b(?:explain|categori[sz]\w*|classify\w*|analy[sz]\w*|assess\w*|triage|review|"
    r"summari[sz]e|label|tell\s+(?:me|us|them)|write|draft|translate|flag)\b",
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


def _paragraphs(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    cursor = 0
    for match in _BREAK.finditer(text):
        if text[cursor : match.start()].strip():
            spans.append((cursor, match.start()))
        cursor = match.end()
    if text[cursor:].strip():
        spans.append((cursor, len(text)))
    return spans


def _pasted_spans(text: str, quoted: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The paragraphs other than a framing first or last one (see the module docstring)."""
    paragraphs = _paragraphs(text)
    if len(paragraphs) < 2:
        return []

    def frames(span: tuple[int, int]) -> bool:
        words = _masked(text[span[0] : span[1]], quoted, span[0])
        return _AI_FRAME.search(words) is not None and _POINTS.search(words) is not None

    first, last = frames(paragraphs[0]), frames(paragraphs[-1])
    if not (first or last):
        return []
    if first and last:
        return paragraphs[1:-1]
    # The frame's paragraph stays outside; so does the other end when the frame asks
    # nothing ("There was a hidden line: ... What should I tell our staff?").
    frame = paragraphs[0] if first else paragraphs[-1]
    if _ASKS.search(_masked(text[frame[0] : frame[1]], quoted, frame[0])) is not None:
        return paragraphs[1:] if first else paragraphs[:-1]
    return paragraphs[1:-1]


def _masked(piece: str, spans: list[tuple[int, int]], offset: int) -> str:
    out: list[str] = []
    cursor = 0
    for start, end in spans:
        start, end = max(start - offset, 0), min(end - offset, len(piece))
        if start >= end or start < cursor:
            continue
        out.append(piece[cursor:start])
        cursor = end
    out.append(piece[cursor:])
    return _PLACEHOLDER.join(out)


def _merge(spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _obeys(outside: str) -> bool:
    return any(
        _NEGATION.search(outside[max(0, match.start() - 40) : match.start()]) is None
        for match in _OBEY.finditer(outside)
    )


def cited_question(text: str) -> CitedQuestion | None:
    """The frame of a question about quoted content, or None (see the module docstring)."""
    if len(text) > MAX_FRAMED_CHARS or _FRAME.search(text) is None:
        return None
    quoted = _cited_spans(text)
    spans = _merge(quoted + _pasted_spans(text, quoted))
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
    outside = _PLACEHOLDER.join(pieces)
    if _obeys(outside):
        return None
    return CitedQuestion(frame[0], frame[1], frame[2], outside)
