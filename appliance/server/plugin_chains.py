"""Each tenant's compiled plugin chain for the live policy, and what a chain's outcome
means for the response."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

from appliance.plugins import (
    ChainResult,
    ChainVerdict,
    LoadedPlugin,
    PluginHost,
    PluginLoadError,
    PluginStream,
    RequestMeta,
)
from appliance.policy.loader import LoadedPolicy
from appliance.policy.model import Tenant
from appliance.policy.store import PolicyPrepareError
from appliance.server.errors import BlockedError

_KEEP_POLICIES = 4

PluginKey = tuple[str, str, str, tuple[tuple[str, str], ...]]


class PluginChains:
    """Compiles every plugin a policy names before that policy goes live, so a request never
    waits for a compile and a module that fails to load stops the reload, not a request."""

    def __init__(self, host: PluginHost) -> None:
        self._host = host
        self._plugins: dict[PluginKey, LoadedPlugin] = {}
        self._chains: dict[str, dict[str, tuple[LoadedPlugin, ...]]] = {}

    async def prepare(self, loaded: LoadedPolicy) -> None:
        """Load and verify each tenant's chain; PolicyPrepareError if any module fails."""
        chains: dict[str, tuple[LoadedPlugin, ...]] = {}
        for tenant in loaded.policy.tenants:
            chain = []
            for ref in tenant.plugins:
                key = (ref.digest, ref.name, ref.on_failure, tuple(sorted(ref.config.items())))
                plugin = self._plugins.get(key)
                if plugin is None:
                    try:
                        plugin = await asyncio.to_thread(
                            self._host.load_file,
                            ref.name,
                            loaded.resolve(ref.module),
                            digest=ref.digest,
                            on_failure=ref.on_failure,
                            config=ref.config,
                        )
                    except (PluginLoadError, OSError) as exc:
                        raise PolicyPrepareError(
                            f"tenant {tenant.id!r}, plugin {ref.name!r}: {exc}"
                        ) from exc
                    self._plugins[key] = plugin
                chain.append(plugin)
            chains[tenant.id] = tuple(chain)
        self._chains[loaded.digest] = chains
        while len(self._chains) > _KEEP_POLICIES:
            self._chains.pop(next(iter(self._chains)))

    def open(self, loaded: LoadedPolicy, tenant: Tenant, meta: RequestMeta) -> PluginStream | None:
        """A streaming session over the tenant's chain, or None when it has no plugins."""
        if not tenant.plugins:
            return None
        chain = self._chains.get(loaded.digest, {}).get(tenant.id)
        if chain is None:
            # Cannot happen for a policy that went live through prepare(); fail closed.
            raise BlockedError("the tenant's plugin chain is not loaded", reason="PLUGIN_FAILED")
        return self._host.open_stream(chain, meta)

    def close(self) -> None:
        """Stop the host's worker threads."""
        self._host.close()


def blocked_error(result: ChainResult) -> BlockedError:
    """The client-facing error for a chain that blocked or withheld the response."""
    if result.verdict is ChainVerdict.BLOCK:
        return BlockedError(
            f"the response was blocked by plugin {result.stopped_by!r}", reason="PLUGIN_BLOCKED"
        )
    reason = result.failure.value if result.failure is not None else "unknown"
    return BlockedError(
        f"the response was withheld: plugin {result.stopped_by!r} failed ({reason})",
        reason="PLUGIN_FAILED",
    )


def outcomes(result: ChainResult | None) -> Sequence[dict[str, object]]:
    """Each plugin's part, for the audit record."""
    if result is None:
        return ()
    return tuple(
        {
            "plugin": step.plugin,
            "action": step.result.action.value,
            "failure": step.result.failure.value if step.result.failure else None,
            "skipped": step.skipped,
            "findings": [f.kind for f in step.result.findings],
        }
        for step in result.steps
    )
