"""When the disk fails: a corrupt tail refuses to open, refuse and continue modes, the loop.

Write failures come from RLIMIT_FSIZE: past the limit, write(2) fails with EFBIG for root
too (chmod does not stop root), and a write that crosses it is cut short, leaving half a
line, just as a full disk does. SIGXFSZ is ignored meanwhile so the kernel returns the error
instead of killing the process.
"""

from __future__ import annotations

import asyncio
import resource
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from appliance.audit import (
    AuditKeyFiles,
    AuditLog,
    AuditSettings,
    AuditUnavailableError,
    verify_audit_log,
)
from tests.appliance.audit.conftest import SettingsFactory
from tests.appliance.audit.sample_logs import read_lines, records_of, request, write_log


@contextmanager
def file_size_limit(limit: int) -> Iterator[Callable[[], None]]:
    """Writes that would grow any file past `limit` bytes fail until `lift()` is called."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    def lift() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))

    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield lift
    finally:
        lift()
        signal.signal(signal.SIGXFSZ, handler)


async def wait_until(condition: Callable[[], bool], timeout_s: float = 10.0) -> None:
    for _ in range(int(timeout_s / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition not met in time")


# The log written below has four lines: three requests and the closing checkpoint.
CORRUPT_TAILS = [
    ("partial last line", lambda data: data[:-30], 4, "the last line is incomplete"),
    ("garbage last line", lambda data: data + b"oops\n", 5, "the line is not valid JSON"),
    ("not a record", lambda data: data + b'{"hello":1}\n', 5, "the line is not an audit"),
    ("empty last line", lambda data: data + b"\n", 5, "the line is not valid JSON"),
]


@pytest.mark.parametrize(
    ("name", "corrupt", "line", "reason"), CORRUPT_TAILS, ids=[c[0] for c in CORRUPT_TAILS]
)
async def test_a_corrupt_tail_is_not_continued(
    make_settings: SettingsFactory,
    name: str,
    corrupt: Callable[[bytes], bytes],
    line: int,
    reason: str,
) -> None:
    settings = make_settings()
    await write_log(settings, 3)
    settings.path.write_bytes(corrupt(settings.path.read_bytes()))
    before = settings.path.read_bytes()

    with pytest.raises(AuditUnavailableError) as caught:
        await AuditLog.open(settings)
    assert str(caught.value).startswith(f"{settings.path}:{line}: {reason}")
    assert "appliance audit verify" in str(caught.value)
    assert settings.path.read_bytes() == before  # left as found, for the operator


@pytest.mark.parametrize(
    ("what", "change", "message"),
    [
        ("signing key", {"signing_key": "missing.key"}, "cannot read audit signing key"),
        ("hmac key", {"hmac_key": "short"}, "has 5 bytes; it needs at least 32"),
        ("log path", {"path": "dir-is-a-file/audit.jsonl"}, "cannot create audit directory"),
    ],
)
async def test_unusable_files_refuse_to_open(
    make_settings: SettingsFactory,
    keys: AuditKeyFiles,
    what: str,
    change: dict[str, str],
    message: str,
) -> None:
    base = keys.signing_key.parent
    (base / "short").write_bytes(b"12345")
    (base / "dir-is-a-file").write_bytes(b"")
    settings = make_settings(**{k: base / v for k, v in change.items()})
    with pytest.raises(AuditUnavailableError, match=message):
        await AuditLog.open(settings)


async def test_refuse_mode_raises_then_recovers_on_its_own(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(on_write_failure="refuse")
    log = await AuditLog.open(settings)
    for number in range(5):
        await log.record_request(request(number))
    size = settings.path.stat().st_size

    with file_size_limit(size + 200) as lift:  # the next record crosses the limit
        with pytest.raises(AuditUnavailableError, match="File too large"):
            await log.record_request(request(5))
        assert not log.healthy
        assert "File too large" in log.last_error
        with pytest.raises(AuditUnavailableError, match="audit log unavailable"):
            await log.record_request(request(6))
        assert settings.path.stat().st_size == size  # the half-written line was cut away
        lift()
        # The server refuses requests while unhealthy, so no record arrives to retry with:
        # the log retries by itself.
        await wait_until(lambda: log.healthy)
    assert log.last_error == ""
    await log.record_request(request(7))
    await log.close()

    records = records_of(settings.path)
    ids = [r.get("request_id") for r in records if r["kind"] == "request"]
    assert ids == ["req-0", "req-1", "req-2", "req-3", "req-4", "req-7"]
    recovered = [r for r in records if r.get("event") == "audit.write_recovered"]
    assert len(recovered) == 1
    assert recovered[0]["detail"]["refused_records"] >= 2
    assert "File too large" in recovered[0]["detail"]["error"]
    report = verify_audit_log(settings.path, keys.public_key)
    assert (report.ok, report.records) == (True, 7), report.first_error


async def continue_mode_log(settings: AuditSettings) -> AuditLog:
    log = await AuditLog.open(settings)
    for number in range(5):
        await log.record_request(request(number))
    return log


async def test_continue_mode_holds_records_and_writes_them_in_order(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(on_write_failure="continue", checkpoint_every_records=4)
    log = await continue_mode_log(settings)
    size = settings.path.stat().st_size

    with file_size_limit(size + 200) as lift:
        for number in range(5, 15):
            await log.record_request(request(number))  # no error: held in memory
        assert not log.healthy
        assert "File too large" in log.last_error
        assert settings.path.stat().st_size == size
        assert settings.path.read_bytes().endswith(b"\n")
        lift()
        await log.record_request(request(15))
    assert log.healthy
    await log.close()

    records = records_of(settings.path)
    ids = [r["request_id"] for r in records if r["kind"] == "request"]
    assert ids == [f"req-{n}" for n in range(16)]
    recovered = [r for r in records if r.get("event") == "audit.write_recovered"]
    assert recovered[0]["detail"]["backlog_records_written"] == 10
    report = verify_audit_log(settings.path, keys.public_key)
    assert (report.ok, report.records, report.unsigned_tail) == (True, 17, 0), report.first_error


async def test_continue_mode_refuses_when_the_backlog_is_full(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(on_write_failure="continue", max_backlog_records=3)
    log = await continue_mode_log(settings)
    size = settings.path.stat().st_size

    with file_size_limit(size + 200) as lift:
        for number in range(5, 8):
            await log.record_request(request(number))
        with pytest.raises(AuditUnavailableError, match=r"backlog full \(3 records"):
            await log.record_request(request(8))
        lift()
        await log.close()  # writes the backlog

    ids = [r["request_id"] for r in records_of(settings.path) if r["kind"] == "request"]
    assert ids == [f"req-{n}" for n in range(8)]
    assert verify_audit_log(settings.path, keys.public_key).ok


async def test_closing_while_writes_fail_says_what_was_lost(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(on_write_failure="continue")
    log = await continue_mode_log(settings)
    size = settings.path.stat().st_size

    with file_size_limit(size + 200):
        await log.record_request(request(5))
        with pytest.raises(AuditUnavailableError, match="1 records held in memory were not"):
            await log.close()
    report = verify_audit_log(settings.path, keys.public_key)
    assert (report.ok, report.records, report.unsigned_tail) == (True, 5, 5)
    assert read_lines(settings.path)[-1].startswith(b"{")


async def test_writes_do_not_block_the_event_loop(
    make_settings: SettingsFactory, keys: AuditKeyFiles
) -> None:
    settings = make_settings(fsync="always")
    log = await AuditLog.open(settings)
    ticks = 0
    done = asyncio.Event()

    async def tick() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(0)
    await asyncio.gather(*(log.record_request(request(n)) for n in range(1000)))
    done.set()
    await ticker
    await log.close()

    # Had the writes run on the loop, the ticker would have run once before them, not more.
    assert ticks > 10
    ids = [r["request_id"] for r in records_of(settings.path) if r["kind"] == "request"]
    assert ids == [f"req-{n}" for n in range(1000)]
    assert verify_audit_log(settings.path, keys.public_key).ok
