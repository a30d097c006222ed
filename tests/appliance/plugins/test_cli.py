"""`appliance plugin build|run|inspect` as a plugin author uses them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from appliance.cli.main import main
from appliance.plugins import sha256_digest
from tests.appliance.plugins.conftest import EXAMPLES


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cli") / "pii.wasm"
    source = EXAMPLES / "pii_redact" / "pii_redact.c"
    assert main(["plugin", "build", str(source), "-o", str(out)]) == 0
    return out


def test_build_prints_the_digest(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = EXAMPLES / "pii_redact" / "pii_redact.c"
    assert main(["plugin", "build", str(source), "-o", str(built)]) == 0
    assert capsys.readouterr().out.split() == [str(built), sha256_digest(built.read_bytes())]


def test_build_reports_compile_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.c"
    broken.write_text("int oops(void) { return }\n")
    assert main(["plugin", "build", str(broken), "-o", str(tmp_path / "b.wasm")]) == 1
    assert "clang failed" in capsys.readouterr().err


def test_run_prints_the_result(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "response.txt"
    text.write_text("Reach me at jane@example.com.")
    assert main(["plugin", "run", str(built), "--input", str(text)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert (result["action"], result["text"]) == ("modify", "Reach me at [EMAIL].")
    assert result["findings"] == [{"kind": "email", "start": 12, "end": 19}]


def test_run_streamed(built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "response.txt"
    text.write_text("Reach me at jane@example.com.")
    assert main(["plugin", "run", str(built), "--input", str(text), "--chunk-size", "3"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["streamed"] is True
    assert result["text"] == "Reach me at [EMAIL]."


def test_run_refuses_a_wrong_pin(
    built: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = tmp_path / "response.txt"
    text.write_text("x")
    wrong = "sha256:" + "0" * 64
    assert main(["plugin", "run", str(built), "--input", str(text), "--digest", wrong]) == 1
    assert "digest_mismatch" in capsys.readouterr().err


def test_inspect(built: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plugin", "inspect", str(built)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["digest"] == sha256_digest(built.read_bytes())
    assert report["abi_version"] == 1
    assert report["modes"] == ["whole", "streaming"]
    assert {"process", "process_chunk", "finish", "alloc", "memory"} <= set(report["exports"])
    assert report["imports"] == []
