"""The benign augmentation is deterministic, benign, varied, and independent of the fixtures."""

from __future__ import annotations

from appliance.screening import load_labelled
from appliance.screening.augmentation import augmentation_split, benign_augmentation
from tests.appliance.screening.conftest import ASSETS


def test_augmentation_is_the_same_rows_every_time() -> None:
    assert benign_augmentation() == benign_augmentation()


def test_augmentation_rows_are_benign_and_cover_each_kind() -> None:
    rows = benign_augmentation()
    assert {row.label for row in rows} == {0}
    kinds = {row.category.split(":")[1] for row in rows}
    assert kinds == {"code", "markdown", "english", "multilingual", "hard"}
    non_english = [row for row in rows if row.category.startswith("augment:multilingual")]
    assert len({row.source for row in non_english}) >= 15  # languages
    assert sum(not row.text.isascii() for row in non_english) >= len(non_english) // 2


def test_augmentation_split_keeps_a_held_out_part() -> None:
    split = augmentation_split()
    train = {row.text for row in split.train}
    assert split.test
    assert not train & {row.text for row in split.test}
    assert not train & {row.text for row in split.validation}


def test_no_fixture_prompt_is_trained_on() -> None:
    # The fixtures measure generalisation only while training never sees them.
    trained = {row.text.strip().lower() for row in benign_augmentation()}
    for path in sorted(ASSETS.glob("*.jsonl")):
        for row in load_labelled(path):
            assert row.text.strip().lower() not in trained, (path.name, row.text[:60])
