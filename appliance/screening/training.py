"""Fit the semantic head (logistic regression on hashed n-grams plus structural tokens) on
the training rows, then the combiner and its calibration on the validation rows."""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from appliance.screening.augmentation import augmentation_split
from appliance.screening.combiner import Signals, fit_combiner
from appliance.screening.corpus import LabelledText
from appliance.screening.embedding import (
    ENCODER_PACKAGE,
    MAX_TOKENS,
    EmbeddingHead,
    SentenceEncoder,
    shared_encoder,
)
from appliance.screening.features import FEATURE_BITS, SparseFeatures, featurise
from appliance.screening.screener import Screener, structural_tokens, windows
from appliance.screening.segments import prose_segments
from appliance.screening.semantic import HashedLinearModel
from appliance.screening.settings import ScreeningSettings
from appliance.screening.structural import StructuralPass

# The structural pass's time budget while building features: at screening time a spent
# budget fails closed, but in training it would make the features (and the shipped head's
# bytes) depend on how loaded the machine was; a minute per text is never reached.
_TRAINING_BUDGET_MS = 60_000.0


def _unhurried(settings: ScreeningSettings) -> ScreeningSettings:
    return settings.model_copy(update={"budget_ms": _TRAINING_BUDGET_MS})


@dataclass(frozen=True, slots=True)
class TrainingOptions:
    """Optimiser and calibration settings; the defaults reproduce the shipped model."""

    # Chosen on the validation split and the held-back fixtures (session 7, with the
    # hand-written preference, practitioner and document rows): of the eight settings
    # tried (the old one among them), 500 epochs at 1e-7 ranked the fixtures best and the
    # validation split within one attack of the best. 300 epochs at 3e-7 before.
    epochs: int = 500
    learning_rate: float = 0.05
    l2: float = 1e-7
    # Prose blocks of benign documents, added as benign rows of this weight: the head scores
    # such blocks alone at screening time, so it must have seen ordinary ones.
    benign_segment_weight: float = 1.0
    # Windows (as screening cuts them) of benign texts longer than one window, added as
    # benign rows of this weight, for the same reason.
    benign_window_weight: float = 1.0
    # Extra L2 on features seen in the attacks of one source only: a data set's quirks (its
    # language, its templates) must not become evidence of injection by themselves.
    single_source_l2: float = 1e-4
    # How strongly the combiner's segment weights are pulled towards its whole-text weight.
    combiner_prior: float = 0.05
    # How much the combiner's three segment weights may add up to, as a multiple of its
    # whole-text weight (`combiner.fit_combiner`). Unbounded before session 24, they summed
    # to twice it: a long benign text with a few segments that stood out from it then
    # scored higher the more benign the rest of it read. Chosen on the read sets with the
    # development split's target kept (session 24): at 1.0 (a score that never rises as
    # the whole text reads more benign) TPR at 1 % FPR on the pooled read sets went 0.551
    # -> 0.654, but two injected distractor questions in long documents of the test split
    # fell under its 1 % line (0.9514 -> 0.9496); at 1.1, 0.579 with the split at 0.9496
    # too; at 1.25, 0.572 with the split unchanged; at 1.5, 0.570.
    combiner_excess_bound: float = 1.25
    # The validation false-positive rate at which the calibrated score crosses 0.5.
    pivot_fpr: float = 0.005
    # Weight of the benign augmentation rows (`augmentation.py`) in training; 0 leaves
    # them out of both training and calibration.
    augmentation_weight: float = 1.0
    # Weight of the hand-written agent attacks among them (relative to the above): they are
    # few and alike in voice, and at full weight the head starts to read every pasted
    # document with an imperative in it as one.
    agent_attack_weight: float = 0.3
    # Weight of the other hand-written attacks (hidden in processed content, sent directly).
    # 0.5 until session 28; with that session's 400 attacks and 400 hard benign rows added
    # (semantic head refitted, quoted attacks asked about still among the rows), 1.0 scored
    # the read sets a little higher (TPR at 1 % FPR 0.694 -> 0.697, written25 0.633 ->
    # 0.644, AUC 0.9593 -> 0.9606) and the dev split a little lower (0.9523 -> 0.9514). The
    # sealed sets' totals were seen for both (tests/assets/screening/README.md).
    # 0.7 since session 30: with that session's 960 rows, of 1.0, 0.7 and 0.5 only 0.7 kept
    # the dev split at its target (TPR at 1 % FPR 0.9487, 0.9505, 0.9496; semantic head
    # refitted alone each time; the sealed totals were seen for all three, see
    # tests/assets/screening/README.md). With session 31's 360 rows, 0.5 took it to 0.9478.
    written_attack_weight: float = 0.7
    # The embedding head (`embedding.py`): L2 and steps of its logistic regression, the
    # score band in which the screener consults it and the weight of its logit there.
    # Chosen on the validation split (session 10): of bands 0.05-0.95, 0.1-0.9, 0.15-0.85,
    # 0.2-0.8, 0.3-0.7, 0.35-0.65 and 0.4-0.6 and weights 0.05-1.0, weights above 0.2 added
    # false positives on the hand-written benign sets. At 0.1, every band from 0.05-0.95 to
    # 0.3-0.7 scored the validation split and those sets the same (0.9575); 0.35-0.65 and
    # narrower scored less. 0.3-0.7 (session 11) consults the encoder for 6.9 % of the
    # validation split instead of 10.3 % at 0.2-0.8.
    embedding_l2: float = 1e-4
    embedding_steps: int = 2000
    embedding_band: tuple[float, float] = (0.3, 0.7)
    embedding_weight: float = 0.1

    def __post_init__(self) -> None:
        # A negative weight or rate would train silently into a model that inverts evidence.
        if self.epochs < 1:
            raise ValueError(f"epochs must be at least 1, got {self.epochs}")
        if not 0.0 < self.learning_rate <= 1.0:
            raise ValueError(f"learning_rate must be in (0, 1], got {self.learning_rate}")
        if not 0.0 < self.pivot_fpr < 1.0:
            raise ValueError(f"pivot_fpr must be in (0, 1), got {self.pivot_fpr}")
        if self.embedding_steps < 1:
            raise ValueError(f"embedding_steps must be at least 1, got {self.embedding_steps}")
        low, high = self.embedding_band
        if not 0.0 <= low <= high <= 1.0:
            raise ValueError(f"embedding_band must be within [0, 1], got {self.embedding_band}")
        for name in (
            "l2",
            "benign_segment_weight",
            "benign_window_weight",
            "single_source_l2",
            "combiner_prior",
            "combiner_excess_bound",
            "augmentation_weight",
            "agent_attack_weight",
            "written_attack_weight",
            "embedding_l2",
            "embedding_weight",
        ):
            value = getattr(self, name)
            if not value >= 0.0:  # also refuses NaN
                raise ValueError(f"{name} must be a non-negative number, got {value}")


@dataclass(frozen=True, slots=True)
class _Design:
    rows: npt.NDArray[np.int64]
    columns: npt.NDArray[np.int64]
    values: npt.NDArray[np.float64]
    labels: npt.NDArray[np.float64]
    weights: npt.NDArray[np.float64]
    attack_sources: npt.NDArray[np.int64]  # per feature: sources whose attacks contain it


def _design(
    rows: Sequence[tuple[LabelledText, float]],
    settings: ScreeningSettings,
    options: TrainingOptions,
) -> _Design:
    structural = StructuralPass(_unhurried(settings))
    examples: list[tuple[SparseFeatures, int, float]] = []
    source_ids: dict[str, int] = {}
    window = settings.window_chars
    pairs: list[npt.NDArray[np.int64]] = []
    for row, weight in rows:
        text = row.text[: settings.window_chars * 4]
        tokens = structural_tokens(structural.run(text))
        features = featurise(text, tokens)
        examples.append((features, row.label, weight))
        if row.label == 1:
            source = source_ids.setdefault(row.source, len(source_ids))
            pairs.append(features.indices * 1024 + source % 1024)
        if row.label == 0 and options.benign_segment_weight > 0.0:
            examples.extend(
                (featurise(segment.text), 0, options.benign_segment_weight * weight)
                for segment in prose_segments(text)
            )
        if row.label == 0 and options.benign_window_weight > 0.0 and len(text) > window:
            # Screening keeps the highest window's score: a window of a long benign table
            # must read as benign on its own, not only diluted in its whole document.
            examples.extend(
                (featurise(part, tokens), 0, options.benign_window_weight * weight)
                for part in windows(text, window)
            )
    return _Design(
        np.concatenate(
            [
                np.full(len(item.indices), index, dtype=np.int64)
                for index, (item, _, _) in enumerate(examples)
            ]
        ),
        np.concatenate([item.indices for item, _, _ in examples]),
        np.asarray([item.value for item, _, _ in examples]),
        np.asarray([label for _, label, _ in examples], dtype=np.float64),
        np.asarray([weight for _, _, weight in examples]),
        np.bincount(
            np.unique(np.concatenate(pairs)) // 1024 if pairs else np.zeros(0, dtype=np.int64),
            minlength=1 << FEATURE_BITS,
        ),
    )


def _logits(
    design: _Design, weights: npt.NDArray[np.float64], bias: float
) -> npt.NDArray[np.float64]:
    sums = np.bincount(design.rows, weights=weights[design.columns], minlength=len(design.labels))
    return sums * design.values + bias


def _row_weight(row: LabelledText, options: TrainingOptions) -> float:
    if row.label == 1 and row.category.startswith("augment:agentic"):
        return options.agent_attack_weight
    if row.label == 1 and row.category.startswith("augment:"):
        return options.written_attack_weight
    return 1.0


def _weighted_rows(
    rows: Sequence[LabelledText], options: TrainingOptions
) -> list[tuple[LabelledText, float]]:
    # The rows at weight 1, and the augmentation's training part at its weights.
    weighted = [(row, 1.0) for row in rows]
    if options.augmentation_weight > 0.0:
        weighted += [
            (row, options.augmentation_weight * _row_weight(row, options))
            for row in augmentation_split().train
        ]
    return weighted


def train_head(
    rows: Sequence[LabelledText],
    settings: ScreeningSettings | None = None,
    options: TrainingOptions | None = None,
) -> HashedLinearModel:
    """Full-batch Adam on the weighted logistic loss; deterministic for a given input.

    The training part of the benign augmentation (`augmentation.py`) is added to `rows`
    unless `options.augmentation_weight` is 0.
    """
    settings = settings or ScreeningSettings()
    options = options or TrainingOptions()
    weighted = _weighted_rows(rows, options)
    design = _design(weighted, settings, options)
    dimension = 1 << FEATURE_BITS
    weights = np.zeros(dimension)
    bias = 0.0
    first = np.zeros(dimension)
    second = np.zeros(dimension)
    first_bias = second_bias = 0.0
    beta1, beta2, epsilon = 0.9, 0.999, 1e-8
    # math.fsum, not ndarray.sum: numpy's SIMD sums round differently with the array's
    # memory alignment, so the same rows could train a different head in another process.
    share = design.weights / math.fsum(design.weights)
    penalty = np.full(dimension, options.l2)
    if options.single_source_l2 > 0.0 and design.attack_sources.max(initial=0) > 1:
        penalty[design.attack_sources == 1] += options.single_source_l2
    for step in range(1, options.epochs + 1):
        predicted = 1.0 / (1.0 + np.exp(-_logits(design, weights, bias)))
        error = (predicted - design.labels) * share
        gradient = (
            np.bincount(
                design.columns, weights=(error * design.values)[design.rows], minlength=dimension
            )
            + penalty * weights
        )
        gradient_bias = math.fsum(error)
        first = beta1 * first + (1 - beta1) * gradient
        second = beta2 * second + (1 - beta2) * gradient**2
        first_bias = beta1 * first_bias + (1 - beta1) * gradient_bias
        second_bias = beta2 * second_bias + (1 - beta2) * gradient_bias**2
        correction1, correction2 = 1 - beta1**step, 1 - beta2**step
        weights -= (
            options.learning_rate
            * (first / correction1)
            / (np.sqrt(second / correction2) + epsilon)
        )
        bias -= (
            options.learning_rate
            * (first_bias / correction1)
            / (np.sqrt(second_bias / correction2) + epsilon)
        )
    # Rounded as `save` stores them, so the combiner is fitted to the head that ships.
    shipped = weights.astype(np.float16).astype(np.float32)
    return HashedLinearModel(shipped, float(np.float32(bias)))


def calibrate_head(
    model: HashedLinearModel,
    validation: Sequence[LabelledText],
    options: TrainingOptions | None = None,
) -> HashedLinearModel:
    """Fit the combiner on validation rows (plus the augmentation's validation part) and
    set its pivot at `pivot_fpr` false positives."""
    options = options or TrainingOptions()
    if options.augmentation_weight > 0.0:
        validation = [*validation, *augmentation_split().validation]
    screener = Screener(_unhurried(ScreeningSettings()), model)
    signals: list[Signals] = []
    labels: list[int] = []
    for row, found in zip(
        validation, screener.signals_batch([row.text for row in validation]), strict=True
    ):
        if found is not None:
            signals.append(found)
            labels.append(row.label)
    return model.with_combiner(
        fit_combiner(
            signals,
            labels,
            pivot_fpr=options.pivot_fpr,
            prior=options.combiner_prior,
            excess_bound=options.combiner_excess_bound,
        )
    )


# The embedding head's optimiser: Adam's step size, beta1, beta2 and epsilon. Part of the
# training digest, so changing one shows in `make test` without the full refit.
EMBEDDING_ADAM = (0.05, 0.9, 0.999, 1e-8)


def train_embedding_head(
    rows: Sequence[LabelledText],
    options: TrainingOptions | None = None,
    encoder: SentenceEncoder | None = None,
) -> EmbeddingHead:
    """Weighted logistic regression on the sentence embeddings of the same rows (and
    augmentation rows, with the same weights) the hashed head is trained on.

    Full-batch Adam from zero for a fixed step count: deterministic for given embeddings,
    and the embeddings themselves vary in their last bits between CPUs.
    """
    options = options or TrainingOptions()
    weighted = _weighted_rows(rows, options)
    digest = _embedding_digest(weighted, options)
    encoder = encoder or shared_encoder()
    embeddings = encoder.embed([row.text for row, _ in weighted]).astype(np.float64)
    design = np.hstack([embeddings, np.ones((len(weighted), 1))])
    labels = np.asarray([row.label for row, _ in weighted], dtype=np.float64)
    weights = np.asarray([weight for _, weight in weighted])
    share = weights / math.fsum(weights)
    parameters = np.zeros(design.shape[1])
    first = np.zeros_like(parameters)
    second = np.zeros_like(parameters)
    rate, beta1, beta2, epsilon = EMBEDDING_ADAM
    for step in range(1, options.embedding_steps + 1):
        predicted = 1.0 / (1.0 + np.exp(-np.clip(design @ parameters, -60.0, 60.0)))
        gradient = design.T @ ((predicted - labels) * share)
        gradient[:-1] += options.embedding_l2 * parameters[:-1]
        first = beta1 * first + (1 - beta1) * gradient
        second = beta2 * second + (1 - beta2) * gradient**2
        parameters -= (
            rate * (first / (1 - beta1**step)) / (np.sqrt(second / (1 - beta2**step)) + epsilon)
        )
    return EmbeddingHead(
        parameters[:-1].astype(np.float32),
        float(parameters[-1]),
        options.embedding_band,
        options.embedding_weight,
        digest,
    )


def embedding_training_digest(
    rows: Sequence[LabelledText], options: TrainingOptions | None = None
) -> str:
    """SHA-256 of what `train_embedding_head` fits on these rows: every training text
    with its label and weight (the augmentation's included), the encoder's package version
    and input length, the optimiser's settings (`EMBEDDING_ADAM` included) and the
    cascade's. The full refit's float sums vary between CPUs; this does not."""
    options = options or TrainingOptions()
    return _embedding_digest(_weighted_rows(rows, options), options)


def _embedding_digest(weighted: list[tuple[LabelledText, float]], options: TrainingOptions) -> str:
    digest = hashlib.sha256()
    try:
        encoder = importlib.metadata.version(ENCODER_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        encoder = "absent"
    settings = [
        encoder,
        MAX_TOKENS,
        options.embedding_l2,
        options.embedding_steps,
        list(EMBEDDING_ADAM),
        list(options.embedding_band),
        options.embedding_weight,
    ]
    digest.update(json.dumps(settings).encode())
    for row, weight in weighted:
        digest.update(json.dumps([row.text, row.label, weight], ensure_ascii=False).encode())
        digest.update(b"\n")
    return digest.hexdigest()
