"""`appliance audit keygen` and `appliance audit verify`, as an operator types them."""

from __future__ import annotations

import stat
import subprocess
import sys
from pathlib import Path

import pytest

from appliance.audit import AuditKeyFiles, AuditSettings
from tests.appliance.audit.sample_logs import edited, read_lines, write_lines, write_log


def appliance(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "appliance.cli.main", "audit", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
async def cli_log(tmp_path: Path) -> tuple[AuditKeyFiles, AuditSettings]:
    """Keys made by `appliance audit keygen`, and a 6-request log signed with them."""
    result = appliance("keygen", tmp_path / "keys")
    assert result.returncode == 0, result.stderr
    keys = AuditKeyFiles.in_directory(tmp_path / "keys")
    settings = AuditSettings(
        path=tmp_path / "log" / "audit.jsonl",
        signing_key=keys.signing_key,
        hmac_key=keys.hmac_key,
        checkpoint_every_records=4,
    )
    await write_log(settings, 6)
    return keys, settings


def test_keygen_writes_private_files_and_keeps_existing_ones(tmp_path: Path) -> None:
    directory = tmp_path / "keys"
    assert appliance("keygen", directory).returncode == 0
    keys = AuditKeyFiles.in_directory(directory)
    modes = [stat.S_IMODE(p.stat().st_mode) for p in (keys.signing_key, keys.hmac_key)]
    assert modes == [0o600, 0o600]
    assert keys.public_key.read_text().startswith("-----BEGIN PUBLIC KEY-----")
    assert len(keys.hmac_key.read_bytes()) == 32
    original = keys.signing_key.read_bytes()

    again = appliance("keygen", directory)
    assert again.returncode == 1
    assert "already exist; not overwriting (use --force to replace)" in again.stderr
    assert keys.signing_key.read_bytes() == original

    assert appliance("keygen", directory, "--force").returncode == 0
    assert keys.signing_key.read_bytes() != original


def test_verify_a_good_log(cli_log: tuple[AuditKeyFiles, AuditSettings]) -> None:
    keys, settings = cli_log
    for target in (settings.path, settings.path.parent):
        result = appliance("verify", target, "--public-key", keys.public_key)
        assert (result.returncode, result.stdout) == (0, "OK: 6 records, 2 checkpoints\n")


def test_verify_a_tampered_log(cli_log: tuple[AuditKeyFiles, AuditSettings]) -> None:
    keys, settings = cli_log
    lines = read_lines(settings.path)
    lines[2] = edited(lines[2], status="OK_REALLY")
    write_lines(settings.path, lines)

    result = appliance("verify", settings.path, "--public-key", keys.public_key)
    assert result.returncode == 1
    assert result.stdout.startswith(f"FAILED: {settings.path}:3: record was changed")


@pytest.mark.parametrize(("flags", "code"), [((), 0), (("--require-signed",), 1)])
def test_verify_a_log_whose_tail_was_cut(
    cli_log: tuple[AuditKeyFiles, AuditSettings], flags: tuple[str, ...], code: int
) -> None:
    keys, settings = cli_log
    write_lines(settings.path, read_lines(settings.path)[:-1])
    result = appliance("verify", settings.path, "--public-key", keys.public_key, *flags)
    assert result.returncode == code
    assert result.stdout.splitlines() == [
        "OK: 6 records, 1 checkpoints",
        "WARNING: 2 records after the last checkpoint are not yet signed (normal for a live "
        "log; for a closed log, its tail may have been cut)",
    ]


@pytest.mark.parametrize("missing", ["log", "key"])
def test_verify_reports_missing_files(
    cli_log: tuple[AuditKeyFiles, AuditSettings], missing: str
) -> None:
    keys, settings = cli_log
    log = settings.path.with_name("nope.jsonl") if missing == "log" else settings.path
    key = keys.public_key.with_name("nope.pub") if missing == "key" else keys.public_key
    result = appliance("verify", log, "--public-key", key)
    assert result.returncode == 1
    if missing == "log":
        assert result.stdout.startswith(f"FAILED: {log}: no such file")
    else:
        assert f"cannot read audit public key {key}: No such file or directory" in result.stderr
