"""Calls into a guest's exports without wasmtime-py's per-call type lookups.

`wasmtime.Func.__call__` asks the C API for the function's type and converts every argument
and result through `Val` on each call: about 60 % of what one streamed chunk costs the host
(`process_chunk` is two calls, `alloc` and `process_chunk`). The ABI's exports take and
return only i32 and i64, and `plugin._check_exports` refuses a module whose exports differ
from the ABI's signatures, so the signature is known before the first call and the raw
values are written straight into the C API's argument array.

This uses two private parts of wasmtime-py, pinned in pyproject.toml: `_ffi` (the C API
bindings `Func.__call__` itself uses) and `_func.enter_wasm` (its trap handling, which also
re-raises a Python exception raised by a host function during the call). Traps, fuel
exhaustion and epoch interruption arrive as the same `wasmtime.Trap` / `WasmtimeError` as
through `Func.__call__`; tests/appliance/plugins/test_export_calls.py checks both paths agree.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence

import wasmtime
from wasmtime import _ffi as ffi
from wasmtime._func import enter_wasm

# The union field and kind tag of each value type the ABI uses.
_FIELDS = {"i32": ("i32", ffi.WASMTIME_I32.value), "i64": ("i64", ffi.WASMTIME_I64.value)}


class ExportCall:
    """One export of one instance, callable with ints; not thread-safe (neither is a Store)."""

    __slots__ = ("_args", "_fields", "_func", "_result", "_result_field", "_store")

    def __init__(
        self,
        store: wasmtime.Store,
        func: wasmtime.Func,
        params: Sequence[str],
        results: Sequence[str],
    ) -> None:
        if len(results) > 1 or any(kind not in _FIELDS for kind in (*params, *results)):
            raise ValueError(f"unsupported signature {tuple(params)} -> {tuple(results)}")
        self._store = store
        self._func = ctypes.byref(func._func)
        self._fields = tuple(_FIELDS[kind][0] for kind in params)
        self._args = (ffi.wasmtime_val_t * len(params))()
        for slot, kind in zip(self._args, params, strict=True):
            slot.kind = _FIELDS[kind][1]
        self._result = (ffi.wasmtime_val_t * len(results))()
        self._result_field = _FIELDS[results[0]][0] if results else None

    def __call__(self, *args: int) -> int | None:
        """The export's result (None when it returns nothing); raises what `Func.__call__`
        raises for a trap or an error."""
        fields = self._fields
        if len(args) != len(fields):
            raise wasmtime.WasmtimeError(f"expected {len(fields)} arguments, got {len(args)}")
        slots = self._args
        for slot, field, value in zip(slots, fields, args, strict=True):
            if not isinstance(value, int):
                raise TypeError("expected an integer")
            # Out-of-range ints wrap, as `Val.i32` / `Val.i64` make them.
            setattr(slot.of, field, value)
        result = self._result
        with enter_wasm(self._store) as trap:
            error = ffi.wasmtime_func_call(
                self._store._context(), self._func, slots, len(fields), result, len(result), trap
            )
            if error:
                raise wasmtime.WasmtimeError._from_ptr(error)
        if self._result_field is None:
            return None
        returned: int = getattr(result[0].of, self._result_field)
        return returned


class GuestMemory:
    """An instance's linear memory, read and written with one bounds check and one copy.

    `wasmtime.Memory.read` / `write` ask for the size and the base address several times
    per access and copy through an intermediate bytearray. The base is read again on every
    access, since a `memory.grow` inside the guest may move it."""

    __slots__ = ("_memory", "_store")

    def __init__(self, store: wasmtime.Store, memory: wasmtime.Memory) -> None:
        self._store = store
        self._memory = ctypes.byref(memory._memory)

    def size(self) -> int:
        """Bytes in the memory now."""
        size: int = ffi.wasmtime_memory_data_size(self._store._context(), self._memory)
        return size

    def _address(self, start: int, length: int) -> int:
        if start < 0 or length < 0 or start + length > self.size():
            raise IndexError(f"[{start}, {start + length}) outside guest memory")
        base = ffi.wasmtime_memory_data(self._store._context(), self._memory)
        return ctypes.addressof(base.contents) + start

    def read(self, start: int, length: int) -> bytes:
        """A copy of `length` bytes at `start`; IndexError outside the memory."""
        if length == 0:
            return b""
        return ctypes.string_at(self._address(start, length), length)

    def write(self, start: int, data: bytes) -> None:
        """Copy `data` to `start`; IndexError outside the memory."""
        if data:
            ctypes.memmove(self._address(start, len(data)), data, len(data))
