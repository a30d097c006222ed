"""Rotation: the live file moves aside before it grows too large; the chain runs on."""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.audit import AuditKeyFiles, AuditSettings, verify_audit_log
from appliance.audit.chain import line_digest
from appliance.audit.layout import parse_rotated, rotated_path
from tests.appliance.audit.conftest import SettingsFactory
from tests.appliance.audit.sample_logs import read_lines, records_of, write_log


@pytest.fixture
async def rotated(make_settings: SettingsFactory) -> AuditSettings:
    """A log of 40 requests over several files of at most 4096 bytes."""
    settings = make_settings(max_file_bytes=4096, checkpoint_every_records=100)
    await write_log(settings, 40)
    return settings


def files_of(settings: AuditSettings) -> list[Path]:
    return sorted(settings.path.parent.iterdir())  # zero-padded names sort in seq order


async def test_rotation_splits_the_log_into_signed_files(rotated: AuditSettings) -> None:
    files = files_of(rotated)
    assert len(files) >= 4
    assert files[-1] == rotated.path
    previous_last_line = None
    for path in files:
        lines = read_lines(path)
        assert path.stat().st_size <= 4096
        assert records_of(path)[-1]["kind"] == "checkpoint"
        if previous_last_line is not None:
            assert records_of(path)[0]["prev"] == line_digest(previous_last_line)
        previous_last_line = lines[-1]
        parsed = parse_rotated(path)
        if path != rotated.path:
            assert parsed is not None
            seqs = [r["seq"] for r in records_of(path)]
            assert (parsed[1].first_seq, parsed[1].last_seq) == (seqs[0], seqs[-1])


async def test_rotated_log_verifies_as_a_directory_and_as_a_file_list(
    rotated: AuditSettings, keys: AuditKeyFiles
) -> None:
    for paths in ([rotated.path.parent], files_of(rotated)):
        report = verify_audit_log(paths, keys.public_key)
        assert (report.ok, report.records, report.unsigned_tail) == (True, 40, 0), paths
        assert report.checkpoints == len(files_of(rotated))


async def test_reopening_after_rotation_continues_the_chain(
    rotated: AuditSettings, keys: AuditKeyFiles
) -> None:
    # As if the writer had rotated just before it closed: no live file, only rotated ones.
    seqs = [r["seq"] for r in records_of(rotated.path)]
    rotated.path.rename(rotated_path(rotated.path, seqs[0], seqs[-1]))
    await write_log(rotated, 3, first=40)
    first = records_of(rotated.path)[0]
    assert (first["request_id"], first["seq"]) == ("req-40", seqs[-1] + 1)
    report = verify_audit_log(rotated.path.parent, keys.public_key)
    assert (report.ok, report.records) == (True, 43), report.first_error


async def test_a_missing_middle_file_is_found(rotated: AuditSettings, keys: AuditKeyFiles) -> None:
    files = files_of(rotated)
    files[1].unlink()
    missing = records_of(files[0])[-1]["seq"]
    report = verify_audit_log(rotated.path.parent, keys.public_key)
    assert not report.ok
    assert report.first_error is not None
    assert report.first_error.startswith(f"{files[2]}:1: seq ")
    assert f"follows seq {missing} ({files[0]}:" in report.first_error
    assert "a file before this one is missing" in report.first_error


async def test_files_out_of_order_are_found(rotated: AuditSettings, keys: AuditKeyFiles) -> None:
    files = files_of(rotated)
    report = verify_audit_log([files[1], files[0], *files[2:]], keys.public_key)
    assert report.first_error is not None
    assert report.first_error.startswith(f"{files[1]}:1: the log starts at seq ")


def test_a_directory_without_a_log_is_an_error(tmp_path: Path, keys: AuditKeyFiles) -> None:
    report = verify_audit_log([tmp_path / "keys"], keys.public_key)
    assert not report.ok
    assert report.first_error == f"{tmp_path / 'keys'}: no audit log files (*.jsonl) here"
