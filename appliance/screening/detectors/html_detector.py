"""HTML/XML comments, hidden elements and long attribute text, where instructions hide."""

from __future__ import annotations

import re

from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_TAG = re.compile(r"<([A-Za-z][\w:-]{0,30})((?:\s[^<>]{0,1000})?)/?>")
_HIDDEN_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0"
    r"(?![.\d])|color\s*:\s*(?:white|#fff\b|#ffffff|transparent)|\bhidden\b|aria-hidden",
    re.IGNORECASE,
)
_TEXT_ATTRIBUTE = re.compile(
    r"""\b(alt|title|aria-label|data-[\w-]{1,30}|content|placeholder|value)\s*=\s*("[^"]{20,1000}"|'[^']{20,1000}')""",
    re.IGNORECASE,
)
_MAX_FINDINGS = 32
_MAX_HIDDEN_CHARS = 4096


class HtmlDetector:
    """Finds `<!-- -->` comments, hidden elements and prose in attributes."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """Findings whose segments the semantic pass scores; markup alone scores little."""
        if "<" not in text:
            return []
        findings = self._comments(text)
        for match in _TAG.finditer(text):
            if len(findings) >= _MAX_FINDINGS or scan.expired():
                break
            name, attributes = match.group(1), match.group(2)
            if _HIDDEN_STYLE.search(attributes):
                close = text.find(f"</{name}", match.end(), match.end() + _MAX_HIDDEN_CHARS)
                end = close if close >= 0 else min(len(text), match.end() + _MAX_HIDDEN_CHARS)
                hidden = re.sub(r"<[^<>]{0,200}>", " ", text[match.end() : end]).strip()
                if hidden:
                    findings.append(
                        Finding(
                            "hidden_element",
                            match.start(),
                            end,
                            f"html.{name}[hidden]",
                            0.35,
                            hidden[:80],
                            segment=hidden,
                        )
                    )
            for attribute in _TEXT_ATTRIBUTE.finditer(attributes):
                value = attribute.group(2)[1:-1]
                if " " not in value:
                    continue
                offset = match.start(2) + attribute.start(2) + 1
                findings.append(
                    Finding(
                        "html_attribute",
                        offset,
                        offset + len(value),
                        f"html.{name}@{attribute.group(1).lower()}",
                        0.05,
                        value[:80],
                        segment=value,
                        segment_weight=0.9,
                    )
                )
        return findings

    def _comments(self, text: str) -> list[Finding]:
        # str.find rather than a lazy regex: an unclosed "<!--" repeated many times would
        # make a regex quadratic.
        findings: list[Finding] = []
        position = 0
        while len(findings) < _MAX_FINDINGS:
            start = text.find("<!--", position)
            if start < 0:
                break
            close = text.find("-->", start + 4)
            end = len(text) if close < 0 else close + 3
            body = text[start + 4 : end - 3 if close >= 0 else end].strip()
            if body:
                findings.append(
                    Finding(
                        "html_comment", start, end, "html.comment", 0.15, body[:80], segment=body
                    )
                )
            if close < 0:
                break
            position = end
        return findings
