"""An engine that never starts, standing in for one whose model was refused, so status,
metrics and routing see it (state "failed", with the reason) instead of it vanishing."""

from __future__ import annotations

from collections.abc import AsyncGenerator

from appliance.engine.contract import EngineInfo, EngineStats, GenerationEvent, GenerationRequest
from appliance.engine.errors import EngineUnavailableError


class RefusedEngine:
    """Takes no requests; `stats().error` says why."""

    def __init__(self, info: EngineInfo, reason: str) -> None:
        self._info = info
        self._reason = reason

    @property
    def info(self) -> EngineInfo:
        """Static facts, as the engine would have had."""
        return self._info

    async def start(self) -> None:
        """Never starts."""
        raise EngineUnavailableError(self._reason)

    async def generate(self, request: GenerationRequest) -> AsyncGenerator[GenerationEvent, None]:
        """Never generates."""
        raise EngineUnavailableError(self._reason)
        yield  # pragma: no cover - makes this an async generator

    def stats(self) -> EngineStats:
        """Failed, with the reason."""
        return EngineStats(state="failed", error=self._reason)

    async def restart(self) -> None:
        """Never restarts: its model was refused, and only a new start re-verifies it."""
        raise EngineUnavailableError(self._reason)

    async def drain(self) -> None:
        """Nothing to drain."""

    async def shutdown(self) -> None:
        """Nothing to stop."""
