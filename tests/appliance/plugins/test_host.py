"""The host: chains and failure policy, async calls, streams, the module cache, isolation."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path

import pytest

from appliance.plugins import (
    ChainVerdict,
    FailureReason,
    OnFailure,
    PluginHost,
    PluginHostSettings,
    PluginUnavailableError,
    RequestMeta,
    sha256_digest,
)
from tests.appliance.plugins.conftest import Loader, wat_bytes

META = RequestMeta(tenant="t", model="m", request_id="r")
TEXT = "Mail jane@example.com about the insider memo."


def test_chain_runs_in_order(host: PluginHost, load_example: Loader) -> None:
    chain = [
        load_example("pii_redact"),
        load_example("banned_terms", terms="insider", action="mask"),
    ]
    result = host.run_chain_sync(chain, TEXT, META)
    assert result.verdict is ChainVerdict.MODIFY
    assert result.text == "Mail [EMAIL] about the ******* memo."
    assert [plugin for plugin, _ in result.findings] == ["pii_redact", "banned_terms"]


def test_block_stops_the_chain(host: PluginHost, load_example: Loader) -> None:
    chain = [load_example("banned_terms", terms="insider"), load_example("pii_redact")]
    result = host.run_chain_sync(chain, TEXT, META)
    assert (result.verdict, result.stopped_by, result.text) == (
        ChainVerdict.BLOCK,
        "banned_terms",
        "",
    )
    assert len(result.steps) == 1


def test_fail_closed_withholds(host: PluginHost, load_example: Loader, load_wat: Loader) -> None:
    chain = [load_example("pii_redact"), load_wat("unreachable")]
    result = host.run_chain_sync(chain, TEXT, META)
    assert result.verdict is ChainVerdict.WITHHELD
    assert (result.stopped_by, result.failure) == ("unreachable", FailureReason.TRAP)
    assert result.text == ""


def test_pass_through_skips_and_records(
    host: PluginHost, load_example: Loader, load_wat: Loader
) -> None:
    chain = [load_wat("infinite_loop", on_failure="pass_through"), load_example("pii_redact")]
    result = host.run_chain_sync(chain, TEXT, META)
    assert result.verdict is ChainVerdict.MODIFY
    assert result.text == "Mail [EMAIL] about the insider memo."
    (skipped,) = result.skipped_failures
    assert skipped[0] == "infinite_loop"
    assert skipped[1] in {FailureReason.OUT_OF_FUEL, FailureReason.TIMEOUT}


def test_async_calls_do_not_block_the_event_loop(host: PluginHost, load_wat: Loader) -> None:
    loop_plugin = load_wat("infinite_loop", on_failure="pass_through")

    async def run() -> int:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.001)
                ticks += 1

        task = asyncio.create_task(ticker())
        results = await asyncio.gather(
            *(host.run_chain([loop_plugin], "x", META) for _ in range(4))
        )
        task.cancel()
        assert all(r.verdict is ChainVerdict.PASS for r in results)
        return ticks

    assert asyncio.run(run()) > 5


def test_no_state_crosses_requests(host: PluginHost, load_example: Loader) -> None:
    # A streaming plugin holds text inside its instance; a new request must never see it.
    plugin = load_example("pii_redact")

    async def run() -> str:
        first = host.open_stream([plugin], META)
        await first.feed("secret tail jane@exa")  # held back, never finished
        second = host.open_stream([plugin], META)
        return await second.feed("Hello ") + await second.finish()

    assert asyncio.run(run()) == "Hello "


@pytest.mark.parametrize(
    ("on_failure", "expected", "verdict"),
    [
        ("fail_closed", "", ChainVerdict.WITHHELD),
        ("pass_through", "Mail [EMAIL] now.", ChainVerdict.MODIFY),
    ],
)
def test_stream_failure_policy(
    host: PluginHost,
    load_example: Loader,
    load_wat: Loader,
    on_failure: OnFailure,
    expected: str,
    verdict: ChainVerdict,
) -> None:
    chain = [load_example("pii_redact"), load_wat("stream_trap", on_failure=on_failure)]

    async def run() -> tuple[str, ChainVerdict]:
        stream = host.open_stream(chain, META)
        assert stream.streaming
        out = await stream.feed("Mail jane@exa") + await stream.feed("mple.com now.")
        out += await stream.finish()
        assert stream.result is not None
        return out, stream.result.verdict

    assert asyncio.run(run()) == (expected, verdict)


def test_cache_reuses_precompiled_module(tmp_path: Path, example_wasm: dict[str, bytes]) -> None:
    wasm = example_wasm["pii_redact"]
    digest = sha256_digest(wasm)
    settings = PluginHostSettings(cache_dir=tmp_path / "cache")
    with PluginHost(settings) as first:
        first.load("pii", wasm, digest=digest)
    artifacts = list((tmp_path / "cache").glob("*.cwasm"))
    assert len(artifacts) == 1
    assert digest.removeprefix("sha256:") in artifacts[0].name
    assert (tmp_path / "cache").stat().st_mode & 0o777 == 0o700
    stamp = artifacts[0].stat().st_mtime_ns
    with PluginHost(settings) as second:
        plugin = second.load("pii", wasm, digest=digest)
        assert second.run_sync(plugin, "a@b.io x", META).text == "[EMAIL] x"
    assert artifacts[0].stat().st_mtime_ns == stamp


def test_damaged_artifact_is_recompiled(tmp_path: Path, example_wasm: dict[str, bytes]) -> None:
    wasm = example_wasm["pii_redact"]
    settings = PluginHostSettings(cache_dir=tmp_path / "cache")
    with PluginHost(settings) as first:
        first.load("pii", wasm, digest=sha256_digest(wasm))
    (artifact,) = (tmp_path / "cache").glob("*.cwasm")
    artifact.write_bytes(b"not a precompiled module")
    with PluginHost(settings) as second:
        plugin = second.load("pii", wasm, digest=sha256_digest(wasm))
        assert second.run_sync(plugin, "a@b.io", META).text == "[EMAIL]"


def test_shared_cache_directory_is_refused(tmp_path: Path) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    os.chmod(shared, 0o777)
    with pytest.raises(PluginUnavailableError):
        PluginHost(PluginHostSettings(cache_dir=shared))


def test_closed_host_refuses(tmp_path: Path) -> None:
    closed = PluginHost(PluginHostSettings(cache_dir=tmp_path / "c"))
    closed.close()
    wasm = wat_bytes("unreachable")
    with pytest.raises(PluginUnavailableError):
        closed.load("x", wasm, digest=sha256_digest(wasm))


def test_parallel_requests_are_isolated(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("pii_redact")
    errors: list[str] = []

    def worker(n: int) -> None:
        for k in range(20):
            text = f"user{n}-{k}@example.com said {n}"
            result = host.run_sync(plugin, text, META)
            if result.text != f"[EMAIL] said {n}":
                errors.append(result.text)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert time.monotonic() - start < 30
