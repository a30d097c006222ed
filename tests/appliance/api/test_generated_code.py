"""The committed generated code matches the proto (regenerate: scripts/gen_proto.sh)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
GENERATED = ["appliance_pb2.py", "appliance_pb2.pyi", "appliance_pb2_grpc.py"]


def _pinned_generator() -> str:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())
    pins = [d for d in project["project"]["optional-dependencies"]["dev"] if "grpcio-tools" in d]
    assert len(pins) == 1, f"grpcio-tools must be listed once: {pins}"
    assert "==" in pins[0], f"grpcio-tools must be pinned exactly: {pins}"
    return pins[0].split("==")[1]


def test_the_generator_is_the_pinned_one() -> None:
    # The generated files carry the generator's version (GRPC_GENERATED_VERSION), so an
    # unpinned grpcio-tools makes a clean clone's stubs differ from the committed ones the
    # day a new release comes out.
    assert metadata.version("grpcio-tools") == _pinned_generator(), "run: make install"


def test_generated_code_is_current(tmp_path: Path) -> None:
    subprocess.run(
        [str(REPO / "scripts" / "gen_proto.sh"), str(tmp_path)],
        check=True,
        env={**os.environ, "PYTHON": sys.executable},
    )
    for name in GENERATED:
        fresh = (tmp_path / "appliance" / "api" / "v1" / name).read_text()
        committed = (REPO / "appliance" / "api" / "v1" / name).read_text()
        assert fresh == committed, f"{name} is stale: run scripts/gen_proto.sh"


def test_field_numbers_of_the_released_api() -> None:
    from appliance.api import pb2

    fields = {f.name: f.number for f in pb2.GenerateRequest.DESCRIPTOR.fields}
    assert fields == {
        "request_id": 1,
        "model": 2,
        "text": 3,
        "messages": 4,
        "sampling": 5,
        "sla_class": 6,
        "audit_labels": 7,
        "sealed": 8,
    }
