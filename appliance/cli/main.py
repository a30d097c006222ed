"""`appliance`: the daemon, its client, and the tools around it."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence

from appliance.cli import (
    attest_commands,
    audit_commands,
    client_commands,
    daemon_commands,
    model_commands,
    ops_commands,
    plugin_commands,
    policy_commands,
    router_commands,
    screening_commands,
)
from appliance.observability.request_log import JsonFormatter


def build_parser() -> argparse.ArgumentParser:
    """The whole command tree."""
    parser = argparse.ArgumentParser(
        prog="appliance", description="Secure, sandboxed LLM inference appliance."
    )
    parser.add_argument("--log-level", default="INFO", help="DEBUG, INFO, WARNING or ERROR.")
    parser.add_argument(
        "--log-format",
        choices=("text", "json"),
        default="text",
        help="json: one JSON object per log record (journald, log shippers).",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    daemon_commands.register(commands)
    model_commands.register(commands)
    client_commands.register(commands)
    audit_commands.register(commands)
    policy_commands.register(commands)
    plugin_commands.register(commands)
    screening_commands.register(commands)
    attest_commands.register(commands)
    router_commands.register(commands)
    ops_commands.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `appliance` console script; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=getattr(logging, str(args.log_level).upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    if args.log_format == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
