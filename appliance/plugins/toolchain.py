"""Building plugins from C with clang for wasm32-wasi, against the SDK in plugins/sdk."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from appliance.plugins.errors import PluginError

# The repository's plugins/ directory; APPLIANCE_PLUGIN_SDK overrides it for installed copies.
_DEFAULT_SDK = Path(__file__).resolve().parents[2] / "plugins" / "sdk"


class PluginBuildError(PluginError):
    """clang is missing, cannot target wasm32-wasi, or the source does not compile."""


def sdk_dir() -> Path:
    """The directory holding appliance_plugin.h and plugin_sdk.c."""
    return Path(os.environ.get("APPLIANCE_PLUGIN_SDK", _DEFAULT_SDK))


def build_command(sources: list[Path], output: Path, *, clang: str = "clang") -> list[str]:
    """The clang command line that builds a reactor module from plugin sources and the SDK."""
    sdk = sdk_dir()
    return [
        clang,
        "--target=wasm32-wasi",
        "-O2",
        "-mexec-model=reactor",
        "-std=c11",
        "-Wall",
        "-Wextra",
        "-Werror",
        f"-I{sdk}",
        str(sdk / "plugin_sdk.c"),
        *(str(s) for s in sources),
        "-Wl,--strip-debug",
        "-o",
        str(output),
    ]


def build_plugin(sources: list[Path], output: Path, *, clang: str | None = None) -> Path:
    """Compile plugin sources to `output`; raises PluginBuildError with clang's message."""
    compiler = clang or os.environ.get("APPLIANCE_PLUGIN_CLANG") or shutil.which("clang")
    if compiler is None:
        raise PluginBuildError("clang not found (apt-get install clang lld wasi-libc)")
    output.parent.mkdir(parents=True, exist_ok=True)
    try:
        completed = subprocess.run(
            build_command(sources, output, clang=compiler),
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        raise PluginBuildError(f"cannot run {compiler}: {exc}") from exc
    if completed.returncode != 0:
        raise PluginBuildError(
            f"clang failed ({completed.returncode}):\n{completed.stderr.strip()}"
        )
    return output
