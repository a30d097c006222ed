"""Load YAML safely and keep where every value came from, so errors point at file:line:col.

Only plain data is built: mappings, sequences and the scalars YAML's safe schema knows.
Refused with a located error: invalid UTF-8, duplicate keys, non-string keys, tags that
would construct objects, documents nested deeper than a bound, and aliases that expand past
a node budget (the "billion laughs" attack).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

_MAX_DEPTH = 64
_MAX_NODES = 100_000
_MAX_FILE_BYTES = 4 * 1024 * 1024
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}

_NEWLINE = re.compile("\n")

KeyPath = tuple[str | int, ...]
ModelT = TypeVar("ModelT", bound=BaseModel)


@dataclass(frozen=True)
class Location:
    """A 1-based line and column in a named file."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True)
class LocatedError:
    """One problem in a file, with where it is and which key it concerns."""

    location: Location
    message: str
    key_path: KeyPath = ()

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.key_path)
        prefix = f"{where}: " if where else ""
        return f"{self.location}: {prefix}{self.message}"


class LocatedYamlError(Exception):
    """A file failed to load or validate; `errors` holds every problem found."""

    def __init__(self, errors: Iterable[LocatedError]) -> None:
        self.errors = tuple(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


@dataclass
class LocatedDocument:
    """Plain data from a YAML file plus the location of every key path in it."""

    file: str
    data: Any
    # Where each value starts, and where each mapping key is written.
    locations: dict[KeyPath, Location] = field(default_factory=dict)
    key_locations: dict[KeyPath, Location] = field(default_factory=dict)

    def locate(self, path: KeyPath, *, key: bool = False) -> Location:
        """Location of the value at `path` (or of its key), or of its nearest located
        parent (where a missing key would go)."""
        if key and path in self.key_locations:
            return self.key_locations[path]
        while path not in self.locations and path:
            path = path[:-1]
        return self.locations.get(path, Location(self.file, 1, 1))


class _Lines:
    """Lines as editors, `grep -n` and `sed -n` count them: ended by "\\n" only. YAML also
    breaks lines at a lone carriage return and at U+0085, U+2028 and U+2029, so its own
    line numbers can point past the end of the file a security team has open."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self._starts = [0] + [match.end() for match in _NEWLINE.finditer(text)]

    def at(self, mark: Any) -> Location:
        index = max(0, int(mark.index))
        line = bisect.bisect_right(self._starts, index)
        return Location(self.file, line, index - self._starts[line - 1] + 1)


class _Builder:
    def __init__(self, lines: _Lines) -> None:
        self.file = lines.file
        self.lines = lines
        self.nodes = 0
        self.locations: dict[KeyPath, Location] = {}
        self.key_locations: dict[KeyPath, Location] = {}
        self.scalar_loader = yaml.SafeLoader("")

    def where(self, node: yaml.Node) -> Location:
        return self.lines.at(node.start_mark)

    def fail(self, node: yaml.Node, message: str, path: KeyPath) -> LocatedYamlError:
        return LocatedYamlError([LocatedError(self.where(node), message, path)])

    def build(self, node: yaml.Node, path: KeyPath, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > _MAX_NODES:
            raise self.fail(node, f"document expands to more than {_MAX_NODES} nodes", path)
        if depth > _MAX_DEPTH:
            raise self.fail(node, f"document is nested deeper than {_MAX_DEPTH} levels", path)
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"tag {node.tag!r} is not allowed: only plain data", path)
        self.locations.setdefault(path, self.where(node))
        if isinstance(node, yaml.ScalarNode):
            try:
                return self.scalar_loader.construct_object(node, deep=True)
            except yaml.YAMLError as exc:
                raise self.fail(node, f"bad scalar: {exc}", path) from None
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, yaml.MappingNode):
            result: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise self.fail(key_node, "merge keys ('<<') are not allowed", path)
                key = self.build(key_node, path, depth + 1)
                if not isinstance(key, str):
                    raise self.fail(key_node, f"key {key!r} must be a string", path)
                if key in result:
                    first = self.key_locations.get((*path, key))
                    raise self.fail(key_node, f"duplicate key {key!r} (first at {first})", path)
                self.key_locations[(*path, key)] = self.where(key_node)
                result[key] = self.build(value_node, (*path, key), depth + 1)
            return result
        raise self.fail(node, "unsupported YAML node", path)


def parse_yaml(text: bytes, file: str) -> LocatedDocument:
    """Parse one YAML document from raw bytes into plain data with locations."""
    if len(text) > _MAX_FILE_BYTES:
        raise LocatedYamlError(
            [LocatedError(Location(file, 1, 1), f"file is larger than {_MAX_FILE_BYTES} bytes")]
        )
    try:
        decoded = text.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = text[: exc.start].count(b"\n") + 1
        column = exc.start - (text.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LocatedYamlError(
            [LocatedError(Location(file, line, column), "file is not valid UTF-8")]
        ) from None
    lines = _Lines(file, decoded)
    try:
        nodes = list(yaml.compose_all(decoded, Loader=yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = lines.at(mark) if mark else Location(file, 1, 1)
        raise LocatedYamlError([LocatedError(loc, f"YAML syntax: {exc.problem}")]) from None
    except yaml.YAMLError as exc:
        raise LocatedYamlError([LocatedError(Location(file, 1, 1), f"YAML: {exc}")]) from None
    if len(nodes) > 1:
        raise LocatedYamlError(
            [LocatedError(Location(file, 1, 1), "expected one YAML document, found several")]
        )
    builder = _Builder(lines)
    data = builder.build(nodes[0], (), 0) if nodes else None
    return LocatedDocument(
        file=file, data=data, locations=builder.locations, key_locations=builder.key_locations
    )


def load_yaml_file(path: Path) -> LocatedDocument:
    """Read and parse `path`; an unreadable file is a located error, not an OSError."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise LocatedYamlError(
            [LocatedError(Location(str(path), 0, 0), f"cannot read: {exc.strerror}")]
        ) from None
    return parse_yaml(raw, str(path))


def validate_document(doc: LocatedDocument, model: type[ModelT]) -> ModelT:
    """Validate `doc` against a pydantic model; errors come back located."""
    if doc.data is None:
        raise LocatedYamlError([LocatedError(Location(doc.file, 1, 1), "file is empty")])
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        errors = []
        for item in exc.errors(include_url=False):
            path: KeyPath = tuple(p for p in item["loc"] if isinstance(p, (str, int)))
            at_key = item.get("type") == "extra_forbidden"
            errors.append(LocatedError(doc.locate(path, key=at_key), _explain(item), path))
        raise LocatedYamlError(errors) from None


def _explain(item: Any) -> str:
    kind = item.get("type", "")
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "required key is missing"
    return str(item.get("msg", "invalid value"))
