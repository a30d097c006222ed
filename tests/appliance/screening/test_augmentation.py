"""The augmentation is deterministic, labelled as meant, varied, and independent of the
fixtures."""

from __future__ import annotations

from appliance.screening import load_labelled
from appliance.screening.augmentation import (
    agentic_augmentation,
    augmentation_split,
    benign_augmentation,
)
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


def test_agent_rows_hold_attacks_and_look_alike_requests() -> None:
    rows = agentic_augmentation()
    assert agentic_augmentation() == rows
    attacks = [row for row in rows if row.label == 1]
    benign = [row for row in rows if row.label == 0]
    assert len(attacks) >= 250
    assert len(benign) >= 250
    assert len({row.category for row in attacks}) >= 5
    assert len({row.category for row in benign}) >= 5
    assert len({row.text for row in rows}) == len(rows)


def test_adding_the_agent_rows_left_the_benign_split_as_it_was() -> None:
    split = augmentation_split()
    benign_test = [row for row in split.test if not row.category.startswith("augment:agentic")]
    agent_test = [row for row in split.test if row.category.startswith("augment:agentic")]
    assert len(benign_test) == 294  # the held-out benign part before the agent rows
    assert {row.label for row in agent_test} == {0, 1}


def test_augmentation_split_keeps_a_held_out_part() -> None:
    split = augmentation_split()
    train = {row.text for row in split.train}
    assert split.test
    assert not train & {row.text for row in split.test}
    assert not train & {row.text for row in split.validation}


def test_no_fixture_prompt_is_trained_on() -> None:
    # The fixtures measure generalisation only while training never sees them.
    rows = benign_augmentation() + agentic_augmentation()
    trained = {row.text.strip().lower() for row in rows}
    for path in sorted(ASSETS.glob("*.jsonl")):
        for row in load_labelled(path):
            assert row.text.strip().lower() not in trained, (path.name, row.text[:60])
