"""What a plugin costs per request: pii_redact over a ~2 KB response, fresh instance per
request (what the host does) against one reused instance, the same response streamed in
token-sized chunks (4 characters, each one `process_chunk` call), plus RSS growth over many
fresh instances (a leak check: Stores must be freed).

    .venv/bin/python bench/plugins.py [--calls 2000] [--leak-calls 20000]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from appliance.plugins import (  # noqa: E402
    PluginHost,
    PluginHostSettings,
    RequestMeta,
    build_plugin,
    sha256_digest,
)
from appliance.plugins._instance import PluginInstance  # noqa: E402

PARAGRAPH = (
    "Thanks for reaching out about your account. I have updated the billing contact to "
    "jane.doe@example.com and noted the callback number +44 20 7946 0958. The refund of "
    "EUR 120.00 goes to DE89 3704 0044 0532 0130 00 within five working days; the card "
    "4111 1111 1111 1111 on file will not be charged again. Order 2024-05-17/8812 is closed. "
)
RESPONSE = (PARAGRAPH * 6)[:2048]
META = RequestMeta(tenant="bench", model="demo", request_id="bench")
CHUNK_CHARS = 4  # about one token of English


def rss_kib() -> int:
    """Current resident set size (not the peak), from /proc."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p50 = statistics.median(ordered) * 1e6
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1e6
    return f"p50 {p50:8.1f} us   p99 {p99:8.1f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--leak-calls", type=int, default=20_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        wasm_path = build_plugin(
            [REPO / "plugins/examples/pii_redact/pii_redact.c"], Path(scratch) / "pii.wasm"
        )
        wasm = wasm_path.read_bytes()
        with PluginHost(PluginHostSettings(cache_dir=Path(scratch) / "cache")) as host:
            plugin = host.load("pii_redact", wasm, digest=sha256_digest(wasm))
            assert "[EMAIL]" in host.run_sync(plugin, RESPONSE, META).text
            for _ in range(200):  # warm-up
                host.run_sync(plugin, RESPONSE, META)

            fresh = []
            for _ in range(args.calls):
                start = time.perf_counter()
                host.run_sync(plugin, RESPONSE, META)
                fresh.append(time.perf_counter() - start)

            reused_instance = PluginInstance(plugin, host.settings)
            reused = []
            for _ in range(args.calls):
                start = time.perf_counter()
                reused_instance.process(RESPONSE, META)
                reused.append(time.perf_counter() - start)

            chunks = [RESPONSE[i : i + CHUNK_CHARS] for i in range(0, len(RESPONSE), CHUNK_CHARS)]
            streamed = []
            for _ in range(max(1, args.calls // 10)):
                instance = PluginInstance(plugin, host.settings)
                instance.stream_begin(META)
                for chunk in chunks:
                    start = time.perf_counter()
                    instance.process_chunk(chunk)
                    streamed.append(time.perf_counter() - start)
                instance.finish()

            gc.collect()
            before = rss_kib()
            for _ in range(args.leak_calls):
                host.run_sync(plugin, RESPONSE, META)
            gc.collect()
            after = rss_kib()

    print(f"response: {len(RESPONSE.encode())} bytes through pii_redact, {args.calls} calls")
    print(f"fresh instance per request:  {percentiles(fresh)}")
    print(f"reused instance (unsafe):    {percentiles(reused)}")
    print(f"streamed, per {CHUNK_CHARS}-char chunk: {percentiles(streamed)}")
    print(
        f"RSS over {args.leak_calls} fresh-instance calls: {before} KiB -> {after} KiB "
        f"({after - before:+d} KiB)"
    )


if __name__ == "__main__":
    main()
