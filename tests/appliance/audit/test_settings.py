"""Audit settings: defaults, and bounds that refuse nonsense with a clear message."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from appliance.audit import AuditSettings

PATHS: dict[str, Any] = {"path": Path("a.jsonl"), "signing_key": Path("k"), "hmac_key": Path("h")}


def test_defaults() -> None:
    settings = AuditSettings(**PATHS)
    assert (settings.checkpoint_every_records, settings.checkpoint_every_s) == (100, 60.0)
    assert (settings.fsync, settings.on_write_failure) == ("checkpoint", "refuse")
    assert settings.max_file_bytes == 64 * 1024 * 1024


BAD: list[tuple[dict[str, Any], str]] = [
    ({"checkpoint_every_records": 0}, "greater than or equal to 1"),
    ({"checkpoint_every_records": 100_001}, "less than or equal to 100000"),
    ({"checkpoint_every_s": 0}, "greater than 0"),
    ({"checkpoint_every_s": 86_401}, "less than or equal to 86400"),
    ({"fsync": "sometimes"}, "'always', 'checkpoint' or 'never'"),
    ({"max_file_bytes": 4095}, "greater than or equal to 4096"),
    ({"on_write_failure": "ignore"}, "'refuse' or 'continue'"),
    ({"max_backlog_records": 0}, "greater than or equal to 1"),
    ({"colour": "blue"}, "Extra inputs are not permitted"),
]


@pytest.mark.parametrize(("change", "message"), BAD, ids=[",".join(c) for c, _ in BAD])
def test_out_of_bounds_settings_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValidationError, match=message):
        AuditSettings(**PATHS, **change)


def test_settings_are_frozen() -> None:
    settings = AuditSettings(**PATHS)
    with pytest.raises(ValidationError, match="frozen"):
        settings.fsync = "always"
