"""`appliance policy check | schema | diff | explain`: tools for security teams."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from appliance.config.located_yaml import LocatedYamlError
from appliance.policy import (
    Policy,
    describe_changes,
    explain_identity,
    load_policy,
)

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "policies" / "schema.json"


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    policy = commands.add_parser("policy", help="Policy files.")
    sub = policy.add_subparsers(dest="policy_command", required=True)

    check = sub.add_parser("check", help="Validate policy files (exit 1 on any error).")
    check.add_argument("files", type=Path, nargs="+")
    check.set_defaults(run=_check)

    schema = sub.add_parser("schema", help="Print the policy JSON Schema.")
    schema.add_argument("--write", type=Path, help="Write it to this file instead.")
    schema.set_defaults(run=_schema)

    diff = sub.add_parser("diff", help="What changes for each tenant, in plain words.")
    diff.add_argument("old", type=Path)
    diff.add_argument("new", type=Path)
    diff.set_defaults(run=_diff)

    explain = sub.add_parser("explain", help="Which tenant an identity is, what it may do.")
    explain.add_argument("file", type=Path)
    explain.add_argument("--identity", required=True, help="e.g. spiffe://org/tenant/app")
    explain.set_defaults(run=_explain)


def policy_schema() -> str:
    """The JSON Schema of policy files, as written to policies/schema.json."""
    schema = Policy.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "Appliance policy file"
    return json.dumps(schema, indent=2, sort_keys=True) + "\n"


def _load_or_report(path: Path) -> Policy | None:
    try:
        return load_policy(path).policy
    except LocatedYamlError as exc:
        print(exc, file=sys.stderr)  # one file:line:col error per line
        return None


def _check(args: argparse.Namespace) -> int:
    failed = False
    for path in args.files:
        try:
            loaded = load_policy(path)
        except LocatedYamlError as exc:
            failed = True
            print(exc, file=sys.stderr)  # one file:line:col error per line
        else:
            print(f"{path}: OK ({len(loaded.policy.tenants)} tenants, {loaded.digest})")
    return 1 if failed else 0


def _schema(args: argparse.Namespace) -> int:
    text = policy_schema()
    if args.write:
        args.write.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


def _diff(args: argparse.Namespace) -> int:
    old, new = _load_or_report(args.old), _load_or_report(args.new)
    if old is None or new is None:
        return 1
    changes = describe_changes(old, new)
    for line in changes or ["no changes"]:
        print(line)
    return 0


def _explain(args: argparse.Namespace) -> int:
    policy = _load_or_report(args.file)
    if policy is None:
        return 1
    for line in explain_identity(policy, args.identity):
        print(line)
    return 0
