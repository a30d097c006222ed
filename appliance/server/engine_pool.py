"""The engines a daemon runs, and which one takes a request for a model."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from appliance.engine.contract import Engine, EngineInfo, EngineStats
from appliance.engine.errors import EngineUnavailableError
from appliance.server.errors import ModelNotFoundError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ModelRecord:
    """A model an engine loads: its manifest digest ('' when unsigned), its signer, and the
    path vLLM reads (the staged copy)."""

    model: str
    digest: str
    signer: str
    path: str


class EnginePool:
    """The daemon's engines, in configuration order (the router picks among them)."""

    def __init__(self, engines: Sequence[Engine]) -> None:
        self._engines = tuple(engines)
        self._models: dict[str, ModelRecord] = {}

    @property
    def engines(self) -> tuple[Engine, ...]:
        """All engines, in configuration order."""
        return self._engines

    def models(self) -> list[str]:
        """Model names served, in configuration order, without repeats."""
        return list(dict.fromkeys(e.info.model for e in self._engines))

    def add(self, engine: Engine) -> None:
        """Add an engine (before it starts)."""
        self._engines = (*self._engines, engine)

    def model_digests(self) -> dict[str, str]:
        """Manifest digest of each model whose signature verified before it loaded."""
        return {r.model: r.digest for r in self._models.values() if r.digest}

    def model_records(self) -> list[ModelRecord]:
        """What each engine loads, and who vouched for it, in configuration order."""
        return list(self._models.values())

    def record_model(self, engine: str, record: ModelRecord) -> None:
        """Remember what `engine` loads (attestation evidence binds the digests)."""
        self._models[engine] = record

    def info_for(self, model: str) -> EngineInfo:
        """Bounds for requests to `model` (its first engine's); NOT_FOUND when none serves it.
        Engines serving one model share its limits."""
        for engine in self._engines:
            if engine.info.model == model:
                return engine.info
        raise ModelNotFoundError(f"model {model!r} is not served here")

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
