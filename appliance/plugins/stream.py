"""A streamed response through a chain: per-request instances that live for the stream.

If every plugin in the chain streams, each chunk passes through the chain at once and what
comes out may be sent. Otherwise nothing is emitted until `finish`, which runs the chain over
the whole buffered response: a whole-only plugin cannot judge a prefix.

Streamed chunks run on the event loop while the chain's plugins are fast (`InlineGate`);
instances are created on a worker thread by `prepare`, while the engine reads the prompt.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor

from appliance.plugins._instance import CallFailed, PluginInstance
from appliance.plugins.chain import run_chain
from appliance.plugins.inline_gate import InlineGate
from appliance.plugins.meta import RequestMeta
from appliance.plugins.plugin import LoadedPlugin
from appliance.plugins.reasons import FailureReason
from appliance.plugins.results import (
    Action,
    ChainResult,
    ChainStep,
    ChainVerdict,
    Finding,
    PluginResult,
)
from appliance.plugins.settings import PluginHostSettings

# Larger chunks (a whole-only chain's buffer never comes here) go to a worker thread.
_INLINE_CHUNK_CHARS = 4096


def _chunk_call(chunk: str) -> Callable[[PluginInstance], PluginResult]:
    def call(instance: PluginInstance) -> PluginResult:
        return instance.process_chunk(chunk)

    return call


class PluginStream:
    """Feed chunks in order, then finish; not for concurrent use by several tasks."""

    def __init__(
        self,
        chain: Sequence[LoadedPlugin],
        meta: RequestMeta,
        settings: PluginHostSettings,
        executor: Executor,
        gate: InlineGate | None = None,
    ) -> None:
        self._chain = tuple(chain)
        self._meta = meta
        self._settings = settings
        self._executor = executor
        self._gate = gate or InlineGate(settings.inline_call_ms)
        self._lock = asyncio.Lock()
        self._prepared: asyncio.Future[None] | None = None
        self.streaming = all(plugin.streams for plugin in self._chain)
        self._buffer: list[str] = []
        self._buffered = 0
        self._instances: list[PluginInstance | None] | None = None
        self._active = [True] * len(self._chain)
        self._findings: list[list[Finding]] = [[] for _ in self._chain]
        self._failures: dict[int, PluginResult] = {}
        self._modified = False
        self._stopped: tuple[ChainVerdict, str | None, FailureReason | None] | None = None
        self._finished = False
        self.result: ChainResult | None = None

    @property
    def stopped(self) -> bool:
        """True once a plugin blocked or a fail-closed plugin failed: nothing more will be
        emitted, and `finish` gives the outcome."""
        return self._stopped is not None

    def prepare(self) -> None:
        """Start creating the chain's instances on a worker thread (needs a running loop);
        the first `feed` waits for them. Without it, the first `feed` creates them."""
        if self.streaming and self._prepared is None and self._instances is None:
            loop = asyncio.get_running_loop()
            self._prepared = loop.run_in_executor(self._executor, self._start)

    async def feed(self, chunk: str) -> str:
        """Pass one chunk; returns the text that may be sent now (often '' while held)."""
        return await self._run(lambda: self._feed(chunk), inline=len(chunk) <= _INLINE_CHUNK_CHARS)

    async def finish(self) -> str:
        """End of the response: returns the rest that may be sent; sets `result`."""
        return await self._run(self._finish, inline=True)

    async def _run(self, work: Callable[[], str], *, inline: bool) -> str:
        async with self._lock:
            if self._prepared is not None:
                prepared, self._prepared = self._prepared, None
                await prepared
            if inline and self.streaming and self._gate.allows(self._chain):
                return work()
            return await asyncio.get_running_loop().run_in_executor(self._executor, work)

    def _feed(self, chunk: str) -> str:
        if self._finished:
            raise RuntimeError("stream already finished")
        if self._stopped is not None or not chunk:
            return ""
        if not self.streaming:
            self._buffered += len(chunk.encode("utf-8"))
            if self._buffered > self._settings.stream_buffer_bytes:
                self._stopped = (ChainVerdict.WITHHELD, None, FailureReason.OUTPUT_TOO_LARGE)
                self._buffer.clear()
            else:
                self._buffer.append(chunk)
            return ""
        self._start()
        return self._through(0, chunk)

    def _finish(self) -> str:
        if self._finished:
            raise RuntimeError("stream already finished")
        self._finished = True
        if not self.streaming:
            return self._finish_buffered()
        self._start()
        pending = ""
        for index in range(len(self._chain)):
            if self._stopped is not None:
                break
            if pending:
                pending = self._step(index, _chunk_call(pending), pending)
            if self._stopped is None and self._active[index]:
                pending += self._step(index, PluginInstance.finish, "")
        self.result = self._summary()
        return "" if self._stopped is not None else pending

    def _finish_buffered(self) -> str:
        if self._stopped is not None:
            self.result = self._summary()
            return ""
        self.result = run_chain(self._chain, "".join(self._buffer), self._meta, self._settings)
        self._buffer.clear()
        return self.result.text

    def _start(self) -> None:
        if self._instances is not None:
            return
        self._instances = [None] * len(self._chain)
        for index, plugin in enumerate(self._chain):
            if self._stopped is not None:
                return
            try:
                instance = PluginInstance(plugin, self._settings)
                instance.stream_begin(self._meta)
                self._instances[index] = instance
            except CallFailed as exc:
                self._fail(index, exc)

    def _through(self, first: int, text: str) -> str:
        for index in range(first, len(self._chain)):
            if self._stopped is not None:
                return ""
            if self._active[index]:
                text = self._step(index, _chunk_call(text), text)
        return "" if self._stopped is not None else text

    def _step(
        self, index: int, call: Callable[[PluginInstance], PluginResult], passthrough: str
    ) -> str:
        """One call into plugin `index`; on a pass_through failure its input goes on unchanged."""
        instance = self._instances[index] if self._instances else None
        if instance is None or not self._active[index]:
            return passthrough
        started, cpu_started = time.perf_counter(), time.thread_time()
        try:
            result = call(instance)
        except CallFailed as exc:
            self._fail(index, exc)
            return passthrough
        finally:
            self._gate.observe(
                self._chain[index],
                cpu_s=time.thread_time() - cpu_started,
                wall_s=time.perf_counter() - started,
            )
        self._findings[index].extend(result.findings)
        if result.action is Action.BLOCK:
            self._stopped = (ChainVerdict.BLOCK, self._chain[index].name, None)
            return ""
        if result.action is Action.MODIFY:
            self._modified = True
        return result.text

    def _fail(self, index: int, exc: CallFailed) -> None:
        plugin = self._chain[index]
        self._failures[index] = PluginResult.failed(exc.reason, exc.detail)
        self._active[index] = False
        if plugin.on_failure == "fail_closed":
            self._stopped = (ChainVerdict.WITHHELD, plugin.name, exc.reason)

    def _summary(self) -> ChainResult:
        blocked_by = None
        if self._stopped is not None and self._stopped[0] is ChainVerdict.BLOCK:
            blocked_by = self._stopped[1]
        steps = []
        for index, plugin in enumerate(self._chain):
            if index in self._failures:
                failed = self._failures[index]
                steps.append(ChainStep(plugin.name, failed, plugin.on_failure == "pass_through"))
                continue
            findings = tuple(self._findings[index])
            if blocked_by == plugin.name:
                action = Action.BLOCK
            else:
                action = Action.MODIFY if findings else Action.PASS
            steps.append(ChainStep(plugin.name, PluginResult(action, "", findings)))
        if self._stopped is not None:
            verdict, stopped_by, failure = self._stopped
            return ChainResult(verdict, "", tuple(steps), stopped_by, failure)
        verdict = ChainVerdict.MODIFY if self._modified else ChainVerdict.PASS
        return ChainResult(verdict, "", tuple(steps))
