"""json_enforce: schema subset, block and repair modes, and buffered streaming."""

from __future__ import annotations

import asyncio
import json

import pytest

from appliance.plugins import Action, ChainVerdict, FailureReason, PluginHost, RequestMeta
from tests.appliance.plugins.conftest import Loader

META = RequestMeta(tenant="bank", model="demo", request_id="r-2")
SCHEMA = json.dumps(
    {
        "type": "object",
        "required": ["decision", "amount"],
        "properties": {
            "decision": {"type": "string", "enum": ["approve", "decline"]},
            "amount": {"type": "integer"},
            "note": {"type": "string", "maxLength": 10},
            "tags": {"type": "array", "items": {"type": "string"}},
        },
    }
)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ('{"decision": "approve", "amount": 120}', Action.PASS),
        ('  {"decision":"decline","amount":0,"note":"ok","tags":["a"]}\n', Action.PASS),
        ('{"decision": "maybe", "amount": 120}', Action.BLOCK),
        ('{"decision": "approve"}', Action.BLOCK),
        ('{"decision": "approve", "amount": 1.5}', Action.BLOCK),
        ('{"decision": "approve", "amount": 1, "note": "much too long"}', Action.BLOCK),
        ('{"decision": "approve", "amount": 1, "tags": [1]}', Action.BLOCK),
        ('Sure! {"decision": "approve", "amount": 120}', Action.BLOCK),
        ('{"decision": "approve", "amount": 120', Action.BLOCK),
        ('{"decision": "approve", "amount": 120} trailing', Action.BLOCK),
    ],
)
def test_block_mode(host: PluginHost, load_example: Loader, text: str, action: Action) -> None:
    plugin = load_example("json_enforce", schema=SCHEMA)
    result = host.run_sync(plugin, text, META)
    assert result.action is action
    if action is Action.BLOCK:
        assert result.text == ""
        assert result.findings[0].kind in {"schema", "invalid_json"}


@pytest.mark.parametrize(
    ("text", "repaired"),
    [
        (
            'Sure! Here it is: {"decision": "approve", "amount": 120} Anything else?',
            '{"decision": "approve", "amount": 120}',
        ),
        (
            'Draft {"decision": "later"} then final {"decision":"decline","amount":3}.',
            '{"decision":"decline","amount":3}',
        ),
        ('```json\n{"decision": "approve", "amount": 7, "x": {"y": "}"}}\n```', None),
    ],
)
def test_repair_mode(
    host: PluginHost, load_example: Loader, text: str, repaired: str | None
) -> None:
    result = host.run_sync(load_example("json_enforce", schema=SCHEMA, mode="repair"), text, META)
    if repaired is None:
        assert result.action is Action.MODIFY
        assert json.loads(result.text)["amount"] == 7
    else:
        assert (result.action, result.text) == (Action.MODIFY, repaired)


def test_repair_without_a_valid_object_blocks(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("json_enforce", schema=SCHEMA, mode="repair")
    assert host.run_sync(plugin, "I cannot answer that.", META).action is Action.BLOCK


def test_bad_config_is_a_plugin_error(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("json_enforce", schema="{not json")
    result = host.run_sync(plugin, "{}", META)
    assert result.action is Action.FAILED
    assert result.failure is FailureReason.PLUGIN_ERROR


def test_whole_only_plugin_streams_buffered(host: PluginHost, load_example: Loader) -> None:
    plugin = load_example("json_enforce", schema=SCHEMA, mode="repair")
    text = 'Answer: {"decision": "approve", "amount": 5}'

    async def run() -> tuple[list[str], str]:
        stream = host.open_stream([load_example("pii_redact"), plugin], META)
        assert not stream.streaming
        fed = [await stream.feed(text[i : i + 4]) for i in range(0, len(text), 4)]
        return fed, await stream.finish()

    fed, final = asyncio.run(run())
    assert fed == [""] * len(fed)
    assert final == '{"decision": "approve", "amount": 5}'


def test_chain_result_of_a_block(host: PluginHost, load_example: Loader) -> None:
    chain = [load_example("pii_redact"), load_example("json_enforce", schema=SCHEMA)]
    result = host.run_chain_sync(chain, "no json at all, mail a@b.io", META)
    assert result.verdict is ChainVerdict.BLOCK
    assert result.stopped_by == "json_enforce"
    assert result.text == ""
