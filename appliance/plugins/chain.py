"""Running a chain of plugins over a whole response, in order, with per-plugin failure policy."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from appliance.plugins._instance import CallFailed, PluginInstance
from appliance.plugins.meta import RequestMeta
from appliance.plugins.plugin import LoadedPlugin
from appliance.plugins.results import (
    Action,
    ChainResult,
    ChainStep,
    ChainVerdict,
    PluginResult,
)
from appliance.plugins.settings import PluginHostSettings


def run_plugin(
    plugin: LoadedPlugin, text: str, meta: RequestMeta, settings: PluginHostSettings
) -> PluginResult:
    """One whole-response call in a fresh instance; failures come back as a FAILED result."""
    try:
        return PluginInstance(plugin, settings).process(text, meta)
    except CallFailed as exc:
        return PluginResult.failed(exc.reason, exc.detail)


def fold_chain(
    plugins: Sequence[LoadedPlugin],
    text: str,
    call: Callable[[LoadedPlugin, str], PluginResult],
) -> ChainResult:
    """Apply `call` plugin by plugin: block stops, failures follow each plugin's on_failure."""
    steps: list[ChainStep] = []
    modified = False
    for plugin in plugins:
        result = call(plugin, text)
        if result.action is Action.FAILED:
            if plugin.on_failure == "pass_through":
                steps.append(ChainStep(plugin.name, result, skipped=True))
                continue
            steps.append(ChainStep(plugin.name, result))
            return ChainResult(ChainVerdict.WITHHELD, "", tuple(steps), plugin.name, result.failure)
        steps.append(ChainStep(plugin.name, result))
        if result.action is Action.BLOCK:
            return ChainResult(ChainVerdict.BLOCK, "", tuple(steps), plugin.name)
        if result.action is Action.MODIFY:
            modified = True
            text = result.text
    verdict = ChainVerdict.MODIFY if modified else ChainVerdict.PASS
    return ChainResult(verdict, text, tuple(steps))


def run_chain(
    plugins: Sequence[LoadedPlugin],
    text: str,
    meta: RequestMeta,
    settings: PluginHostSettings,
) -> ChainResult:
    """Run the chain over a whole response, each plugin in a fresh instance."""
    return fold_chain(plugins, text, lambda plugin, t: run_plugin(plugin, t, meta, settings))
