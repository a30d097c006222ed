"""Chat-template and role markers that forge conversation turns or tool results."""

from __future__ import annotations

import re

from appliance.screening.detectors.code_fences import open_fence_info
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

# (name, pattern, score): special tokens of real chat templates almost never belong in a
# user's text; plain "Human:" lines are weaker evidence (transcripts, scripts).
_MARKERS: tuple[tuple[str, re.Pattern[str], float], ...] = (
    ("chatml", re.compile(r"<\|im_(?:start|end|sep)\|>"), 0.9),
    ("llama3", re.compile(r"<\|(?:start_header_id|end_header_id|eot_id|begin_of_text)\|>"), 0.9),
    ("llama2", re.compile(r"\[/?INST\]|<<\s*/?SYS\s*>>"), 0.85),
    ("gemma", re.compile(r"<(?:start|end)_of_turn>"), 0.9),
    ("special_token", re.compile(r"<\|(?:system|user|assistant|endoftext)\|>"), 0.85),
    (
        "markdown_role_header",
        re.compile(r"(?im)^[ \t]{0,3}#{1,6}[ \t]*(?:system|instructions?|assistant)[ \t]*:"),
        0.7,
    ),
    (
        "xml_role_tag",
        re.compile(
            r"</?(?:system|system_prompt|sys|instructions?|admin|developer)(?:\s[^<>]{0,80})?>"
        ),
        0.6,
    ),
    (
        "fake_tool_result",
        re.compile(
            r"</?(?:tool_result|tool_response|function_results?|function_call_output|"
            r"tool_output|observation)>|\[(?:TOOL|FUNCTION)[ _](?:RESULT|OUTPUT|RESPONSE)\]|"
            # A code fence labelled as a tool's result.
            r"(?m:^[ \t]{0,3}(?:```|~~~)[ \t]*(?:tool_result|tool_response|function_results?|"
            r"function_output|tool_output|observation)\b)",
            re.IGNORECASE,
        ),
        0.6,
    ),
    ("system_line", re.compile(r"(?m)^[ \t]{0,3}(?:system|SYSTEM)[ \t]*:[ \t]*\S"), 0.55),
)
# A tool's result pasted as plain text ("Tool result (verify_user):", "Observation:",
# "get_policy() returned:"): common in real agent logs, so it counts only when what follows
# grants the caller rights or tells the assistant what it may now do.
_TOOL_LABEL = re.compile(
    r"(?im)^[ \t]{0,3}(?:\[?(?:tool|function)(?:\s+call)?(?:\s*\([^()\n]{0,40}\))?\s+(?:result|"
    r"output|response|returned)\b[^\n]{0,60}?[:\]]|observation[ \t]*:|[\w.]{1,40}\([^()\n]{0,80}"
    r"\)[ \t]+returned[ \t]*:|\[tool:[ \t]*[^\]\n]{1,80}\])"
)
_GRANT = re.compile(
    r"\"(?:role|user_role|access_level|privileges?|permissions?)\"\s*:\s*\[?\s*\"(?:admin\w*|"
    r"superuser|super_user|root|owner|read_all|export_all)\"|\"(?:override_\w+|bypass_\w+|is_admin|"
    r"admin_override|unrestricted)\"\s*:\s*true\b|\b(?:assistant|ai|agent|model|bot)\s+(?:should|"
    r"must|may|can|is\s+(?:now\s+)?(?:allowed|authori[sz]ed|permitted))\b|\b(?:you\s+are|user\s+"
    r"is)\s+(?:now\s+)?(?:authori[sz]ed|allowed|permitted|cleared)\s+to\b|\b(?:has|have)\s+"
    r"admin(?:istrator)?\s+(?:privileges|rights|access)\b|\bredaction\s+disabled\b",
    re.IGNORECASE,
)
_GRANT_REACH = 600
_MAX_TOOL_LABELS = 16
_TRANSCRIPT_LINE = re.compile(r"(?m)^[ \t]{0,3}(?:Human|User|Assistant|AI)[ \t]*:[ \t]*\S")


# A marker named in a sentence ("does every example need the <|im_start|>system block?",
# "where does <|eot_id|> go") rather than used: a word that introduces a noun before it (and
# any markers and role words right before it), and one that talks about it after.
_MARKER_RUN_BEFORE = re.compile(
    r"(?:<[^<>\n]{1,40}>|\[/?INST\]|\b(?:system|user|assistant)\b|\s)*$", re.IGNORECASE
)
_MENTIONED_BEFORE = re.compile(
    r"\b(?:the|a|an|each|every|first|last|opening|closing|see|use|uses|using|with|like|"
    r"about|need|needs|add|include|insert|put|where|does|do|should|can|between|after|before|"
    r"of|than|and|or)"
    r"\s*[\"'(]?$",
    re.IGNORECASE,
)
_MARKER_RUN_AFTER = re.compile(
    r"^(?:<[^<>\n]{1,40}>|\[/?INST\]|\b(?:system|user|assistant)\b|[\"')]|[ \t])*", re.IGNORECASE
)
_MENTIONED_AFTER = re.compile(
    r"^(?:blocks?|tokens?|tags?|markers?|format|templates?|delimiters?|prefix|headers?|"
    r"section|part|goes|go|is|are|does|do|should|in\s+the\s+(?:docs|documentation|template)|"
    r"means?\b|stands?\s+for|looks?\s+like|and|or|vs\b|,|\?)",
    re.IGNORECASE,
)
# Chat-template source, Jinja or a format string with a message's fields ("{system}",
# "{sys_msg}", "{user_input}"): the markers are what the template prints.
_TEMPLATE_SYNTAX = re.compile(
    r"\{%|%\}|\{\{|\}\}|\{(?:[a-z]+_)?(?:system|sys|user|assistant|prompt|content|query|q|"
    r"message|msg|input|question|instruction|context|history|text|response|answer|role)"
    r"(?:_[a-z]+)?\}",
    re.IGNORECASE,
)
# Words of people who build chat templates, tokenizers and training data: in such a text a
# marker is what they work on ("why does the tokenizer add <|begin_of_text|> twice", "the
# server returns '<|im_end|>' at the end of the text"), and counts for as little as one
# in code. The semantic head still reads whatever the markers wrap.
_TEMPLATE_TALK = re.compile(
    r"\b(?:chat[_\s-]?templates?|apply_chat_template|tokeni[sz]er(?:s|_config)?|special\s+"
    r"tokens?|stop\s+(?:tokens?|sequences?)|(?:pad|eos|bos)\s+tokens?|token\s+ids?|prompt\s+"
    r"(?:format|template)s?|fine-?tun(?:e|es|ed|ing)|sft|dpo|rlhf|lora|jinja|chatml|vllm|"
    r"axolotl|llama\.cpp|gguf|ollama|loss\s+mask\w*|(?:training|eval)\s+(?:samples?|rows?|"
    r"examples?|pairs?))\b",
    re.IGNORECASE,
)
_TEMPLATE_REACH = 80
_LINE_REACH = 160


def _in_code(text: str, position: int) -> bool:
    # Inside a code block (or an inline code span, which may run over lines of one
    # paragraph), chat-template tokens are usually documentation, not forgery.
    if open_fence_info(text, position) is not None:
        return True
    blank_line = text.rfind("\n\n", 0, position)
    paragraph_start = 0 if blank_line < 0 else blank_line + 2
    return text.count("`", paragraph_start, position) % 2 == 1


def _talked_about(text: str, start: int, end: int) -> bool:
    """Whether the marker at start:end is named in a sentence or printed by a template."""
    window = text[max(0, start - _TEMPLATE_REACH) : end + _TEMPLATE_REACH]
    if _TEMPLATE_SYNTAX.search(window):
        return True
    # Only the nearby part of the line: the run patterns are tried from every position.
    line_start = max(text.rfind("\n", 0, start) + 1, start - _LINE_REACH)
    line_end = text.find("\n", end)
    before = text[line_start:start]
    before = before[: _MARKER_RUN_BEFORE.search(before).start()]  # type: ignore[union-attr]
    after = text[end : min(end + _LINE_REACH, len(text) if line_end < 0 else line_end)]
    after = after[_MARKER_RUN_AFTER.match(after).end() :]  # type: ignore[union-attr]
    return bool(_MENTIONED_BEFORE.search(before) and _MENTIONED_AFTER.match(after))


class RoleMarkerDetector:
    """Finds forged turn boundaries: ChatML, Llama, Gemma, role headers, tool-result blocks."""

    def __init__(self, *, in_code_factor: float = 0.4) -> None:
        self._in_code_factor = in_code_factor

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """One finding per marker (capped); markers inside code, named in a sentence or
        printed by a template count for less."""
        findings: list[Finding] = []
        shop_talk: bool | None = None  # looked for once, when the first marker is found
        for name, pattern, score in _MARKERS:
            for match in pattern.finditer(text):
                start, end = match.span()
                if shop_talk is None:
                    shop_talk = _TEMPLATE_TALK.search(text) is not None
                quiet = shop_talk or _in_code(text, start) or _talked_about(text, start, end)
                weight = self._in_code_factor if quiet else 1.0
                findings.append(
                    Finding(
                        kind="role_marker",
                        start=start,
                        end=end,
                        path=name,
                        score=score * weight,
                        detail=match.group(0)[:40],
                    )
                )
                if len(findings) >= 16:
                    return findings
        findings.extend(self._transcript(text))
        findings.extend(self._granting_tool_result(text))
        return findings

    def _granting_tool_result(self, text: str) -> list[Finding]:
        # The first few labels only: a flood of them must not buy a window scan each.
        for count, label in enumerate(_TOOL_LABEL.finditer(text)):
            if count >= _MAX_TOOL_LABELS:
                break
            grant = _GRANT.search(text, label.end(), label.end() + _GRANT_REACH)
            if grant is not None:
                quiet = _in_code(text, label.start())
                return [
                    Finding(
                        kind="role_marker",
                        start=label.start(),
                        end=grant.end(),
                        path="granting_tool_result",
                        score=0.7 * (self._in_code_factor if quiet else 1.0),
                        detail=f"{label.group(0).strip()[:30]} ... {grant.group(0)[:30]}",
                    )
                ]
        return []

    def _transcript(self, text: str) -> list[Finding]:
        # A Human:/Assistant: exchange inside a prompt forges turns only when it also puts
        # words in the assistant's mouth; a lone "User:" label is common in benign text.
        lines = list(_TRANSCRIPT_LINE.finditer(text))
        roles = {match.group(0).split(":", 1)[0].strip().lower() for match in lines}
        if not lines or not ({"human", "user"} & roles and {"assistant", "ai"} & roles):
            return []
        first, last = lines[0], lines[-1]
        line_end = text.find("\n", last.end())
        return [
            Finding(
                kind="role_marker",
                start=first.start(),
                end=len(text) if line_end < 0 else line_end,
                path="transcript",
                score=0.45 * (self._in_code_factor if _in_code(text, first.start()) else 1.0),
                detail=f"{len(lines)} role-labelled lines",
            )
        ]
