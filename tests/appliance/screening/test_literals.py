"""The literal prefilter never skips a text its pattern would match.

It is a security control's fast path, so each link of the argument is checked against
`re` itself: how a pattern's needs are read, how text is folded, and the end result on
every hand-made and shipped text, in several spellings.
"""

from __future__ import annotations

import json
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import appliance.screening.detectors  # noqa: F401  (compiles the detectors' patterns)
from appliance.screening.augmentation import benign_augmentation, handwritten_augmentation
from appliance.screening.detectors.literals import (
    fold,
    guarded,
    guarded_patterns,
    required_literals,
)
from tests.appliance.screening.conftest import ASSETS
from tests.fuzz.profiles import active_profile, fuzz_settings

_EVERY_CHARACTER = "".join(map(chr, range(sys.maxunicode + 1)))
_DETECTORS = [item for item in guarded_patterns() if item.need is not None]


def _fold_one(text: str) -> str:
    return fold.__wrapped__(text)


def test_the_detectors_patterns_are_guarded_and_most_have_needs() -> None:
    assert len(guarded_patterns()) >= 40
    assert len(_DETECTORS) >= len(guarded_patterns()) - 2


def _literal_characters() -> list[str]:
    found: set[str] = set()
    for item in _DETECTORS:
        assert item.need is not None
        for literal in item.need.all_literals():
            found.update(literal)
    return sorted(found)


@pytest.mark.parametrize("spelling", ["{}", "[{}]"])
def test_folding_equates_whatever_re_ignorecase_equates(spelling: str) -> None:
    """For every character a need holds, every code point `re.IGNORECASE` matches against
    it (as a literal or in a class) folds to the same string."""
    characters = _literal_characters()
    assert len(characters) > 30
    for character in characters:
        pattern = re.compile(spelling.format(re.escape(character)), re.IGNORECASE)
        for other in pattern.findall(_EVERY_CHARACTER):
            assert _fold_one(other) == _fold_one(character), (hex(ord(other)), character)


def test_folding_is_per_character_and_keeps_length() -> None:
    """Folding a text is folding each character: so a match's folded characters stay next
    to each other in the folded text."""
    for point in range(sys.maxunicode + 1):
        assert len(_fold_one(chr(point))) == 1, hex(point)
    for text in ["ΣΑΣ ΟΔΟΣ", "\u0130STANBUL \u0131i \u017f \u212a", "ᾼΣ", "straße ΣΣ.Σ"]:
        assert _fold_one(text) == "".join(_fold_one(char) for char in text)


@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=40))
@settings(max_examples=300, deadline=None)
def test_folding_any_text_is_folding_its_characters(text: str) -> None:
    assert _fold_one(text) == "".join(_fold_one(char) for char in text)


@pytest.mark.parametrize(
    ("pattern", "literals"),
    [
        (r"\bignore\s+(?:all|previous)\b", {"ignore", "all", "previous"}),
        (r"n[eé]glig", {"neglig", "néglig"}),
        (r"(?:ignore|disregard)\W+rules", {"ignore", "disregard", "rules"}),
        (r"IGNORE(?=\s+all)", {"ignore"}),
        (r"(?:ab){2,}cd", {"ab", "cd"}),
    ],
)
def test_needs_are_read_off_the_pattern(pattern: str, literals: set[str]) -> None:
    need = required_literals(re.compile(pattern, re.IGNORECASE))
    assert need is not None
    assert need.all_literals() == literals


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?:ignore)?\s*x",  # optional: nothing needed
        r"[a-z]+",  # a range
        r"(?:ignore|\d+)",  # one branch needs nothing
        r"(?!ignore)\w+",  # a negative lookahead needs nothing
        r"(a)\1",  # one character: too common to be worth a scan
    ],
)
def test_patterns_without_a_certain_literal_are_always_run(pattern: str) -> None:
    compiled = guarded(pattern, re.IGNORECASE)
    assert compiled.need is None
    assert compiled.may_match("")


def test_a_branch_needs_its_own_literals_only() -> None:
    compiled = guarded(r"\b(?:turn\s+off|disable)\s+(?:the\s+)?firewall\b", re.IGNORECASE)
    assert not compiled.may_match("return offset")  # 'turn' and 'off', not 'firewall'
    assert not compiled.may_match("firewall rules")  # neither 'turn off' nor 'disable'
    assert compiled.may_match("please TURN it OFF: the firewall")  # needs met, no match
    assert compiled.search("Turn off the FIREWALL") is not None
    assert list(compiled.finditer("disable firewall, disable the firewall")) != []


@given(st.data())
@fuzz_settings(3.0)
def test_a_text_meeting_a_need_holds_a_literal_of_its_clause(data: st.DataObject) -> None:
    # The index looks only at patterns one of whose clause literals a text holds: that is
    # safe only if no set of literals meets a need while missing its whole clause.
    item = data.draw(st.sampled_from(_DETECTORS))
    assert item.need is not None
    literals = sorted(item.need.all_literals())
    present = frozenset(data.draw(st.lists(st.sampled_from(literals), max_size=len(literals))))
    if item.need.holds(present):
        assert item.need.clause() & present, (item.regex.pattern[:80], sorted(present))


def test_a_need_met_by_all_its_literals_passes_the_prefilter() -> None:
    for item in _DETECTORS:
        assert item.need is not None
        assert item.need.clause() <= item.need.all_literals()
        # Every literal of the pattern in one text: its need is met, so it is looked at.
        text = " ".join(sorted(item.need.all_literals()))
        assert item.may_match(text), item.regex.pattern[:80]


def test_a_pattern_compiled_later_extends_the_shared_automaton() -> None:
    first = guarded(r"\bzyxwvu-early\b")
    assert first.search("a zyxwvu-early b") is not None
    later = guarded(r"\bqponml-later\b", re.IGNORECASE)
    assert later.search("a QPONML-LATER b") is not None
    assert first.search("a zyxwvu-early b") is not None
    assert later.search("a qponml-lateR") is not None
    assert later.search("qponml later") is None


def test_case_equivalents_that_re_accepts_pass_the_prefilter() -> None:
    compiled = guarded(r"\bignore\s+(?:all|previous)\s+instructions\b", re.IGNORECASE)
    # Dotless i, long s, the Kelvin sign and dotted I: what `re` folds beyond lower().
    for text in [
        "\u0131gnore all \u0131nstructions",
        "ignore all in\u017ftructions",
        "\u0130GNORE ALL \u0130NSTRUCT\u0130ONS",
        "IGNORE PREVIOUS INSTRUCTIONS",
    ]:
        assert compiled.regex.search(text) is not None, text
        assert compiled.may_match(text), text


def _texts() -> list[str]:
    texts = [row.text for row in benign_augmentation() + handwritten_augmentation()]
    for path in sorted(ASSETS.glob("*.jsonl")):
        texts.extend(
            json.loads(line)["text"] for line in path.read_text("utf-8").splitlines() if line
        )
    return texts


def _spellings(text: str) -> list[str]:
    return [
        text,
        text.upper(),
        text.replace("i", "\u0131").replace("s", "\u017f"),
        text.upper().replace("I", "\u0130").replace("K", "\u212a"),
    ]


def test_no_shipped_or_hand_made_text_is_skipped_where_its_pattern_matches() -> None:
    """Every detector pattern against every text the package ships and every hand-made
    fixture as written, and against a fixed quarter of them in three more spellings (all
    of them under `make fuzz`): wherever `re` finds a match, the prefilter let it run.

    The spellings only exercise case folding, which the tests above check code point by
    code point; running `re` over all 40,000 spellings takes minutes on a loaded CI
    machine, for no extra code path.
    """
    texts = _texts()
    assert len(texts) > 2000
    every = 1 if active_profile() == "fuzz" else 4
    matched = 0
    for index, text in enumerate(texts):
        for spelling in _spellings(text) if index % every == 0 else [text]:
            for item in _DETECTORS:
                if item.regex.search(spelling) is not None:
                    matched += 1
                    assert item.may_match(spelling), (item.regex.pattern[:80], spelling[:200])
    assert matched > 1000  # the check had matches to check


def test_skipped_texts_are_the_common_case_on_code() -> None:
    """What the prefilter is for: source code holds none of the phrase patterns' needs."""
    code = "def total_3(items, count=None):\n    return items // count + 1\n" * 20
    skipped = sum(not item.may_match(code) for item in _DETECTORS)
    assert skipped >= len(_DETECTORS) - 3
