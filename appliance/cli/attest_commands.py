"""`appliance attest verify`: check an appliance against expectations before trusting it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from appliance.client import ClientTls, open_channel
from appliance.config.located_yaml import LocatedYamlError
from enclave.client import (
    VerificationFailed,
    load_expectations,
    observed_tls_public_key,
    verify_appliance,
)


def register(commands: Any) -> None:
    """Add this module's commands to the parser."""
    attest = commands.add_parser("attest", help="Verify an appliance's attestation evidence.")
    verbs = attest.add_subparsers(dest="verb", required=True, metavar="VERB")
    verify = verbs.add_parser(
        "verify",
        help="Fetch evidence for a fresh nonce and verify it against --expect; exit 0 only "
        "if every check passes, 1 naming the failed check otherwise.",
    )
    verify.add_argument("--target", required=True, help="host:port (mTLS) or unix:/path")
    verify.add_argument("--expect", type=Path, required=True, help="Expectations YAML file.")
    verify.add_argument("--ca", type=Path, help="CA certificate that signed the server's.")
    verify.add_argument("--cert", type=Path, help="Client certificate (PEM).")
    verify.add_argument("--key", type=Path, help="Client private key (PEM).")
    verify.add_argument("--server-name", help="TLS name to expect, if not the target host.")
    verify.add_argument("--json", action="store_true", help="Print the result as JSON.")
    verify.set_defaults(run=_verify)


def _verify(args: argparse.Namespace) -> int:
    try:
        expectations = load_expectations(args.expect)
    except LocatedYamlError as exc:
        print(exc, file=sys.stderr)
        return 2
    tls: ClientTls | None = None
    if not args.target.startswith("unix:"):
        if not (args.ca and args.cert and args.key):
            print(
                "appliance: --ca, --cert and --key are required for an mTLS target", file=sys.stderr
            )
            return 2
        tls = ClientTls(ca=args.ca, certificate=args.cert, key=args.key)
    channel = open_channel(args.target, tls, server_name=args.server_name)
    try:
        observed = (
            observed_tls_public_key(args.target, tls, server_name=args.server_name)
            if tls is not None
            else None
        )
        verified = verify_appliance(channel, expectations=expectations, observed_tls_key=observed)
    except VerificationFailed as exc:
        if args.json:
            print(json.dumps({"verified": False, "check": exc.check, "message": exc.message}))
        print(f"appliance attest verify: FAILED {exc.check}: {exc.message}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(
            f"appliance attest verify: FAILED tls_key: cannot reach {args.target}: {exc}",
            file=sys.stderr,
        )
        return 1
    finally:
        channel.close()
    not_checked = [n for a in verified.appraisals for n in a.not_checked]
    result: dict[str, object] = {
        "verified": True,
        "attested": verified.attested,
        "policy_digest": verified.policy_digest,
        "models": dict(verified.models),
        "providers": [a.provider for a in verified.appraisals],
        "claims": {k: v for a in verified.appraisals for k, v in a.qualified_claims().items()},
        "not_checked": not_checked,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        label = "attested" if verified.attested else "UNATTESTED (allowed by --expect)"
        print(f"verified: {label}; policy {verified.policy_digest}")
        for model, digest in sorted(verified.models.items()):
            print(f"  model {model}: {digest}")
        for note in not_checked:
            print(f"  not checked: {note}")
    return 0
