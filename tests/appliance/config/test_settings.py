"""The daemon config: the shipped examples validate; broken ones say where and what."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from appliance.config import LocatedYamlError, load_config

REPO = Path(__file__).resolve().parents[3]

VALID = """\
policy: policy.yaml
audit:
  path: audit/audit.jsonl
  signing_key: keys/audit-signing.key
  hmac_key: keys/audit-hmac.key
listen:
  tcp: "127.0.0.1:9443"
  tls:
    certificate: pki/server.pem
    private_key: pki/server.key
    client_ca: pki/ca.pem
engines:
  - name: gpu0
    model: demo
    model_path: model
    kv_cache_bytes: 268435456
"""

BROKEN = [
    ("unknown key", VALID.replace("  tcp:", "  tpc:"), 7, 3, "unknown key"),
    ("bad bound", VALID + "    max_model_len: 4\n", 17, 20, "greater than or equal to 16"),
    ("wrong type", VALID + "    max_tokens: lots\n", 17, 17, "valid integer"),
    ("missing engines", VALID.split("engines:")[0], 1, 1, "required key is missing"),
    ("missing policy", VALID.replace("policy: policy.yaml\n", ""), 1, 1, "required key"),
    ("bad engine name", VALID.replace("name: gpu0", "name: GPU 0"), 13, 11, "pattern"),
    ("tcp without tls", "listen:\n  tcp: ':1'\nengines: []\n", 2, 3, "needs listen.tls"),
    ("no engines", "listen:\n  tcp: null\n  unix_socket: s\nengines: []\n", 4, 10, "at least 1"),
    (
        "duplicate engines",
        VALID + VALID.split("engines:\n")[1],
        13,
        3,
        "engine names must be unique",
    ),
]


def test_relative_paths_are_relative_to_the_file(tmp_path: Path) -> None:
    path = tmp_path / "conf" / "appliance.yaml"
    path.parent.mkdir()
    path.write_text(VALID)
    config = load_config(path)
    assert config.engines[0].model_path == path.parent / "model"
    assert config.listen.tls is not None
    assert config.listen.tls.client_ca == path.parent / "pki/ca.pem"
    assert config.policy == path.parent / "policy.yaml"
    assert config.audit.signing_key == path.parent / "keys/audit-signing.key"


@pytest.mark.parametrize(
    ("name", "text", "line", "column", "message"), BROKEN, ids=[c[0] for c in BROKEN]
)
def test_broken_config_is_located(
    tmp_path: Path, name: str, text: str, line: int, column: int, message: str
) -> None:
    path = tmp_path / "appliance.yaml"
    path.write_text(text)
    with pytest.raises(LocatedYamlError) as caught:
        load_config(path)
    errors = caught.value.errors
    assert any(
        (e.location.line, e.location.column) == (line, column) and message in e.message
        for e in errors
    ), [str(e) for e in errors]


def test_config_check_cli(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(VALID.replace("  tcp:", "  tpc:"))
    ok = REPO / "config" / "dev.yaml"
    result = subprocess.run(
        [sys.executable, "-m", "appliance.cli.main", "config", "check", str(ok), str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert f"{ok}: OK" in result.stdout
    assert f"{bad}:7:3: listen.tpc: unknown key" in result.stderr


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(LocatedYamlError) as caught:
        load_config(tmp_path / "absent.yaml")
    assert "cannot read" in str(caught.value)


def test_credentials_directory_is_expanded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CREDENTIALS_DIRECTORY", "/run/credentials/appliance.service")
    path = tmp_path / "appliance.yaml"
    path.write_text(VALID.replace("pki/server.key", "${CREDENTIALS_DIRECTORY}/tls.key"))
    tls = load_config(path).listen.tls
    assert tls is not None
    assert tls.private_key == Path("/run/credentials/appliance.service/tls.key")
