"""Hostile text through the screener and each structural detector: deep nesting, huge base64,
layered encodings, invisible characters, broken markup and JSON, forged role markers.

Every input gets a well-formed Verdict (score in [0, 1], action consistent with the
threshold, reasons with spans inside the screened text) in bounded CPU time, or a
ScreeningInputError; never any other exception.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from appliance.screening import (
    ChatMessage,
    Detector,
    HashedLinearModel,
    Screener,
    ScreeningInputError,
    ScreeningSettings,
    StructuralPass,
    Verdict,
)
from appliance.screening.detectors import default_detectors
from tests.fuzz.cpu_limit import within_cpu_seconds
from tests.fuzz.hostile_text import hostile_text, unicode_text
from tests.fuzz.profiles import fuzz_settings

ACTIONS = ("block", "flag", "allow")
ROLES = ("system", "user", "assistant", "tool")
MAX_REASONS = 12
# Generous against the default 500 ms structural budget: this catches hangs and super-linear
# blowups, not slowness on a busy machine (CPU time, not wall time).
CPU_SECONDS = 5.0


@pytest.fixture(scope="module")
def model() -> HashedLinearModel:
    return HashedLinearModel.load()


@pytest.fixture(scope="module")
def screener(model: HashedLinearModel) -> Screener:
    return Screener(ScreeningSettings(), model)


def assert_well_formed(
    verdict: Verdict,
    texts: Sequence[str],
    threshold: float,
    action: str,
    bounds: ScreeningSettings,
) -> None:
    """What a caller relies on in a verdict."""
    assert 0.0 <= verdict.score <= 1.0, verdict  # false for NaN too
    if any(len(text) > bounds.max_input_chars for text in texts):
        # Never parsed: the configured oversize action applies, whatever the threshold.
        action = bounds.oversize_action
        assert any(reason.kind == "too_large" for reason in verdict.reasons), verdict
        assert verdict.injection == (action != "allow"), verdict
    else:
        assert verdict.injection == (verdict.score >= threshold), verdict
    assert verdict.action == (action if verdict.injection else "allow"), verdict
    assert verdict.latency_ms >= 0.0, verdict
    assert len(verdict.reasons) <= MAX_REASONS, verdict
    for reason in verdict.reasons:
        assert reason.kind, reason
        assert 0 <= reason.part < len(texts), reason
        assert 0 <= reason.start <= reason.end <= len(texts[reason.part]), reason
        assert 0.0 <= reason.score <= 1.0, reason


def conversations() -> st.SearchStrategy[list[ChatMessage]]:
    """Up to five turns of hostile text in any role; sometimes none."""
    turn = st.builds(
        ChatMessage,
        role=st.sampled_from(ROLES) | unicode_text(10),
        content=hostile_text(max_pieces=4),
    )
    return st.lists(turn, max_size=5)


def screening_settings() -> st.SearchStrategy[ScreeningSettings]:
    """Any bounds the settings allow, small ones included (the budget, depth and size
    limits interact: each must still end in a verdict)."""
    return st.builds(
        ScreeningSettings,
        max_input_chars=st.integers(1, 400_000),
        oversize_action=st.sampled_from(ACTIONS),
        max_decode_depth=st.integers(0, 16),
        max_decoded_chars=st.integers(0, 1_000_000),
        max_segments=st.integers(1, 1024),
        max_markdown_chars=st.integers(0, 400_000),
        budget_ms=st.floats(0.001, 2000.0),
        window_chars=st.integers(256, 65_536),
        workers=st.just(1),
    )


@fuzz_settings(0.6)
@given(
    text=hostile_text(),
    threshold=st.floats(0.0, 1.0),
    action=st.sampled_from(ACTIONS),
)
def test_hostile_text_gets_a_verdict(
    screener: Screener, text: str, threshold: float, action: str
) -> None:
    verdict = within_cpu_seconds(
        CPU_SECONDS,
        lambda: screener.screen(text, threshold=threshold, action=action),  # type: ignore[arg-type]
    )
    assert_well_formed(verdict, [text], threshold, action, screener.settings)


@fuzz_settings(0.3)
@given(turns=conversations(), threshold=st.floats(0.0, 1.0))
def test_conversations_get_a_verdict(
    screener: Screener, turns: list[ChatMessage], threshold: float
) -> None:
    try:
        verdict = within_cpu_seconds(
            CPU_SECONDS, lambda: screener.screen(turns, threshold=threshold)
        )
    except ScreeningInputError:
        assert not turns, "a conversation with turns was refused"
        return
    contents = [turn.content for turn in turns]
    assert_well_formed(verdict, contents, threshold, "block", screener.settings)


@fuzz_settings(0.3)
@given(bounds=screening_settings(), text=hostile_text())
def test_any_bounds_still_give_a_verdict(
    model: HashedLinearModel, bounds: ScreeningSettings, text: str
) -> None:
    bounded = Screener(bounds, model)
    verdict = within_cpu_seconds(2 * CPU_SECONDS, lambda: bounded.screen(text))
    assert_well_formed(verdict, [text], 0.5, "block", bounds)


# Alone, each detector sees every input: in the full pass a spent budget skips the later ones.
DETECTORS = default_detectors()


@pytest.mark.parametrize("detector", DETECTORS, ids=[type(d).__name__ for d in DETECTORS])
@fuzz_settings(0.15)
@given(text=hostile_text())
def test_each_detector_alone(detector: Detector, text: str) -> None:
    unhurried = StructuralPass(ScreeningSettings(budget_ms=60_000), detectors=(detector,))
    findings = within_cpu_seconds(CPU_SECONDS, lambda: unhurried.run(text))
    for finding in findings:
        assert 0 <= finding.start <= finding.end <= len(text), finding
        assert 0.0 <= finding.score <= 1.0, finding
        assert 0.0 <= finding.segment_weight <= 1.0, finding


@fuzz_settings(0.05)
@given(items=st.lists(st.one_of(st.none(), st.integers(), st.binary()), min_size=1, max_size=3))
def test_non_text_is_an_input_error(screener: Screener, items: list[object]) -> None:
    with pytest.raises(ScreeningInputError):
        screener.screen_batch(items)  # type: ignore[arg-type]
