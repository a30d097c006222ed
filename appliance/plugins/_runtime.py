"""The one wasmtime Engine, its epoch ticker, the WASI linker and the precompiled-module cache."""

from __future__ import annotations

import hashlib
import importlib.metadata
import math
import os
import platform
import stat
import tempfile
import threading
from pathlib import Path

import wasmtime

from appliance.plugins.errors import PluginLoadError, PluginUnavailableError
from appliance.plugins.reasons import FailureReason

# Part of every cache key: precompiled code is only valid for the exact engine that made it.
ENGINE_SETTINGS = "consume_fuel=1;epoch_interruption=1;cache=0"


def wasmtime_version() -> str:
    """The installed wasmtime-py version."""
    return importlib.metadata.version("wasmtime")


def make_engine() -> wasmtime.Engine:
    """An engine that meters fuel and honours epoch deadlines."""
    config = wasmtime.Config()
    config.consume_fuel = True
    config.epoch_interruption = True
    # wasmtime's own compilation cache is off by default (and cannot be set off explicitly);
    # it is never turned on: precompiled code comes only from ModuleCache.
    return wasmtime.Engine(config)


# WASI preview1's errno for "not supported".
_ENOTSUP = 58


def _refuse_poll_oneoff(_subscriptions: int, _events: int, _count: int, _written: int) -> int:
    return _ENOTSUP


def make_linker(engine: wasmtime.Engine) -> wasmtime.Linker:
    """WASI preview1 and nothing else; what a store's WasiConfig grants is decided per store.

    `poll_oneoff`, WASI's only way to wait (sleep on a clock), answers ENOTSUP: a host call
    is outside epoch interruption, so a plugin asleep in it would hold its thread past any
    deadline (and, streamed on the event loop, the whole daemon)."""
    linker = wasmtime.Linker(engine)
    linker.define_wasi()
    i32 = wasmtime.ValType.i32()
    linker.allow_shadowing = True
    linker.define_func(
        "wasi_snapshot_preview1",
        "poll_oneoff",
        wasmtime.FuncType([i32, i32, i32, i32], [i32]),
        _refuse_poll_oneoff,
    )
    linker.allow_shadowing = False
    return linker


class EpochTicker:
    """Advances the engine's epoch every tick while guest code may run, so epoch deadlines
    measure wall-clock time.

    Every entry into guest code (`with ticker:` around it) is counted. When none is in flight and
    none entered for `idle_s` seconds, the ticker stops waking up (an idle daemon would
    otherwise wake 200 times a second for nothing); the next entry wakes it before any
    guest code runs, so a deadline set then still counts from a moving epoch.
    """

    def __init__(self, engine: wasmtime.Engine, tick_ms: int, *, idle_s: float = 1.0) -> None:
        self._engine = engine
        self._tick_s = tick_ms / 1000
        self._idle_ticks = max(1, math.ceil(idle_s / self._tick_s))
        self._lock = threading.Lock()
        self._in_flight = 0
        self._entered = 0
        self._awake = threading.Event()
        self._awake.set()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="plugin-epoch", daemon=True)
        self._thread.start()

    @property
    def asleep(self) -> bool:
        """True while the ticker waits for the next call instead of ticking."""
        return not self._awake.is_set()

    def __enter__(self) -> None:
        """Guest code is about to run: count it, and wake the ticker if it sleeps."""
        with self._lock:
            self._in_flight += 1
            self._entered += 1
        # After the count: a ticker deciding to sleep either sees this call or has already
        # cleared the flag, which is set again here.
        if not self._awake.is_set():
            self._awake.set()

    def __exit__(self, *exc_info: object) -> None:
        """Guest code has returned (or trapped)."""
        with self._lock:
            self._in_flight -= 1

    def _run(self) -> None:
        quiet = 0
        seen = 0
        while True:
            self._awake.wait()
            if self._stop.wait(self._tick_s):
                return
            self._engine.increment_epoch()
            with self._lock:
                busy = self._in_flight > 0 or self._entered != seen
                seen = self._entered
                quiet = 0 if busy else quiet + 1
                if quiet >= self._idle_ticks:
                    quiet = 0
                    self._awake.clear()

    def stop(self) -> None:
        """Stop ticking (a running call then only stops on fuel)."""
        self._stop.set()
        self._awake.set()
        self._thread.join(timeout=1)


def sha256_digest(data: bytes) -> str:
    """`sha256:<hex>` of some bytes, the form policies pin plugins by."""
    return "sha256:" + hashlib.sha256(data).hexdigest()


class ModuleCache:
    """Compiles each pinned module once and keeps its precompiled artifact in a private dir."""

    def __init__(self, engine: wasmtime.Engine, directory: Path) -> None:
        self._engine = engine
        self._directory = directory
        self._lock = threading.Lock()
        self._prefix = hashlib.sha256(
            f"wasmtime={wasmtime_version()};{ENGINE_SETTINGS};{platform.machine()}".encode()
        ).hexdigest()[:16]
        self._check_directory()

    def _check_directory(self) -> None:
        # Deserializing precompiled code runs it unchecked: a directory others can write to
        # would be a code-injection path, so refuse it rather than fall back to anything.
        try:
            self._directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            info = self._directory.stat()
        except OSError as exc:
            raise PluginUnavailableError(f"plugin cache {self._directory}: {exc}") from exc
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid():
            raise PluginUnavailableError(
                f"plugin cache {self._directory} is not a directory owned by this user"
            )
        if info.st_mode & 0o022:
            raise PluginUnavailableError(
                f"plugin cache {self._directory} is writable by group or others"
            )

    def path_for(self, digest: str) -> Path:
        """Where the artifact of a module with this digest lives."""
        return self._directory / f"{self._prefix}-{digest.removeprefix('sha256:')}.cwasm"

    def module(self, digest: str, wasm: bytes) -> wasmtime.Module:
        """The compiled module of `wasm`, whose digest the caller has already verified."""
        path = self.path_for(digest)
        with self._lock:
            if path.is_file():
                try:
                    return wasmtime.Module.deserialize_file(self._engine, str(path))
                except wasmtime.WasmtimeError:
                    path.unlink(missing_ok=True)  # stale or damaged: compile again
            try:
                module = wasmtime.Module(self._engine, wasm)
            except wasmtime.WasmtimeError as exc:
                raise PluginLoadError(FailureReason.INVALID_MODULE, str(exc)) from exc
            self._store(path, module.serialize())
            return module

    def _store(self, path: Path, artifact: bytearray | bytes) -> None:
        # Write-then-rename, so a crash never leaves a half-written artifact to deserialize.
        fd, temporary = tempfile.mkstemp(dir=self._directory, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(artifact)
            os.replace(temporary, path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            # Caching is an optimisation: the module compiled fine, so keep serving.
