"""`appliance serve`, `appliance config check`, `appliance dev-certs`."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import Any

from appliance.config import LocatedYamlError, load_config


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    serve = commands.add_parser("serve", help="Run the daemon in the foreground.")
    serve.add_argument("--config", type=Path, required=True, help="Daemon config (YAML).")
    serve.set_defaults(run=_serve)

    config = commands.add_parser("config", help="Daemon configuration files.")
    config_commands = config.add_subparsers(dest="config_command", required=True)
    check = config_commands.add_parser("check", help="Validate config files.")
    check.add_argument("files", type=Path, nargs="+")
    check.set_defaults(run=_config_check)

    certs = commands.add_parser(
        "dev-certs", help="Write a development CA, server and client certificates."
    )
    certs.add_argument("directory", type=Path)
    certs.add_argument("--force", action="store_true", help="Overwrite an existing CA.")
    certs.set_defaults(run=_dev_certs)


def _serve(args: argparse.Namespace) -> int:
    from appliance import __version__
    from appliance.server import Daemon, DaemonStartError, TlsSetupError

    try:
        # The policy loads in Daemon(): a broken config or policy stops the start here.
        daemon = Daemon(load_config(args.config), version=__version__)
    except LocatedYamlError as exc:
        print(exc, file=sys.stderr)  # one file:line:col error per line
        return 2
    try:
        return asyncio.run(daemon.run())
    except (DaemonStartError, TlsSetupError) as exc:
        print(f"appliance: {exc}", file=sys.stderr)
        return 1


def _config_check(args: argparse.Namespace) -> int:
    failed = False
    for path in args.files:
        try:
            load_config(path)
        except LocatedYamlError as exc:
            failed = True
            print(exc, file=sys.stderr)  # one file:line:col error per line
        else:
            print(f"{path}: OK")
    return 1 if failed else 0


def _dev_certs(args: argparse.Namespace) -> int:
    from enclave import DevPki, create_dev_pki

    pki = DevPki(args.directory)
    if pki.ca_certificate.exists() and not args.force:
        print(f"{pki.ca_certificate} exists; keeping it (use --force to replace)")
        return 0
    create_dev_pki(args.directory)
    print(f"development CA and certificates written to {args.directory}")
    return 0
