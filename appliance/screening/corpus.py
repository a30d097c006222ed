"""Labelled prompt files and the fixed-seed stratified split the head is trained on."""

from __future__ import annotations

import json
import os
import random
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from appliance.screening.errors import ScreeningInputError

# The development corpus ships beside a checkout, in ../shared (see its README there);
# APPLIANCE_SCREENING_CORPUS points elsewhere.
DEFAULT_CORPUS = Path(
    os.environ.get(
        "APPLIANCE_SCREENING_CORPUS",
        Path(__file__).resolve().parents[2].parent / "shared" / "screening" / "dev.jsonl",
    )
)
SPLIT_SEED = 20261130


@dataclass(frozen=True, slots=True)
class LabelledText:
    """One prompt with its label (1 = injection), category and source (data set)."""

    text: str
    label: int
    category: str = ""
    source: str = ""


def read_labelled(lines: Iterable[str]) -> list[LabelledText]:
    """Parse JSON lines with text, label and optional category and source; a bad line is
    refused with its number and what is wrong with it."""
    rows: list[LabelledText] = []
    for number, line in enumerate(lines, 1):
        if line.strip():
            rows.append(_labelled_line(line, number))
    return rows


def _labelled_line(line: str, number: int) -> LabelledText:
    try:
        item = json.loads(line)
    except ValueError as exc:
        raise ScreeningInputError(f"line {number}: not valid JSON ({exc})") from exc
    if not isinstance(item, dict):
        raise ScreeningInputError(f"line {number}: expected a JSON object")
    for key in ("text", "label"):
        if key not in item:
            raise ScreeningInputError(f'line {number}: missing "{key}"')
    text, label = item["text"], item["label"]
    if not isinstance(text, str):
        raise ScreeningInputError(f'line {number}: "text" must be a string')
    # A label of 2, "1" or true would be counted silently on one side or the other.
    if type(label) is not int or label not in (0, 1):
        raise ScreeningInputError(f'line {number}: "label" must be 0 or 1, got {label!r}')
    # A null or numeric category would be counted as its own kind ("None", "3") silently.
    for key in ("category", "source"):
        if not isinstance(item.get(key, ""), str):
            raise ScreeningInputError(f'line {number}: "{key}" must be a string')
    return LabelledText(text, label, item.get("category", ""), item.get("source", ""))


def load_labelled(path: Path) -> list[LabelledText]:
    """Read a labelled JSON-lines file; errors name the file and the line."""
    with path.open("rb") as handle:
        try:
            return read_labelled(_decoded(handle))
        except ScreeningInputError as exc:
            raise ScreeningInputError(f"{path}: {exc}") from exc


def _decoded(handle: Iterable[bytes]) -> Iterator[str]:
    for number, raw in enumerate(handle, 1):
        try:
            yield raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ScreeningInputError(
                f"line {number}: not valid UTF-8 (byte {exc.start + 1} of the line)"
            ) from exc


@dataclass(frozen=True, slots=True)
class Split:
    """Train, validation and test parts; test is never used for fitting or tuning."""

    train: list[LabelledText]
    validation: list[LabelledText]
    test: list[LabelledText]


def stratified_split(
    rows: Sequence[LabelledText],
    *,
    seed: int = SPLIT_SEED,
    fractions: tuple[float, float] = (0.8, 0.1),
) -> Split:
    """Split each (label, category) stratum by the same fractions, reproducibly."""
    strata: dict[tuple[int, str], list[LabelledText]] = defaultdict(list)
    for row in rows:
        strata[(row.label, row.category)].append(row)
    # Not for security: a reproducible shuffle, so the held-out split never changes.
    generator = random.Random(seed)  # noqa: S311
    train: list[LabelledText] = []
    validation: list[LabelledText] = []
    test: list[LabelledText] = []
    for key in sorted(strata):
        members = strata[key]
        generator.shuffle(members)
        cut_train = round(len(members) * fractions[0])
        cut_validation = cut_train + round(len(members) * fractions[1])
        train.extend(members[:cut_train])
        validation.extend(members[cut_train:cut_validation])
        test.extend(members[cut_validation:])
    return Split(train, validation, test)
