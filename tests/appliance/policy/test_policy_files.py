"""Policy files: shipped examples pass, broken ones fail at the right line, the loader never
crashes, the schema file is current, the digest is canonical."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from appliance.cli.policy_commands import SCHEMA_PATH, policy_schema
from appliance.config import LocatedYamlError
from appliance.policy import load_policy, parse_policy

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = sorted((REPO / "policies").glob("*.yaml"))

BASE = """\
version: 1
admins: ["spiffe://corp/ops/*"]
tenants:
  - id: payments
    identities: ["spiffe://corp/payments/*"]
    models: [demo]
"""


def test_examples_exist_and_pass() -> None:
    assert EXAMPLES
    for path in EXAMPLES:
        load_policy(path)


BROKEN = [
    ("unknown version", BASE.replace("version: 1", "version: 2"), 1, 10, "Input should be 1"),
    ("unknown key", BASE + "    colour: blue\n", 7, 5, "unknown key"),
    ("no tenants", "version: 1\ntenants: []\n", 2, 10, "at least 1"),
    (
        "duplicate tenant",
        BASE + BASE.split("tenants:\n")[1],
        4,
        3,
        "tenant ids must be unique; repeated: ['payments']",
    ),
    ("catch-all identity", BASE.replace('["spiffe://corp/payments/*"]', '["*"]'), 5, 17,
     "matches every caller"),
    ("bad tenant id", BASE.replace("id: payments", "id: Pay Ments"), 4, 9, "pattern"),
    ("sla default not allowed", BASE + "    sla: {allowed: [batch], default: realtime}\n", 7, 10,
     "default 'realtime' is not in allowed"),
    ("unknown sla class", BASE + "    sla: {allowed: [urgent]}\n", 7, 21, "Input should be"),
    ("limit out of bounds", BASE + "    limits: {max_tokens: 0}\n", 7, 26, "greater than or"),
    ("missing plugin module", BASE + "    plugins:\n      - {name: pii, module: absent.wasm, "
     "digest: 'sha256:" + "a" * 64 + "'}\n", 8, 29, "cannot read"),
    ("bad plugin digest", BASE + "    plugins:\n      - {name: pii, module: m.wasm, "
     "digest: md5:1}\n", 8, 45, "pattern"),
    ("unknown screening action", BASE + "    screening: {action: quarantine}\n", 7, 25,
     "Input should be"),
    ("unknown attestation demand", BASE + "trust: {attestation: maybe}\n", 7, 22,
     "Input should be 'none' or 'required'"),
    ("signer without identity", BASE + "models:\n  - name: demo\n    signers: [{root: r.pem}]\n",
     9, 15, "needs the certificate identity"),
    ("duplicate key", BASE + "admins: []\n", 7, 1, "duplicate key 'admins'"),
    ("object tag", BASE + "audit: !!python/object:os.system {}\n", 7, 8, "not allowed"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "text", "line", "column", "message"), BROKEN, ids=[c[0] for c in BROKEN]
)
def test_broken_policy_is_located(
    name: str, text: str, line: int, column: int, message: str
) -> None:
    with pytest.raises(LocatedYamlError) as caught:
        parse_policy(text.encode(), "p.yaml")
    rendered = [str(e) for e in caught.value.errors]
    assert any(
        (e.location.line, e.location.column) == (line, column) and message in e.message
        for e in caught.value.errors
    ), rendered


def test_every_tenant_is_screened_by_default() -> None:
    policy = parse_policy(BASE.encode(), "p.yaml").policy
    assert policy.tenants[0].screening.action == "block"


def test_digest_is_canonical() -> None:
    reordered = """\
tenants:
  - models: [demo]
    identities: ["spiffe://corp/payments/*"]
    id: payments
admins: ["spiffe://corp/ops/*"]
version: 1
"""
    first = parse_policy(BASE.encode(), "a.yaml").digest
    assert parse_policy(reordered.encode(), "b.yaml").digest == first
    changed = BASE.replace("models: [demo]", "models: [demo, other]")
    assert parse_policy(changed.encode(), "c.yaml").digest != first
    assert first.startswith("sha256:")
    assert len(first) == len("sha256:") + 64


def test_schema_file_is_current() -> None:
    assert SCHEMA_PATH.read_text() == policy_schema(), "run: appliance policy schema --write"


def _outcome(text: bytes) -> None:
    """A policy, or located errors; any other exception fails the test."""
    errors: tuple[object, ...] = ()
    try:
        parse_policy(text, "fuzz.yaml")
    except LocatedYamlError as exc:
        errors = exc.errors
        assert errors
    for error in errors:
        assert str(error).startswith("fuzz.yaml:")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_crash_the_loader(data: bytes) -> None:
    _outcome(data)


def _mutations() -> st.SearchStrategy[bytes]:
    base = (REPO / "policies" / "example.yaml").read_bytes()
    return st.tuples(st.integers(0, len(base) - 1), st.integers(0, 8), st.binary(max_size=8)).map(
        lambda t: base[: t[0]] + t[2] + base[t[0] + t[1] :]
    )


@settings(max_examples=300, deadline=None)
@given(_mutations())
def test_mutated_examples_give_a_policy_or_located_errors(data: bytes) -> None:
    _outcome(data)


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda children: (
            st.lists(children, max_size=4)
            | st.dictionaries(st.text(max_size=8), children, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_random_yaml_documents(document: object) -> None:
    _outcome(yaml.safe_dump(document).encode())


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appliance.cli.main", "policy", *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_cli_reports_each_error_with_location(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(BASE.replace("version: 1", "version: 2") + "    colour: blue\n")
    result = run_cli("check", str(EXAMPLES[0]), str(bad))
    assert result.returncode == 1
    assert f"{EXAMPLES[0]}: OK" in result.stdout
    lines = result.stderr.strip().splitlines()
    assert lines == [
        f"{bad}:1:10: version: Input should be 1",
        f"{bad}:7:5: tenants.0.colour: unknown key",
    ]


def test_diff_cli_in_plain_words(tmp_path: Path) -> None:
    old = tmp_path / "old.yaml"
    new = tmp_path / "new.yaml"
    old.write_text(BASE)
    new.write_text(
        BASE.replace("models: [demo]", "models: [demo]\n    limits: {max_tokens: 64}")
        + "  - id: audit\n    identities: ['spiffe://corp/audit']\n    models: ['*']\n"
    )
    result = run_cli("diff", str(old), str(new))
    assert result.returncode == 0, result.stderr
    assert "tenant 'audit' added: models: any model" in result.stdout
    assert "tenant 'payments': now prompt at most 65536 bytes, max_tokens at most 64" in (
        result.stdout
    )
    assert run_cli("diff", str(old), str(old)).stdout.strip() == "no changes"


@pytest.mark.parametrize(
    ("identity", "expected"),
    [
        ("spiffe://corp/payments/api", "is tenant 'payments'"),
        ("spiffe://corp/other", "matches no tenant"),
        ("spiffe://corp/ops/alice", "admin: yes"),
    ],
)
def test_explain_cli(tmp_path: Path, identity: str, expected: str) -> None:
    policy = tmp_path / "p.yaml"
    policy.write_text(BASE)
    result = run_cli("explain", str(policy), "--identity", identity)
    assert result.returncode == 0
    assert expected in result.stdout
