"""One plugin instance in its own Store: the only place guest memory is read or written."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

import wasmtime

from appliance.plugins._calls import ExportCall, GuestMemory
from appliance.plugins._output import OutputError, parse_output
from appliance.plugins.meta import RequestMeta
from appliance.plugins.plugin import export_signature
from appliance.plugins.reasons import FailureReason
from appliance.plugins.results import PluginResult

if TYPE_CHECKING:
    from appliance.plugins.plugin import LoadedPlugin
    from appliance.plugins.settings import PluginHostSettings

# A refused memory.grow returns -1 rather than trapping, and the host cannot see it; a guest
# that fails while this close to its limit is taken to have failed because of the limit.
_MEMORY_MARGIN = 1024 * 1024
_MAX_DETAIL = 400


def _describe(exc: Exception) -> str:
    """The error as one line: wasmtime's messages put the cause after a backtrace."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    useful = [line for line in lines if not line.startswith(("error while", "wasm backtrace"))]
    useful = [line for line in useful if not line[:1].isdigit() or ":" in line[:4]]
    return " | ".join(useful or lines or [type(exc).__name__])[:_MAX_DETAIL]


class CallFailed(Exception):
    """A call into the guest failed; carries the failure reason."""

    def __init__(self, reason: FailureReason, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def metadata_json(plugin: LoadedPlugin, meta: RequestMeta) -> bytes:
    """The metadata document a plugin receives: request fields plus its own config."""
    document: dict[str, Any] = {
        "tenant": meta.tenant,
        "model": meta.model,
        "request_id": meta.request_id,
        "config": dict(plugin.config),
    }
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


class PluginInstance:
    """A fresh Store and instance: with an empty WasiConfig, no files, env, args or stdio."""

    def __init__(self, plugin: LoadedPlugin, settings: PluginHostSettings) -> None:
        self.plugin = plugin
        self._settings = settings
        self._ticks = math.ceil(settings.deadline_ms / settings.epoch_tick_ms) + 1
        self._store = wasmtime.Store(plugin.engine)
        self._store.set_wasi(wasmtime.WasiConfig())
        self._store.set_limits(memory_size=settings.memory_bytes, memories=1, instances=1)
        self._ticker = plugin.ticker
        self._arm()
        # A module's start function runs during instantiation.
        with self._ticker:
            try:
                instance = plugin.instance_pre.instantiate(self._store)
            except wasmtime.Trap as exc:
                raise self._classify(exc) from exc
            except wasmtime.WasmtimeError as exc:
                reason = FailureReason.MEMORY_LIMIT if "memory" in str(exc) else FailureReason.TRAP
                raise CallFailed(reason, f"instantiation failed: {_describe(exc)}") from exc
        exports = instance.exports(self._store)
        memory = exports["memory"]
        if not isinstance(memory, wasmtime.Memory):
            raise CallFailed(FailureReason.MISSING_EXPORT, "export 'memory' is not a memory")
        self._memory = GuestMemory(self._store, memory)
        self._exports = exports
        self._calls: dict[str, ExportCall] = {}
        self._call("_initialize")

    def _arm(self) -> None:
        # Limits are per call: each call starts with full fuel and a fresh deadline.
        self._store.set_fuel(self._settings.fuel_per_call)
        self._store.set_epoch_deadline(self._ticks)

    def _near_memory_limit(self) -> bool:
        try:
            size = self._memory.size()
        except (AttributeError, wasmtime.WasmtimeError):
            return False
        return size + _MEMORY_MARGIN > self._settings.memory_bytes

    def _classify(self, exc: Exception) -> CallFailed:
        code = exc.trap_code if isinstance(exc, wasmtime.Trap) else None
        if code is wasmtime.TrapCode.OUT_OF_FUEL:
            return CallFailed(FailureReason.OUT_OF_FUEL, "fuel exhausted")
        if code is wasmtime.TrapCode.INTERRUPT:
            return CallFailed(FailureReason.TIMEOUT, f"deadline of {self._settings.deadline_ms} ms")
        # A refused memory.grow is not a trap itself; a guest that then traps or gives up
        # while at the limit failed because of the limit.
        if self._near_memory_limit():
            return CallFailed(FailureReason.MEMORY_LIMIT, f"at the memory limit: {_describe(exc)}")
        return CallFailed(FailureReason.TRAP, _describe(exc))

    def _export(self, name: str) -> ExportCall:
        call = self._calls.get(name)
        if call is None:
            func = self._exports[name]
            assert isinstance(func, wasmtime.Func)
            # Loading checked every export the host calls against this signature.
            params, results = export_signature(name)
            call = self._calls[name] = ExportCall(self._store, func, params, results)
        return call

    def _call(self, name: str, *args: int) -> Any:
        call = self._export(name)
        self._arm()
        with self._ticker:
            try:
                return call(*args)
            except (wasmtime.Trap, wasmtime.WasmtimeError) as exc:
                raise self._classify(exc) from exc

    def _write(self, data: bytes) -> tuple[int, int]:
        ptr = self._call("alloc", len(data))
        if not isinstance(ptr, int) or ptr <= 0 or ptr + len(data) > self._memory.size():
            if self._near_memory_limit():
                raise CallFailed(FailureReason.MEMORY_LIMIT, "alloc failed at the memory limit")
            raise CallFailed(FailureReason.BAD_POINTER, f"alloc returned {ptr!r}")
        self._memory.write(ptr, data)
        return ptr, len(data)

    def _read_packed(self, packed: Any) -> bytes:
        if not isinstance(packed, int):
            raise CallFailed(FailureReason.BAD_POINTER, "result is not an i64")
        packed &= 0xFFFF_FFFF_FFFF_FFFF
        ptr, length = packed >> 32, packed & 0xFFFF_FFFF
        if ptr == 0:
            if self._near_memory_limit():
                raise CallFailed(FailureReason.MEMORY_LIMIT, "plugin failed at the memory limit")
            raise CallFailed(FailureReason.PLUGIN_ERROR, "plugin reported an error")
        if length > self._settings.output_bytes:
            raise CallFailed(
                FailureReason.OUTPUT_TOO_LARGE,
                f"{length} bytes > limit {self._settings.output_bytes}",
            )
        # Checked here, not left to GuestMemory's IndexError, to fail as BAD_POINTER.
        if ptr + length > self._memory.size():
            raise CallFailed(
                FailureReason.BAD_POINTER, f"output [{ptr}, {ptr + length}) outside memory"
            )
        return self._memory.read(ptr, length)

    def _result(self, packed: Any, input_text: str, *, streaming: bool) -> PluginResult:
        raw = self._read_packed(packed)
        try:
            return parse_output(raw, input_text, streaming=streaming)
        except OutputError as exc:
            raise CallFailed(exc.reason, str(exc)) from exc

    def process(self, text: str, meta: RequestMeta) -> PluginResult:
        """Whole-response mode; raises CallFailed."""
        data = text.encode("utf-8")
        in_ptr, in_len = self._write(data)
        meta_ptr, meta_len = self._write(metadata_json(self.plugin, meta))
        packed = self._call("process", in_ptr, in_len, meta_ptr, meta_len)
        return self._result(packed, text, streaming=False)

    def stream_begin(self, meta: RequestMeta) -> None:
        """Start streaming mode; raises CallFailed."""
        meta_ptr, meta_len = self._write(metadata_json(self.plugin, meta))
        if self._call("stream_begin", meta_ptr, meta_len) != 0:
            raise CallFailed(FailureReason.PLUGIN_ERROR, "stream_begin reported an error")

    def process_chunk(self, chunk: str) -> PluginResult:
        """One streamed chunk in; the text safe to emit now out. Raises CallFailed."""
        ptr, length = self._write(chunk.encode("utf-8"))
        return self._result(self._call("process_chunk", ptr, length), chunk, streaming=True)

    def finish(self) -> PluginResult:
        """End of stream: whatever the plugin held back. Raises CallFailed."""
        return self._result(self._call("finish"), "", streaming=True)

    def probe(self) -> tuple[int, int]:
        """(abi_version(), abi_modes()); a module without abi_modes is whole-only."""
        version = self._call("abi_version")
        modes = self._call("abi_modes") if "abi_modes" in self.plugin.exports else 1
        return int(version), int(modes)
