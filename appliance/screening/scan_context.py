"""The state one structural scan shares between detectors: budget, depth, and rescreening."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

from appliance.screening.settings import ScreeningSettings
from appliance.screening.verdict import Finding


class Detector(Protocol):
    """One structural detector: finds where instructions hide in a text."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """Findings with spans into `text`; must run in time linear in len(text)."""
        ...


class ScanContext:
    """Budget and recursion bookkeeping for one input, shared across rescreen levels."""

    def __init__(
        self,
        settings: ScreeningSettings,
        run_level: Callable[[str, ScanContext], list[Finding]],
        *,
        depth: int = 0,
        deadline: float | None = None,
        decoded_left: list[int] | None = None,
    ) -> None:
        self.settings = settings
        self.depth = depth
        self.deadline = (
            deadline if deadline is not None else time.monotonic() + settings.budget_ms / 1000.0
        )
        # A one-element list so every level draws on the same allowance.
        self._decoded_left = (
            decoded_left if decoded_left is not None else [settings.max_decoded_chars]
        )
        self._run_level = run_level
        self.exhausted = False

    def expired(self) -> bool:
        """Whether the time budget is spent; detectors check it between units of work."""
        if time.monotonic() > self.deadline:
            self.exhausted = True
        return self.exhausted

    def take_decoded(self, chars: int) -> bool:
        """Reserve room for `chars` decoded characters; False when the allowance is spent."""
        if chars > self._decoded_left[0]:
            return False
        self._decoded_left[0] -= chars
        return True

    def can_descend(self) -> bool:
        """Whether decoded text may be screened one level deeper."""
        return self.depth < self.settings.max_decode_depth

    def rescreen(self, text: str, start: int, end: int, path: str) -> list[Finding]:
        """Screen derived text (decoded, normalised) and map its findings onto [start, end)."""
        child = ScanContext(
            self.settings,
            self._run_level,
            depth=self.depth + 1,
            deadline=self.deadline,
            decoded_left=self._decoded_left,
        )
        found = self._run_level(text, child)
        if child.exhausted:
            self.exhausted = True
        return [
            Finding(
                kind=item.kind,
                start=start,
                end=end,
                path=f"{path}>{item.path}",
                score=item.score,
                detail=item.detail,
                segment=item.segment,
                segment_weight=item.segment_weight,
            )
            for item in found
        ]
