"""banned_terms: whole words, case and Unicode folding, block and mask, streaming."""

# ruff: noqa: RUF001  (fullwidth letters are the point of these tests)

from __future__ import annotations

import asyncio

import pytest

from appliance.plugins import Action, PluginHost, RequestMeta
from tests.appliance.plugins.conftest import Loader

META = RequestMeta(tenant="bank", model="demo", request_id="r-3")
TERMS = "project falcon, insider, crème"


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        ("Ask about Project Falcon today.", "Ask about ************** today."),
        ("ask about PROJECT FALCON.", "ask about **************."),
        ("Ｉｎｓｉｄｅｒ trading", "******* trading"),
        ("an ínsíder said", "an ******* said"),
        ("an insi\u0301der said", "an ******* said"),
        ("creme and CRÈME", "***** and *****"),
        # whole words only
        ("insiders and outsider and falcon", None),
        ("projectfalcon", None),
    ],
)
def test_mask_mode(host: PluginHost, load_example: Loader, text: str, masked: str | None) -> None:
    result = host.run_sync(load_example("banned_terms", terms=TERMS, action="mask"), text, META)
    if masked is None:
        assert (result.action, result.text) == (Action.PASS, text)
    else:
        assert (result.action, result.text) == (Action.MODIFY, masked)
        for finding in result.findings:
            assert set(result.text.encode()[finding.start : finding.end].decode()) == {"*"}


def test_block_mode_reports_the_term_in_the_input(host: PluginHost, load_example: Loader) -> None:
    text = "The ＩＮＳＩＤＥＲ memo."
    result = host.run_sync(load_example("banned_terms", terms=TERMS), text, META)
    assert result.action is Action.BLOCK
    (finding,) = result.findings
    assert text.encode()[finding.start : finding.end].decode() == "ＩＮＳＩＤＥＲ"


def test_unknown_action_is_a_plugin_error(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("banned_terms", terms=TERMS, action="shout")
    assert host.run_sync(plugin, "x", META).action is Action.FAILED


@pytest.mark.parametrize("term_text", ["Project Falcon", "ｉｎｓｉｄｅｒ"])
def test_stream_masks_terms_split_anywhere(
    host: PluginHost, load_example: Loader, term_text: str
) -> None:
    text = f"We discussed {term_text} at length in the weekly meeting notes."
    plugin = load_example("banned_terms", terms=TERMS, action="mask")

    async def run(cut: int) -> list[str]:
        stream = host.open_stream([plugin], META)
        parts = [await stream.feed(text[:cut]), await stream.feed(text[cut:])]
        return [*parts, await stream.finish()]

    whole = host.run_sync(plugin, text, META).text
    for cut in range(len(text) + 1):
        emitted = asyncio.run(run(cut))
        assert "".join(emitted) == whole
        assert all(term_text[:4] not in part for part in emitted)


def test_stream_block_stops_output(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("banned_terms", terms=TERMS)
    text = "A long and harmless preamble that goes on and on. Then insider talk. " * 3

    async def run() -> tuple[str, str]:
        stream = host.open_stream([plugin], META)
        emitted = "".join([await stream.feed(text[i : i + 5]) for i in range(0, len(text), 5)])
        emitted += await stream.finish()
        assert stream.result is not None
        return emitted, stream.result.verdict.value

    emitted, verdict = asyncio.run(run())
    assert verdict == "block"
    assert "insider" not in emitted
