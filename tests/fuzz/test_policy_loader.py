"""Structure-aware fuzzing of the policy loader (`appliance policy check`, reloads).

tests/appliance/policy/test_policy_files.py already feeds random bytes, byte-mutated
copies of policies/example.yaml and random YAML documents. Here the example is parsed and
mutated as data (keys deleted, inserted from the schema's own vocabulary or at random,
values replaced across types, list entries duplicated, values swapped between places),
dumped back in block, flow or canonical style, and loaded: the result must be a policy or a
LocatedYamlError whose every error points at a line of the file; never another exception.
"""

from __future__ import annotations

import copy
import math
from pathlib import Path
from typing import Any

import yaml
from hypothesis import event, given
from hypothesis import strategies as st

from appliance.config import LocatedYamlError
from appliance.policy import Policy, parse_policy
from tests.fuzz.cpu_limit import within_cpu_seconds
from tests.fuzz.hostile_text import unicode_text, weighted
from tests.fuzz.profiles import fuzz_settings

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "policies" / "example.yaml"
# Next to the example, so its relative signer path resolves as it does for the real file.
SOURCE = str(REPO / "policies" / "fuzzed.yaml")
BASE: dict[str, Any] = yaml.safe_load(EXAMPLE.read_text())
CPU_SECONDS = 5.0

Path_ = tuple[str | int, ...]


def _schema_vocabulary() -> tuple[list[str], list[Any]]:
    """Every property name and every enum or const value in the policy schema."""
    keys: set[str] = set()
    values: list[Any] = []
    stack: list[Any] = [Policy.model_json_schema()]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            keys.update(node.get("properties", {}))
            values.extend(node.get("enum", []))
            if "const" in node:
                values.append(node["const"])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return sorted(keys), values


SCHEMA_KEYS, SCHEMA_VALUES = _schema_vocabulary()


def scalars() -> st.SearchStrategy[Any]:
    """Values of every YAML scalar type, with the schema's own words and edge numbers."""
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.sampled_from([0, -1, 1, 2**31, 2**63, 10**400]),
        st.floats(allow_nan=True, allow_infinity=True),
        unicode_text(20),
        st.sampled_from(SCHEMA_KEYS),
        st.sampled_from([str(v) for v in SCHEMA_VALUES] or ["none"]),
        st.sampled_from(["*", "unix:local", "spiffe://appliance.local/*", "sha256:" + "0" * 64]),
        st.sampled_from(["../config/dev-model-signing/model-signing.pub", "/", ".", ""]),
    )


def values() -> st.SearchStrategy[Any]:
    """Scalars, and small lists and mappings of them (keys from the schema or random)."""
    keys = st.one_of(st.sampled_from(SCHEMA_KEYS), unicode_text(12))
    return st.recursive(
        scalars(),
        lambda inner: st.one_of(
            st.lists(inner, max_size=3), st.dictionaries(keys, inner, max_size=3)
        ),
        max_leaves=8,
    )


def _paths(node: Any, here: Path_ = ()) -> list[Path_]:
    out = [here]
    if isinstance(node, dict):
        for key, child in node.items():
            out.extend(_paths(child, (*here, key)))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            out.extend(_paths(child, (*here, index)))
    return out


def _get(document: Any, path: Path_) -> Any:
    for step in path:
        document = document[step]
    return document


def _set(document: Any, path: Path_, value: Any) -> Any:
    if not path:
        return value
    _get(document, path[:-1])[path[-1]] = value
    return document


@st.composite
def mutated_policies(draw: st.DrawFn) -> Any:
    """The example policy as data, after one to five structural edits."""
    document: Any = copy.deepcopy(BASE)
    # Mostly a single edit, so that more of the mutants still validate and reach the
    # checks after validation (signer files, plugin digests, the digest itself).
    for _ in range(draw(weighted((3, st.just(1)), (2, st.integers(2, 5))))):
        paths = _paths(document)
        path = draw(st.sampled_from(paths))
        operation = draw(st.sampled_from(["delete", "insert", "replace", "duplicate", "swap"]))
        event(f"edit {operation}")
        target = _get(document, path)
        if operation == "delete" and path:
            del _get(document, path[:-1])[path[-1]]
        elif operation == "insert" and isinstance(target, dict):
            key = draw(st.one_of(st.sampled_from(SCHEMA_KEYS), unicode_text(12), st.integers()))
            target[key] = draw(values())
        elif operation == "insert" and isinstance(target, list):
            target.insert(draw(st.integers(0, len(target))), draw(values()))
        elif operation == "duplicate" and isinstance(target, list) and target:
            target.append(copy.deepcopy(draw(st.sampled_from(target))))
        elif operation == "swap":
            other = draw(st.sampled_from(paths))
            if not _is_prefix(path, other) and not _is_prefix(other, path):
                first, second = copy.deepcopy(target), copy.deepcopy(_get(document, other))
                document = _set(document, path, second)
                document = _set(document, other, first)
        else:
            document = _set(document, path, draw(values()))
    return document


def _is_prefix(short: Path_, long: Path_) -> bool:
    return long[: len(short)] == short


def dumped(document: Any, style: str) -> bytes:
    """The document as YAML in one of several styles (aliases appear where data repeats)."""
    styles: dict[str, dict[str, Any]] = {
        "block": {"default_flow_style": False, "sort_keys": False},
        "flow": {"default_flow_style": True, "width": 60},
        "canonical": {"canonical": True},
        "unicode": {"allow_unicode": True, "sort_keys": True},
    }
    text: str = yaml.safe_dump(document, **styles[style])
    return text.encode("utf-8", "surrogatepass")


def assert_policy_or_located_errors(text: bytes) -> None:
    """The loader's contract: a policy (with a stable digest), or located errors."""
    try:
        loaded = within_cpu_seconds(CPU_SECONDS, lambda: parse_policy(text, SOURCE))
    except LocatedYamlError as error:
        assert_located(error, lines=text.count(b"\n") + 1)
        return
    event("loaded")
    assert loaded.digest.startswith("sha256:")
    # The digest covers the validated policy, not the file's spelling: re-dumping the
    # canonical form gives the same policy and the same digest.
    canonical = yaml.safe_dump(loaded.policy.model_dump(mode="json")).encode()
    assert parse_policy(canonical, SOURCE).digest == loaded.digest


def assert_located(error: LocatedYamlError, *, lines: int) -> None:
    """Every error names the file and a line and column inside it, and says something."""
    event("located errors")
    assert error.errors, "LocatedYamlError without errors"
    for item in error.errors:
        assert str(item).startswith(f"{SOURCE}:"), str(item)
        assert 1 <= item.location.line <= lines, (str(item), lines)
        assert item.location.column >= 1, str(item)
        assert item.message, str(item)


@fuzz_settings(1.0)
@given(document=mutated_policies(), style=st.sampled_from(["block", "flow", "canonical"]))
def test_structurally_mutated_policies(document: Any, style: str) -> None:
    assert_policy_or_located_errors(dumped(document, style))


@fuzz_settings(0.3)
@given(
    document=mutated_policies(),
    cut=st.floats(0.0, 1.0),
    junk=st.sampled_from(["", "\t", ":", "- ", "&a ", "*a", "!!str ", "? ", "{", "'", "\\ud800"]),
)
def test_mutated_policies_cut_and_spliced(document: Any, cut: float, junk: str) -> None:
    text = dumped(document, "unicode")
    at = math.floor(len(text) * cut)
    assert_policy_or_located_errors(text[:at] + junk.encode() + text[at:])


@fuzz_settings(0.2)
@given(depth=st.integers(1, 200), width=st.integers(1, 50), flow=st.booleans())
def test_deep_and_wide_documents(depth: int, width: int, flow: bool) -> None:
    node: Any = {"leaf": list(range(width))}
    for level in range(depth):
        node = {f"k{level}": node} if level % 2 else [node]
    document = {**BASE, "audit": node}
    assert_policy_or_located_errors(yaml.safe_dump(document, default_flow_style=flow).encode())
