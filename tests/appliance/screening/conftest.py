"""Shared fixtures: one loaded screener per session (loading is the costly part)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from appliance.screening import Detector, Finding, Screener, ScreeningSettings, StructuralPass

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "screening"


@pytest.fixture(scope="session")
def screener() -> Screener:
    return Screener.load(ScreeningSettings())


def run_detectors(text: str, *detectors: Detector) -> list[Finding]:
    """Findings of only these detectors (rescreening also uses only these)."""
    return StructuralPass(ScreeningSettings(), detectors=detectors).run(text)


def kinds_and_spans(text: str, findings: Sequence[Finding]) -> list[tuple[str, str]]:
    return [(item.kind, text[item.start : item.end]) for item in findings]
