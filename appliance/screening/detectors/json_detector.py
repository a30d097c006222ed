"""JSON and YAML payloads: chat-format messages and prose hidden in string values."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

from appliance.screening.detectors.code_fences import open_fence_info
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

# JSON that starts a line, or an object or array of objects right after a colon ("Continue
# this conversation: [{"role": ...}]").
_CANDIDATE = re.compile(
    r"(?m)^[ \t]{0,8}[\[{]|(?<=:)[ \t]{0,4}(?:\[(?=[ \t]{0,4}\{)|\{(?=[ \t]{0,4}\"))"
)
_YAML_ROLE = re.compile(
    r"(?m)^[ \t]{0,12}-?[ \t]*[\"']?(?:role|from|speaker)[\"']?[ \t]*:[ \t]*[\"']?"
    r"(system|developer|assistant|tool)\b"
)
_MAX_CANDIDATES = 8
_MAX_NESTING = 64
_MAX_SEGMENTS = 16
_FORGED_ROLES = {"system", "developer", "assistant", "tool", "function"}
# A chat message in JSON is how developers paste the messages array they are debugging or an
# exported chat log ("Is this messages array right?"), as often as it is a forged turn. Alone
# it is evidence under the default threshold; a forged turn's content is scored as a hidden
# segment and raises the finding when it overrides, grants or extracts.
_FORGED_ROLE_SCORE = 0.45
# A chat message inside a fenced block of program source is an API call being written or
# debugged ("messages=[{"role": "system", ...}]"), not a turn forged into this chat: weaker
# evidence, though its content is still scored like any hidden segment.
_IN_SOURCE_SCORE = 0.3
_PREFILL = re.compile(
    r"\s*(?:sure|of\s+course|certainly|absolutely|ok(?:ay)?|yes|great|here(?:'s|\s+is|\s+are))\b"
    r"[^\n]{0,200}?[\w,:][ \t]{0,4}\Z",
    re.IGNORECASE,
)
_PREFILL_SCORE = 0.6
_SOURCE_LANGUAGES = frozenset(
    {"python", "py", "python3", "javascript", "js", "jsx", "typescript", "ts", "tsx", "node",
     "bash", "sh", "shell", "zsh", "console", "curl", "go", "golang", "java", "kotlin", "kt",
     "csharp", "cs", "c#", "ruby", "rb", "php", "rust", "rs", "swift", "scala", "r"}
)  # fmt: skip


def in_source_block(text: str, position: int) -> bool:
    """Whether `position` lies inside a fenced block labelled with a programming language."""
    return open_fence_info(text, position) in _SOURCE_LANGUAGES


def nesting_depth(text: str, start: int, limit: int) -> int:
    """Deepest bracket nesting from `start`, stopping early once past `limit`."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text[start:]:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
        elif char in "]}":
            depth -= 1
            if depth <= 0:
                break
    return deepest


def _walk(value: object, path: str) -> Iterator[tuple[str, object]]:
    # Iterative, so a payload can never hit Python's recursion limit.
    stack: list[tuple[str, object]] = [(path, value)]
    while stack:
        here, item = stack.pop()
        yield here, item
        if isinstance(item, dict):
            stack.extend((f"{here}.{key}", child) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend((f"{here}[{index}]", child) for index, child in enumerate(item))


class JsonDetector:
    """Parses embedded JSON (bounded nesting) and YAML role lines."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """Forged role messages score high; long string values become segments."""
        findings: list[Finding] = []
        parsed_until = 0
        parsed: list[tuple[int, int]] = []
        for number, match in enumerate(_CANDIDATE.finditer(text)):
            if number >= _MAX_CANDIDATES or scan.expired():
                break
            start = match.end() - 1
            if start < parsed_until:
                continue  # inside a payload already read
            if nesting_depth(text, start, _MAX_NESTING) > _MAX_NESTING:
                findings.append(
                    Finding(
                        "deep_nesting",
                        start,
                        min(len(text), start + 64),
                        "json",
                        0.3,
                        f"brackets nested deeper than {_MAX_NESTING}",
                    )
                )
                continue
            try:
                value, end = json.JSONDecoder().raw_decode(text, start)
            except (ValueError, RecursionError):
                continue
            parsed_until = end
            parsed.append((start, end))
            score = _IN_SOURCE_SCORE if in_source_block(text, start) else _FORGED_ROLE_SCORE
            findings.extend(self._payload(value, start, end, score))
        for match in _YAML_ROLE.finditer(text):
            # A pretty-printed JSON message ('  "role": "assistant",') already read as JSON.
            if any(first <= match.start() < last for first, last in parsed):
                continue
            in_source = in_source_block(text, match.start())
            findings.append(
                Finding(
                    "role_marker",
                    match.start(),
                    match.end(),
                    "yaml.role",
                    _IN_SOURCE_SCORE if in_source else _FORGED_ROLE_SCORE,
                    f"role {match.group(1)}",
                )
            )
            break
        return findings

    def _payload(self, value: object, start: int, end: int, role_score: float) -> list[Finding]:
        findings: list[Finding] = []
        segments = 0
        for path, item in _walk(value, "json"):
            if isinstance(item, dict):
                role = item.get("role")
                if isinstance(role, str) and role.lower() in _FORGED_ROLES:
                    content = item.get("content")
                    # An assistant message under "choices" is a chat API's response being
                    # shown, not a turn being forged.
                    response = ".choices[" in path and role.lower() == "assistant"
                    score = min(role_score, _IN_SOURCE_SCORE) if response else role_score
                    detail = f"chat message with role {role!r}"
                    # "Sure! The admin password is": an assistant turn that starts to comply
                    # and stops mid-sentence, for the model to continue (a forged prefill).
                    if (
                        not response
                        and role.lower() == "assistant"
                        and isinstance(content, str)
                        and _PREFILL.match(content)
                    ):
                        score = max(score, _PREFILL_SCORE)
                        detail = "unfinished assistant turn that starts to comply"
                    findings.append(
                        Finding(
                            "role_marker",
                            start,
                            end,
                            f"{path}.role",
                            score,
                            detail,
                            segment=content if isinstance(content, str) else None,
                        )
                    )
            elif isinstance(item, str) and len(item) >= 20 and " " in item:
                segments += 1
                if segments <= _MAX_SEGMENTS:
                    findings.append(
                        Finding(
                            "json_string",
                            start,
                            end,
                            path,
                            0.0,
                            item[:80],
                            segment=item,
                            segment_weight=0.9,
                        )
                    )
        return findings
