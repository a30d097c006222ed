"""Plugin fixtures: the example plugins built from C once per session, and a shared host.

Building needs clang with a wasm32-wasi sysroot. Without it the fixture errors, on purpose:
these tests must fail, not skip, where the toolchain is missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import wasmtime

from appliance.plugins import (
    LoadedPlugin,
    OnFailure,
    PluginHost,
    PluginHostSettings,
    build_plugin,
    sha256_digest,
)

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "plugins" / "examples"
ASSETS = REPO / "tests" / "assets" / "plugins"
EXAMPLE_NAMES = ("pii_redact", "json_enforce", "banned_terms")

Loader = Callable[..., LoadedPlugin]


@pytest.fixture(scope="session")
def example_wasm(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    out = tmp_path_factory.mktemp("wasm")
    built = {}
    for name in EXAMPLE_NAMES:
        path = build_plugin([EXAMPLES / name / f"{name}.c"], out / f"{name}.wasm")
        built[name] = path.read_bytes()
    return built


@pytest.fixture(scope="session")
def host(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PluginHost]:
    settings = PluginHostSettings(cache_dir=tmp_path_factory.mktemp("plugins") / "cache")
    with PluginHost(settings) as running:
        yield running


def wat_bytes(name: str) -> bytes:
    """A hostile fixture compiled from its WAT text."""
    return wasmtime.wat2wasm((ASSETS / f"{name}.wat").read_text())


@pytest.fixture(scope="session")
def load_example(host: PluginHost, example_wasm: dict[str, bytes]) -> Loader:
    def load(name: str, *, on_failure: OnFailure = "fail_closed", **config: str) -> LoadedPlugin:
        wasm = example_wasm[name]
        return host.load(
            name, wasm, digest=sha256_digest(wasm), on_failure=on_failure, config=config
        )

    return load


@pytest.fixture(scope="session")
def load_wat(host: PluginHost) -> Loader:
    def load(name: str, *, on_failure: OnFailure = "fail_closed") -> LoadedPlugin:
        wasm = wat_bytes(name)
        return host.load(name, wasm, digest=sha256_digest(wasm), on_failure=on_failure)

    return load
