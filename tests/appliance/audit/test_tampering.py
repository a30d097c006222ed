"""The tamper matrix: each change to a log is reported at the exact file and line.

The base log has 14 lines: records at lines 1-4, 6-9 and 11-13, checkpoints at 5, 10 and 14.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from appliance.audit import AuditKeyFiles, AuditSettings, key_fingerprint, verify_audit_log
from appliance.audit.chain import line_digest
from appliance.audit.checkpoints import checkpoint_fields
from tests.appliance.audit.conftest import SettingsFactory
from tests.appliance.audit.sample_logs import (
    edited,
    parse,
    read_lines,
    rechained,
    write_lines,
    write_log,
)

Lines = list[bytes]
OTHER_KEY = Ed25519PrivateKey.generate()


@pytest.fixture
async def base_log(make_settings: SettingsFactory) -> AuditSettings:
    settings = make_settings(checkpoint_every_records=4)
    await write_log(settings, 11)
    kinds = [parse(line)["kind"] for line in read_lines(settings.path)]
    assert [n for n, kind in enumerate(kinds, 1) if kind == "checkpoint"] == [5, 10, 14]
    return settings


def at(number: int, change: Callable[[bytes], bytes]) -> Callable[[Lines], Lines]:
    """Change line `number` (1-based)."""

    def mutate(lines: Lines) -> Lines:
        out = list(lines)
        out[number - 1] = change(out[number - 1])
        return out

    return mutate


def without(*numbers: int) -> Callable[[Lines], Lines]:
    return lambda lines: [line for n, line in enumerate(lines, 1) if n not in numbers]


def swapped(first: int, second: int) -> Callable[[Lines], Lines]:
    def mutate(lines: Lines) -> Lines:
        out = list(lines)
        out[first - 1], out[second - 1] = out[second - 1], out[first - 1]
        return out

    return mutate


def forged_checkpoint(*, keep_fingerprint: bool) -> Callable[[bytes], bytes]:
    """Re-sign a checkpoint with a key that is not the log's, naming it or the log's key."""

    def change(line: bytes) -> bytes:
        record = parse(line)
        other = key_fingerprint(OTHER_KEY.public_key())
        fingerprint = record["key_fingerprint"] if keep_fingerprint else other
        fields = checkpoint_fields(
            OTHER_KEY,
            fingerprint,
            covers_seq=record["covers_seq"],
            chain_head=record["chain_head"],
            count=record["count"],
        )
        return edited(line, **fields)

    return change


def edit_and_rechain(lines: Lines) -> Lines:
    """Change record 7 and fix every prev after it, as an attacker without the key can."""
    return rechained(at(7, lambda line: edited(line, status="PERMISSION_DENIED"))(lines), 7)


TAMPERING: list[tuple[str, Callable[[Lines], Lines], int, str]] = [
    ("edited record", at(2, lambda x: edited(x, tenant="other")), 2, "record was changed"),
    (
        "edited record before a checkpoint",
        at(9, lambda x: edited(x, completion_tokens=1)),
        9,
        "is not the chain head signed by the checkpoint at {file}:10",
    ),
    ("edited prev", at(7, lambda x: edited(x, prev="1" * 64)), 7, "matches neither"),
    ("deleted record", without(3), 3, "seq 4 follows seq 2 ({file}:2): 1 record missing"),
    ("swapped records", swapped(6, 7), 6, "seq 7 follows seq 5 ({file}:5)"),
    ("deleted first record", without(1), 1, "the log starts at seq 2, not 1"),
    ("edited seq", at(8, lambda x: edited(x, seq=80)), 8, "seq 80 follows seq 7"),
    ("edited and re-chained", edit_and_rechain, 10, "signed chain head does not match"),
    ("not JSON", at(4, lambda x: x[:-9]), 4, "not valid JSON"),
    (
        "checkpoint by another key",
        at(10, forged_checkpoint(keep_fingerprint=False)),
        10,
        "signed by key",
    ),
    (
        "checkpoint re-signed under our key's name",
        at(10, forged_checkpoint(keep_fingerprint=True)),
        10,
        "signature does not verify",
    ),
    ("edited covers_seq", at(10, lambda x: edited(x, covers_seq=8)), 10, "does not verify"),
    ("edited chain_head", at(5, lambda x: edited(x, chain_head="2" * 64)), 5, "does not verify"),
    ("edited count", at(10, lambda x: edited(x, count=5)), 10, "checkpoint count 5 does not"),
]


@pytest.mark.parametrize(
    ("name", "mutate", "line", "message"), TAMPERING, ids=[case[0] for case in TAMPERING]
)
def test_tampering_is_reported_at_its_line(
    base_log: AuditSettings,
    keys: AuditKeyFiles,
    name: str,
    mutate: Callable[[Lines], Lines],
    line: int,
    message: str,
) -> None:
    path = base_log.path
    write_lines(path, mutate(read_lines(path)))

    report = verify_audit_log([path], keys.public_key)
    assert not report.ok
    assert report.first_error is not None
    assert report.first_error.startswith(f"{path}:{line}: "), report.first_error
    assert message.format(file=path) in report.first_error


def test_a_partial_last_line_is_reported(base_log: AuditSettings, keys: AuditKeyFiles) -> None:
    data = base_log.path.read_bytes()
    base_log.path.write_bytes(data[:-40])
    report = verify_audit_log([base_log.path], keys.public_key)
    assert report.first_error == (
        f"{base_log.path}:14: the file ends mid-line: this record was cut off "
        "(a truncated file or an interrupted write)"
    )


def test_the_wrong_public_key_fails_at_the_first_checkpoint(base_log: AuditSettings) -> None:
    report = verify_audit_log([base_log.path], OTHER_KEY.public_key())
    assert report.first_error is not None
    assert report.first_error.startswith(f"{base_log.path}:5: checkpoint signed by key ")
    assert report.first_error.endswith(key_fingerprint(OTHER_KEY.public_key()))


# Records after the last checkpoint are normal in a live log (the next checkpoint signs them),
# so cutting lines off the end cannot be told from a log still being written: the verifier
# reports them as `unsigned_tail`, not as an error, and `appliance audit verify
# --require-signed` fails on them for a closed log. A cut back to exactly a checkpoint is
# invisible in the file alone: the writer logs every checkpoint's seq and chain head to the
# journal so that an auditor can compare the newest signed head against it.
@pytest.mark.parametrize(("removed", "unsigned"), [(1, 3), (2, 2), (5, 4), (4, 0)])
def test_a_cut_tail_is_reported_as_unsigned(
    base_log: AuditSettings, keys: AuditKeyFiles, removed: int, unsigned: int
) -> None:
    lines = read_lines(base_log.path)
    write_lines(base_log.path, lines[:-removed])
    report = verify_audit_log([base_log.path], keys.public_key)
    assert (report.ok, report.unsigned_tail, report.first_error) == (True, unsigned, None)
    assert report.records + report.checkpoints == 14 - removed


def test_an_unchanged_log_verifies(base_log: AuditSettings, keys: AuditKeyFiles) -> None:
    report = verify_audit_log([base_log.path], keys.public_key)
    assert (report.ok, report.records, report.checkpoints) == (True, 11, 3)
    assert (
        line_digest(read_lines(base_log.path)[-2])
        == parse(read_lines(base_log.path)[-1])["chain_head"]
    )
