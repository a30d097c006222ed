"""The augmentation is deterministic, labelled as meant, varied, and independent of the
fixtures."""

from __future__ import annotations

import json
from collections import Counter

from appliance.screening import LabelledText, load_labelled, stratified_split
from appliance.screening.augmentation import (
    DATA_DIR,
    HANDWRITTEN_GROUPS,
    agent27_augmentation,
    augmentation_split,
    benign_augmentation,
    handwritten_augmentation,
    handwritten_groups,
    later_augmentation,
    written28_augmentation,
    written30_augmentation,
    written30b_augmentation,
    written31_augmentation,
    written32_augmentation,
    written33_augmentation,
    written41_augmentation,
    written42_augmentation,
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


def test_handwritten_rows_hold_attacks_and_look_alikes() -> None:
    rows = handwritten_augmentation()
    assert handwritten_augmentation() == rows
    agent = [row for row in rows if row.category.startswith("augment:agentic:")]
    attacks = [row for row in agent if row.label == 1]
    benign = [row for row in rows if row.label == 0]
    written = (
        "augment:agentic:",
        "augment:indirect:",
        "augment:direct:",
        "augment:varied:",
        "augment:nearmiss:",
    )
    assert {row.label for row in rows if not row.category.startswith(written)} == {0}
    assert {row.label for row in rows if row.category.startswith(written[1:])} == {1}
    assert len(attacks) >= 250
    assert len(benign) >= 600
    assert len({row.category for row in attacks}) >= 5
    assert len({row.category for row in benign}) >= 10
    assert len({row.text for row in rows}) == len(rows)


def test_adding_the_handwritten_rows_left_the_templated_split_as_it_was() -> None:
    split = augmentation_split()
    handwritten = [row for row in split.test if row.source.endswith(".jsonl")]
    templated = [row for row in split.test if not row.source.endswith(".jsonl")]
    assert len(templated) == 294  # the templated rows' held-out part, as before
    assert {row.label for row in templated} == {0}
    assert {row.label for row in handwritten} == {0, 1}


def test_later_rows_hold_attacks_and_look_alikes_of_many_kinds() -> None:
    rows = later_augmentation()
    attacks, benign = _by_label(rows)
    assert len(attacks) >= 180
    assert len(benign) >= 180
    assert len({row.category for row in attacks}) >= 9
    assert len({row.category for row in benign}) >= 9


def test_each_hand_written_group_is_new_and_split_on_its_own() -> None:
    """No row twice and none in two groups; and every group's rows stay in the parts they
    had when split on their own, so adding a later group moved none of them."""
    split = augmentation_split()
    train = {row.text for row in split.train}
    test = {row.text for row in split.test}
    seen: set[str] = set()
    groups = handwritten_groups()
    assert len(groups) == len(HANDWRITTEN_GROUPS)
    for rows in groups:
        texts = {row.text for row in rows}
        assert len(texts) == len(rows)
        assert not texts & seen
        seen |= texts
        alone = stratified_split(rows)
        assert {row.text for row in alone.test} <= test
        assert {row.text for row in alone.train} <= train


def test_session_27_rows_are_agent_work() -> None:
    rows = agent27_augmentation()
    attacks, benign = _by_label(rows)
    assert len(attacks) == len(benign) == 200
    assert len({row.category for row in attacks}) == len({row.category for row in benign}) == 8


def test_session_28_rows_are_half_in_other_languages() -> None:
    rows = written28_augmentation()
    attacks, benign = _by_label(rows)
    # The quoted attacks asked about are held out as a fixture (quoted28_benign).
    assert (len(attacks), len(benign)) == (400, 355)
    assert "quoted_attack_analysis" not in {row.category.split(":")[-1] for row in benign}
    # 20 languages, one row per kind apiece (nine benign kinds are trained on).
    for name, per_language in (("benign_written28ml.jsonl", 9), ("attacks_written28ml.jsonl", 10)):
        lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
        languages = Counter(json.loads(line)["language"] for line in lines)
        assert len(languages) == 20
        assert set(languages.values()) == {per_language}


def test_session_30_rows_hold_no_quoted_attacks() -> None:
    rows = written30_augmentation()
    attacks, benign = _by_label(rows)
    assert len(attacks) == len(benign) == 240
    assert len({row.category for row in attacks}) == len({row.category for row in benign}) == 8
    # Benign rows that ask about a quoted attack teach the n-gram head that attack wording
    # is harmless (see WRITTEN28_FILES); none was written this time.
    assert not [row for row in benign if "quoted" in row.category]


def test_later_session_30_rows_are_a_quarter_in_other_languages() -> None:
    rows = written30b_augmentation()
    attacks, benign = _by_label(rows)
    assert len(attacks) == len(benign) == 240
    # 20 languages other than English, three rows apiece of the kind written in them.
    for name in ("benign_written30b.jsonl", "attacks_written30b.jsonl"):
        lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
        written = [json.loads(line) for line in lines]
        languages = Counter(
            row["language"] for row in written if row["category"] == "other_languages"
        )
        assert len(languages) == 20
        assert "en" not in languages
        assert set(languages.values()) == {3}


def test_session_31_rows_hold_no_quoted_attacks() -> None:
    rows = written31_augmentation()
    attacks, benign = _by_label(rows)
    assert len(attacks) == len(benign) == 180
    assert {row.category for row in attacks} == {
        "augment:written31:agent_hijack",
        "augment:written31:exfiltration",
        "augment:written31:framing_jailbreak",
    }
    # The quoted attacks asked about are the fixture quoted31_benign (see WRITTEN28_FILES).
    assert not [row for row in benign if "quoted" in row.category]
    # A sixth of each label is in a language other than English.
    for name in ("benign_written31.jsonl", "attacks_written31.jsonl"):
        lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
        assert sum("language" in json.loads(line) for line in lines) == 30


def test_session_32_rows_are_mostly_in_other_languages() -> None:
    rows = written32_augmentation()
    attacks, benign = _by_label(rows)
    assert (len(attacks), len(benign)) == (360, 200)
    # The quoted attacks asked about are the fixture quoted32_benign (see WRITTEN28_FILES).
    assert not [row for row in benign if "quoted" in row.category]
    assert not [row for row in benign if "security_questions" in row.category]
    # 30 languages other than English; the English rows name none.
    languages: Counter[str | None] = Counter()
    for name in ("benign_written32.jsonl", "attacks_written32.jsonl"):
        lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
        languages.update(json.loads(line).get("language") for line in lines)
    assert len(languages) == 31
    assert "en" not in languages
    assert languages[None] == 105


def test_session_33_rows_quote_no_attack() -> None:
    rows = written33_augmentation()
    attacks, benign = _by_label(rows)
    assert (len(attacks), len(benign)) == (220, 210)
    # Written for the kinds the blind sets miss most: framed requests, false authority and
    # agent hijacking (a fifth of the attacks in other languages), and their look-alikes.
    kinds = Counter(row.category.split(":")[2].split("_")[0] for row in attacks)
    assert kinds["framing"] == 110
    assert kinds["false"] + kinds["agent"] + kinds["authority"] == 100
    assert not [row for row in benign if "quoted" in row.category]
    languages: Counter[str | None] = Counter()
    for name in ("benign_written33.jsonl", "attacks_written33.jsonl"):
        lines = (DATA_DIR / name).read_text(encoding="utf-8").splitlines()
        languages.update(json.loads(line).get("language") for line in lines)
    assert languages[None] == 430 - 75
    assert len(languages) == 16  # 15 languages besides English


def test_session_41_rows_quote_no_attack() -> None:
    rows = written41_augmentation()
    attacks, benign = _by_label(rows)
    assert (len(attacks), len(benign)) == (240, 240)
    # Written for the kinds the blind sets flag and miss most, 40 of each.
    kinds = Counter((row.label, row.category.split(":")[2]) for row in rows)
    assert set(kinds.values()) == {40}
    assert {(0, "other_languages"), (0, "questions_about_the_assistant")} <= set(kinds)
    assert {(1, "other_languages"), (1, "agent_hijack"), (1, "false_authority")} <= set(kinds)
    assert not [row for row in benign if "quoted" in row.category]


def test_session_42_rows_quote_no_attack() -> None:
    rows = written42_augmentation()
    attacks, benign = _by_label(rows)
    assert (len(attacks), len(benign)) == (239, 237)
    kinds = Counter((row.label, row.category.split(":")[2]) for row in rows)
    assert len(kinds) == 16
    assert kinds[(0, "security_teaching")] == 27
    assert {(1, "many_shot_and_splitting"), (1, "tool_output_injection")} <= set(kinds)
    assert not [row for row in benign if "ignore previous instructions" in row.text.lower()]


def _by_label(rows: list[LabelledText]) -> tuple[list[LabelledText], list[LabelledText]]:
    """The attacks and the benign rows."""
    return [row for row in rows if row.label == 1], [row for row in rows if row.label == 0]


def test_augmentation_split_keeps_a_held_out_part() -> None:
    split = augmentation_split()
    train = {row.text for row in split.train}
    assert split.test
    assert not train & {row.text for row in split.test}
    assert not train & {row.text for row in split.validation}


def test_no_fixture_prompt_is_trained_on() -> None:
    # The fixtures measure generalisation only while training never sees them.
    rows = (
        benign_augmentation()
        + handwritten_augmentation()
        + later_augmentation()
        + agent27_augmentation()
        + written28_augmentation()
        + written30_augmentation()
        + written30b_augmentation()
        + written31_augmentation()
        + written32_augmentation()
        + written33_augmentation()
        + written41_augmentation()
        + written42_augmentation()
    )
    trained = {row.text.strip().lower() for row in rows}
    for path in sorted(ASSETS.glob("*.jsonl")):
        for row in load_labelled(path):
            assert row.text.strip().lower() not in trained, (path.name, row.text[:60])
