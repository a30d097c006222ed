"""A vLLM `AsyncLLM` behind the `Engine` protocol: start, stream deltas, abort, stats.

vLLM is imported lazily here so the rest of the appliance imports on machines without it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
import uuid
from collections.abc import AsyncGenerator
from typing import Any

from appliance.config.settings import EngineConfig
from appliance.engine.contract import (
    EngineInfo,
    EngineState,
    EngineStats,
    Finished,
    GenerationEvent,
    GenerationRequest,
    Sampling,
    Started,
    TextDelta,
)
from appliance.engine.errors import (
    EngineDeadError,
    EngineUnavailableError,
    InvalidGenerationError,
    QueueFullError,
)
from appliance.engine.vllm_metrics import ENGINE_METRICS

log = logging.getLogger(__name__)

# Engines start one after another: CUDA_VISIBLE_DEVICES must be set while vLLM spawns the
# engine-core process and must not leak into the next engine's start.
_START_LOCK = threading.Lock()


class _LoadSnapshot:
    """Latest scheduler figures, written by vLLM's output loop, read by `stats()`."""

    running = 0
    waiting = 0
    kv_cache_usage = 0.0


def _load_recorder_factory(snapshot: _LoadSnapshot) -> Any:
    from vllm.v1.metrics.loggers import StatLoggerBase

    class LoadRecorder(StatLoggerBase):
        def __init__(self, vllm_config: Any, engine_index: int = 0) -> None:
            self.engine_index = engine_index

        def record(
            self,
            scheduler_stats: Any,
            iteration_stats: Any,
            mm_cache_stats: Any = None,
            engine_idx: int = 0,
        ) -> None:
            if scheduler_stats is not None:
                snapshot.running = scheduler_stats.num_running_reqs
                snapshot.waiting = scheduler_stats.num_waiting_reqs
                snapshot.kv_cache_usage = float(scheduler_stats.kv_cache_usage)

        def log_engine_initialized(self) -> None:
            pass

    return LoadRecorder


# vLLM's priority scheduler runs lower values first (and preempts for them): realtime work
# is never stuck behind batch work inside the engine.
_PRIORITY = {"realtime": 0, "interactive": 1, "batch": 2}


def engine_info(config: EngineConfig) -> EngineInfo:
    """The static facts an engine for `config` reports."""
    return EngineInfo(
        name=config.name,
        model=config.model,
        max_model_len=config.max_model_len,
        max_tokens=config.max_tokens,
        default_max_tokens=config.default_max_tokens,
        devices=tuple(config.devices or ()),
    )


def on_cpu() -> bool:
    """True when vLLM runs its CPU backend (no GPU platform detected)."""
    from vllm.platforms import current_platform

    return bool(current_platform.is_cpu())


class VllmEngine:
    """One vLLM engine process and the appliance's bookkeeping around it."""

    def __init__(self, config: EngineConfig) -> None:
        self._config = config
        self._state: EngineState = "stopped"
        self._error = ""
        self._llm: Any = None
        self._outstanding = 0
        self._requests_total = 0
        self._load = _LoadSnapshot()
        self._info = engine_info(config)

    @property
    def info(self) -> EngineInfo:
        """Static facts about this engine."""
        return self._info

    async def start(self) -> None:
        """Load the model and start the engine-core process; blocks no event loop."""
        self._state = "starting"
        try:
            self._llm = await asyncio.to_thread(self._create)
        except Exception as exc:
            ENGINE_METRICS.release(self._config.name)
            self._state = "failed"
            self._error = f"start failed: {type(exc).__name__}: {exc}"
            log.exception("engine %s failed to start", self._config.name)
            raise EngineUnavailableError(self._error) from exc
        self._state = "ready"
        log.info("engine %s ready (model %s)", self._config.name, self._config.model)

    def _create(self) -> Any:
        from vllm.v1.engine.async_llm import AsyncLLM

        cfg = self._config
        args = engine_args(cfg)
        with _START_LOCK:
            saved = os.environ.get("CUDA_VISIBLE_DEVICES")
            if cfg.devices is not None:
                os.environ["CUDA_VISIBLE_DEVICES"] = ",".join(str(d) for d in cfg.devices)
            try:
                return AsyncLLM.from_engine_args(
                    args, stat_loggers=[_load_recorder_factory(self._load)]
                )
            finally:
                # Before the next engine's start unregisters them (see vllm_metrics); after
                # a failed start, `start` drops what it registered.
                ENGINE_METRICS.adopt(cfg.name)
                if saved is None:
                    os.environ.pop("CUDA_VISIBLE_DEVICES", None)
                else:
                    os.environ["CUDA_VISIBLE_DEVICES"] = saved

    def stats(self) -> EngineStats:
        """Current load; never raises (a status call must not take the server down)."""
        unfinished = 0
        pids: tuple[int, ...] = ()
        if self._llm is not None:
            with contextlib.suppress(Exception):
                unfinished = int(self._llm.get_num_unfinished_requests())
            with contextlib.suppress(Exception):
                manager = self._llm.engine_core.resources.engine_manager
                pids = tuple(int(p.pid) for p in manager.processes if p.pid is not None)
            if self._state in ("ready", "draining") and self._llm.errored:
                # vLLM's monitor saw the engine core process exit: out of rotation at once.
                self._state = "failed"
                self._error = "the engine process exited"
                log.error("engine %s: the engine process exited", self._config.name)
        return EngineStats(
            state=self._state,
            running_requests=self._load.running,
            waiting_requests=self._load.waiting,
            kv_cache_usage=self._load.kv_cache_usage,
            unfinished_requests=unfinished,
            outstanding_requests=self._outstanding,
            requests_total=self._requests_total,
            error=self._error,
            process_ids=pids,
        )

    async def generate(self, request: GenerationRequest) -> AsyncGenerator[GenerationEvent, None]:
        """Stream one request. Closing or cancelling the iterator aborts it in vLLM."""
        from vllm.exceptions import VLLMClientError
        from vllm.v1.engine.exceptions import EngineDeadError as VllmEngineDeadError

        if self._state != "ready" or self._llm is None:
            raise EngineUnavailableError(f"engine {self._config.name} is {self._state}")
        if self._outstanding >= self._config.max_outstanding_requests:
            raise QueueFullError(
                f"engine {self._config.name} holds {self._outstanding} requests, its limit",
                retry_after_s=1.0,
            )
        self._outstanding += 1
        try:
            prompt = await self._prompt(request)
            params = self._sampling_params(request.sampling)
            engine_request_id = f"{request.request_id}:{uuid.uuid4().hex}"
            started = False
            prompt_tokens = completion_tokens = 0
            first_token_at = 0.0
            stream = self._llm.generate(
                prompt, params, engine_request_id, priority=_PRIORITY.get(request.sla_class, 2)
            )
            self._requests_total += 1
            async with contextlib.aclosing(stream):
                async for output in stream:
                    if not started:
                        started = True
                        prompt_tokens = len(output.prompt_token_ids or ())
                        first_token_at = time.monotonic()
                        yield Started(prompt_tokens=prompt_tokens)
                    completion = output.outputs[0]
                    if completion.token_ids or completion.text:
                        completion_tokens += len(completion.token_ids)
                        yield TextDelta(text=completion.text, token_ids=tuple(completion.token_ids))
                    if output.finished:
                        now = time.monotonic()
                        yield Finished(
                            finish_reason=str(completion.finish_reason or "stop"),
                            prompt_tokens=prompt_tokens,
                            completion_tokens=completion_tokens,
                            queue_s=_queue_seconds(output),
                            ttft_s=max(0.0, first_token_at - request.arrival),
                            total_s=max(0.0, now - request.arrival),
                        )
        except (VLLMClientError, ValueError) as exc:
            raise InvalidGenerationError(str(exc)) from exc
        except VllmEngineDeadError as exc:
            self._state = "failed"
            self._error = "engine process died"
            raise EngineDeadError(f"engine {self._config.name} died") from exc
        finally:
            self._outstanding -= 1

    async def _prompt(self, request: GenerationRequest) -> dict[str, Any]:
        if request.text is not None:
            return {"prompt": request.text}
        tokenizer = self._llm.get_tokenizer()
        if not getattr(tokenizer, "chat_template", None):
            raise InvalidGenerationError(f"model {self._config.model} has no chat template")
        messages = [{"role": m.role, "content": m.content} for m in request.messages]
        # Rendering and tokenising a long chat is CPU work: keep it off the event loop.
        ids = await asyncio.to_thread(_render_chat, tokenizer, messages)
        return {"prompt_token_ids": ids}

    def _sampling_params(self, sampling: Sampling) -> Any:
        from vllm.sampling_params import RequestOutputKind, SamplingParams

        kwargs: dict[str, Any] = {
            "max_tokens": sampling.max_tokens,
            "output_kind": RequestOutputKind.DELTA,
            "stop": list(sampling.stop) or None,
            "seed": sampling.seed,
            "stream_interval": sampling.stream_interval,
        }
        if sampling.temperature is not None:
            kwargs["temperature"] = sampling.temperature
        if sampling.top_p is not None:
            kwargs["top_p"] = sampling.top_p
        if sampling.top_k is not None:
            kwargs["top_k"] = sampling.top_k
        try:
            return SamplingParams(**kwargs)
        except ValueError as exc:
            raise InvalidGenerationError(str(exc)) from exc

    async def drain(self) -> None:
        """Stop taking new requests; running ones finish."""
        if self._state == "ready":
            self._state = "draining"

    async def restart(self) -> None:
        """Start again after a failure: drop what is left of the dead engine, start anew.
        Raises EngineUnavailableError when the new start fails too."""
        await self.shutdown()
        self._error = ""
        self._load = _LoadSnapshot()
        await self.start()

    async def shutdown(self) -> None:
        """Stop the engine-core process and free its memory."""
        llm, self._llm = self._llm, None
        if llm is not None:
            ENGINE_METRICS.release(self._config.name)
            await asyncio.to_thread(llm.shutdown)
        if self._state != "failed":
            self._state = "stopped"


def engine_args(config: EngineConfig) -> Any:
    """vLLM's `AsyncEngineArgs` for an engine config (also what benchmarks run bare)."""
    from vllm.engine.arg_utils import AsyncEngineArgs

    os.environ.setdefault("VLLM_HOST_IP", "127.0.0.1")
    cpu = on_cpu()
    return AsyncEngineArgs(
        model=str(config.model_path),
        served_model_name=config.model,
        tokenizer=str(config.model_path),
        dtype="float32" if cpu and config.dtype == "auto" else config.dtype,
        max_model_len=config.max_model_len,
        kv_cache_memory_bytes=config.kv_cache_bytes,
        gpu_memory_utilization=config.gpu_memory_utilization,
        tensor_parallel_size=config.tensor_parallel_size,
        pipeline_parallel_size=config.pipeline_parallel_size,
        # Graph capture and compilation are GPU features; the CPU backend runs eager.
        enforce_eager=config.enforce_eager or cpu,
        max_num_seqs=config.max_num_seqs,
        seed=config.seed,
        trust_remote_code=False,
        disable_log_stats=False,
        # SLA classes map to request priorities (realtime first); see _PRIORITY.
        scheduling_policy="priority",
    )


def _render_chat(tokenizer: Any, messages: list[dict[str, str]]) -> list[int]:
    text = tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    return list(tokenizer.encode(text, add_special_tokens=False))


def _queue_seconds(output: Any) -> float:
    metrics = getattr(output, "metrics", None)
    if metrics is None or not metrics.scheduled_ts or not metrics.queued_ts:
        return 0.0
    return max(0.0, float(metrics.scheduled_ts - metrics.queued_ts))
