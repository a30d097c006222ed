"""Fit the semantic head: logistic regression on hashed n-grams plus structural tokens."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from appliance.screening.corpus import LabelledText
from appliance.screening.features import FEATURE_BITS, featurise
from appliance.screening.metrics import threshold_at_fpr
from appliance.screening.screener import structural_tokens
from appliance.screening.semantic import HashedLinearModel
from appliance.screening.settings import ScreeningSettings
from appliance.screening.structural import StructuralPass


@dataclass(frozen=True, slots=True)
class TrainingOptions:
    """Optimiser settings; the defaults reproduce the shipped head."""

    epochs: int = 300
    learning_rate: float = 0.05
    l2: float = 1e-7
    pivot_fpr: float = 0.005


@dataclass(frozen=True, slots=True)
class _Design:
    rows: npt.NDArray[np.int64]
    columns: npt.NDArray[np.int64]
    values: npt.NDArray[np.float64]
    labels: npt.NDArray[np.float64]


def _design(rows: Sequence[LabelledText], settings: ScreeningSettings) -> _Design:
    structural = StructuralPass(settings)
    row_ids: list[npt.NDArray[np.int64]] = []
    columns: list[npt.NDArray[np.int64]] = []
    values = np.zeros(len(rows))
    for index, row in enumerate(rows):
        text = row.text[: settings.window_chars * 4]
        features = featurise(text, structural_tokens(structural.run(text)))
        row_ids.append(np.full(len(features.indices), index, dtype=np.int64))
        columns.append(features.indices)
        values[index] = features.value
    return _Design(
        np.concatenate(row_ids),
        np.concatenate(columns),
        values,
        np.asarray([row.label for row in rows], dtype=np.float64),
    )


def _logits(
    design: _Design, weights: npt.NDArray[np.float64], bias: float
) -> npt.NDArray[np.float64]:
    sums = np.bincount(design.rows, weights=weights[design.columns], minlength=len(design.labels))
    return sums * design.values + bias


def train_head(
    rows: Sequence[LabelledText],
    settings: ScreeningSettings | None = None,
    options: TrainingOptions | None = None,
) -> HashedLinearModel:
    """Full-batch Adam on the logistic loss; deterministic for a given input and options."""
    settings = settings or ScreeningSettings()
    options = options or TrainingOptions()
    design = _design(rows, settings)
    dimension = 1 << FEATURE_BITS
    weights = np.zeros(dimension)
    bias = 0.0
    first = np.zeros(dimension)
    second = np.zeros(dimension)
    first_bias = second_bias = 0.0
    beta1, beta2, epsilon = 0.9, 0.999, 1e-8
    count = len(design.labels)
    for step in range(1, options.epochs + 1):
        predicted = 1.0 / (1.0 + np.exp(-_logits(design, weights, bias)))
        error = (predicted - design.labels) / count
        gradient = (
            np.bincount(
                design.columns, weights=(error * design.values)[design.rows], minlength=dimension
            )
            + options.l2 * weights
        )
        gradient_bias = float(error.sum())
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
    return HashedLinearModel(weights.astype(np.float32), float(bias))


def calibrate_head(
    model: HashedLinearModel,
    validation: Sequence[LabelledText],
    options: TrainingOptions | None = None,
) -> HashedLinearModel:
    """Set the pivot to the raw score at `pivot_fpr` false positives on validation rows."""
    options = options or TrainingOptions()
    settings = ScreeningSettings()
    structural = StructuralPass(settings)
    raw = [
        model.probability(featurise(row.text, structural_tokens(structural.run(row.text))))
        for row in validation
    ]
    pivot = threshold_at_fpr([row.label for row in validation], raw, options.pivot_fpr)
    return model.with_pivot(min(max(pivot, 0.05), 0.999))
