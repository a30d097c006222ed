"""The semantic pass: a local linear head over hashed n-grams, loaded once, scored in batch."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import numpy as np
import numpy.typing as npt

from appliance.screening.combiner import SIGNAL_NAMES, ScoreCombiner
from appliance.screening.errors import ScreeningUnavailableError
from appliance.screening.features import FEATURE_BITS, SparseFeatures, featurise

DEFAULT_MODEL_PATH = Path(__file__).with_name("semantic_head.npz")


class SemanticModel(Protocol):
    """Scores texts for injection; higher means more likely an attack."""

    def score_batch(self, texts: Sequence[tuple[str, tuple[str, ...]]]) -> list[float]:
        """One raw probability per (text, structural tokens) pair."""
        ...


class HashedLinearModel:
    """Logistic regression over `features.featurise`, and the combiner fitted beside it.

    The head's probabilities are raw; `combiner` turns them and the structural findings
    into the calibrated score (see `combiner.py`). Weights come from `training.train_head`,
    the combiner from `training.calibrate_head`.
    """

    def __init__(
        self,
        weights: npt.NDArray[np.float32],
        bias: float,
        combiner: ScoreCombiner | None = None,
    ) -> None:
        if weights.shape != (1 << FEATURE_BITS,):
            raise ScreeningUnavailableError(f"semantic head has shape {weights.shape}")
        self._weights = weights
        self._bias = bias
        self.combiner = combiner or ScoreCombiner()

    def with_combiner(self, combiner: ScoreCombiner) -> HashedLinearModel:
        """The same head with another combiner."""
        return HashedLinearModel(self._weights, self._bias, combiner)

    @classmethod
    def load(cls, path: Path | None = None) -> HashedLinearModel:
        """Read a head saved by `save`; raises ScreeningUnavailableError when unusable."""
        path = path or DEFAULT_MODEL_PATH
        try:
            with np.load(path, allow_pickle=False) as archive:
                weights = archive["weights"].astype(np.float32)
                bias = float(archive["bias"])
                combiner = None
                if "combiner_weights" in archive:
                    coefficients = [float(value) for value in archive["combiner_weights"]]
                    if len(coefficients) != len(SIGNAL_NAMES):
                        raise ValueError(f"{len(coefficients)} combiner weights")
                    combiner = ScoreCombiner(
                        weights=tuple(coefficients),
                        bias=float(archive["combiner_bias"]),
                        pivot=float(archive["pivot"]),
                    )
        except (OSError, KeyError, ValueError) as exc:
            raise ScreeningUnavailableError(f"cannot load semantic head {path}: {exc}") from exc
        return cls(weights, bias, combiner)

    def save(self, path: Path) -> None:
        """Write the head compactly (float16 weights) for shipping as package data."""
        with path.open("wb") as handle:
            np.savez_compressed(
                handle,
                weights=self._weights.astype(np.float16),
                bias=np.float32(self._bias),
                combiner_weights=np.asarray(self.combiner.weights, dtype=np.float64),
                combiner_bias=np.float64(self.combiner.bias),
                pivot=np.float64(self.combiner.pivot),
            )

    def probability(self, features: SparseFeatures) -> float:
        """Raw probability for one featurised text."""
        # math.fsum: exact, so the score (and the combiner fitted on scores) does not
        # depend on how numpy's SIMD sum meets the array's alignment.
        logit = math.fsum(self._weights[features.indices].tolist()) * features.value + self._bias
        return float(1.0 / (1.0 + np.exp(-np.clip(logit, -30, 30))))

    def score_batch(self, texts: Sequence[tuple[str, tuple[str, ...]]]) -> list[float]:
        """One raw probability per (text, structural tokens) pair; a pair repeated in the
        batch (the same comment on every function of a file) is scored once."""
        scored: dict[tuple[str, tuple[str, ...]], float] = {}
        for item in texts:
            if item not in scored:
                scored[item] = self.probability(featurise(*item))
        return [scored[item] for item in texts]
