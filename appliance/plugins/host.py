"""The plugin host: one engine, pinned plugins, per-request instances, calls off the event
loop (streamed chunks of fast plugins excepted: see `inline_gate`)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import TracebackType

from appliance.plugins._instance import CallFailed, PluginInstance
from appliance.plugins._runtime import EpochTicker, ModuleCache, make_engine, make_linker
from appliance.plugins.chain import run_chain, run_plugin
from appliance.plugins.errors import PluginLoadError, PluginUnavailableError
from appliance.plugins.inline_gate import InlineGate
from appliance.plugins.meta import RequestMeta
from appliance.plugins.plugin import LoadedPlugin, OnFailure, check_abi, load_plugin
from appliance.plugins.results import ChainResult, PluginResult
from appliance.plugins.settings import PluginHostSettings
from appliance.plugins.stream import PluginStream


class PluginHost:
    """Loads pinned plugins and runs them, each request in fresh instances, under limits."""

    def __init__(self, settings: PluginHostSettings) -> None:
        self.settings = settings
        self._engine = make_engine()
        self._linker = make_linker(self._engine)
        self._cache = ModuleCache(self._engine, settings.cache_dir)
        self._ticker = EpochTicker(self._engine, settings.epoch_tick_ms)
        self._executor = ThreadPoolExecutor(
            max_workers=settings.worker_threads, thread_name_prefix="plugin"
        )
        self.inline_gate = InlineGate(settings.inline_call_ms)
        self._closed = False

    def load(
        self,
        name: str,
        wasm: bytes,
        *,
        digest: str,
        on_failure: OnFailure = "fail_closed",
        config: Mapping[str, str] | None = None,
    ) -> LoadedPlugin:
        """Verify, compile (or take from cache) and probe a module; raises PluginLoadError."""
        self._check_open()
        plugin = load_plugin(
            name=name,
            wasm=wasm,
            digest=digest,
            cache=self._cache,
            engine=self._engine,
            linker=self._linker,
            ticker=self._ticker,
            on_failure=on_failure,
            config=config,
        )
        try:
            version, modes = PluginInstance(plugin, self.settings).probe()
        except CallFailed as exc:
            raise PluginLoadError(exc.reason, f"{name}: probe failed: {exc.detail}") from exc
        return check_abi(plugin, version, modes)

    def load_file(
        self,
        name: str,
        path: Path,
        *,
        digest: str,
        on_failure: OnFailure = "fail_closed",
        config: Mapping[str, str] | None = None,
    ) -> LoadedPlugin:
        """`load` with the module read from a file."""
        return self.load(
            name, path.read_bytes(), digest=digest, on_failure=on_failure, config=config
        )

    def run_sync(self, plugin: LoadedPlugin, text: str, meta: RequestMeta) -> PluginResult:
        """One plugin over a whole response, in the calling thread."""
        self._check_open()
        return run_plugin(plugin, text, meta, self.settings)

    def run_chain_sync(
        self, chain: Sequence[LoadedPlugin], text: str, meta: RequestMeta
    ) -> ChainResult:
        """A chain over a whole response, in the calling thread."""
        self._check_open()
        return run_chain(chain, text, meta, self.settings)

    async def run(self, plugin: LoadedPlugin, text: str, meta: RequestMeta) -> PluginResult:
        """One plugin over a whole response, in a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self.run_sync, plugin, text, meta)

    async def run_chain(
        self, chain: Sequence[LoadedPlugin], text: str, meta: RequestMeta
    ) -> ChainResult:
        """A chain over a whole response, in a worker thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, self.run_chain_sync, chain, text, meta)

    def open_stream(self, chain: Sequence[LoadedPlugin], meta: RequestMeta) -> PluginStream:
        """A streaming session over `chain` for one response."""
        self._check_open()
        return PluginStream(chain, meta, self.settings, self._executor, self.inline_gate)

    def _check_open(self) -> None:
        if self._closed:
            raise PluginUnavailableError("plugin host is closed")

    def close(self) -> None:
        """Stop the ticker and the workers; later calls raise PluginUnavailableError."""
        if self._closed:
            return
        self._closed = True
        self._executor.shutdown(wait=True, cancel_futures=True)
        self._ticker.stop()

    def __enter__(self) -> PluginHost:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
