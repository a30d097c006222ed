"""Audit fixtures: a key set per test and settings that point into the test's directory."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from appliance.audit import AuditKeyFiles, AuditSettings, generate_audit_keys

SettingsFactory = Callable[..., AuditSettings]


@pytest.fixture
def keys(tmp_path: Path) -> AuditKeyFiles:
    return generate_audit_keys(tmp_path / "keys")


@pytest.fixture
def make_settings(tmp_path: Path, keys: AuditKeyFiles) -> SettingsFactory:
    def make(**overrides: Any) -> AuditSettings:
        fields: dict[str, Any] = {
            "path": tmp_path / "audit" / "audit.jsonl",
            "signing_key": keys.signing_key,
            "hmac_key": keys.hmac_key,
            # Time checkpoints only where a test asks for them: counts stay predictable.
            "checkpoint_every_s": 3600,
        }
        fields.update(overrides)
        return AuditSettings(**fields)

    return make
