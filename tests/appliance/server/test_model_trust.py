"""Signed models through the daemon: a model that does not verify never reaches vLLM, and
what does load is the verified, read-only staged copy.

Each refusal case starts a daemon of its own; the model is refused before any engine process
starts, so the daemon (with no engine left to serve) exits at once, saying why.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from appliance.api import pb2, pb2_grpc
from enclave import DevPki
from tests.daemon_harness import (
    REPO,
    RunningDaemon,
    engine_config,
    ensure_signed,
    harness_policy,
    signature_of,
    start_daemon,
)

pytestmark = pytest.mark.engine


def test_status_and_evidence_show_the_verified_staged_model(daemon: RunningDaemon) -> None:
    status = daemon.status()
    (model,) = status.models
    assert model.model == "demo"
    assert model.digest.startswith("sha256:")
    assert model.signer.endswith("config/dev-model-signing/model-signing.pub")
    staged = Path(model.path)
    assert staged.is_relative_to(daemon.log_path.parent / "state" / "models")
    for path in staged.rglob("*"):
        mode = path.stat().st_mode
        assert not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH), path
    evidence = pb2_grpc.AttestationStub(daemon.channel()).GetEvidence(
        pb2.EvidenceRequest(nonce=os.urandom(32)), timeout=30
    )
    assert [(m.model, m.digest) for m in evidence.models] == [("demo", model.digest)]


def test_a_reload_that_changes_a_loaded_models_signers_is_refused(
    daemon: RunningDaemon, tmp_path: Path
) -> None:
    policy_path = daemon.log_path.parent / "policy.yaml"
    good = policy_path.read_text()
    other_key = tmp_path / "other.pub"
    other_key.write_text((REPO / "config/dev-model-signing/model-signing.pub").read_text())
    changed = yaml.safe_load(good)
    changed["models"][0]["signers"] = [{"public_key": str(other_key)}]
    try:
        policy_path.write_text(yaml.safe_dump(changed))
        with daemon.local_channel() as channel:
            result = pb2_grpc.AdminStub(channel).ReloadPolicy(pb2.ReloadPolicyRequest(), timeout=30)
        assert not result.applied
        assert "restart the appliance" in result.errors[0]
    finally:
        policy_path.write_text(good)


def copy_model(demo_model: Path, workdir: Path) -> Path:
    model = workdir / "model"
    shutil.copytree(demo_model, model)
    return model


def change_a_byte(model: Path) -> None:
    config = model / "config.json"
    config.write_bytes(config.read_bytes().replace(b"{", b"{ ", 1))


def add_a_file(model: Path) -> None:
    (model / ".git").mkdir()
    (model / ".git" / "HEAD").write_text("ref: refs/heads/main\n")


def remove_signature(model: Path) -> None:
    signature_of(model).unlink()


CASES: list[tuple[str, Callable[[Path], None], dict[str, object], str]] = [
    ("changed byte", change_a_byte, {}, "config.json"),
    ("extra file under .git", add_a_file, {}, ".git/HEAD"),
    ("no signature", remove_signature, {}, "signature"),
    ("unsigned and the policy refuses", lambda m: None, {"models": []}, "no signers"),
]


@pytest.mark.parametrize(("name", "tamper", "policy", "reason"), CASES, ids=[c[0] for c in CASES])
def test_a_model_that_does_not_verify_never_loads(
    tmp_path: Path,
    demo_model: Path,
    dev_pki: DevPki,
    name: str,
    tamper: Callable[[Path], None],
    policy: dict[str, object],
    reason: str,
) -> None:
    model = copy_model(demo_model, tmp_path)
    ensure_signed(model)
    tamper(model)
    daemon = start_daemon(
        tmp_path / "daemon",
        model,
        dev_pki,
        engine=engine_config(model),
        policy=harness_policy(**policy),
        wait=False,
        sign=False,
    )
    try:
        assert daemon.process.wait(120) == 1
    finally:
        daemon.terminate()
    log = daemon.log_path.read_text()
    assert "refused" in log
    assert reason in log
    assert "EngineCore" not in log  # no vLLM engine process was ever started
    events = [
        json.loads(line)
        for line in (daemon.audit_dir / "audit.jsonl").read_text().splitlines()
        if '"model_refused"' in line
    ]
    assert len(events) == 1
    assert reason in json.dumps(events[0])
