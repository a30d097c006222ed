"""Per-engine TTFT prediction, fitted online by recursive least squares.

TTFT on an engine is modelled as `a + b * prefill_k + c * running`, where `prefill_k` is the
thousands of prompt tokens that must be prefilled before this request's first token (queued
prompts plus the uncached part of its own) and `running` is the size of the running batch.
The coefficients start at a prior taken from a published latency profile and follow each
engine's observed TTFTs with exponential forgetting. Plain floats and an unrolled 3x3 update:
the prediction runs for every engine on every decision.
"""

from __future__ import annotations

import math

from appliance.routing.affinity import PrefixAffinityIndex
from appliance.routing.engine_load import EngineLoad, RouteRequest

TtftFeatures = tuple[float, float]
"""(prefill tokens in thousands, running batch size): what a prediction was made from."""


class OnlineTtftModel:
    """Recursive least squares on (1, prefill_k, running) -> TTFT seconds."""

    __slots__ = ("_forgetting", "_p", "_theta", "observations")

    def __init__(self, prior: tuple[float, float, float], *, variance: float, forgetting: float):
        self._theta = list(prior)
        self._p = [variance, 0.0, 0.0, 0.0, variance, 0.0, 0.0, 0.0, variance]
        self._forgetting = forgetting
        self.observations = 0

    @property
    def coefficients(self) -> tuple[float, float, float]:
        """(a seconds, b seconds per thousand tokens, c seconds per running request)."""
        return self._theta[0], self._theta[1], self._theta[2]

    def predict(self, prefill_k: float, running: float) -> float:
        """Predicted TTFT in seconds, never negative."""
        theta = self._theta
        value = theta[0] + theta[1] * prefill_k + theta[2] * running
        return value if value > 0.0 else 0.0

    def update(self, prefill_k: float, running: float, observed_s: float) -> None:
        """Fold one observed TTFT into the coefficients."""
        if not math.isfinite(observed_s) or observed_s < 0:
            return  # a bad measurement must not poison the model
        x0, x1, x2 = 1.0, prefill_k, running
        p = self._p
        px0 = p[0] * x0 + p[1] * x1 + p[2] * x2
        px1 = p[3] * x0 + p[4] * x1 + p[5] * x2
        px2 = p[6] * x0 + p[7] * x1 + p[8] * x2
        denominator = self._forgetting + x0 * px0 + x1 * px1 + x2 * px2
        if denominator <= 1e-12:
            return
        k0, k1, k2 = px0 / denominator, px1 / denominator, px2 / denominator
        error = observed_s - (self._theta[0] * x0 + self._theta[1] * x1 + self._theta[2] * x2)
        self._theta[0] += k0 * error
        self._theta[1] += k1 * error
        self._theta[2] += k2 * error
        scale = 1.0 / self._forgetting
        # P <- (P - k (Px)^T) / lambda; P stays symmetric because Px is P's own product.
        gains = (k0, k1, k2)
        products = (px0, px1, px2)
        for row in range(3):
            for column in range(3):
                index = row * 3 + column
                p[index] = (p[index] - gains[row] * products[column]) * scale
        self.observations += 1


class TtftPredictor:
    """One online model per engine, fed by the affinity index for the cached share."""

    def __init__(
        self,
        affinity: PrefixAffinityIndex,
        *,
        prior: tuple[float, float, float],
        variance: float,
        forgetting: float,
    ) -> None:
        self._affinity = affinity
        # The prior's per-token slope is per token; the model works in thousands of tokens.
        self._prior = (prior[0], prior[1] * 1000.0, prior[2])
        self._variance = variance
        self._forgetting = forgetting
        self._models: dict[str, OnlineTtftModel] = {}
        # The TTFT scorer and admission both ask for the same (request, engine) in a row.
        self._memo_request: RouteRequest | None = None
        self._memo_load: EngineLoad | None = None
        self._memo_value: float | None = None

    def model(self, engine_id: str) -> OnlineTtftModel:
        """The engine's model, created at the prior on first use."""
        model = self._models.get(engine_id)
        if model is None:
            model = OnlineTtftModel(
                self._prior, variance=self._variance, forgetting=self._forgetting
            )
            self._models[engine_id] = model
        return model

    def features(self, request: RouteRequest, load: EngineLoad) -> TtftFeatures | None:
        """What the model needs for this request on this engine; None when unknown."""
        queued = load.queued_prefill_tokens
        if queued is None:
            return None
        own = request.prompt_tokens - self._affinity.matched_tokens(request, load)
        return (queued + max(own, 1)) / 1000.0, float(load.running or 0)

    def predict(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """Predicted TTFT on this engine; the engine's recent TTFT when inputs are missing."""
        if request is self._memo_request and load is self._memo_load:
            return self._memo_value
        queued = load.queued_prefill_tokens
        if queued is None:
            value = load.recent_ttft_s
        else:
            model = self._models.get(load.engine_id) or self.model(load.engine_id)
            own = request.prompt_tokens - self._affinity.matched_tokens(request, load)
            prefill_k = (queued + (own if own > 1 else 1)) * 0.001
            value = model.predict(prefill_k, load.running or 0)
        self._memo_request, self._memo_load, self._memo_value = request, load, value
        return value

    def predict_probe(self, load: EngineLoad, probe_tokens: int, extra_tokens: int) -> float | None:
        """Predicted TTFT of a probe prompt once `extra_tokens` more are queued on the engine."""
        queued = load.queued_prefill_tokens
        if queued is None:
            return load.recent_ttft_s
        model = self._models.get(load.engine_id) or self.model(load.engine_id)
        running = float((load.running or 0) + (1 if extra_tokens else 0))
        return model.predict((queued + extra_tokens + probe_tokens) / 1000.0, running)

    def clear_memo(self) -> None:
        """Forget the last prediction: the affinity map or a model may have changed since."""
        self._memo_request = None

    def observe(self, engine_id: str, features: TtftFeatures, ttft_s: float) -> None:
        """Fit the engine's model to a TTFT measured on the engine (not router queueing)."""
        self.model(engine_id).update(features[0], features[1], ttft_s)
        self._memo_request = None

    def reset(self, engine_id: str) -> None:
        """Start an engine's model over (it was replaced or restarted)."""
        self._models.pop(engine_id, None)
        self._memo_request = None
