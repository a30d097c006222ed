"""A routing decision that explains itself: every engine's score from every scorer.

Scores are kept flat (engine-major) as the hot path produced them; the per-engine views and
the printed table are built only when someone asks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, NamedTuple

from appliance.routing.engine_load import SlaClass
from appliance.routing.ttft_model import TtftFeatures

Outcome = Literal["admitted", "queued"]


class RouteDecision(NamedTuple):
    """Where a request goes (or that it waits), and why.

    A named tuple, not a dataclass: one is built on every decision, and a tuple is the
    cheapest immutable record Python has.
    """

    request_id: str
    sla_class: SlaClass
    outcome: Outcome
    engine_id: str | None
    """The winner; None when the request is queued."""
    reason: str
    engine_ids: tuple[str, ...]
    """Engines in rotation that were scored, in the order the loads came."""
    scorer_names: tuple[str, ...]
    scores: Sequence[float | None]
    """Engine-major: scores[i * len(scorer_names) + j] is engine i under scorer j; None: the
    scorer's inputs were unknown and its weight went to the others."""
    totals: Sequence[float]
    predicted_ttft_s: Sequence[float | None]
    out_of_rotation: tuple[str, ...]
    max_tokens: int
    """The token budget to run with: the request's own, or less when capped."""
    budget_capped: bool
    retry_at_s: float | None
    """Queued only: when to try again."""
    ttft_features: TtftFeatures | None
    """What the winner's TTFT prediction used; hand it back with the measured TTFT."""

    @property
    def admitted(self) -> bool:
        """Whether the request was given an engine."""
        return self.outcome == "admitted"

    def engine_scores(self, engine_id: str) -> dict[str, float | None]:
        """One engine's score from each scorer."""
        row = self.engine_ids.index(engine_id)
        width = len(self.scorer_names)
        values = self.scores[row * width : (row + 1) * width]
        return dict(zip(self.scorer_names, values, strict=True))

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready view, for logs, audit and `appliance route explain --json`."""
        return {
            "request_id": self.request_id,
            "sla_class": self.sla_class,
            "outcome": self.outcome,
            "engine_id": self.engine_id,
            "reason": self.reason,
            "max_tokens": self.max_tokens,
            "budget_capped": self.budget_capped,
            "retry_at_s": self.retry_at_s,
            "out_of_rotation": list(self.out_of_rotation),
            "engines": [
                {
                    "engine_id": engine_id,
                    "scores": self.engine_scores(engine_id),
                    "total": self.totals[row],
                    "predicted_ttft_s": self.predicted_ttft_s[row],
                    "winner": engine_id == self.engine_id,
                }
                for row, engine_id in enumerate(self.engine_ids)
            ],
        }


def format_decision(decision: RouteDecision) -> str:
    """The decision as a table: one row per engine, one column per scorer."""
    header = ["engine", *decision.scorer_names, "total", "pred_ttft_s", ""]
    rows: list[list[str]] = []
    for row, engine_id in enumerate(decision.engine_ids):
        scores = decision.engine_scores(engine_id).values()
        predicted = decision.predicted_ttft_s[row]
        rows.append(
            [
                engine_id,
                *(_cell(value) for value in scores),
                f"{decision.totals[row]:.3f}",
                "-" if predicted is None else f"{predicted:.3f}",
                "<- winner" if engine_id == decision.engine_id else "",
            ]
        )
    widths = [max(len(line[column]) for line in [header, *rows]) for column in range(len(header))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in [header, *rows]
    ]
    for engine_id in decision.out_of_rotation:
        lines.append(f"{engine_id}  (out of rotation: unhealthy or draining)")
    lines.append(_outcome_line(decision))
    lines.append("'-': input unknown, scorer skipped and weights renormalised for that engine")
    return "\n".join(lines)


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _outcome_line(decision: RouteDecision) -> str:
    if decision.admitted:
        capped = " (capped)" if decision.budget_capped else ""
        return (
            f"admitted: {decision.request_id} ({decision.sla_class}) -> {decision.engine_id}, "
            f"max_tokens {decision.max_tokens}{capped}; {decision.reason}"
        )
    return (
        f"queued: {decision.request_id} ({decision.sla_class}), retry at "
        f"{decision.retry_at_s:.3f} s; {decision.reason}"
    )
