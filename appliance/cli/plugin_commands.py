"""`appliance plugin build|run|inspect`: the plugin developer's tools."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from appliance.plugins import (
    ABI_VERSION,
    PluginBuildError,
    PluginError,
    PluginHost,
    PluginHostSettings,
    PluginLoadError,
    PluginResult,
    RequestMeta,
    build_plugin,
    sha256_digest,
    wasmtime_version,
)


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    plugin = commands.add_parser("plugin", help="Build, run and inspect WASI plugins.")
    plugin_commands = plugin.add_subparsers(dest="plugin_command", required=True)

    build = plugin_commands.add_parser(
        "build", help="Compile C sources with the plugin SDK to a wasm32-wasi reactor module."
    )
    build.add_argument("sources", type=Path, nargs="+", metavar="SRC.c")
    build.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.wasm")
    build.add_argument("--clang", default=None, help="clang to use (default: clang on PATH).")
    build.set_defaults(run=_build)

    run = plugin_commands.add_parser(
        "run", help="Run a plugin once over a file, as the daemon would; prints the result."
    )
    run.add_argument("module", type=Path, metavar="OUT.wasm")
    run.add_argument("--input", type=Path, required=True, help="Response text (UTF-8).")
    run.add_argument(
        "--meta",
        default="{}",
        help='Metadata JSON: {"tenant", "model", "request_id", "config": {name: string}}.',
    )
    run.add_argument(
        "--digest", default=None, help="Pin to check (default: the file's own digest)."
    )
    run.add_argument(
        "--chunk-size",
        type=int,
        default=0,
        help="Stream the input in chunks of this many characters (0: whole response).",
    )
    run.add_argument("--cache-dir", type=Path, default=None, help="Precompiled-module cache.")
    run.set_defaults(run=_run)

    inspect = plugin_commands.add_parser(
        "inspect", help="Show a module's digest, exports, imports, ABI version and modes."
    )
    inspect.add_argument("module", type=Path, metavar="OUT.wasm")
    inspect.set_defaults(run=_inspect)


def _fail(command: str, message: object) -> int:
    print(f"appliance plugin {command}: {message}", file=sys.stderr)
    return 1


def _build(args: argparse.Namespace) -> int:
    try:
        output = build_plugin(list(args.sources), args.output, clang=args.clang)
    except PluginBuildError as exc:
        return _fail("build", exc)
    print(f"{output} {sha256_digest(output.read_bytes())}")
    return 0


def _result_json(result: PluginResult) -> dict[str, Any]:
    return {
        "action": result.action.value,
        "text": result.text,
        "findings": [asdict(f) for f in result.findings],
        "message": result.message,
        "failure": result.failure.value if result.failure else None,
    }


def _parse_meta(raw: str) -> tuple[RequestMeta, dict[str, str]]:
    document = json.loads(raw)
    if not isinstance(document, dict):
        raise ValueError("--meta must be a JSON object")
    config = document.get("config", {})
    if not isinstance(config, dict) or not all(isinstance(v, str) for v in config.values()):
        raise ValueError("config must map names to strings, as in policy")
    meta = RequestMeta(
        tenant=str(document.get("tenant", "")),
        model=str(document.get("model", "")),
        request_id=str(document.get("request_id", "")),
    )
    return meta, {str(k): v for k, v in config.items()}


def _run(args: argparse.Namespace) -> int:
    try:
        wasm = args.module.read_bytes()
        text = args.input.read_text(encoding="utf-8")
        meta, config = _parse_meta(args.meta)
    except (OSError, ValueError) as exc:
        return _fail("run", exc)
    with tempfile.TemporaryDirectory() as scratch:
        settings = PluginHostSettings(cache_dir=args.cache_dir or Path(scratch) / "cache")
        try:
            with PluginHost(settings) as host:
                plugin = host.load(
                    args.module.stem, wasm, digest=args.digest or sha256_digest(wasm), config=config
                )
                if args.chunk_size > 0:
                    document = _run_streamed(host, plugin, text, meta, args.chunk_size)
                else:
                    document = _result_json(host.run_sync(plugin, text, meta))
        except PluginError as exc:
            return _fail("run", exc)
    print(json.dumps(document, ensure_ascii=False, indent=2))
    return 0 if document.get("failure") is None else 2


def _run_streamed(
    host: PluginHost, plugin: Any, text: str, meta: RequestMeta, size: int
) -> dict[str, Any]:
    import asyncio

    async def stream() -> dict[str, Any]:
        session = host.open_stream([plugin], meta)
        emitted = [await session.feed(text[i : i + size]) for i in range(0, len(text), size)]
        emitted.append(await session.finish())
        result = session.result
        assert result is not None
        return {
            "verdict": result.verdict.value,
            "emitted": emitted,
            "text": "".join(emitted) if result.text == "" else result.text,
            "streamed": session.streaming,
            "failure": result.failure.value if result.failure else None,
        }

    return asyncio.run(stream())


def _inspect(args: argparse.Namespace) -> int:
    try:
        wasm = args.module.read_bytes()
    except OSError as exc:
        return _fail("inspect", exc)
    digest = sha256_digest(wasm)
    report: dict[str, Any] = {"module": str(args.module), "digest": digest}
    with tempfile.TemporaryDirectory() as scratch:
        try:
            with PluginHost(PluginHostSettings(cache_dir=Path(scratch) / "cache")) as host:
                plugin = host.load(args.module.stem, wasm, digest=digest)
        except PluginLoadError as exc:
            report.update(loadable=False, reason=exc.reason.value, detail=exc.detail)
            print(json.dumps(report, indent=2))
            return 1
    report.update(
        loadable=True,
        abi_version=ABI_VERSION,
        modes=[m.name.lower() for m in type(plugin.modes) if m in plugin.modes and m.name],
        exports=list(plugin.exports),
        imports=list(plugin.imports),
        wasmtime=wasmtime_version(),
    )
    print(json.dumps(report, indent=2))
    return 0
