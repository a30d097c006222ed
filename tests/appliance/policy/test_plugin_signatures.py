"""Signed plugins: a plugin pinned with signers loads only when its directory verifies;
every refusal is located at the policy line that pins it."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from appliance.config import LocatedYamlError
from appliance.policy.loader import load_policy
from enclave.signing import sign_model
from tests.daemon_harness import DEV_SIGNING_KEY, DEV_SIGNING_PUBLIC_KEY

MODULE = b"\0asm\1\0\0\0"  # the bytes only matter to the digest here


def plugin_dir(tmp_path: Path) -> Path:
    directory = tmp_path / "pii"
    directory.mkdir()
    (directory / "pii.wasm").write_bytes(MODULE)
    sign_model(directory, tmp_path / "pii.sig", private_key=DEV_SIGNING_KEY)
    return directory


def policy(tmp_path: Path, plugin_lines: str) -> Path:
    digest = "sha256:" + hashlib.sha256(MODULE).hexdigest()
    path = tmp_path / "policy.yaml"
    path.write_text(
        "version: 1\n"
        "tenants:\n"
        "  - id: payments\n"
        "    identities: ['spiffe://corp/payments/*']\n"
        "    models: [demo]\n"
        "    plugins:\n"
        f"      - name: pii\n"
        f"        module: pii/pii.wasm\n"
        f"        digest: '{digest}'\n" + plugin_lines
    )
    return path


SIGNED = (
    f"        signers: [{{public_key: '{DEV_SIGNING_PUBLIC_KEY}'}}]\n        signature: pii.sig\n"
)


def test_a_plugin_whose_directory_verifies_loads(tmp_path: Path) -> None:
    plugin_dir(tmp_path)
    loaded = load_policy(policy(tmp_path, SIGNED))
    assert loaded.policy.tenants[0].plugins[0].signers


def test_signatures_stay_optional(tmp_path: Path) -> None:
    plugin_dir(tmp_path)
    assert load_policy(policy(tmp_path, ""))


def other_key(tmp_path: Path) -> Path:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1()).public_key()
    path = tmp_path / "other.pub"
    path.write_bytes(
        key.public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    return path


@pytest.mark.parametrize("case", ["wrong key", "extra file", "no signature", "signature missing"])
def test_refusals_are_located(tmp_path: Path, case: str) -> None:
    directory = plugin_dir(tmp_path)
    lines = SIGNED
    line = 11  # the `signature:` line
    if case == "wrong key":
        lines = SIGNED.replace(str(DEV_SIGNING_PUBLIC_KEY), str(other_key(tmp_path)))
    elif case == "extra file":
        shutil.copy(directory / "pii.wasm", directory / "unsigned.wasm")
    elif case == "no signature":
        lines = SIGNED.splitlines(keepends=True)[0]
        line = 10  # the `signers:` key
    else:
        (tmp_path / "pii.sig").unlink()
    path = policy(tmp_path, lines)
    with pytest.raises(LocatedYamlError) as refused:
        load_policy(path)
    message = str(refused.value)
    assert f"{path}:{line}:" in message
    assert ("signers need a signature" if case == "no signature" else "plugin 'pii'") in message
