"""The direct export calls and memory access the host uses (appliance/plugins/_calls.py)
against wasmtime-py's own `Func.__call__` and `Memory.read`/`write`: same results, same
errors, on a real wasmtime Store."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import wasmtime

from appliance.plugins._calls import ExportCall, GuestMemory

MODULE = """
(module
  (import "host" "fail" (func $fail))
  (memory (export "memory") 1)
  (func (export "add") (param i32 i32) (result i32) (i32.add (local.get 0) (local.get 1)))
  (func (export "wide") (param i64 i32) (result i64)
    (i64.add (local.get 0) (i64.extend_i32_s (local.get 1))))
  (func (export "nothing"))
  (func (export "trap") (result i32) unreachable)
  (func (export "spin") (loop $l (br $l)))
  (func (export "calls_host") (call $fail))
  (func (export "grow") (param i32) (result i32) (memory.grow (local.get 0)))
  (func (export "float") (param f32) (result f32) (local.get 0))
)
"""


class HostFailure(Exception):
    """Raised by the host function, to see it come back out of the guest call."""


@pytest.fixture
def instance() -> tuple[wasmtime.Store, wasmtime.Instance]:
    config = wasmtime.Config()
    config.consume_fuel = True
    engine = wasmtime.Engine(config)
    store = wasmtime.Store(engine)
    store.set_fuel(1_000_000)

    def fail() -> None:
        raise HostFailure("from the host")

    host = wasmtime.Func(store, wasmtime.FuncType([], []), fail)
    module = wasmtime.Module(engine, MODULE)
    return store, wasmtime.Instance(store, module, [host])


def _both(
    store: wasmtime.Store,
    instance: wasmtime.Instance,
    name: str,
    params: tuple[str, ...],
    results: tuple[str, ...],
) -> tuple[Callable[..., object], Callable[..., object]]:
    func = instance.exports(store)[name]
    assert isinstance(func, wasmtime.Func)
    direct = ExportCall(store, func, params, results)
    return direct, lambda *args: func(store, *args)


@pytest.mark.parametrize(
    ("name", "params", "results", "args", "expected"),
    [
        ("add", ("i32", "i32"), ("i32",), (2, 3), 5),
        ("add", ("i32", "i32"), ("i32",), (2**31 - 1, 1), -(2**31)),  # wraps, signed
        ("add", ("i32", "i32"), ("i32",), (2**32 + 7, 0), 7),  # an out-of-range int wraps
        ("wide", ("i64", "i32"), ("i64",), (2**40, -1), 2**40 - 1),
        ("wide", ("i64", "i32"), ("i64",), (2**63 - 1, 1), -(2**63)),
        ("nothing", (), (), (), None),
    ],
)
def test_results_match_func_call(
    instance: tuple[wasmtime.Store, wasmtime.Instance],
    name: str,
    params: tuple[str, ...],
    results: tuple[str, ...],
    args: tuple[int, ...],
    expected: int | None,
) -> None:
    store, inst = instance
    direct, reference = _both(store, inst, name, params, results)
    assert direct(*args) == reference(*args) == expected
    assert direct(*args) == expected  # the argument array is reused


def test_a_trap_is_the_same_trap(instance: tuple[wasmtime.Store, wasmtime.Instance]) -> None:
    store, inst = instance
    direct, reference = _both(store, inst, "trap", (), ("i32",))
    codes = []
    for call in (direct, reference):
        with pytest.raises(wasmtime.Trap) as caught:
            call()
        codes.append(caught.value.trap_code)
    assert codes == [wasmtime.TrapCode.UNREACHABLE] * 2


def test_running_out_of_fuel_traps(instance: tuple[wasmtime.Store, wasmtime.Instance]) -> None:
    store, inst = instance
    direct, _ = _both(store, inst, "spin", (), ())
    store.set_fuel(10_000)
    with pytest.raises(wasmtime.Trap) as caught:
        direct()
    assert caught.value.trap_code is wasmtime.TrapCode.OUT_OF_FUEL
    # The store is still usable afterwards.
    store.set_fuel(10_000)
    add, _ = _both(store, inst, "add", ("i32", "i32"), ("i32",))
    assert add(1, 1) == 2


def test_a_host_exception_comes_back_out(
    instance: tuple[wasmtime.Store, wasmtime.Instance],
) -> None:
    store, inst = instance
    direct, reference = _both(store, inst, "calls_host", (), ())
    for call in (direct, reference):
        with pytest.raises(HostFailure, match="from the host"):
            call()


@pytest.mark.parametrize(
    ("args", "error"),
    [((1,), wasmtime.WasmtimeError), ((1, 2, 3), wasmtime.WasmtimeError), ((1, "2"), TypeError)],
)
def test_bad_arguments_are_refused(
    instance: tuple[wasmtime.Store, wasmtime.Instance],
    args: tuple[object, ...],
    error: type[Exception],
) -> None:
    store, inst = instance
    direct, reference = _both(store, inst, "add", ("i32", "i32"), ("i32",))
    for call in (direct, reference):
        with pytest.raises(error):
            call(*args)


@pytest.mark.parametrize(("params", "results"), [(("f32",), ("f32",)), (("i32",), ("i32", "i32"))])
def test_signatures_outside_the_abi_are_refused(
    instance: tuple[wasmtime.Store, wasmtime.Instance],
    params: tuple[str, ...],
    results: tuple[str, ...],
) -> None:
    store, inst = instance
    func = inst.exports(store)["float"]
    assert isinstance(func, wasmtime.Func)
    with pytest.raises(ValueError, match="unsupported signature"):
        ExportCall(store, func, params, results)


def _memories(
    store: wasmtime.Store, inst: wasmtime.Instance
) -> tuple[wasmtime.Memory, GuestMemory]:
    memory = inst.exports(store)["memory"]
    assert isinstance(memory, wasmtime.Memory)
    return memory, GuestMemory(store, memory)


def test_memory_reads_and_writes_match_wasmtime(
    instance: tuple[wasmtime.Store, wasmtime.Instance],
) -> None:
    store, inst = instance
    memory, guest = _memories(store, inst)
    assert guest.size() == memory.data_len(store) == 65536
    guest.write(100, b"hello")
    assert bytes(memory.read(store, 100, 105)) == guest.read(100, 5) == b"hello"
    memory.write(store, b"world", 65531)
    assert guest.read(65531, 5) == b"world"
    assert guest.read(7, 0) == b""


@pytest.mark.parametrize(("start", "length"), [(65532, 5), (-1, 2), (65536, 1), (0, 65537)])
def test_memory_outside_its_bounds_is_refused(
    instance: tuple[wasmtime.Store, wasmtime.Instance], start: int, length: int
) -> None:
    store, inst = instance
    _, guest = _memories(store, inst)
    with pytest.raises(IndexError):
        guest.read(start, length)
    with pytest.raises(IndexError):
        guest.write(start, b"x" * length)
    assert guest.read(0, 4) == b"\0\0\0\0"  # nothing was written


def test_memory_grown_by_the_guest_is_reachable(
    instance: tuple[wasmtime.Store, wasmtime.Instance],
) -> None:
    store, inst = instance
    memory, guest = _memories(store, inst)
    grow, _ = _both(store, inst, "grow", ("i32",), ("i32",))
    assert grow(3) == 1  # the old size in pages
    assert guest.size() == 4 * 65536
    guest.write(4 * 65536 - 3, b"end")
    assert bytes(memory.read(store, 4 * 65536 - 3, 4 * 65536)) == b"end"
