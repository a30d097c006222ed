"""What a plugin call and a chain return: compact, frozen records."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from appliance.plugins.reasons import FailureReason


class Action(StrEnum):
    """What one plugin call decided."""

    PASS = "pass"  # noqa: S105  (not a password)
    MODIFY = "modify"
    BLOCK = "block"
    FAILED = "failed"


class ChainVerdict(StrEnum):
    """What a whole chain decided."""

    PASS = "pass"  # noqa: S105  (not a password)
    MODIFY = "modify"
    BLOCK = "block"
    WITHHELD = "withheld"


@dataclass(frozen=True, slots=True)
class Finding:
    """Something a plugin found: UTF-8 byte offsets into the text the call returned."""

    kind: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class PluginResult:
    """One call's outcome; `text` is the text after it (the input for pass, '' otherwise)."""

    action: Action
    text: str
    findings: tuple[Finding, ...] = ()
    message: str = ""
    failure: FailureReason | None = None

    @staticmethod
    def failed(reason: FailureReason, detail: str) -> PluginResult:
        """A failed call, with its reason and a human-readable detail."""
        return PluginResult(Action.FAILED, "", (), detail, reason)


@dataclass(frozen=True, slots=True)
class ChainStep:
    """One plugin's part in a chain run; `skipped` when a pass_through failure was ignored."""

    plugin: str
    result: PluginResult
    skipped: bool = False


@dataclass(frozen=True, slots=True)
class ChainResult:
    """A chain's outcome. `text` is what may be sent: '' when blocked or withheld."""

    verdict: ChainVerdict
    text: str
    steps: tuple[ChainStep, ...]
    stopped_by: str | None = None
    failure: FailureReason | None = None

    @property
    def findings(self) -> tuple[tuple[str, Finding], ...]:
        """Every finding of every step, with the plugin that reported it."""
        return tuple((s.plugin, f) for s in self.steps for f in s.result.findings)

    @property
    def skipped_failures(self) -> tuple[tuple[str, FailureReason], ...]:
        """pass_through plugins that failed and were skipped."""
        return tuple(
            (s.plugin, s.result.failure)
            for s in self.steps
            if s.skipped and s.result.failure is not None
        )
