"""Which plugins may run on the event loop.

A call into a small streaming plugin takes tens of microseconds; handing it to a worker
thread and back costs more than that on an idle host and milliseconds on a busy one (the
worker waits for the GIL). So streamed chunks run on the event loop, as long as each plugin
stays fast: one call over the limit and that plugin runs on worker threads from then on,
for the life of the host. A hostile plugin can therefore hold the loop once, for at most
its per-call deadline.

Fast means the call's CPU time (of the calling thread, wasm included) stays under the limit
and its wall time under ten times the limit: wall time alone would count the waits for the
GIL on a busy host against the plugin; CPU time alone would miss a call that waits in a host
function (the linker refuses WASI's sleep, `poll_oneoff`; the wall limit is the backstop).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable

from appliance.plugins.plugin import LoadedPlugin

log = logging.getLogger(__name__)

_WALL_FACTOR = 10.0

PluginKey = tuple[str, str, tuple[tuple[str, str], ...]]


def plugin_key(plugin: LoadedPlugin) -> PluginKey:
    """A loaded plugin's identity: name, module digest and configuration."""
    return plugin.name, plugin.digest, tuple(sorted(plugin.config.items()))


class InlineGate:
    """Remembers the plugins that were slow once; safe to use from any thread."""

    def __init__(self, limit_ms: float) -> None:
        self._limit_s = limit_ms / 1000.0
        self._slow: set[PluginKey] = set()
        self._lock = threading.Lock()

    def allows(self, chain: Iterable[LoadedPlugin]) -> bool:
        """True when every plugin of `chain` may run on the event loop."""
        if self._limit_s <= 0.0:
            return False
        return not self._slow or all(plugin_key(p) not in self._slow for p in chain)

    def observe(self, plugin: LoadedPlugin, *, cpu_s: float, wall_s: float) -> None:
        """Record one call's CPU and wall time; a call over the limits demotes the plugin."""
        if cpu_s <= self._limit_s and wall_s <= self._limit_s * _WALL_FACTOR:
            return
        key = plugin_key(plugin)
        with self._lock:
            if key in self._slow:
                return
            self._slow.add(key)
        log.warning(
            "plugin %s took %.1f ms (%.1f ms of CPU) in one call, over the inline limit of "
            "%.1f ms of CPU and %.1f ms: its calls run on worker threads from now on",
            plugin.name,
            wall_s * 1000.0,
            cpu_s * 1000.0,
            self._limit_s * 1000.0,
            self._limit_s * _WALL_FACTOR * 1000.0,
        )

    def demoted(self) -> tuple[str, ...]:
        """Names of the plugins that run on worker threads because they were slow."""
        with self._lock:
            return tuple(sorted({key[0] for key in self._slow}))
