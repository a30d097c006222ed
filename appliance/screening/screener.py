"""The screener: structural pass, semantic pass over the prompt, its prose blocks and its
suspicious segments, and the combiner that weighs them into one score."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from appliance.screening.citation import CitedQuestion, cited_question, obeyed_citation
from appliance.screening.combiner import ScoreCombiner, Signals, to_logit
from appliance.screening.embedding import EmbeddingHead, SentenceEncoder, shared_encoder
from appliance.screening.errors import ScreeningInputError
from appliance.screening.segments import Segment, prose_segments
from appliance.screening.semantic import HashedLinearModel, SemanticModel
from appliance.screening.settings import Action, ScreeningSettings
from appliance.screening.structural import StructuralPass
from appliance.screening.style_request import is_style_request
from appliance.screening.verdict import ChatMessage, Finding, Reason, Verdict

# Findings below this do not become reasons or model tokens: they are context, not evidence.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_EVIDENCE = 0.3
_MAX_REASONS = 12
_MAX_WINDOWS = 128
# "Could not look" findings say nothing about the content, so they stay out of the
# combiner's structural signal; like every finding, their score is a floor under the
# verdict, so a prompt built to exhaust the screener's bounds fails closed.
_LIMIT_KINDS = frozenset({"budget_exhausted", "decode_depth_exceeded", "decode_budget_exceeded"})
# Segments a reader sees as code or data; the rest (hidden elements, comments, alt text,
# smuggled or decoded text) are channels a reader does not see.
_EMBEDDED_KINDS = frozenset({"code_comment", "code_string", "json_string", "role_marker"})
# A structural finding's score is a floor under the verdict. A floor that flags (0.5 or
# more) gets a tenth of the combiner's score on top, so that among texts held at one floor
# those the semantic head also reads as attacks rank first: a tenant threshold above the
# floors then keeps them. Below 0.5 nothing is added, so no text crosses the default
# threshold by it. Session 25, on the hand-made tuning sets and the dev split: their TPR at
# 1 % FPR 0.572 -> 0.645, with the same texts flagged at 0.5. A fifth (0.654 there) moved
# scores further; the sealed sets' totals, lower at a fifth, were seen when 0.1 was kept.
_FLOOR_AGREEMENT = 0.1
_FLAGGING_FLOOR = 0.5


def floored(combined: float, floor: float) -> float:
    """The verdict's score from the combiner's score and the highest finding's score."""
    if floor >= _FLAGGING_FLOOR:
        # Not only under the floor: the score must not fall where the combiner reaches it.
        return max(combined, min(1.0, floor + _FLOOR_AGREEMENT * combined))
    return max(combined, floor)


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
    window_count: int
    prose: list[Segment]
    segments: list[int]  # indices into findings, in the order their segments were queued

    @property
    def queued(self) -> int:
        return self.window_count + len(self.prose) + len(self.segments)


@dataclass(frozen=True, slots=True)
class _Scored:
    signals: Signals
    prose_logits: list[float]
    segment_logits: list[float]


class Screener:
    """Scores prompts for injection; thread-safe after load (no mutable state per call)."""

    def __init__(
        self,
        settings: ScreeningSettings,
        model: SemanticModel,
        *,
        structural: StructuralPass | None = None,
        combiner: ScoreCombiner | None = None,
        embedding: EmbeddingHead | None = None,
        encoder: SentenceEncoder | None = None,
    ) -> None:
        self.settings = settings
        self._model = model
        self._embedding = embedding
        self._encoder = encoder if encoder is not None or embedding is None else shared_encoder()
        self._structural = structural or StructuralPass(settings)
        if combiner is None:
            combiner = model.combiner if isinstance(model, HashedLinearModel) else ScoreCombiner()
        self._combiner = combiner

    @classmethod
    def load(cls, settings: ScreeningSettings | None = None) -> Screener:
        """Load the semantic head (and, unless turned off, the embedding head and its
        encoder) once; raises ScreeningUnavailableError if one is unusable."""
        settings = settings or ScreeningSettings()
        embedding = None
        if settings.embedding_cascade:
            embedding = EmbeddingHead.load(settings.embedding_head_path)
        return cls(settings, HashedLinearModel.load(settings.model_path), embedding=embedding)

    def screen(
        self,
        text: str | Sequence[ChatMessage],
        *,
        threshold: float = 0.5,
        action: Action = "block",
        consult: bool = True,
    ) -> Verdict:
        """The verdict for a prompt, or for every turn of a conversation together."""
        if isinstance(text, str):
            return self.screen_batch([text], threshold=threshold, action=action, consult=consult)[0]
        if not text:
            raise ScreeningInputError("no messages to screen")
        started = time.perf_counter()
        parts = self.screen_batch(
            [message.content for message in text],
            threshold=threshold,
            action=action,
            user_turns=[message.role == "user" for message in text],
            consult=consult,
        )
        worst = max(parts, key=lambda verdict: verdict.score)
        # The reasons of the highest-scoring turns first, and a turn never parsed (too
        # large) before all: only the first few are kept, and those must explain the score.
        order = sorted(
            range(len(parts)),
            key=lambda index: (
                not any(reason.kind == "too_large" for reason in parts[index].reasons),
                -parts[index].score,
                index,
            ),
        )
        reasons = tuple(
            Reason(reason.kind, reason.start, reason.end, reason.detail, reason.score, index)
            for index in order
            for reason in parts[index].reasons
        )
        return Verdict(
            score=worst.score,
            injection=worst.injection,
            action=worst.action,
            reasons=reasons[:_MAX_REASONS],
            latency_ms=(time.perf_counter() - started) * 1000.0,
        )

    def screen_batch(
        self,
        texts: Sequence[str],
        *,
        threshold: float = 0.5,
        action: Action = "block",
        user_turns: Sequence[bool] | None = None,
        consult: bool = True,
    ) -> list[Verdict]:
        """Verdicts in input order; the semantic pass scores all texts in one batch.

        `user_turns` says which texts are a user's own words (all, when None): only those
        may be capped as questions about what they quote (see `citation.py`). `consult`
        False skips the embedding head's second opinion (see `second_opinion_band`).
        """
        if user_turns is not None and len(user_turns) != len(texts):
            # A short list would leave later turns uncapped and a long one cap the wrong
            # texts; neither is what the caller meant.
            raise ScreeningInputError(
                f"user_turns has {len(user_turns)} entries for {len(texts)} texts"
            )
        started = time.perf_counter()
        analysed = self._analyse(texts)
        shared_ms = (time.perf_counter() - started) * 1000.0 / max(1, len(texts))
        verdicts: list[Verdict] = []
        for text, item in zip(texts, analysed, strict=True):
            if item is None:
                verdicts.append(self._oversize(text, shared_ms))
            else:
                verdicts.append(self._verdict(text, *item, threshold, action, shared_ms))
        if consult:
            for index, changed in self._second_opinion(
                texts, analysed, verdicts, threshold, action
            ).items():
                verdicts[index] = changed
        # A text raised for ordering its citation carried out is no question about it.
        raised = self._raise_obeyed_citations(texts, analysed, verdicts, threshold, action, consult)
        framed: list[tuple[int, CitedQuestion]] = []
        cap = self.settings.cited_question_cap
        for index, (text, item, verdict) in enumerate(zip(texts, analysed, verdicts, strict=True)):
            if item is None or verdict.score <= cap or (user_turns and not user_turns[index]):
                continue
            if index in raised:
                continue
            question = cited_question(text)
            if question is not None:
                framed.append((index, question))
        if framed:
            self._cap_cited_questions(verdicts, framed, threshold, action, consult)
        for index, text in enumerate(texts):
            if user_turns and not user_turns[index]:
                continue
            if verdicts[index].score > cap and index not in raised:
                verdicts[index] = self._cap_style_request(text, verdicts[index], threshold, action)
        return verdicts

    def _cap_style_request(
        self, text: str, verdict: Verdict, threshold: float, action: Action
    ) -> Verdict:
        """A user's request about the form of answers ("stop using emojis in your replies")
        flagged by the semantic head alone is capped like a question about a quotation (see
        `style_request`); any structural finding of weight keeps the verdict as it is."""
        if any(
            reason.kind not in ("semantic", "embedding") and reason.score >= _EVIDENCE
            for reason in verdict.reasons
        ) or not is_style_request(text):
            return verdict
        score = self.settings.cited_question_cap
        injection = score >= threshold
        style = Reason("style_request", 0, len(text), "a request about the form of answers", score)
        return Verdict(
            score=score,
            injection=injection,
            action=action if injection else "allow",
            reasons=(style, *verdict.reasons)[:_MAX_REASONS],
            latency_ms=verdict.latency_ms,
        )

    @property
    def second_opinion_band(self) -> tuple[float, float] | None:
        """Scores (before it) for which the embedding head is consulted; None without one."""
        return None if self._embedding is None else self._embedding.band

    def _raise_obeyed_citations(
        self,
        texts: Sequence[str],
        analysed: Sequence[tuple[_Analysis, _Scored] | None],
        verdicts: list[Verdict],
        threshold: float,
        action: Action,
        consult: bool,
    ) -> set[int]:
        """A text that orders what it cites carried out scores at least what the citation
        does on its own (see `citation.obeyed_citation`); the indices of those raised. Only
        texts under the threshold are looked at: the others are flagged already."""
        started = time.perf_counter()
        ordered = [
            (index, found)
            for index, (text, item, verdict) in enumerate(
                zip(texts, analysed, verdicts, strict=True)
            )
            if item is not None
            and verdict.score < threshold
            and (found := obeyed_citation(text)) is not None
        ]
        if not ordered:
            return set()
        cited = [found.cited for _, found in ordered]
        alone = self._analyse(cited)
        extra_ms = (time.perf_counter() - started) * 1000.0 / len(ordered)
        owns = [
            None if item is None else self._verdict(text, *item, threshold, action, 0.0)
            for text, item in zip(cited, alone, strict=True)
        ]
        if consult:
            for position, changed in self._second_opinion(
                cited, alone, owns, threshold, action
            ).items():
                owns[position] = changed
        raised: set[int] = set()
        for (index, found), own in zip(ordered, owns, strict=True):
            verdict = verdicts[index]
            if own is None or own.score <= max(verdict.score, _EVIDENCE):
                continue
            raised.add(index)
            injection = own.score >= threshold
            reason = Reason("obeyed_citation", found.start, found.end, found.order, own.score)
            verdicts[index] = Verdict(
                score=own.score,
                injection=injection,
                action=action if injection else "allow",
                reasons=(reason, *verdict.reasons)[:_MAX_REASONS],
                latency_ms=verdict.latency_ms + extra_ms,
            )
        return raised

    def _cap_cited_questions(
        self,
        verdicts: list[Verdict],
        framed: Sequence[tuple[int, CitedQuestion]],
        threshold: float,
        action: Action,
        consult: bool,
    ) -> None:
        """Cap the verdicts of questions whose own words, citations masked, screen below the
        threshold: the score becomes the cap, or the own words' score when that is higher.
        Those whose own words are flagged keep their reasons but score what those words do,
        when that is lower: the quotation they ask about adds nothing to the ranking."""
        started = time.perf_counter()
        cap = self.settings.cited_question_cap
        outside = self._analyse([question.outside for _, question in framed])
        extra_ms = (time.perf_counter() - started) * 1000.0 / len(framed)
        owns = [
            None if item is None else self._verdict(question.outside, *item, threshold, action, 0.0)
            for (_, question), item in zip(framed, outside, strict=True)
        ]
        if consult:
            for position, changed in self._second_opinion(
                [question.outside for _, question in framed], outside, owns, threshold, action
            ).items():
                owns[position] = changed
        for (index, question), own in zip(framed, owns, strict=True):
            if own is None:
                continue
            verdict = verdicts[index]
            if own.score >= threshold:
                if own.score < verdict.score:
                    verdicts[index] = replace(
                        verdict, score=own.score, latency_ms=verdict.latency_ms + extra_ms
                    )
                continue
            score = max(own.score, cap)
            injection = score >= threshold
            cited = Reason("cited_question", question.start, question.end, question.cue, score)
            verdicts[index] = Verdict(
                score=score,
                injection=injection,
                action=action if injection else "allow",
                reasons=(cited, *verdict.reasons)[:_MAX_REASONS],
                latency_ms=verdict.latency_ms + extra_ms,
            )

    def _second_opinion(
        self,
        texts: Sequence[str],
        analysed: Sequence[tuple[_Analysis, _Scored] | None],
        verdicts: Sequence[Verdict | None],
        threshold: float,
        action: Action,
    ) -> dict[int, Verdict]:
        """New verdicts for the texts whose scores lie in the embedding head's band, moved
        by its logit (one encoder batch for all of them); structural findings keep their
        scores as floors, as in `_verdict`."""
        head = self._embedding
        changed: dict[int, Verdict] = {}
        if head is None or self._encoder is None:
            return changed
        asked = [
            (index, item[0], verdict)
            for index, (item, verdict) in enumerate(zip(analysed, verdicts, strict=True))
            if item is not None and verdict is not None and head.consults(verdict.score)
        ]
        if not asked:
            return changed
        started = time.perf_counter()
        logits = head.logits(self._encoder.embed([texts[index] for index, _, _ in asked]))
        extra_ms = (time.perf_counter() - started) * 1000.0 / len(asked)
        for (index, analysis, verdict), logit in zip(asked, logits, strict=True):
            floor = max((finding.score for finding in analysis.findings), default=0.0)
            score = max(head.adjust(verdict.score, logit), floor)
            reasons = verdict.reasons
            if logit > 0.0 and score > verdict.score:
                detail = f"sentence-embedding logit {logit:+.2f}"
                second = Reason("embedding", 0, len(texts[index]), detail, score)
                reasons = tuple(sorted((second, *reasons), key=lambda reason: -reason.score))
            injection = score >= threshold
            changed[index] = Verdict(
                score=score,
                injection=injection,
                action=action if injection else "allow",
                reasons=reasons[:_MAX_REASONS],
                latency_ms=verdict.latency_ms + extra_ms,
            )
        return changed

    def signals_batch(self, texts: Sequence[str]) -> list[Signals | None]:
        """The combiner's inputs for each text (None when too large to parse); for training."""
        return [None if item is None else item[1].signals for item in self._analyse(texts)]

    def _analyse(self, texts: Sequence[str]) -> list[tuple[_Analysis, _Scored] | None]:
        analyses: list[_Analysis | None] = []
        queue: list[tuple[str, tuple[str, ...]]] = []
        for text in texts:
            if not isinstance(text, str):
                raise ScreeningInputError(f"expected text, got {type(text).__name__}")
            # JSON input may hold lone surrogates; one char each, so spans stay right.
            text = _LONE_SURROGATE.sub("\ufffd", text)
            if len(text) > self.settings.max_input_chars:
                analyses.append(None)
                continue
            findings = self._structural.run(text)
            tokens = structural_tokens(findings)
            parts = windows(text, self.settings.window_chars)
            queue.extend((part, tokens) for part in parts)
            prose = prose_segments(text)
            queue.extend((segment.text, ()) for segment in prose)
            ranked = sorted(
                (index for index, item in enumerate(findings) if item.segment),
                key=lambda index: -findings[index].score,
            )[: self.settings.max_segments]
            queue.extend((findings[index].segment or "", ()) for index in ranked)
            analyses.append(_Analysis(findings, len(parts), prose, ranked))
        probabilities = self._model.score_batch(queue) if queue else []
        out: list[tuple[_Analysis, _Scored] | None] = []
        cursor = 0
        for analysis in analyses:
            if analysis is None:
                out.append(None)
                continue
            out.append((analysis, self._score(analysis, probabilities[cursor:])))
            cursor += analysis.queued
        return out

    def _score(self, analysis: _Analysis, probabilities: Sequence[float]) -> _Scored:
        logits = [to_logit(value) for value in probabilities[: analysis.queued]]
        whole = max(logits[: analysis.window_count])
        prose = logits[analysis.window_count : analysis.window_count + len(analysis.prose)]
        hidden = [
            to_logit(analysis.findings[index].segment_weight * probability)
            for index, probability in zip(
                analysis.segments,
                probabilities[analysis.window_count + len(analysis.prose) : analysis.queued],
                strict=True,
            )
        ]
        structural = max(
            (item.score for item in analysis.findings if item.kind not in _LIMIT_KINDS),
            default=0.0,
        )
        embedded = [
            logit
            for index, logit in zip(analysis.segments, hidden, strict=True)
            if analysis.findings[index].kind in _EMBEDDED_KINDS
        ]
        unseen = [
            logit
            for index, logit in zip(analysis.segments, hidden, strict=True)
            if analysis.findings[index].kind not in _EMBEDDED_KINDS
        ]
        signals = Signals(
            whole,
            max([whole, *prose]),
            max([whole, *unseen]),
            max([whole, *embedded]),
            structural,
        )
        return _Scored(signals, prose, hidden)

    def _verdict(
        self,
        text: str,
        analysis: _Analysis,
        scored: _Scored,
        threshold: float,
        action: Action,
        latency_ms: float,
    ) -> Verdict:
        signals = scored.signals
        base = Signals(signals.whole, signals.whole, signals.whole, signals.whole, 0.0)
        effective = [item.score for item in analysis.findings]
        for index, logit in zip(analysis.segments, scored.segment_logits, strict=True):
            if analysis.findings[index].kind in _EMBEDDED_KINDS:
                only = replace(base, embedded=max(base.embedded, logit))
            else:
                only = replace(base, hidden=max(base.hidden, logit))
            effective[index] = max(effective[index], self._combiner.score(only))
        reasons = [
            Reason(item.kind, item.start, item.end, item.detail or item.path, score)
            for item, score in zip(analysis.findings, effective, strict=True)
            if score >= _EVIDENCE
        ]
        semantic = self._combiner.score(base)
        if semantic >= _EVIDENCE:
            reasons.append(Reason("semantic", 0, len(text), "semantic head", semantic))
        for segment, logit in zip(analysis.prose, scored.prose_logits, strict=True):
            alone = self._combiner.score(replace(base, prose=max(base.prose, logit)))
            if logit > signals.whole and alone >= _EVIDENCE:
                reasons.append(
                    Reason("prose_segment", segment.start, segment.end, segment.text[:80], alone)
                )
        reasons.sort(key=lambda reason: -reason.score)
        # A structural finding keeps its own score as a floor: the corpus the combiner is
        # fitted on has few of the attacks these detectors exist for.
        final = floored(
            self._combiner.score(signals),
            max((item.score for item in analysis.findings), default=0.0),
        )
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
