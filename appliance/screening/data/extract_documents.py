"""Rebuild `benign_documents.jsonl` from permissively licensed text on a build machine.

Not run by training (training reads the committed file); kept so the file's provenance can
be checked. Run: python appliance/screening/data/extract_documents.py NODE_DOC_API STDLIB
(e.g. /usr/share/doc/nodejs/api and a CPython 3.11 `Lib` folder). Deterministic for the
same inputs: files are read in sorted order and sampled with a fixed seed.
"""

from __future__ import annotations

import ast
import itertools
import json
import random
import re
import sys
from pathlib import Path

SEED = 5
MARKDOWN_ROWS = 260
CODE_ROWS = 260
_HEADING = re.compile(r"^#{1,4} ", re.MULTILINE)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
# Words that appear in attacks too; documents holding them are the hard benign ones.
_TRIGGERS = re.compile(
    r"ignore|override|system|admin|bypass|instruction|prompt|password|secret|forget|"
    r"disable|root|privilege|execute|command",
    re.IGNORECASE,
)


def _markdown_sections(folder: Path) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for path in sorted(folder.glob("*.md")):
        text = _COMMENT.sub("", path.read_text(encoding="utf-8", errors="replace"))
        starts = [match.start() for match in _HEADING.finditer(text)] + [len(text)]
        for start, end in itertools.pairwise(starts):
            section = text[start:end].strip()
            if 200 <= len(section) <= 1800:
                out.append({"text": section, "source": f"nodejs:doc/api/{path.name} (MIT)"})
    return out


def _functions(folder: Path) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    for path in sorted(folder.glob("*.py")):
        source = path.read_text(encoding="utf-8", errors="replace")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        lines = source.splitlines()
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                end = node.end_lineno or node.lineno
                if 6 <= end - node.lineno <= 45:
                    snippet = "\n".join(lines[node.lineno - 1 : end])
                    if len(snippet) <= 1800:
                        out.append({"text": snippet, "source": f"cpython:Lib/{path.name} (PSF)"})
    return out


def _sample(
    items: list[dict[str, str]], count: int, generator: random.Random
) -> list[dict[str, str]]:
    # Half from documents with trigger words, half from the rest: hard and ordinary benign.
    hard = [item for item in items if _TRIGGERS.search(item["text"])]
    plain = [item for item in items if not _TRIGGERS.search(item["text"])]
    chosen = generator.sample(hard, min(len(hard), count // 2))
    return chosen + generator.sample(plain, min(len(plain), count - len(chosen)))


def main() -> None:
    """Write the JSON lines next to this file."""
    generator = random.Random(SEED)  # noqa: S311 - a reproducible sample, not a secret
    rows = [
        {**item, "label": 0, "category": "augment:markdown"}
        for item in _sample(_markdown_sections(Path(sys.argv[1])), MARKDOWN_ROWS, generator)
    ] + [
        {**item, "label": 0, "category": "augment:code"}
        for item in _sample(_functions(Path(sys.argv[2])), CODE_ROWS, generator)
    ]
    target = Path(__file__).with_name("benign_documents.jsonl")
    with target.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
