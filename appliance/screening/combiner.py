"""One score from the passes' signals: a small logistic model fitted on held-out rows.

Inputs are in the semantic head's logit space: the whole text's logit, and by how much the
best prose block, the best hidden or decoded segment and the best segment embedded in code
or data exceed it, plus the strongest structural finding. Weights stay non-negative (more
evidence never lowers a score), and each excess weight is pulled towards the whole-text
weight: with no data to say otherwise, a segment counts as much as the text it hides in
(the corpus has few hidden-text attacks, and a fitted weight of zero would ignore them).
Together the excess weights are held to a bound relative to the whole-text weight, so that
a text cannot gain much score from the rest of it reading benign (`fit_combiner`).
The probability is then mapped so that `pivot` (the raw probability at the chosen
false-positive rate on validation rows) lands on 0.5, the policies' default threshold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from appliance.screening.errors import ScreeningUnavailableError
from appliance.screening.metrics import threshold_at_fpr

SIGNAL_NAMES = ("whole", "prose", "hidden", "embedded", "structural")
LOGIT_LIMIT = 20.0
_EXCESS = slice(1, 4)


@dataclass(frozen=True, slots=True)
class Signals:
    """What the passes found in one text; the three segment signals are best logits,
    never below `whole` (a text without such segments has nothing to add)."""

    whole: float
    prose: float
    hidden: float
    embedded: float
    structural: float

    def as_array(self) -> npt.NDArray[np.float64]:
        """The combiner's inputs: whole logit, the three excesses over it, structural."""
        return np.array(
            [
                self.whole,
                self.prose - self.whole,
                self.hidden - self.whole,
                self.embedded - self.whole,
                self.structural,
            ]
        )


def to_logit(probability: float) -> float:
    """A probability as a logit, bounded to +-LOGIT_LIMIT."""
    clipped = min(max(probability, 1e-9), 1.0 - 1e-9)
    return max(-LOGIT_LIMIT, min(LOGIT_LIMIT, math.log(clipped / (1.0 - clipped))))


@dataclass(frozen=True, slots=True)
class ScoreCombiner:
    """Non-negative weights over `Signals.as_array()`, a bias, and the calibration pivot.

    The defaults (used only with a head saved without a combiner) take the best of the
    whole text and its segments, and add the structural score.
    """

    weights: tuple[float, ...] = (1.0, 1.0, 1.0, 1.0, 2.0)
    bias: float = -1.0
    pivot: float = 0.5

    def __post_init__(self) -> None:
        if len(self.weights) != len(SIGNAL_NAMES) or min(self.weights) < 0.0:
            raise ScreeningUnavailableError(f"combiner weights {self.weights} are not valid")
        if not 0.0 < self.pivot < 1.0:
            raise ScreeningUnavailableError(f"combiner pivot {self.pivot} is not in (0, 1)")

    def probability(self, signals: Signals) -> float:
        """Raw (uncalibrated) probability of injection."""
        logit = math.fsum(w * x for w, x in zip(self.weights, signals.as_array(), strict=True))
        logit += self.bias
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, logit))))

    def calibrate(self, probability: float) -> float:
        """Piecewise-linear map of a raw probability so that `pivot` lands on 0.5."""
        if probability < self.pivot:
            return 0.5 * probability / self.pivot
        return 0.5 + 0.5 * (probability - self.pivot) / (1.0 - self.pivot)

    def score(self, signals: Signals) -> float:
        """The calibrated score in [0, 1]."""
        return self.calibrate(self.probability(signals))


_DIGITS = 10


def fit_combiner(
    signals: Sequence[Signals],
    labels: Sequence[int],
    *,
    pivot_fpr: float,
    prior: float = 0.05,
    steps: int = 4000,
    excess_bound: float | None = None,
) -> ScoreCombiner:
    """Class-balanced logistic regression, weights projected to >= 0, excess weights pulled
    towards the whole-text weight by `prior`; then the pivot at `pivot_fpr` false positives.

    With `excess_bound`, the three excess weights are scaled down after each step whenever
    they sum to more than that multiple of the whole-text weight. With all three segments
    standing out, the whole text's logit counts with the whole-text weight less their sum:
    at a bound of 1 or less, a text never scores higher for reading more benign.

    Deterministic: full-batch Adam from fixed starting weights for a fixed step count.
    """
    if excess_bound is not None and not excess_bound >= 0.0:  # also refuses NaN
        raise ValueError(f"excess_bound must be a non-negative number, got {excess_bound}")
    features = np.stack([item.as_array() for item in signals])
    truth = np.asarray(labels, dtype=np.float64)
    if truth.min() == truth.max():
        raise ValueError("the combiner needs both benign and attack rows")
    positive = math.fsum(truth) / len(truth)
    share = np.where(truth == 1, 0.5 / positive, 0.5 / (1.0 - positive)) / len(truth)
    parameters = np.zeros(features.shape[1] + 1)
    parameters[:-1] = np.array(ScoreCombiner().weights) * 0.1
    design = np.hstack([features, np.ones((len(truth), 1))])
    first = np.zeros_like(parameters)
    second = np.zeros_like(parameters)
    for step in range(1, steps + 1):
        # Column by column and with math.fsum, not BLAS: its sums depend on memory alignment
        # and threads, and the shipped head must rebuild byte-identically.
        logits = np.zeros(len(truth))
        for column, value in zip(design.T, parameters, strict=True):
            logits += column * value
        logits = np.clip(logits, -60.0, 60.0)
        error = (1.0 / (1.0 + np.exp(-logits)) - truth) * share
        gradient = np.array([math.fsum(column * error) for column in design.T])
        pull = parameters[_EXCESS] - parameters[0]
        gradient[_EXCESS] += prior * pull
        gradient[0] -= prior * pull.sum()
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        parameters -= (
            0.01 * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-9)
        )
        parameters[:-1] = np.maximum(parameters[:-1], 0.0)
        if excess_bound is not None:
            excess = math.fsum(parameters[_EXCESS])
            allowed = excess_bound * parameters[0]
            if excess > allowed:
                parameters[_EXCESS] *= allowed / excess
    # Rounded: numpy's exp differs in the last bit between CPUs (with AVX-512 or without),
    # which left the bias one ulp apart between two machines; the shipped head must rebuild
    # byte-identically on either.
    coefficients = np.round(parameters[:-1], _DIGITS)
    bias = round(float(parameters[-1]), _DIGITS)
    fitted = ScoreCombiner(tuple(float(value) for value in coefficients), float(bias))
    raw = [fitted.probability(item) for item in signals]
    pivot = threshold_at_fpr(list(labels), raw, pivot_fpr)
    return ScoreCombiner(fitted.weights, fitted.bias, min(max(pivot, 1e-6), 1.0 - 1e-6))
