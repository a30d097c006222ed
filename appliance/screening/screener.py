"""The screener: structural pass, semantic pass over the prompt and its suspicious segments."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from appliance.screening.errors import ScreeningInputError
from appliance.screening.semantic import HashedLinearModel, SemanticModel
from appliance.screening.settings import Action, ScreeningSettings
from appliance.screening.structural import StructuralPass
from appliance.screening.verdict import ChatMessage, Finding, Reason, Verdict

# Findings below this do not become reasons or model tokens: they are context, not evidence.
_EVIDENCE = 0.3
_MAX_REASONS = 12
_MAX_WINDOWS = 128


def structural_tokens(findings: Sequence[Finding]) -> tuple[str, ...]:
    """The finding kinds the semantic head sees as extra features."""
    return tuple(sorted({item.kind for item in findings if item.score >= _EVIDENCE}))


def windows(text: str, size: int) -> list[str]:
    """Overlapping windows covering `text`, at most _MAX_WINDOWS of them."""
    if len(text) <= size:
        return [text]
    step = max(size // 2, (len(text) - size) // (_MAX_WINDOWS - 1) + 1)
    return [text[start : start + size] for start in range(0, len(text) - size + step, step)]


@dataclass(frozen=True, slots=True)
class _Analysis:
    findings: list[Finding]
    tokens: tuple[str, ...]
    window_count: int
    segments: list[int]  # indices into findings, in the order their segments were queued


class Screener:
    """Scores prompts for injection; thread-safe after load (no mutable state per call)."""

    def __init__(
        self,
        settings: ScreeningSettings,
        model: SemanticModel,
        *,
        structural: StructuralPass | None = None,
    ) -> None:
        self.settings = settings
        self._model = model
        self._structural = structural or StructuralPass(settings)

    @classmethod
    def load(cls, settings: ScreeningSettings | None = None) -> Screener:
        """Load the semantic head once; raises ScreeningUnavailableError if it is unusable."""
        settings = settings or ScreeningSettings()
        return cls(settings, HashedLinearModel.load(settings.model_path))

    def screen(
        self,
        text: str | Sequence[ChatMessage],
        *,
        threshold: float = 0.5,
        action: Action = "block",
    ) -> Verdict:
        """The verdict for a prompt, or for every turn of a conversation together."""
        if isinstance(text, str):
            return self.screen_batch([text], threshold=threshold, action=action)[0]
        if not text:
            raise ScreeningInputError("no messages to screen")
        started = time.perf_counter()
        parts = self.screen_batch(
            [message.content for message in text], threshold=threshold, action=action
        )
        worst = max(parts, key=lambda verdict: verdict.score)
        reasons = tuple(
            Reason(reason.kind, reason.start, reason.end, reason.detail, reason.score, index)
            for index, verdict in enumerate(parts)
            for reason in verdict.reasons
        )
        return Verdict(
            score=worst.score,
            injection=worst.injection,
            action=worst.action,
            reasons=reasons[:_MAX_REASONS],
            latency_ms=(time.perf_counter() - started) * 1000.0,
        )

    def screen_batch(
        self, texts: Sequence[str], *, threshold: float = 0.5, action: Action = "block"
    ) -> list[Verdict]:
        """Verdicts in input order; the semantic pass scores all texts in one batch."""
        started = time.perf_counter()
        analyses: list[_Analysis | None] = []
        queue: list[tuple[str, tuple[str, ...]]] = []
        for text in texts:
            if not isinstance(text, str):
                raise ScreeningInputError(f"expected text, got {type(text).__name__}")
            if len(text) > self.settings.max_input_chars:
                analyses.append(None)
                continue
            findings = self._structural.run(text)
            tokens = structural_tokens(findings)
            parts = windows(text, self.settings.window_chars)
            queue.extend((part, tokens) for part in parts)
            ranked = sorted(
                (index for index, item in enumerate(findings) if item.segment),
                key=lambda index: -findings[index].score,
            )[: self.settings.max_segments]
            queue.extend((findings[index].segment or "", ()) for index in ranked)
            analyses.append(_Analysis(findings, tokens, len(parts), ranked))
        scores = self._model.score_batch(queue) if queue else []
        shared_ms = (time.perf_counter() - started) * 1000.0 / max(1, len(texts))
        verdicts: list[Verdict] = []
        cursor = 0
        for text, analysis in zip(texts, analyses, strict=True):
            if analysis is None:
                verdicts.append(self._oversize(text, shared_ms))
                continue
            used = analysis.window_count + len(analysis.segments)
            verdicts.append(
                self._verdict(
                    text, analysis, scores[cursor : cursor + used], threshold, action, shared_ms
                )
            )
            cursor += used
        return verdicts

    def _verdict(
        self,
        text: str,
        analysis: _Analysis,
        scores: Sequence[float],
        threshold: float,
        action: Action,
        latency_ms: float,
    ) -> Verdict:
        semantic = max(scores[: analysis.window_count])
        effective = [item.score for item in analysis.findings]
        for index, score in zip(analysis.segments, scores[analysis.window_count :], strict=True):
            item = analysis.findings[index]
            effective[index] = max(item.score, item.segment_weight * score)
        reasons = [
            Reason(item.kind, item.start, item.end, item.detail or item.path, score)
            for item, score in zip(analysis.findings, effective, strict=True)
            if score >= _EVIDENCE
        ]
        if semantic >= _EVIDENCE:
            reasons.append(Reason("semantic", 0, len(text), "semantic head", semantic))
        reasons.sort(key=lambda reason: -reason.score)
        final = max([semantic, *effective])
        injection = final >= threshold
        return Verdict(
            score=final,
            injection=injection,
            action=action if injection else "allow",
            reasons=tuple(reasons[:_MAX_REASONS]),
            latency_ms=latency_ms,
        )

    def _oversize(self, text: str, latency_ms: float) -> Verdict:
        # Never parsed: a verdict still comes back, and the configured action applies.
        action = self.settings.oversize_action
        return Verdict(
            score=1.0,
            injection=action != "allow",
            action=action,
            reasons=(
                Reason(
                    "too_large",
                    0,
                    len(text),
                    f"{len(text)} chars > {self.settings.max_input_chars}",
                    1.0,
                ),
            ),
            latency_ms=latency_ms,
        )
