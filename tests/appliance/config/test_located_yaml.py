"""Malformed and hostile YAML is refused with file:line:col, never a crash."""

from __future__ import annotations

import pytest

from appliance.config import LocatedYamlError, parse_yaml

BILLION_LAUGHS = b"""
a: &a ["x", "x", "x", "x", "x", "x", "x", "x", "x", "x"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]
"""

CASES = [
    ("duplicate key", b"a: 1\nb: 2\na: 3\n", 3, 1, "duplicate key 'a' (first at f.yaml:1:1)"),
    ("python object tag", b"x: !!python/object/apply:os.system ['true']\n", 1, 4, "not allowed"),
    ("custom tag", b"x: !secret abc\n", 1, 4, "not allowed"),
    ("invalid UTF-8", b"a: 1\nb: \xff\xfe\n", 2, 4, "not valid UTF-8"),
    ("syntax error", b"a: [1, 2\nb: 3\n", 2, 2, "YAML syntax"),
    ("billion laughs", BILLION_LAUGHS, None, None, "more than 100000 nodes"),
    ("deep nesting", b"a: " + b"[" * 70 + b"]" * 70 + b"\n", 1, 68, "deeper than 64"),
    ("non-string key", b"1: a\n", 1, 1, "must be a string"),
    ("merge key", b"base: &b {x: 1}\nother:\n  <<: *b\n", 3, 3, "merge keys"),
    ("two documents", b"a: 1\n---\nb: 2\n", 1, 1, "several"),
    # YAML breaks lines at U+0085 (found by `make fuzz`) and U+2028 too; editors and
    # `grep -n` do not, so lines are counted as they do.
    ("next line", "a: 1\n\u0085b: [\n".encode(), 3, 1, "YAML syntax"),
    ("line separator", "a: 1 \u2028 b: 2\n".encode(), 1, 9, "mapping values"),
    ("duplicate after next line", "a: 1\u0085\na: 2\n".encode(), 2, 1, "duplicate key"),
]


@pytest.mark.parametrize(
    ("name", "text", "line", "column", "message"), CASES, ids=[c[0] for c in CASES]
)
def test_refused_with_location(
    name: str, text: bytes, line: int | None, column: int | None, message: str
) -> None:
    with pytest.raises(LocatedYamlError) as caught:
        parse_yaml(text, "f.yaml")
    error = caught.value.errors[0]
    assert message in error.message
    if line is not None:  # an expansion bomb is reported where the budget ran out
        assert (error.location.line, error.location.column) == (line, column), str(error)
        assert str(error).startswith(f"f.yaml:{line}:{column}: ")


def test_plain_data_and_locations() -> None:
    doc = parse_yaml(b"top:\n  list:\n    - a\n    - {k: 1.5}\n", "f.yaml")
    assert doc.data == {"top": {"list": ["a", {"k": 1.5}]}}
    assert doc.locate(("top", "list", 1, "k")).line == 4
    # A key that is absent is located where its parent mapping starts.
    assert doc.locate(("top", "missing")).line == 2


def test_small_aliases_are_allowed() -> None:
    doc = parse_yaml(b"a: &x [1, 2]\nb: *x\n", "f.yaml")
    assert doc.data == {"a": [1, 2], "b": [1, 2]}
