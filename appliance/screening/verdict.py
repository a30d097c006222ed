"""What screening returns: findings from the detectors, and the verdict built from them."""

from __future__ import annotations

from dataclasses import dataclass, field

from appliance.screening.settings import Action


@dataclass(frozen=True, slots=True)
class Finding:
    """One structural observation, with its span in the original text."""

    kind: str
    start: int
    end: int
    path: str
    score: float
    detail: str = ""
    # Text the semantic pass should score too (hidden content, decoded payloads); the
    # finding's score is raised to segment_weight times that score.
    segment: str | None = field(default=None, repr=False)
    segment_weight: float = 1.0


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a verdict scored as it did: a kind, a span in the screened text, a detail."""

    kind: str
    start: int
    end: int
    detail: str
    score: float
    part: int = 0

    def as_dict(self) -> dict[str, object]:
        """The JSON form used by `appliance scan` and the Screen RPC."""
        return {
            "kind": self.kind,
            "start": self.start,
            "end": self.end,
            "detail": self.detail,
            "score": round(self.score, 4),
            "part": self.part,
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """The screening result for one input."""

    score: float
    injection: bool
    action: Action
    reasons: tuple[Reason, ...]
    latency_ms: float

    def as_dict(self) -> dict[str, object]:
        """The JSON line `appliance scan` prints."""
        return {
            "score": round(self.score, 4),
            "injection": self.injection,
            "action": self.action,
            "reasons": [reason.as_dict() for reason in self.reasons],
        }


@dataclass(frozen=True, slots=True)
class ChatMessage:
    """One turn of a conversation to screen; tool outputs carry indirect injection too."""

    role: str
    content: str
