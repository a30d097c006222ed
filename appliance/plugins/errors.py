"""Plugin errors, split into "this plugin or request fails" and "the plugin host is down"."""

from __future__ import annotations

from appliance.plugins.reasons import FailureReason


class PluginError(Exception):
    """Base of every plugin error."""


class PluginLoadError(PluginError):
    """This module cannot be loaded (digest, ABI, exports, imports); other plugins are fine."""

    def __init__(self, reason: FailureReason, detail: str) -> None:
        super().__init__(f"{reason.value}: {detail}")
        self.reason = reason
        self.detail = detail


class PluginUnavailableError(PluginError):
    """The plugin host cannot run plugins now (cache directory unsafe, host closed).

    Callers treat it like any fail-closed plugin failure: withhold the response.
    """
