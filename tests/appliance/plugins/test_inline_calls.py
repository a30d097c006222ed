"""Streamed chunks of fast plugins run on the event loop; a slow plugin is moved to worker
threads after its first slow call, and stays there."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

import pytest

from appliance.plugins import PluginHost, RequestMeta
from appliance.plugins.inline_gate import InlineGate
from appliance.plugins.settings import PluginHostSettings
from appliance.plugins.stream import PluginStream
from tests.appliance.plugins.conftest import Loader

META = RequestMeta(tenant="t", model="m", request_id="r-inline")


class CountingExecutor(ThreadPoolExecutor):
    """A worker pool that counts the work handed to it and the threads that ran it."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


def _settings(host: PluginHost, inline_ms: float) -> PluginHostSettings:
    return host.settings.model_copy(update={"inline_call_ms": inline_ms})


def test_a_fast_streaming_chain_runs_on_the_event_loop(
    host: PluginHost, load_example: Loader
) -> None:
    plugin = load_example("pii_redact")
    settings = _settings(host, 50.0)  # generous: a busy CI host must not demote it
    with CountingExecutor() as pool:

        async def run() -> str:
            stream = PluginStream([plugin], META, settings, pool, InlineGate(50.0))
            stream.prepare()  # instances made on a worker: one hand-off
            out = ""
            for piece in ("Mail jane", "@example", ".com", " now", ", please."):
                out += await stream.feed(piece)
            return out + await stream.finish()

        assert asyncio.run(run()) == "Mail [EMAIL] now, please."
        assert pool.submitted == 1


def test_inline_off_sends_every_call_to_a_worker(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("pii_redact")
    with CountingExecutor() as pool:

        async def run() -> str:
            stream = PluginStream([plugin], META, _settings(host, 0.0), pool, InlineGate(0.0))
            out = await stream.feed("Mail jane@example.com") + await stream.feed(" now.")
            return out + await stream.finish()

        assert asyncio.run(run()) == "Mail [EMAIL] now."
        assert pool.submitted == 3


def test_a_slow_plugin_is_moved_off_the_event_loop_after_one_slow_call(
    host: PluginHost, load_wat: Loader, caplog: pytest.LogCaptureFixture
) -> None:
    name, limit_ms = "slow_stream", 0.05  # 3 million loop iterations: far more than 50 µs
    slow = load_wat(name)
    gate = InlineGate(limit_ms)
    callers: list[bool] = []

    with CountingExecutor() as pool:

        async def run() -> str:
            stream = PluginStream([slow], META, _settings(host, limit_ms), pool, gate)
            out = ""
            for piece in ("a", "b", "c"):
                before = pool.submitted
                out += await stream.feed(piece)
                callers.append(pool.submitted > before)  # True: went to a worker
            return out + await stream.finish()

        with caplog.at_level(logging.WARNING, logger="appliance.plugins.inline_gate"):
            assert asyncio.run(run()) == "xxxx"
        # The first call ran inline and was slow; every later call went to a worker, and so
        # does a new stream over the same plugin.
        assert callers == [False, True, True]
        assert gate.demoted() == (name,)
        assert f"plugin {name} took" in caplog.text
        assert not gate.allows([slow])


def test_demotion_is_per_plugin(host: PluginHost, load_example: Loader, load_wat: Loader) -> None:
    gate = InlineGate(0.05)
    slow, fast = load_wat("slow_stream"), load_example("pii_redact")
    gate.observe(slow, cpu_s=0.010, wall_s=0.010)
    gate.observe(fast, cpu_s=0.00001, wall_s=0.00002)
    assert gate.allows([fast])
    assert not gate.allows([fast, slow])


def test_a_call_that_waits_without_using_cpu_is_slow_too(
    load_example: Loader, load_wat: Loader
) -> None:
    # Wall time over ten times the limit demotes even with little CPU (a backstop: the
    # host refuses WASI's sleep, but a future host call could block).
    gate = InlineGate(2.0)
    waiting, fast = load_wat("slow_stream"), load_example("pii_redact")
    gate.observe(waiting, cpu_s=0.0001, wall_s=0.030)
    gate.observe(fast, cpu_s=0.0001, wall_s=0.015)
    assert gate.demoted() == ("slow_stream",)
