"""The semantic pass: a local linear head over hashed n-grams, loaded once, scored in batch."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from appliance.screening.errors import ScreeningUnavailableError
from appliance.screening.features import FEATURE_BITS, SparseFeatures, featurise

DEFAULT_MODEL_PATH = Path(__file__).with_name("semantic_head.npz")


class SemanticModel(Protocol):
    """Scores texts for injection; higher means more likely an attack."""

    def score_batch(self, texts: Sequence[tuple[str, tuple[str, ...]]]) -> list[float]:
        """One probability per (text, structural tokens) pair."""
        ...


class HashedLinearModel:
    """Logistic regression over `features.featurise`; weights from `training.train_head`.

    Scores are calibrated: the raw probability equal to `pivot` (chosen on validation data
    at a low false-positive rate) maps to 0.5, the policy's default threshold. A head fitted
    to one corpus is over-confident on benign text unlike it, so the pivot sits high.
    """

    def __init__(self, weights: npt.NDArray[np.float32], bias: float, pivot: float = 0.5) -> None:
        if weights.shape != (1 << FEATURE_BITS,):
            raise ScreeningUnavailableError(f"semantic head has shape {weights.shape}")
        if not 0.0 < pivot < 1.0:
            raise ScreeningUnavailableError(f"semantic head pivot {pivot} is not in (0, 1)")
        self._weights = weights
        self._bias = bias
        self.pivot = pivot

    def with_pivot(self, pivot: float) -> HashedLinearModel:
        """The same head calibrated at another pivot."""
        return HashedLinearModel(self._weights, self._bias, pivot)

    def calibrate(self, probability: float) -> float:
        """Piecewise-linear map of a raw probability so that `pivot` lands on 0.5."""
        if probability < self.pivot:
            return 0.5 * probability / self.pivot
        return 0.5 + 0.5 * (probability - self.pivot) / (1.0 - self.pivot)

    @classmethod
    def load(cls, path: Path | None = None) -> HashedLinearModel:
        """Read a head saved by `save`; raises ScreeningUnavailableError when unusable."""
        path = path or DEFAULT_MODEL_PATH
        try:
            with np.load(path, allow_pickle=False) as archive:
                weights = archive["weights"].astype(np.float32)
                bias = float(archive["bias"])
                pivot = float(archive["pivot"])
        except (OSError, KeyError, ValueError) as exc:
            raise ScreeningUnavailableError(f"cannot load semantic head {path}: {exc}") from exc
        return cls(weights, bias, pivot)

    def save(self, path: Path) -> None:
        """Write the head compactly (float16 weights) for shipping as package data."""
        with path.open("wb") as handle:
            np.savez_compressed(
                handle,
                weights=self._weights.astype(np.float16),
                bias=np.float32(self._bias),
                pivot=np.float64(self.pivot),
            )

    def probability(self, features: SparseFeatures) -> float:
        """Raw (uncalibrated) probability for one featurised text."""
        logit = float(self._weights[features.indices].sum()) * features.value + self._bias
        return float(1.0 / (1.0 + np.exp(-np.clip(logit, -30, 30))))

    def score_batch(self, texts: Sequence[tuple[str, tuple[str, ...]]]) -> list[float]:
        """One calibrated score per (text, structural tokens) pair."""
        return [self.calibrate(self.probability(featurise(text, tokens))) for text, tokens in texts]
