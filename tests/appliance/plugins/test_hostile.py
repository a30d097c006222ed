"""Hostile modules: each is contained with its own reason, and a good plugin keeps working."""

from __future__ import annotations

import pytest

from appliance.plugins import (
    Action,
    FailureReason,
    PluginHost,
    PluginHostSettings,
    PluginLoadError,
    RequestMeta,
    sha256_digest,
)
from tests.appliance.plugins.conftest import Loader, wat_bytes

META = RequestMeta(tenant="t", model="m", request_id="r")
GOOD_TEXT = "Contact jane@example.com."


def _good_still_works(host: PluginHost, load_example: Loader) -> None:
    result = host.run_sync(load_example("pii_redact"), GOOD_TEXT, META)
    assert (result.action, result.text) == (Action.MODIFY, "Contact [EMAIL].")


@pytest.mark.parametrize(
    ("fixture", "reasons"),
    [
        ("infinite_loop", {FailureReason.OUT_OF_FUEL, FailureReason.TIMEOUT}),
        ("memory_bomb", {FailureReason.MEMORY_LIMIT}),
        ("huge_output", {FailureReason.OUTPUT_TOO_LARGE}),
        ("out_of_bounds_output", {FailureReason.BAD_POINTER}),
        ("unreachable", {FailureReason.TRAP}),
        ("invalid_utf8_output", {FailureReason.INVALID_UTF8}),
        ("invalid_json_output", {FailureReason.INVALID_JSON}),
        ("bad_schema_output", {FailureReason.BAD_OUTPUT}),
        ("bad_alloc", {FailureReason.BAD_POINTER}),
    ],
)
def test_call_failures_are_contained(
    host: PluginHost,
    load_wat: Loader,
    load_example: Loader,
    fixture: str,
    reasons: set[FailureReason],
) -> None:
    plugin = load_wat(fixture)
    result = host.run_sync(plugin, "hello", META)
    assert result.action is Action.FAILED
    assert result.failure in reasons, result
    assert result.text == ""
    _good_still_works(host, load_example)


@pytest.mark.parametrize(
    ("fixture", "reason"),
    [
        ("undefined_import", FailureReason.LINK_ERROR),
        ("wrong_abi_version", FailureReason.ABI_MISMATCH),
        ("missing_process", FailureReason.MISSING_EXPORT),
        ("huge_initial_memory", FailureReason.MEMORY_LIMIT),
    ],
)
def test_load_failures_are_refused(
    host: PluginHost, load_wat: Loader, load_example: Loader, fixture: str, reason: FailureReason
) -> None:
    with pytest.raises(PluginLoadError) as caught:
        load_wat(fixture)
    assert caught.value.reason is reason
    _good_still_works(host, load_example)


def test_wall_clock_deadline_without_fuel_limit(
    tmp_path_factory: pytest.TempPathFactory, load_example: Loader, host: PluginHost
) -> None:
    settings = PluginHostSettings(
        cache_dir=tmp_path_factory.mktemp("deadline"),
        fuel_per_call=10_000_000_000,
        deadline_ms=50,
    )
    with PluginHost(settings) as slow_host:
        wasm = wat_bytes("infinite_loop")
        plugin = slow_host.load("loop", wasm, digest=sha256_digest(wasm))
        result = slow_host.run_sync(plugin, "x", META)
    assert result.failure is FailureReason.TIMEOUT
    _good_still_works(host, load_example)


def test_a_plugin_cannot_sleep(host: PluginHost, load_wat: Loader, load_example: Loader) -> None:
    # WASI's poll_oneoff would sleep 10 s in a host call, beyond the reach of the epoch
    # deadline; the host answers ENOTSUP at once and the guest reports the refusal.
    result = host.run_sync(load_wat("sleep_probe"), "x", META)
    assert result.failure is None
    assert result.action is Action.MODIFY
    assert result.text == "refused"
    _good_still_works(host, load_example)


def test_no_filesystem_inside_the_guest(
    host: PluginHost, load_wat: Loader, load_example: Loader
) -> None:
    result = host.run_sync(load_wat("open_etc_passwd"), "x", META)
    # The guest's own call failed (EBADF: fd 3 is no preopen) and the host reports what the
    # guest returned; no file content can have been read.
    assert result.action is Action.MODIFY
    assert result.text == "errno=08"
    _good_still_works(host, load_example)


def test_digest_must_match(host: PluginHost, example_wasm: dict[str, bytes]) -> None:
    wasm = example_wasm["pii_redact"]
    wrong = sha256_digest(wasm + b"\0")
    with pytest.raises(PluginLoadError) as caught:
        host.load("pii", wasm, digest=wrong)
    assert caught.value.reason is FailureReason.DIGEST_MISMATCH
    with pytest.raises(PluginLoadError) as unpinned:
        host.load("pii", wasm, digest="")
    assert unpinned.value.reason is FailureReason.DIGEST_MISMATCH


def test_not_a_module(host: PluginHost) -> None:
    junk = b"\0asm\x01\0\0\0garbage"
    with pytest.raises(PluginLoadError) as caught:
        host.load("junk", junk, digest=sha256_digest(junk))
    assert caught.value.reason is FailureReason.INVALID_MODULE


def test_reason_codes_are_stable() -> None:
    assert {r.value for r in FailureReason} == {
        "trap", "timeout", "out_of_fuel", "memory_limit", "bad_pointer", "output_too_large",
        "invalid_utf8", "invalid_json", "bad_output", "plugin_error", "abi_mismatch",
        "missing_export", "link_error", "invalid_module", "digest_mismatch",
    }  # fmt: skip


def test_every_request_gets_a_fresh_instance(host: PluginHost, load_wat: Loader) -> None:
    plugin = load_wat("counter")
    texts = {host.run_sync(plugin, "x", META).text for _ in range(5)}
    assert texts == {"1"}
