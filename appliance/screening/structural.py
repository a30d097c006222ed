"""The structural pass: run every detector over a text, bounded in time and depth."""

from __future__ import annotations

from collections.abc import Sequence

from appliance.screening.detectors import default_detectors
from appliance.screening.scan_context import Detector, ScanContext
from appliance.screening.settings import ScreeningSettings
from appliance.screening.verdict import Finding


class StructuralPass:
    """Parses a text into findings; never recurses past the configured decode depth."""

    def __init__(
        self, settings: ScreeningSettings, *, detectors: Sequence[Detector] | None = None
    ) -> None:
        self._settings = settings
        self._detectors = tuple(detectors) if detectors is not None else default_detectors()

    def run(self, text: str) -> list[Finding]:
        """All findings for `text`, spans into `text`."""
        scan = ScanContext(self._settings, self._run_level)
        findings = self._run_level(text, scan)
        if scan.exhausted:
            findings.append(
                Finding(
                    kind="budget_exhausted",
                    start=0,
                    end=len(text),
                    path="",
                    score=0.5,
                    detail="structural budget spent; some detectors skipped",
                )
            )
        return findings

    def _run_level(self, text: str, scan: ScanContext) -> list[Finding]:
        findings: list[Finding] = []
        for detector in self._detectors:
            if scan.expired():
                break
            findings.extend(detector.detect(text, scan))
        return findings
