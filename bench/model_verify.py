"""Benchmark model verification: our paths against the model-signing library's own CLI.

Run: .venv/bin/python bench/model_verify.py [--size-mb 2048] [--repeat 3]. Builds a model
directory of random safetensors-sized files plus small JSON files in a temporary
directory, signs it (P-256 key), warms the page cache, then times, best of --repeat:

- `model_signing verify key DIR ...`: the library's CLI with its defaults (sha256 per file);
- the library's Python API with the same defaults (no interpreter start-up);
- ours, verifying in place (read once, hash on --workers threads);
- ours, staging: copy into a private directory while hashing, then verify (what the
  daemon does before vLLM loads a model);
- the same two with BLAKE3 (signed again with it), unless --no-blake3.

Throughput is model bytes / wall seconds; MB/CPU-s is model bytes / CPU seconds spent (all
threads, and the CLI's process), which a busy shared host disturbs less. Everything written
is deleted at the end.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import model_signing
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from enclave.signing import (
    HashingSettings,
    SignerPin,
    sign_model,
    stage_verified_model,
    verify_model_dir,
)

LIBRARY_CLI = Path(sys.executable).parent / "model_signing"
_WRITE_BLOCK = 16 << 20


def build_model(directory: Path, size_mb: int) -> int:
    """Shards of at most ~500 MB (as Hugging Face writes them) and a few JSON files."""
    directory.mkdir()
    total = size_mb * 1_000_000
    count = max(1, -(-total // 500_000_000))
    for index in range(count):
        size = total // count
        with (directory / f"model-{index + 1:05d}-of-{count:05d}.safetensors").open("wb") as f:
            while size > 0:
                block = os.urandom(min(_WRITE_BLOCK, size))
                f.write(block)
                size -= len(block)
    for name, text in {
        "config.json": '{"architectures": ["LlamaForCausalLM"], "hidden_size": 4096}\n',
        "generation_config.json": '{"temperature": 0.6}\n',
        "tokenizer_config.json": '{"model_max_length": 8192}\n',
        "model.safetensors.index.json": '{"metadata": {}, "weight_map": {}}\n',
    }.items():
        (directory / name).write_text(text)
    return sum(p.stat().st_size for p in directory.iterdir())


def write_key(directory: Path) -> tuple[Path, Path]:
    key = ec.generate_private_key(ec.SECP256R1())
    private, public = directory / "bench.key", directory / "bench.pub"
    private.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    public.write_bytes(
        key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    return private, public


def _cpu_seconds() -> float:
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def best_of(repeat: int, run: Callable[[], object]) -> tuple[float, float]:
    """(wall, CPU) seconds of the fastest of `repeat` runs, after one untimed warm-up run.
    CPU seconds (all threads and child processes) do not depend on what else the machine
    runs, so they compare fairly on a busy host; wall seconds do not."""
    run()
    best = (float("inf"), 0.0)
    for _ in range(repeat):
        cpu, started = _cpu_seconds(), time.perf_counter()
        run()
        wall = time.perf_counter() - started
        best = min(best, (wall, _cpu_seconds() - cpu))
    return best


def main() -> None:
    """Build, sign, time and print; delete everything."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size-mb", type=int, default=1024, help="Model size (MB, 10^6).")
    parser.add_argument("--repeat", type=int, default=3, help="Timed runs per path.")
    parser.add_argument("--workers", type=int, default=None, help="Our hashing threads.")
    parser.add_argument("--no-blake3", action="store_true", help="Skip the BLAKE3 rows.")
    parser.add_argument("--tmp-dir", type=Path, default=None, help="Where to build it.")
    parser.add_argument(
        "--staging-root",
        type=Path,
        default=None,
        help="Where staged copies go (default: beside the model; try a tmpfs such as "
        "/dev/shm to take disk writeback out of the figure).",
    )
    args = parser.parse_args()

    workers = {} if args.workers is None else {"workers": args.workers}
    sha256 = HashingSettings.model_validate(workers)
    blake3 = HashingSettings.model_validate({"algorithm": "blake3", **workers})
    with tempfile.TemporaryDirectory(prefix="model-verify-bench-", dir=args.tmp_dir) as tmp:
        work = Path(tmp)
        started = time.perf_counter()
        model = work / "model"
        total = build_model(model, args.size_mb)
        private, public = write_key(work)
        signature = work / "model.sig"
        sign_model(model, signature, private_key=private, hashing=sha256)
        pins = [SignerPin(public_key=public)]
        staging = (args.staging_root or work) / f"staging-{os.getpid()}"
        print(
            f"model: {total / 1e6:.0f} MB in {len(list(model.iterdir()))} files, "
            f"built and signed in {time.perf_counter() - started:.1f} s; "
            f"{os.cpu_count()} CPUs, {sha256.workers} hashing threads, warm page cache; "
            f"staging under {staging.parent}"
        )

        def library_cli() -> None:
            subprocess.run(
                [LIBRARY_CLI, "verify", "key", model, "--signature", signature,
                 "--public_key", public],
                check=True, capture_output=True,
            )  # fmt: skip

        def library_api() -> None:
            model_signing.verifying.Config().use_elliptic_key_verifier(  # type: ignore[no-untyped-call]
                public_key=public
            ).verify(model, signature)

        def staged(settings: HashingSettings, sig: Path) -> Callable[[], None]:
            return lambda: stage_verified_model(model, sig, pins, settings, staging).discard()

        rows: list[tuple[str, tuple[float, float]]] = [
            ("library CLI `model_signing verify key` (sha256)", best_of(args.repeat, library_cli)),
            ("library API verifying.Config().verify (sha256)", best_of(args.repeat, library_api)),
            (
                "ours, in place (sha256)",
                best_of(args.repeat, lambda: verify_model_dir(model, signature, pins, sha256)),
            ),
            ("ours, staged copy+hash (sha256)", best_of(args.repeat, staged(sha256, signature))),
        ]
        if not args.no_blake3:
            blake3_signature = work / "blake3.sig"
            sign_model(model, blake3_signature, private_key=private, hashing=blake3)
            rows += [
                (
                    "ours, in place (blake3)",
                    best_of(
                        args.repeat,
                        lambda: verify_model_dir(model, blake3_signature, pins, blake3),
                    ),
                ),
                (
                    "ours, staged copy+hash (blake3)",
                    best_of(args.repeat, staged(blake3, blake3_signature)),
                ),
            ]
        if staging.exists():
            staging.rmdir()  # every staged copy was discarded; only the empty root remains
        baseline = rows[0][1][0]
        print(f"{'path':50} {'wall s':>7} {'MB/s':>6} {'vs CLI':>7} {'CPU s':>6} {'MB/CPU-s':>8}")
        for name, (wall, cpu) in rows:
            print(
                f"{name:50} {wall:7.2f} {total / wall / 1e6:6.0f} {baseline / wall:6.2f}x "
                f"{cpu:6.2f} {total / max(cpu, 1e-9) / 1e6:8.0f}"
            )


if __name__ == "__main__":
    main()
