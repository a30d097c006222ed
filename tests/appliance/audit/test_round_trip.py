"""Writing a log and reading it back: counts, checkpoints, text digests, reopening."""

from __future__ import annotations

import asyncio

import pytest

from appliance.audit import (
    AuditKeyFiles,
    AuditLog,
    AuditRecordError,
    AuditUnavailableError,
    verify_audit_log,
)
from appliance.audit.chain import GENESIS_PREV, line_digest
from tests.appliance.audit.conftest import SettingsFactory
from tests.appliance.audit.sample_logs import read_lines, records_of, request, write_log


async def test_requests_and_events_verify_with_checkpoints_by_count(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(checkpoint_every_records=3)
    log = await AuditLog.open(settings)
    await log.record_event("daemon.start", {"version": "0.1.0"})
    for number in range(7):
        await log.record_request(request(number))
    await log.record_event("daemon.stop", {"reason": "SIGTERM"})
    await log.close()

    report = verify_audit_log([settings.path], keys.public_key)
    assert (report.ok, report.records, report.checkpoints, report.unsigned_tail) == (
        True, 9, 3, 0,
    ), report.first_error  # fmt: skip
    records = records_of(settings.path)
    e, r, c = "event", "request", "checkpoint"
    assert [record["kind"] for record in records] == [e, r, r, c, r, r, r, c, r, r, e, c]
    assert [record["seq"] for record in records] == list(range(1, 13))
    assert records[0]["prev"] == GENESIS_PREV
    assert records[0]["event"] == "daemon.start"
    assert records[0]["detail"] == {"version": "0.1.0"}
    checkpoint = records[3]
    assert (checkpoint["covers_seq"], checkpoint["count"]) == (3, 3)
    assert checkpoint["chain_head"] == line_digest(read_lines(settings.path)[2])


async def test_checkpoints_by_time_while_idle_and_on_close(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(checkpoint_every_s=0.05)
    log = await AuditLog.open(settings)
    await log.record_request(request(1))
    await log.record_request(request(2))
    for _ in range(100):  # the background ticker signs them, though no record arrives
        await asyncio.sleep(0.02)
        if records_of(settings.path)[-1]["kind"] == "checkpoint":
            break
    assert records_of(settings.path)[-1]["count"] == 2
    await asyncio.sleep(0.2)  # no new records: no new checkpoints
    assert len(records_of(settings.path)) == 3
    await log.record_request(request(3))
    await log.close()

    kinds = [r["kind"] for r in records_of(settings.path)]
    assert kinds == ["request", "request", "checkpoint", "request", "checkpoint"]
    report = verify_audit_log(settings.path, keys.public_key)
    assert (report.ok, report.records, report.checkpoints) == (True, 3, 2), report.first_error


@pytest.mark.parametrize("include_text", [False, True])
async def test_text_is_a_keyed_hash_unless_asked_for(
    make_settings: SettingsFactory, include_text: bool
) -> None:
    settings = make_settings()
    log = await AuditLog.open(settings)
    await log.record_request(request(1, include_text=include_text))
    await log.close()

    raw = settings.path.read_bytes()
    record = records_of(settings.path)[0]
    assert record["prompt_hmac"] == log.digest_text("secret prompt 1")
    assert record["response_hmac"] == log.digest_text("secret response 1")
    assert record["prompt_hmac"].startswith("hmac-sha256:")
    assert (b"secret prompt" in raw, b"secret response" in raw) == (include_text, include_text)
    assert record.get("prompt_text") == ("secret prompt 1" if include_text else None)
    assert record.get("response_text") == ("secret response 1" if include_text else None)
    assert "secret" not in repr(request(1))


async def test_reopening_continues_the_chain(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(checkpoint_every_records=4)
    await write_log(settings, 5)
    before = read_lines(settings.path)
    await write_log(settings, 3, first=5)

    after = records_of(settings.path)
    first_new = after[len(before)]
    assert first_new["request_id"] == "req-5"
    assert first_new["seq"] == len(before) + 1
    assert first_new["prev"] == line_digest(before[-1])
    report = verify_audit_log(settings.path, keys.public_key)
    assert (report.ok, report.records, report.checkpoints) == (True, 8, 3), report.first_error


async def test_reopening_an_unsigned_tail_counts_it_in_the_next_checkpoint(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(checkpoint_every_records=100)
    await write_log(settings, 3)
    # As after a crash: the closing checkpoint never made it to disk.
    settings.path.write_bytes(b"".join(line + b"\n" for line in read_lines(settings.path)[:-1]))
    await write_log(settings, 2, first=3)

    checkpoint = records_of(settings.path)[-1]
    assert (checkpoint["covers_seq"], checkpoint["count"]) == (5, 5)
    report = verify_audit_log(settings.path, keys.public_key)
    assert (report.ok, report.records, report.checkpoints) == (True, 5, 1), report.first_error


BAD_RECORDS = [
    ("event name with spaces", "daemon start", {}, "must match"),
    ("event name upper case", "Start", {}, "must match"),
    ("detail not JSON", "daemon.start", {"when": object()}, "not plain JSON"),
    ("detail NaN", "daemon.start", {"load": float("nan")}, "not plain JSON"),
]


@pytest.mark.parametrize(
    ("name", "event", "detail", "message"), BAD_RECORDS, ids=[c[0] for c in BAD_RECORDS]
)
async def test_a_bad_record_fails_alone_and_leaves_no_gap(
    make_settings: SettingsFactory,
    keys: AuditKeyFiles,
    name: str,
    event: str,
    detail: dict[str, object],
    message: str,
) -> None:
    settings = make_settings()
    log = await AuditLog.open(settings)
    await log.record_request(request(1))
    with pytest.raises(AuditRecordError, match=message):
        await log.record_event(event, detail)
    assert log.healthy
    await log.record_request(request(2))
    await log.close()

    assert [r.get("request_id") for r in records_of(settings.path)] == ["req-1", "req-2", None]
    assert verify_audit_log(settings.path, keys.public_key).ok


async def test_a_cancelled_caller_still_gets_its_record_written(
    make_settings: SettingsFactory,
) -> None:
    settings = make_settings()
    log = await AuditLog.open(settings)
    task = asyncio.create_task(log.record_request(request(1)))
    await asyncio.sleep(0)  # the record is queued
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await log.close()
    assert records_of(settings.path)[0]["request_id"] == "req-1"


async def test_a_closed_log_refuses_records(make_settings: SettingsFactory) -> None:
    log = await AuditLog.open(make_settings())
    await log.close()
    await log.close()  # twice is fine
    with pytest.raises(AuditUnavailableError, match="closed"):
        await log.record_request(request(1))
