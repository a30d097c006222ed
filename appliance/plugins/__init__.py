"""WASI post-processing plugins: pinned modules run per request in fresh, limited instances.

`PluginHost.load` verifies a module's SHA-256 against its pin, compiles it once (keeping the
precompiled artifact in a private cache directory) and checks the ABI in plugins/ABI.md.
`run_chain` and `open_stream` run a tenant's chain off the event loop; every failure comes
back as a `FailureReason` and is handled by each plugin's `on_failure`.
"""

from appliance.plugins._runtime import sha256_digest, wasmtime_version
from appliance.plugins.errors import PluginError, PluginLoadError, PluginUnavailableError
from appliance.plugins.host import PluginHost
from appliance.plugins.meta import RequestMeta
from appliance.plugins.plugin import ABI_VERSION, LoadedPlugin, OnFailure, PluginModes
from appliance.plugins.reasons import FailureReason
from appliance.plugins.results import (
    Action,
    ChainResult,
    ChainStep,
    ChainVerdict,
    Finding,
    PluginResult,
)
from appliance.plugins.settings import PluginHostSettings
from appliance.plugins.stream import PluginStream
from appliance.plugins.toolchain import PluginBuildError, build_command, build_plugin, sdk_dir

__all__ = [
    "ABI_VERSION",
    "Action",
    "ChainResult",
    "ChainStep",
    "ChainVerdict",
    "FailureReason",
    "Finding",
    "LoadedPlugin",
    "OnFailure",
    "PluginBuildError",
    "PluginError",
    "PluginHost",
    "PluginHostSettings",
    "PluginLoadError",
    "PluginModes",
    "PluginResult",
    "PluginStream",
    "PluginUnavailableError",
    "RequestMeta",
    "build_command",
    "build_plugin",
    "sdk_dir",
    "sha256_digest",
    "wasmtime_version",
]
