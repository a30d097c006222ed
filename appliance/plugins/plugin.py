"""Loading a pinned plugin module: digest, exports, imports and ABI version are checked once."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import IntFlag
from typing import Literal

import wasmtime

from appliance.plugins._runtime import EpochTicker, ModuleCache, sha256_digest
from appliance.plugins.errors import PluginLoadError
from appliance.plugins.reasons import FailureReason

ABI_VERSION = 1
OnFailure = Literal["fail_closed", "pass_through"]

_DIGEST = re.compile(r"^sha256:[0-9a-f]{64}$")
_I32, _I64 = "i32", "i64"
_REQUIRED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "_initialize": ((), ()),
    "abi_version": ((), (_I32,)),
    "alloc": ((_I32,), (_I32,)),
    "process": ((_I32, _I32, _I32, _I32), (_I64,)),
}
_OPTIONAL: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "abi_modes": ((), (_I32,)),
    "stream_begin": ((_I32, _I32), (_I32,)),
    "process_chunk": ((_I32, _I32), (_I64,)),
    "finish": ((), (_I64,)),
}
_STREAMING_EXPORTS = ("stream_begin", "process_chunk", "finish")


class PluginModes(IntFlag):
    """What `abi_modes()` returns; a module without that export is WHOLE only."""

    WHOLE = 1
    STREAMING = 2


@dataclass(frozen=True, slots=True)
class LoadedPlugin:
    """A verified, precompiled plugin ready to instantiate per request."""

    name: str
    digest: str
    modes: PluginModes
    on_failure: OnFailure
    config: Mapping[str, str]
    engine: wasmtime.Engine = field(repr=False)
    instance_pre: wasmtime.InstancePre = field(repr=False)
    # The engine's epoch ticker: every entry into the guest is reported to it.
    ticker: EpochTicker = field(repr=False)
    exports: tuple[str, ...] = ()
    imports: tuple[str, ...] = ()

    @property
    def streams(self) -> bool:
        """True when the plugin can process a response chunk by chunk."""
        return PluginModes.STREAMING in self.modes


def export_signature(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(parameter types, result types) the ABI gives export `name`; KeyError if none."""
    return _REQUIRED.get(name) or _OPTIONAL[name]


def _signature(func_type: wasmtime.FuncType) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(str(t) for t in func_type.params), tuple(str(t) for t in func_type.results)


def _check_exports(module: wasmtime.Module) -> tuple[str, ...]:
    kinds = {export.name: export.type for export in module.exports}
    if not isinstance(kinds.get("memory"), wasmtime.MemoryType):
        raise PluginLoadError(FailureReason.MISSING_EXPORT, "no exported memory 'memory'")
    for name, wanted in {**_REQUIRED, **_OPTIONAL}.items():
        kind = kinds.get(name)
        if kind is None:
            if name in _REQUIRED:
                raise PluginLoadError(FailureReason.MISSING_EXPORT, f"no export {name!r}")
            continue
        if not isinstance(kind, wasmtime.FuncType) or _signature(kind) != wanted:
            raise PluginLoadError(
                FailureReason.ABI_MISMATCH, f"export {name!r} is not a function {wanted}"
            )
    return tuple(sorted(kinds))


def load_plugin(
    *,
    name: str,
    wasm: bytes,
    digest: str,
    cache: ModuleCache,
    engine: wasmtime.Engine,
    linker: wasmtime.Linker,
    ticker: EpochTicker,
    on_failure: OnFailure = "fail_closed",
    config: Mapping[str, str] | None = None,
) -> LoadedPlugin:
    """Verify `wasm` against its pinned digest and the ABI; raises PluginLoadError."""
    if not _DIGEST.match(digest):
        raise PluginLoadError(FailureReason.DIGEST_MISMATCH, f"{name}: not pinned by sha256")
    actual = sha256_digest(wasm)
    if actual != digest:
        raise PluginLoadError(
            FailureReason.DIGEST_MISMATCH, f"{name}: module is {actual}, policy pins {digest}"
        )
    module = cache.module(digest, wasm)
    exports = _check_exports(module)
    imports = tuple(f"{i.module}::{i.name}" for i in module.imports)
    try:
        instance_pre = linker.instantiate_pre(module)
    except wasmtime.WasmtimeError as exc:
        raise PluginLoadError(FailureReason.LINK_ERROR, f"{name}: {exc}") from exc
    return LoadedPlugin(
        name=name,
        digest=digest,
        modes=PluginModes.WHOLE,
        on_failure=on_failure,
        config=dict(config or {}),
        engine=engine,
        instance_pre=instance_pre,
        ticker=ticker,
        exports=exports,
        imports=imports,
    )


def check_abi(plugin: LoadedPlugin, version: int, modes: int) -> LoadedPlugin:
    """The plugin with its declared modes, once its probe answered; raises PluginLoadError."""
    if version != ABI_VERSION:
        raise PluginLoadError(
            FailureReason.ABI_MISMATCH, f"{plugin.name}: ABI {version}, host speaks {ABI_VERSION}"
        )
    if modes & ~3 or not modes & 1:
        raise PluginLoadError(
            FailureReason.ABI_MISMATCH, f"{plugin.name}: abi_modes {modes} lacks WHOLE"
        )
    declared = PluginModes(modes)
    if PluginModes.STREAMING in declared:
        missing = [e for e in _STREAMING_EXPORTS if e not in plugin.exports]
        if missing:
            raise PluginLoadError(
                FailureReason.MISSING_EXPORT, f"{plugin.name}: streams but lacks {missing}"
            )
    return replace(plugin, modes=declared)
