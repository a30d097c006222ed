"""`appliance model build-demo|sign|verify`."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from enclave.signing import HashingSettings, ProgressCallback, SignerLike


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    model = commands.add_parser("model", help="Models.")
    model_commands = model.add_subparsers(dest="model_command", required=True)
    demo = model_commands.add_parser(
        "build-demo", help="Build the small random-weight demo model (no download)."
    )
    demo.add_argument("directory", type=Path)
    demo.set_defaults(run=_build_demo)

    keygen = model_commands.add_parser(
        "keygen",
        help="Write a new EC signing key (model-signing.key, 0600) and its public key "
        "(model-signing.pub, to pin in the policy) into DIRECTORY.",
    )
    keygen.add_argument("directory", type=Path)
    keygen.add_argument("--curve", choices=("p256", "p384"), default="p256")
    keygen.set_defaults(run=_keygen)

    sign = model_commands.add_parser(
        "sign",
        help="Sign every file of a model directory (OpenSSF model-signing format).",
        description="Writes the same signature file as `model_signing sign key|certificate`.",
    )
    sign.add_argument("directory", type=Path)
    sign.add_argument("--key", type=Path, required=True, help="EC private key, PEM.")
    sign.add_argument("--cert", type=Path, help="Signing certificate, PEM (certificate method).")
    sign.add_argument(
        "--chain",
        type=Path,
        nargs="+",
        action="extend",
        default=[],
        help="Intermediate certificate(s), PEM, up to but not including the root.",
    )
    sign.add_argument("--signature", type=Path, required=True, help="Where to write it.")
    _hashing_arguments(sign)
    sign.set_defaults(run=_sign)

    verify = model_commands.add_parser(
        "verify",
        help="Verify a model directory against its signature and a pinned signer.",
        description="Exit status 0 only when every file present is signed and matches, and "
        "the signer is the one pinned. 1: refused. 2: no verdict (bad arguments or pins).",
    )
    verify.add_argument("directory", type=Path)
    verify.add_argument("--signature", type=Path, required=True)
    signer = verify.add_mutually_exclusive_group(required=True)
    signer.add_argument("--public-key", type=Path, help="Pinned public key, PEM.")
    signer.add_argument("--root", type=Path, help="Pinned root certificate, PEM (with --identity).")
    signer.add_argument(
        "--policy", type=Path, help="Policy file whose signers to use (with --model)."
    )
    verify.add_argument("--identity", help="Certificate SAN the signer must carry (with --root).")
    verify.add_argument("--model", help="Model name in the policy (with --policy).")
    verify.add_argument(
        "--stage-into",
        type=Path,
        metavar="DIR",
        help="Verify a private read-only copy made under DIR, as the daemon loads models, "
        "and keep it; its path is printed.",
    )
    _hashing_arguments(verify)
    verify.set_defaults(run=_verify)


def _hashing_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hash", choices=("sha256", "blake2", "blake3"), default="sha256", help="Digest."
    )
    parser.add_argument(
        "--shard-size", type=int, default=None, metavar="BYTES", help="Hash in shards."
    )
    parser.add_argument("--workers", type=int, default=None, help="Hashing threads.")
    parser.add_argument(
        "--progress", action="store_true", help="Show progress even when stderr is no TTY."
    )


def _build_demo(args: argparse.Namespace) -> int:
    from appliance.engine.demo_model import build_demo_model

    started = time.monotonic()
    build_demo_model(args.directory)
    print(f"demo model written to {args.directory} in {time.monotonic() - started:.1f} s")
    return 0


def _keygen(args: argparse.Namespace) -> int:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    private_path = args.directory / "model-signing.key"
    public_path = args.directory / "model-signing.pub"
    if private_path.exists() or public_path.exists():
        return _fail("keygen", f"{args.directory} already holds a signing key", code=2)
    curve = ec.SECP256R1() if args.curve == "p256" else ec.SECP384R1()
    key = ec.generate_private_key(curve)
    args.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    descriptor = os.open(private_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(
            key.private_bytes(
                serialization.Encoding.PEM,
                serialization.PrivateFormat.PKCS8,
                serialization.NoEncryption(),
            )
        )
    public_path.write_bytes(
        key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    print(f"wrote {private_path} and {public_path}")
    return 0


def _sign(args: argparse.Namespace) -> int:
    from enclave.signing import ModelRefused, SigningUnavailable, sign_model

    if args.chain and args.cert is None:
        return _fail("sign", "--chain needs --cert", code=2)
    hashing = _hashing(args, "sign")
    if hashing is None:
        return 2
    started = time.monotonic()
    try:
        with _progress(args, "signing") as progress:
            signed = sign_model(
                args.directory,
                args.signature,
                private_key=args.key,
                certificate=args.cert,
                chain=list(args.chain),
                hashing=hashing,
                progress=progress,
            )
    except ModelRefused as exc:
        return _fail("sign", f"refused: {exc}")
    except SigningUnavailable as exc:
        return _fail("sign", exc, code=2)
    print(
        f"signed {args.directory}: {len(signed.files)} files, {_size(signed.total_bytes)}, "
        f"in {time.monotonic() - started:.1f} s; signature {args.signature}"
    )
    print(f"model digest {signed.digest}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    from enclave.signing import (
        ModelRefused,
        SignerPin,
        SigningUnavailable,
        stage_verified_model,
        verify_model_dir,
    )

    hashing = _hashing(args, "verify")
    if hashing is None:
        return 2
    signers: list[SignerLike]
    base_dir = Path.cwd()
    try:
        if args.public_key is not None:
            _forbid(args.identity, "--identity goes with --root")
            _forbid(args.model, "--model goes with --policy")
            signers = [SignerPin(public_key=args.public_key.absolute())]
        elif args.root is not None:
            _forbid(args.model, "--model goes with --policy")
            if not args.identity:
                raise ValueError("--root needs --identity")
            signers = [SignerPin(root=args.root.absolute(), identity=args.identity)]
        else:
            _forbid(args.identity, "--identity goes with --root")
            if not args.model:
                raise ValueError("--policy needs --model")
            signers = _policy_signers(args.policy, args.model)
            base_dir = args.policy.absolute().parent
    except (ValueError, SigningUnavailable) as exc:
        return _fail("verify", exc, code=2)
    started = time.monotonic()
    try:
        with _progress(args, "verifying") as progress:
            if args.stage_into is not None:
                verified = stage_verified_model(
                    args.directory,
                    args.signature,
                    signers,
                    hashing,
                    args.stage_into,
                    base_dir=base_dir,
                    progress=progress,
                )
            else:
                verified = verify_model_dir(
                    args.directory,
                    args.signature,
                    signers,
                    hashing,
                    base_dir=base_dir,
                    progress=progress,
                )
    except ModelRefused as exc:
        return _fail("verify", f"refused: {exc}")
    except SigningUnavailable as exc:
        return _fail("verify", exc, code=2)
    elapsed = max(time.monotonic() - started, 1e-6)
    print(
        f"verified {args.directory}: {len(verified.files)} files, "
        f"{_size(verified.total_bytes)}, signed by {verified.signer}, in {elapsed:.1f} s "
        f"({verified.total_bytes / elapsed / 1e6:.0f} MB/s)"
    )
    print(f"model digest {verified.digest}")
    if verified.staged:
        print(f"staged read-only copy: {verified.path}")
    return 0


def _forbid(value: object, message: str) -> None:
    if value:
        raise ValueError(message)


def _policy_signers(policy_path: Path, model: str) -> list[SignerLike]:
    # The schema check alone is what this command needs: a full load would also demand
    # that every plugin module the policy names is present.
    from appliance.config.located_yaml import LocatedYamlError, load_yaml_file, validate_document
    from appliance.policy import Policy

    try:
        policy = validate_document(load_yaml_file(policy_path), Policy)
    except LocatedYamlError as exc:
        raise ValueError(str(exc)) from None
    for rule in policy.models:
        if rule.name == model:
            if not rule.signers:
                raise ValueError(f"policy {policy_path} pins no signers for model {model!r}")
            return list(rule.signers)
    raise ValueError(f"model {model!r} is not in policy {policy_path}")


def _hashing(args: argparse.Namespace, command: str) -> HashingSettings | None:
    from pydantic import ValidationError

    from enclave.signing import HashingSettings

    fields: dict[str, object] = {"algorithm": args.hash, "shard_size": args.shard_size}
    if args.workers is not None:
        fields["workers"] = args.workers
    try:
        return HashingSettings.model_validate(fields)
    except ValidationError as exc:
        problems = "; ".join(str(error["msg"]) for error in exc.errors(include_url=False))
        _fail(command, f"bad hashing settings: {problems}", code=2)
        return None


@contextlib.contextmanager
def _progress(args: argparse.Namespace, what: str) -> Iterator[ProgressCallback | None]:
    """A rich progress bar on stderr when it is a terminal (or with --progress)."""
    if not (args.progress or sys.stderr.isatty()):
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
        TransferSpeedColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(what, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _size(count: int) -> str:
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} B"


def _fail(command: str, message: object, *, code: int = 1) -> int:
    print(f"appliance model {command}: {message}", file=sys.stderr)
    return code
