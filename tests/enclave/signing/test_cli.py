"""`appliance model sign` and `appliance model verify` as a user runs them: exit status 0
only when the directory verifies, 1 when refused, 2 when no verdict was reached."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from appliance.cli.main import main
from tests.enclave.signing.conftest import Material


def appliance(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["--log-level", "WARNING", *map(str, args)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def key_signed(
    material: Material, model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Path:
    signature = tmp_path / "model.sig"
    code, out, err = appliance(
        capsys, "model", "sign", model, "--key", material.p256.private, "--signature", signature
    )
    assert code == 0, err
    assert "3 files" in out
    assert "model digest sha256:" in out
    return signature


@pytest.fixture
def certificate_signed(
    material: Material, model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> Path:
    signature = tmp_path / "cert.sig"
    ca = material.ca
    code, _, err = appliance(
        capsys, "model", "sign", model, "--key", ca.key, "--cert", ca.certificate,
        "--chain", ca.chain, "--signature", signature,
    )  # fmt: skip
    assert code == 0, err
    return signature


def test_sign_then_verify_with_key(
    material: Material, model: Path, key_signed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    verify = ("model", "verify", model, "--signature", key_signed)
    code, out, _ = appliance(capsys, *verify, "--public-key", material.p256.public)
    assert code == 0
    assert "verified" in out
    assert "model digest sha256:" in out
    code, _, err = appliance(capsys, *verify, "--public-key", material.other_key.public)
    assert code == 1
    assert "refused: not signed by the pinned key" in err
    (model / "config.json").write_text("{}")
    code, _, err = appliance(capsys, *verify, "--public-key", material.p256.public)
    assert code == 1
    assert "refused: content differs from the signature: config.json" in err


def test_verify_with_root_and_identity(
    material: Material, model: Path, certificate_signed: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    verify = ("model", "verify", model, "--signature", certificate_signed, "--root")
    assert appliance(capsys, *verify, material.ca.root, "--identity", material.ca.identity)[0] == 0
    code, _, err = appliance(capsys, *verify, material.ca.root, "--identity", "spiffe://x/y")
    assert code == 1
    assert "not the pinned spiffe://x/y" in err
    code, _, err = appliance(capsys, *verify, material.other_ca.root, "--identity", "x")
    assert code == 1
    assert "does not chain to the pinned root" in err


def test_verify_with_policy(
    material: Material,
    model: Path,
    tmp_path: Path,
    key_signed: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    keys = tmp_path / "policy" / "keys"
    keys.mkdir(parents=True)
    (keys / "release.pub").write_bytes(material.p256.public.read_bytes())
    policy = tmp_path / "policy" / "policy.yaml"
    policy.write_text(
        textwrap.dedent(
            f"""\
            version: 1
            tenants:
              - id: demo
                identities: ["unix:local"]
                models: ["*"]
            models:
              - name: demo
                signers:
                  - public_key: keys/release.pub
                  - root: {material.ca.root}
                    identity: {material.ca.identity}
              - name: unsigned
            """
        )
    )
    verify = ("model", "verify", model, "--policy", policy, "--model")
    code, out, err = appliance(capsys, *verify, "demo", "--signature", key_signed)
    assert code == 0, err
    assert f"signed by key {keys / 'release.pub'}" in out
    assert appliance(capsys, *verify, "missing", "--signature", key_signed)[0] == 2
    assert appliance(capsys, *verify, "unsigned", "--signature", key_signed)[0] == 2


def test_stage_into_prints_the_read_only_copy(
    material: Material,
    model: Path,
    tmp_path: Path,
    key_signed: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = appliance(
        capsys, "model", "verify", model, "--signature", key_signed,
        "--public-key", material.p256.public, "--stage-into", tmp_path / "staging", "--progress",
    )  # fmt: skip
    assert code == 0
    staged = Path(out.split("staged read-only copy: ")[1].strip())
    assert (staged / "config.json").read_bytes() == (model / "config.json").read_bytes()


USAGE_ERRORS = {
    "root without identity": ["--root", "ca.pem"],
    "identity with key": ["--public-key", "k.pub", "--identity", "x"],
    "policy without model": ["--policy", "p.yaml"],
    "shard too small": ["--public-key", "k.pub", "--shard-size", "10"],
    "sharded blake3": ["--public-key", "k.pub", "--hash", "blake3", "--shard-size", "65536"],
    "missing key file": ["--public-key", "absent.pub"],
}


@pytest.mark.parametrize("case", list(USAGE_ERRORS))
def test_no_verdict_exits_2(
    model: Path, key_signed: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    code, _, err = appliance(
        capsys, "model", "verify", model, "--signature", key_signed, *USAGE_ERRORS[case]
    )
    assert code == 2, err


def test_sign_refuses_what_it_could_not_cover(
    material: Material, model: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sign = ("model", "sign", model, "--key", material.p256.private, "--signature")
    code, _, err = appliance(capsys, *sign, model / "model.sig")
    assert code == 2
    assert "outside the model directory" in err
    (model / ".gitattributes").write_text("*.safetensors filter=lfs\n")
    code, _, err = appliance(capsys, *sign, tmp_path / "model.sig")
    assert code == 1
    assert ".gitattributes" in err
    assert not (tmp_path / "model.sig").exists()
