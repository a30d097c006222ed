"""Markdown structure: code fences (their comments and strings), links, image alt text."""

from __future__ import annotations

import re
from typing import Any

from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_LINE_COMMENT = re.compile(r"(?m)(?:^|\s)(?:#|//|--)[ \t]?([^\n]{12,500})$")
_BLOCK_COMMENT = re.compile(r"/\*([^*]{12,1000})\*/|\"\"\"([^\"]{12,1000})\"\"\"")
_STRING = re.compile(r"\"([^\"\n\\]{20,500})\"|'([^'\n\\]{20,500})'")
_MD_COMMENT = re.compile(r"(?m)^\[[^\]\n]{0,100}\]:[ \t]*(?:#|<>)[ \t]*\(([^\n]{1,1000})\)")
_MAX_FINDINGS = 32


# Images and titled links are the only inline tokens read. Each needs one of these: "![" for
# an image, "](" for an inline link, "]:" for the definition a reference link points to.
_INLINE_MARKERS = ("![", "](", "]:")


def _parser(*, inline: bool) -> Any:
    from markdown_it import MarkdownIt

    # maxNesting bounds the parser's recursion on "> > > >" or deeply nested lists.
    parser = MarkdownIt("commonmark", {"maxNesting": 20})
    # Without inline parsing (a third of the cost on code) `inline` tokens have no children.
    return parser if inline else parser.disable(["inline", "text_join"])


def _line_offsets(text: str) -> list[int]:
    offsets = [0]
    position = text.find("\n")
    while position >= 0:
        offsets.append(position + 1)
        position = text.find("\n", position + 1)
    offsets.append(len(text))
    return offsets


class MarkdownDetector:
    """Turns code comments, strings, link titles and alt text into segments to score."""

    def __init__(self) -> None:
        self._parsers: dict[bool, Any] = {}

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """Segments found in the markdown tree, spans at line granularity."""
        findings = [
            Finding(
                "markdown_comment",
                match.start(),
                match.end(),
                "markdown.reference",
                0.3,
                match.group(1)[:80],
                segment=match.group(1),
            )
            for match in _MD_COMMENT.finditer(text)
        ][:_MAX_FINDINGS]
        if len(text) > scan.settings.max_markdown_chars or not any(
            marker in text for marker in ("```", "~~~", "    ", "\t", *_INLINE_MARKERS)
        ):
            return findings
        inline = any(marker in text for marker in _INLINE_MARKERS)
        if inline not in self._parsers:
            self._parsers[inline] = _parser(inline=inline)
        offsets = _line_offsets(text)
        for token in self._parsers[inline].parse(text):
            if len(findings) >= _MAX_FINDINGS or scan.expired():
                break
            if token.map is None:
                continue
            start = offsets[min(token.map[0], len(offsets) - 1)]
            end = offsets[min(token.map[1], len(offsets) - 1)]
            if token.type in ("fence", "code_block"):
                language = (token.info or "").split(" ")[0] or "code"
                findings.extend(self._code(token.content, start, end, language))
            elif token.type == "inline":
                findings.extend(self._inline(token.children or [], start, end))
        return findings[:_MAX_FINDINGS]

    def _code(self, code: str, start: int, end: int, language: str) -> list[Finding]:
        # Comments and string literals are prose a model reads while "just" reading code.
        found: list[Finding] = []
        for match in _LINE_COMMENT.finditer(code):
            found.append(
                Finding(
                    "code_comment",
                    start,
                    end,
                    f"markdown.fence[{language}]",
                    0.0,
                    match.group(1)[:80],
                    segment=match.group(1),
                )
            )
        for match in _BLOCK_COMMENT.finditer(code):
            body = match.group(1) or match.group(2)
            found.append(
                Finding(
                    "code_comment",
                    start,
                    end,
                    f"markdown.fence[{language}]",
                    0.0,
                    body[:80],
                    segment=body,
                )
            )
        for match in _STRING.finditer(code):
            body = match.group(1) or match.group(2)
            if " " in body:
                found.append(
                    Finding(
                        "code_string",
                        start,
                        end,
                        f"markdown.fence[{language}]",
                        0.0,
                        body[:80],
                        segment=body,
                        segment_weight=0.9,
                    )
                )
        return found[:8]

    def _inline(self, children: list[Any], start: int, end: int) -> list[Finding]:
        found: list[Finding] = []
        for child in children:
            if child.type == "image" and len(child.content) >= 12:
                found.append(
                    Finding(
                        "image_alt",
                        start,
                        end,
                        "markdown.image@alt",
                        0.1,
                        child.content[:80],
                        segment=child.content,
                    )
                )
            elif child.type == "link_open":
                title = child.attrs.get("title")
                if isinstance(title, str) and len(title) >= 12:
                    found.append(
                        Finding(
                            "link_title",
                            start,
                            end,
                            "markdown.link@title",
                            0.1,
                            title[:80],
                            segment=title,
                        )
                    )
        return found
