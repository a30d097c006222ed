"""Turns a plugin's output bytes into a PluginResult, trusting none of it."""

from __future__ import annotations

import json
from typing import Any

from appliance.plugins.reasons import FailureReason
from appliance.plugins.results import Action, Finding, PluginResult

_KEYS = frozenset({"action", "text", "findings", "reason"})
_ACTIONS = {"pass": Action.PASS, "modify": Action.MODIFY, "block": Action.BLOCK}
_MAX_FINDINGS = 10_000
_MAX_KIND = 64
_MAX_REASON = 1024


class OutputError(Exception):
    """The output breaks the ABI; carries the failure reason."""

    def __init__(self, reason: FailureReason, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


def _reject_constant(name: str) -> Any:
    # NaN and Infinity are not JSON; Python's json accepts them unless told otherwise.
    raise ValueError(f"{name} is not JSON")


def parse_output(raw: bytes, input_text: str, *, streaming: bool) -> PluginResult:
    """Validate UTF-8, JSON and schema; raises OutputError naming the first problem."""
    try:
        decoded = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise OutputError(FailureReason.INVALID_UTF8, str(exc)) from exc
    try:
        document = json.loads(decoded, parse_constant=_reject_constant)
    except ValueError as exc:
        raise OutputError(FailureReason.INVALID_JSON, str(exc)) from exc
    return _check_schema(document, input_text, streaming=streaming)


def _bad(detail: str) -> OutputError:
    return OutputError(FailureReason.BAD_OUTPUT, detail)


def _check_schema(document: Any, input_text: str, *, streaming: bool) -> PluginResult:
    if not isinstance(document, dict):
        raise _bad("output is not a JSON object")
    unknown = set(document) - _KEYS
    if unknown:
        raise _bad(f"unknown keys {sorted(unknown)}")
    action = _ACTIONS.get(document.get("action"))  # type: ignore[arg-type]
    if action is None:
        raise _bad(f"unknown action {document.get('action')!r}")
    text = document.get("text")
    if text is not None and not isinstance(text, str):
        raise _bad("text is not a string")
    if text is None and (action is Action.MODIFY or (streaming and action is not Action.BLOCK)):
        raise _bad(f"{action.value} without text")
    message = document.get("reason", "")
    if not isinstance(message, str) or len(message) > _MAX_REASON:
        raise _bad("reason is not a short string")
    # Offsets refer to the text the call returned, or to its input when it returned none.
    reference = (text if text is not None else input_text).encode("utf-8")
    findings = _check_findings(document.get("findings", []), reference)
    if action is Action.BLOCK:
        return PluginResult(Action.BLOCK, "", findings, message)
    if action is Action.PASS and not streaming:
        return PluginResult(Action.PASS, input_text, findings, message)
    return PluginResult(action, text or "", findings, message)


def _check_findings(raw: Any, reference: bytes) -> tuple[Finding, ...]:
    if not isinstance(raw, list) or len(raw) > _MAX_FINDINGS:
        raise _bad("findings is not a list of at most 10000 entries")
    findings = []
    for entry in raw:
        if not isinstance(entry, dict) or set(entry) != {"kind", "start", "end"}:
            raise _bad("a finding is not {kind, start, end}")
        kind, start, end = entry["kind"], entry["start"], entry["end"]
        if not isinstance(kind, str) or not 0 < len(kind) <= _MAX_KIND:
            raise _bad("finding kind is not a short string")
        if type(start) is not int or type(end) is not int:
            raise _bad("finding offsets are not integers")
        if not 0 <= start <= end <= len(reference):
            raise _bad(f"finding [{start}, {end}) outside the text ({len(reference)} bytes)")
        if not (_on_boundary(reference, start) and _on_boundary(reference, end)):
            raise _bad(f"finding [{start}, {end}) splits a UTF-8 character")
        findings.append(Finding(kind, start, end))
    return tuple(findings)


def _on_boundary(data: bytes, offset: int) -> bool:
    return offset == len(data) or (data[offset] & 0xC0) != 0x80
