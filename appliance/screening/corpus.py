"""Labelled prompt files and the fixed-seed stratified split the head is trained on."""

from __future__ import annotations

import json
import os
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
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
    """Parse JSON lines with text, label and optional category and source."""
    rows: list[LabelledText] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
            rows.append(
                LabelledText(
                    str(item["text"]),
                    int(item["label"]),
                    str(item.get("category", "")),
                    str(item.get("source", "")),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise ScreeningInputError(f"line {number}: {exc}") from exc
    return rows


def load_labelled(path: Path) -> list[LabelledText]:
    """Read a labelled JSON-lines file."""
    with path.open(encoding="utf-8") as handle:
        return read_labelled(handle)


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
