"""The engines a daemon runs, and which one takes a request for a model."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from appliance.engine.contract import Engine, EngineStats
from appliance.engine.errors import EngineUnavailableError
from appliance.server.errors import ModelNotFoundError

log = logging.getLogger(__name__)


class EnginePool:
    """Engines by model. Picks the ready engine with the fewest requests outstanding.

    The load-aware router replaces `pick` once telemetry feeds it; this is its fallback.
    """

    def __init__(self, engines: Sequence[Engine]) -> None:
        self._engines = tuple(engines)
        self._digests: dict[str, str] = {}

    @property
    def engines(self) -> tuple[Engine, ...]:
        """All engines, in configuration order."""
        return self._engines

    def models(self) -> list[str]:
        """Model names served, in configuration order, without repeats."""
        return list(dict.fromkeys(e.info.model for e in self._engines))

    def model_digests(self) -> dict[str, str]:
        """Manifest digest of each model whose signature verified before it loaded."""
        return dict(self._digests)

    def record_digest(self, model: str, digest: str) -> None:
        """Remember a verified model's digest (attestation evidence binds it)."""
        self._digests[model] = digest

    def pick(self, model: str) -> Engine:
        """The engine to serve `model` now; NOT_FOUND or UNAVAILABLE when there is none."""
        candidates = [e for e in self._engines if e.info.model == model]
        if not candidates:
            raise ModelNotFoundError(f"model {model!r} is not served here")
        ready = [(e.stats(), e) for e in candidates]
        ready = [(s, e) for s, e in ready if s.state == "ready"]
        if not ready:
            raise EngineUnavailableError(f"no engine for model {model!r} is ready")
        return min(ready, key=lambda pair: pair[0].outstanding_requests)[1]

    async def start_all(self) -> int:
        """Start every engine in turn; returns how many are ready. Failures are logged."""
        for engine in self._engines:
            try:
                await engine.start()
            except EngineUnavailableError as exc:
                log.error("engine %s did not start: %s", engine.info.name, exc)
        return sum(1 for e in self._engines if e.stats().state == "ready")

    async def drain_all(self) -> None:
        """Stop admitting requests to every engine."""
        await asyncio.gather(*(e.drain() for e in self._engines))

    async def shutdown_all(self) -> None:
        """Stop every engine process."""
        await asyncio.gather(*(e.shutdown() for e in self._engines), return_exceptions=True)

    def stats(self) -> list[tuple[Engine, EngineStats]]:
        """Each engine with its current load."""
        return [(e, e.stats()) for e in self._engines]
