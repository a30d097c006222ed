"""`appliance generate` and `appliance status`: client commands against a running daemon."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import grpc

from appliance.api import pb2, pb2_grpc
from appliance.client import ClientTls, open_channel

_SLA = {"realtime": pb2.REALTIME, "interactive": pb2.INTERACTIVE, "batch": pb2.BATCH}


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    generate = commands.add_parser("generate", help="Stream a generation to stdout.")
    _connection_options(generate)
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

    status = commands.add_parser("status", help="Health and engines of a running daemon.")
    _connection_options(status)
    status.set_defaults(run=_status)


def _connection_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--target", default="localhost:8443", help="host:port (mTLS) or unix:/path/to/socket"
    )
    parser.add_argument("--ca", type=Path, help="CA certificate that signed the server's.")
    parser.add_argument("--cert", type=Path, help="Client certificate (PEM).")
    parser.add_argument("--key", type=Path, help="Client private key (PEM).")
    parser.add_argument(
        "--insecure", action="store_true", help="Plain TCP, for a daemon with listen.insecure."
    )


def _channel(args: argparse.Namespace) -> grpc.Channel:
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
    with _channel(args) as channel:
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
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    with _channel(args) as channel:
        try:
            health = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=""), timeout=10
            )
        except grpc.RpcError as exc:
            print(f"health: unreachable ({exc.code().name}: {exc.details()})")
            return 1
        print(f"health: {health_pb2.HealthCheckResponse.ServingStatus.Name(health.status)}")
        try:
            status = pb2_grpc.AdminStub(channel).Status(pb2.StatusRequest(), timeout=10)
        except grpc.RpcError as exc:
            print(f"engines: not shown ({exc.code().name}: {exc.details()})")
            return 0 if health.status == health_pb2.HealthCheckResponse.SERVING else 1
    print(f"version: {status.version}   uptime: {status.uptime_s:.0f} s")
    print(f"policy: {status.policy_digest}   reload failures: {status.policy_reload_failures}")
    if status.policy_error:
        print(f"policy: last reload refused: {status.policy_error}")
    audit = "healthy" if status.audit_healthy else f"NOT WRITABLE: {status.audit_error}"
    print(f"audit log: {audit}")
    header = f"{'engine':<16}{'model':<20}{'state':<10}{'run':>5}{'wait':>6}{'kv%':>7}{'out':>6}"
    print(header)
    for e in status.engines:
        print(
            f"{e.name:<16}{e.model:<20}{e.state:<10}{e.running_requests:>5}"
            f"{e.waiting_requests:>6}{e.kv_cache_usage * 100:>6.1f}%{e.outstanding_requests:>6}"
            + (f"  error: {e.error}" if e.error else "")
        )
    return 0 if health.status == health_pb2.HealthCheckResponse.SERVING else 1
