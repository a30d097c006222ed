"""`appliance audit verify` and `appliance audit keygen`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from appliance.audit import AuditKeyError, generate_audit_keys, verify_audit_log


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    audit = commands.add_parser("audit", help="The tamper-evident audit log.")
    audit_commands = audit.add_subparsers(dest="audit_command", required=True)

    verify = audit_commands.add_parser(
        "verify", help="Check the hash chain and checkpoint signatures of an audit log."
    )
    verify.add_argument(
        "paths",
        type=Path,
        nargs="+",
        metavar="PATH",
        help="Log files oldest first (rotated files, then the live one), or their directory.",
    )
    verify.add_argument(
        "--public-key", type=Path, required=True, help="Ed25519 public key (PEM) of the log."
    )
    verify.add_argument(
        "--require-signed",
        action="store_true",
        help="Fail when records follow the last checkpoint: for a log that was closed, whose "
        "last line must be a checkpoint (a cut tail otherwise passes as a live log).",
    )
    verify.set_defaults(run=_verify)

    keygen = audit_commands.add_parser(
        "keygen", help="Write an audit signing key pair and an HMAC key into a directory."
    )
    keygen.add_argument("directory", type=Path)
    keygen.add_argument("--force", action="store_true", help="Replace existing key files.")
    keygen.set_defaults(run=_keygen)


def _verify(args: argparse.Namespace) -> int:
    try:
        report = verify_audit_log(args.paths, args.public_key)
    except AuditKeyError as exc:
        print(f"appliance audit verify: {exc}", file=sys.stderr)
        return 1
    if not report.ok:
        print(f"FAILED: {report.first_error}")
        print(f"({report.records} records and {report.checkpoints} checkpoints checked before it)")
        return 1
    print(f"OK: {report.records} records, {report.checkpoints} checkpoints")
    if report.unsigned_tail:
        print(
            f"WARNING: {report.unsigned_tail} records after the last checkpoint are not yet "
            "signed (normal for a live log; for a closed log, its tail may have been cut)"
        )
        if args.require_signed:
            return 1
    return 0


def _keygen(args: argparse.Namespace) -> int:
    try:
        files = generate_audit_keys(args.directory, force=args.force)
    except (AuditKeyError, OSError) as exc:
        print(f"appliance audit keygen: {exc}", file=sys.stderr)
        return 1
    print(f"signing key: {files.signing_key} (keep secret; give it to the daemon)")
    print(f"public key:  {files.public_key} (give it to auditors: audit verify --public-key)")
    print(f"HMAC key:    {files.hmac_key} (keep secret; give it to the daemon)")
    return 0
