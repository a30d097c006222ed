"""The epoch ticker sleeps while no guest code runs, and deadlines hold across its sleep."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.plugins import PluginHost, PluginHostSettings, sha256_digest
from appliance.plugins._runtime import EpochTicker, make_engine
from appliance.plugins.meta import RequestMeta
from appliance.plugins.reasons import FailureReason
from tests.appliance.plugins.conftest import wat_bytes

META = RequestMeta(tenant="t", model="m", request_id="r-1")


def _new_epoch_thread(before: set[threading.Thread]) -> threading.Thread:
    (thread,) = [
        thread
        for thread in threading.enumerate()
        if thread.name == "plugin-epoch" and thread not in before
    ]
    return thread


def _wakeups(thread: threading.Thread) -> int:
    """Context switches of one thread so far: each tick is one."""
    status = Path(f"/proc/self/task/{thread.native_id}/status").read_text()
    return sum(
        int(line.split()[1])
        for line in status.splitlines()
        if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches"))
    )


def _wait_until_asleep(thread: threading.Thread, *, within_s: float = 10.0) -> None:
    """Until the thread has not woken for 0.2 s (fails after `within_s`)."""
    deadline = time.monotonic() + within_s
    last = _wakeups(thread)
    while time.monotonic() < deadline:
        time.sleep(0.2)
        now = _wakeups(thread)
        if now == last:
            return
        last = now
    pytest.fail(f"the epoch ticker still woke up after {within_s} s without calls")


@pytest.fixture
def ticker() -> Iterator[tuple[EpochTicker, threading.Thread]]:
    before = set(threading.enumerate())
    running = EpochTicker(make_engine(), 1, idle_s=0.05)
    yield running, _new_epoch_thread(before)
    running.stop()


def test_an_idle_ticker_stops_waking_up_and_a_call_wakes_it(
    ticker: tuple[EpochTicker, threading.Thread],
) -> None:
    epoch, thread = ticker
    _wait_until_asleep(thread)
    assert epoch.asleep
    asleep_at = _wakeups(thread)
    time.sleep(0.2)
    assert _wakeups(thread) == asleep_at
    with epoch:
        assert not epoch.asleep
        time.sleep(0.3)
        assert _wakeups(thread) > asleep_at + 10


def test_a_call_in_flight_keeps_the_ticker_awake(
    ticker: tuple[EpochTicker, threading.Thread],
) -> None:
    epoch, thread = ticker
    with epoch:
        time.sleep(0.3)  # six times the idle time
        assert not epoch.asleep
        before = _wakeups(thread)
        time.sleep(0.3)
        assert _wakeups(thread) > before + 10
    _wait_until_asleep(thread)


def test_a_deadline_holds_after_the_host_was_idle(tmp_path: Path) -> None:
    settings = PluginHostSettings(
        cache_dir=tmp_path / "cache",
        fuel_per_call=10_000_000_000,  # fuel would take many seconds to run out
        deadline_ms=50,
        epoch_tick_ms=1,
    )
    before = set(threading.enumerate())
    with PluginHost(settings) as host:
        thread = _new_epoch_thread(before)
        wasm = wat_bytes("infinite_loop")
        plugin = host.load("loop", wasm, digest=sha256_digest(wasm))
        _wait_until_asleep(thread)
        result = host.run_sync(plugin, "x", META)
    assert result.failure is FailureReason.TIMEOUT
