"""`appliance generate` and `appliance status`: client commands against a running daemon."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import grpc

from appliance.api import pb2, pb2_grpc
from appliance.client import ClientTls, open_channel

if TYPE_CHECKING:
    from appliance.ops.daemon_status import DaemonStatus

_SLA = {"realtime": pb2.REALTIME, "interactive": pb2.INTERACTIVE, "batch": pb2.BATCH}


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    generate = commands.add_parser("generate", help="Stream a generation to stdout.")
    connection_options(generate)
    generate.add_argument("--model", required=True)
    source = generate.add_mutually_exclusive_group(required=True)
    source.add_argument("--prompt", help="Prompt text.")
    source.add_argument(
        "--messages", type=Path, help='JSON file: [{"role": "user", "content": "..."}, ...]'
    )
    generate.add_argument("--max-tokens", type=int)
    generate.add_argument("--temperature", type=float)
    generate.add_argument("--top-p", type=float)
    generate.add_argument("--top-k", type=int)
    generate.add_argument("--seed", type=int)
    generate.add_argument("--stop", action="append", default=[])
    generate.add_argument("--sla", choices=sorted(_SLA), default="interactive")
    generate.add_argument("--request-id", default="")
    generate.add_argument("--timeout", type=float, help="Deadline in seconds.")
    generate.set_defaults(run=_generate)

    status = commands.add_parser(
        "status",
        help="Health, engines, models, attestation, policy and audit state of a running daemon.",
        description="A rich view on a terminal; plain lines when piped (or with --text).",
    )
    connection_options(status)
    view = status.add_mutually_exclusive_group()
    view.add_argument(
        "--json",
        action="store_true",
        help="Print Admin.Status as JSON (proto field names; int64 values as strings).",
    )
    view.add_argument(
        "--text", action="store_true", help="Plain lines, even on a terminal (for scripts)."
    )
    status.set_defaults(run=_status)


def connection_options(parser: argparse.ArgumentParser) -> None:
    """--target and the mTLS files: how a client command reaches the daemon."""
    parser.add_argument(
        "--target", default="localhost:8443", help="host:port (mTLS) or unix:/path/to/socket"
    )
    parser.add_argument("--ca", type=Path, help="CA certificate that signed the server's.")
    parser.add_argument("--cert", type=Path, help="Client certificate (PEM).")
    parser.add_argument("--key", type=Path, help="Client private key (PEM).")
    parser.add_argument(
        "--insecure", action="store_true", help="Plain TCP, for a daemon with listen.insecure."
    )


def client_channel(args: argparse.Namespace) -> grpc.Channel:
    """A channel to the daemon from `connection_options`' arguments; exits on missing files."""
    if args.target.startswith("unix:") or args.insecure:
        return open_channel(args.target)
    if not (args.ca and args.cert and args.key):
        raise SystemExit("appliance: --ca, --cert and --key are required for an mTLS target")
    return open_channel(args.target, ClientTls(ca=args.ca, certificate=args.cert, key=args.key))


def _request(args: argparse.Namespace) -> pb2.GenerateRequest:
    request = pb2.GenerateRequest(
        request_id=args.request_id, model=args.model, sla_class=_SLA[args.sla]
    )
    if args.prompt is not None:
        request.text = args.prompt
    else:
        messages = json.loads(args.messages.read_text(encoding="utf-8"))
        for message in messages:
            request.messages.messages.add(role=message["role"], content=message["content"])
    sampling = request.sampling
    for field, value in (
        ("max_tokens", args.max_tokens),
        ("temperature", args.temperature),
        ("top_p", args.top_p),
        ("top_k", args.top_k),
        ("seed", args.seed),
    ):
        if value is not None:
            setattr(sampling, field, value)
    sampling.stop.extend(args.stop)
    return request


def _generate(args: argparse.Namespace) -> int:
    request = _request(args)
    with client_channel(args) as channel:
        stub = pb2_grpc.InferenceStub(channel)
        try:
            for response in stub.Generate(request, timeout=args.timeout):
                event = response.WhichOneof("event")
                if event == "chunk":
                    sys.stdout.write(response.chunk.text)
                    sys.stdout.flush()
                elif event == "completed":
                    done = response.completed
                    sys.stdout.write("\n")
                    print(
                        f"[{done.finish_reason}] prompt {done.usage.prompt_tokens} tokens, "
                        f"completion {done.usage.completion_tokens} tokens, "
                        f"TTFT {done.timings.ttft_s * 1000:.1f} ms, "
                        f"total {done.timings.total_s * 1000:.1f} ms, "
                        f"request {response.request_id}",
                        file=sys.stderr,
                    )
        except grpc.RpcError as exc:
            print(f"\nappliance: {exc.code().name}: {exc.details()}", file=sys.stderr)
            return 1
    return 0


def _status(args: argparse.Namespace) -> int:
    from appliance.ops.daemon_status import read_daemon_status

    with client_channel(args) as channel:
        snapshot = read_daemon_status(channel, timeout_s=10)
    if args.json:
        print(json.dumps(_status_document(snapshot), indent=2, sort_keys=True))
    elif not args.text and sys.stdout.isatty():
        from rich.console import Console

        from appliance.ops.status_view import status_view

        Console().print(status_view(snapshot))
    else:
        _print_status_lines(snapshot)
    return 0 if snapshot.serving else 1


def _status_document(snapshot: DaemonStatus) -> dict[str, Any]:
    from google.protobuf.json_format import MessageToDict

    if snapshot.status is None:
        return {"health": snapshot.health, "error": snapshot.error}
    document: dict[str, Any] = MessageToDict(
        snapshot.status,
        preserving_proto_field_name=True,
        always_print_fields_with_no_presence=True,
    )
    return document


def _print_status_lines(snapshot: DaemonStatus) -> None:
    # The format scripts and tests read: one fact per line, stable prefixes.
    if not snapshot.reachable:
        print(f"health: unreachable ({snapshot.error})")
        return
    print(f"health: {snapshot.health}")
    status = snapshot.status
    if status is None:
        print(f"engines: not shown ({snapshot.error})")
        return
    print(f"version: {status.version}   uptime: {status.uptime_s:.0f} s")
    print(f"policy: {status.policy_digest}   reload failures: {status.policy_reload_failures}")
    if status.policy_error:
        print(f"policy: last reload refused: {status.policy_error}")
    audit = "healthy" if status.audit_healthy else f"NOT WRITABLE: {status.audit_error}"
    print(f"audit log: {audit}")
    attestation = status.attestation
    result = "attested" if attestation.attested else "NOT ATTESTED"
    required = "required" if attestation.required else "not required"
    providers = ",".join(attestation.providers) or "none"
    print(
        f"attestation: {result} ({providers}; {required})"
        + (f": {attestation.error}" if attestation.error else "")
    )
    for model in status.models:
        print(f"model: {model.model} {model.digest} signer: {model.signer or 'unsigned'}")
    header = f"{'engine':<16}{'model':<20}{'state':<10}{'run':>5}{'wait':>6}{'kv%':>7}{'out':>6}"
    print(header)
    for e in status.engines:
        print(
            f"{e.name:<16}{e.model:<20}{e.state:<10}{e.running_requests:>5}"
            f"{e.waiting_requests:>6}{e.kv_cache_usage * 100:>6.1f}%{e.outstanding_requests:>6}"
            + (f"  error: {e.error}" if e.error else "")
        )
