"""Engines up on admitted models, and kept up: each configured engine starts on the verified
staged copy of its model (or stands in as refused, with the reason), and an engine that
fails while serving is restarted with exponential backoff."""

from __future__ import annotations

import asyncio
import logging

from appliance.config.settings import EngineConfig
from appliance.engine.contract import Engine
from appliance.engine.errors import EngineUnavailableError
from appliance.engine.refused_engine import RefusedEngine
from appliance.server.engine_pool import ModelRecord
from appliance.server.gc_heap import freeze_heap
from appliance.server.model_gate import ModelGate, ModelRefused, SigningUnavailable
from appliance.server.serving_state import ServingState, record_event

log = logging.getLogger(__name__)

_SUPERVISE_EVERY_S = 1.0
_RESTART_FIRST_DELAY_S = 1.0
_RESTART_MAX_DELAY_S = 60.0


class EngineSupervisor:
    """Admits models for engines and restarts engines that die."""

    def __init__(self, state: ServingState, models: ModelGate) -> None:
        self._state = state
        self._models = models
        self._delays: dict[str, float] = {}
        self._restarting: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()

    async def admitted_engine(self, config: EngineConfig) -> Engine:
        """A vLLM engine on the verified, staged copy of its model; a refused engine (with
        the reason, in status and the audit log) when the model does not verify."""
        from appliance.engine.vllm_engine import VllmEngine, engine_info

        try:
            admitted = await asyncio.to_thread(
                self._models.admit, config, self._state.policies.current
            )
        except (ModelRefused, SigningUnavailable) as exc:
            reason = f"model {config.model!r} refused: {exc}"
            log.error("engine %s: %s", config.name, reason)
            await record_event(
                self._state,
                "model_refused",
                {"engine": config.name, "model": config.model, "reason": reason},
            )
            return RefusedEngine(engine_info(config), reason)
        self._state.pool.record_model(
            config.name,
            ModelRecord(
                config.model, admitted.digest, admitted.signer, str(admitted.config.model_path)
            ),
        )
        await record_event(
            self._state,
            "model_verified",
            {
                "engine": config.name,
                "model": config.model,
                "digest": admitted.digest or "unsigned",
                "signer": admitted.signer,
            },
        )
        return VllmEngine(admitted.config)

    async def supervise(self) -> None:
        """Restart engines that failed while serving, with exponential backoff (1 s, 2 s,
        ... 60 s); a refused model's engine never restarts. Runs until cancelled."""
        try:
            while True:
                await asyncio.sleep(_SUPERVISE_EVERY_S)
                for engine in self._state.pool.engines:
                    name = engine.info.name
                    if (
                        isinstance(engine, RefusedEngine)
                        or name in self._restarting
                        or engine.stats().state != "failed"
                        or self._state.draining
                    ):
                        continue
                    self._restarting.add(name)
                    task = asyncio.create_task(self._restart(engine))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
        finally:
            for task in self._tasks:
                task.cancel()

    async def _restart(self, engine: Engine) -> None:
        name = engine.info.name
        delay = self._delays.get(name, _RESTART_FIRST_DELAY_S)
        try:
            log.warning(
                "engine %s failed (%s); restarting in %.0f s", name, engine.stats().error, delay
            )
            await asyncio.sleep(delay)
            await record_event(self._state, "engine_restart", {"engine": name, "delay_s": delay})
            try:
                await engine.restart()
            except EngineUnavailableError as exc:
                self._delays[name] = min(delay * 2, _RESTART_MAX_DELAY_S)
                log.error("engine %s did not restart: %s", name, exc)
            else:
                self._delays.pop(name, None)
                self._state.router.forget(name)
                log.info("engine %s restarted", name)
                freeze_heap(f"engine {name} restarted")
        finally:
            self._restarting.discard(name)
