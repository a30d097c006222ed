"""Each way a model or signature is refused, with its own error and reason, in place and
staged; a refusal leaves nothing staged."""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from enclave.signing import (
    BadSignerPin,
    ChangedFile,
    ExtraFile,
    HashingMismatch,
    IdentityMismatch,
    MissingFile,
    ModelRefused,
    ModelUnreadable,
    RenamedFile,
    SignatureHidesFiles,
    SignatureUnreadable,
    SignerPin,
    SymlinkInTree,
    UnsupportedEntry,
    UntrustedRoot,
    UntrustedSignature,
    VerifiedModel,
    WrongKey,
    stage_verified_model,
    verify_model_dir,
)
from enclave.signing import HashingSettings as Hashing
from tests.enclave.signing.conftest import Material, library_cli

MODES = ["in place", "staged"]


def check(
    mode: str,
    model: Path,
    signature: Path,
    pins: list[SignerPin],
    staging_root: Path,
    hashing: Hashing | None = None,
) -> VerifiedModel:
    settings = hashing or Hashing()
    if mode == "in place":
        return verify_model_dir(model, signature, pins, settings)
    return stage_verified_model(model, signature, pins, settings, staging_root)


def flip_byte(model: Path) -> None:
    data = bytearray((model / "model.safetensors").read_bytes())
    data[5000] ^= 0x01
    (model / "model.safetensors").write_bytes(bytes(data))


def write(relative: str, text: str = "x") -> Callable[[Path], None]:
    def mutate(model: Path) -> None:
        (model / relative).parent.mkdir(parents=True, exist_ok=True)
        (model / relative).write_text(text)

    return mutate


TREE_CASES: dict[str, tuple[Callable[[Path], None], type[ModelRefused], list[str]]] = {
    "changed byte": (flip_byte, ChangedFile, ["model.safetensors"]),
    "appended byte": (
        lambda m: (m / "config.json").open("a").write(" "),
        ChangedFile,
        ["config.json"],
    ),
    "extra file": (write("notes.txt"), ExtraFile, ["notes.txt"]),
    "extra file in subdirectory": (
        write("tokenizer/extra.json"),
        ExtraFile,
        ["tokenizer/extra.json"],
    ),
    "extra file under .git": (write(".git/config"), SignatureHidesFiles, [".git/config"]),
    "missing file": (
        lambda m: (m / "tokenizer" / "tokenizer.json").unlink(),
        MissingFile,
        ["tokenizer/tokenizer.json"],
    ),
    "renamed file": (
        lambda m: (m / "config.json").rename(m / "config.yaml"),
        RenamedFile,
        ["config.json", "config.yaml"],
    ),
    "symlink to a file": (
        lambda m: (m / "link.json").symlink_to("config.json"),
        SymlinkInTree,
        ["link.json"],
    ),
    "symlink to a directory": (
        lambda m: (m / "tok").symlink_to("tokenizer", target_is_directory=True),
        SymlinkInTree,
        ["tok"],
    ),
    "dangling symlink": (
        lambda m: (m / "gone").symlink_to("/nonexistent"),
        SymlinkInTree,
        ["gone"],
    ),
    "fifo": (lambda m: os.mkfifo(m / "pipe"), UnsupportedEntry, ["pipe"]),
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", list(TREE_CASES))
def test_tree_refusals(
    material: Material, model: Path, tmp_path: Path, staging_root: Path, mode: str, case: str
) -> None:
    mutate, error, paths = TREE_CASES[case]
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    mutate(model)
    with pytest.raises(error) as caught:
        check(mode, model, signature, [material.pin("key-p256")], staging_root)
    assert list(caught.value.paths) == paths
    assert list(staging_root.iterdir()) == []


def signed_by(material: Material, method: str, model: Path, signature: Path) -> None:
    if method == "tls":
        tls = material.tls_ca
        library_cli(
            "sign", "certificate", model, "--private_key", tls.key,
            "--signing_certificate", tls.certificate, "--certificate_chain", tls.chain,
            "--signature", signature,
        )  # fmt: skip
    else:
        material.sign(method, model, signature)


SIGNER_CASES: dict[str, tuple[str, Callable[[Material], SignerPin], type[UntrustedSignature]]] = {
    "wrong key": ("key-p256", lambda m: SignerPin(public_key=m.other_key.public), WrongKey),
    "wrong curve key": ("key-p256", lambda m: SignerPin(public_key=m.p384.public), WrongKey),
    "key pinned, certificate used": (
        "certificate",
        lambda m: SignerPin(public_key=m.p256.public),
        WrongKey,
    ),
    "untrusted root": (
        "certificate",
        lambda m: SignerPin(root=m.other_ca.root, identity=m.ca.identity),
        UntrustedRoot,
    ),
    "root pinned, bare key used": (
        "key-p256",
        lambda m: SignerPin(root=m.ca.root, identity=m.ca.identity),
        UntrustedRoot,
    ),
    "identity mismatch": (
        "certificate",
        lambda m: SignerPin(root=m.ca.root, identity="spiffe://appliance.local/someone-else"),
        IdentityMismatch,
    ),
    "no code-signing usage": (
        "tls",
        lambda m: SignerPin(root=m.tls_ca.root, identity=m.tls_ca.identity),
        UntrustedRoot,
    ),
}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("case", list(SIGNER_CASES))
def test_signer_refusals(
    material: Material, model: Path, tmp_path: Path, staging_root: Path, mode: str, case: str
) -> None:
    method, pin, error = SIGNER_CASES[case]
    signature = tmp_path / "model.sig"
    signed_by(material, method, model, signature)
    with pytest.raises(error):
        check(mode, model, signature, [pin(material)], staging_root)
    assert list(staging_root.iterdir()) == []


def test_library_accepts_the_certificate_we_refuse_for_usage(
    material: Material, model: Path, tmp_path: Path
) -> None:
    signature = tmp_path / "model.sig"
    signed_by(material, "tls", model, signature)
    result = library_cli(
        "verify", "certificate", model, "--signature", signature,
        "--certificate_chain", material.tls_ca.root,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr


def test_every_pin_reason_is_reported(material: Material, model: Path, tmp_path: Path) -> None:
    signature = tmp_path / "model.sig"
    material.sign("certificate", model, signature)
    pins = [
        SignerPin(public_key=material.p256.public),
        SignerPin(root=material.other_ca.root, identity=material.ca.identity),
        SignerPin(root=material.ca.root, identity="spiffe://appliance.local/other"),
    ]
    with pytest.raises(UntrustedSignature) as caught:
        verify_model_dir(model, signature, pins)
    assert type(caught.value) is UntrustedSignature
    assert len(caught.value.reasons) == 3


HASHING_CASES = {
    "sha256 signed, blake3 required": (Hashing(), Hashing(algorithm="blake3")),
    "blake2 signed, sha256 required": (Hashing(algorithm="blake2"), Hashing()),
    "per file signed, shards required": (Hashing(), Hashing(shard_size=4096)),
    "other shard size": (Hashing(shard_size=4096), Hashing(shard_size=8192)),
}


@pytest.mark.parametrize("case", list(HASHING_CASES))
def test_hashing_comes_from_settings_not_signature(
    material: Material, model: Path, tmp_path: Path, case: str
) -> None:
    signed_with, required = HASHING_CASES[case]
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature, signed_with)
    with pytest.raises(HashingMismatch):
        verify_model_dir(model, signature, [material.pin("key-p256")], required)


def test_signature_ignore_list_hiding_a_file_is_refused(
    material: Material, model: Path, tmp_path: Path, staging_root: Path
) -> None:
    (model / "notes.txt").write_text("unsigned")
    signature = tmp_path / "model.sig"
    key = material.p256
    signed = library_cli(
        "sign", "key", model, "--private_key", key.private, "--signature", signature,
        "--ignore-paths", model / "notes.txt",
    )  # fmt: skip
    assert signed.returncode == 0, signed.stderr
    # The library, reading its own ignore list back from the signature, is satisfied...
    verified = library_cli(
        "verify", "key", model, "--signature", signature, "--public_key", key.public
    )
    assert verified.returncode == 0, verified.stderr
    # ...we are not: notes.txt would reach the loader unsigned.
    for mode in MODES:
        with pytest.raises(SignatureHidesFiles) as caught:
            check(mode, model, signature, [material.pin("key-p256")], staging_root)
        assert caught.value.paths == ("notes.txt",)


def test_git_directory_is_an_extra_file_for_a_signature_without_ignores(
    material: Material, model: Path, tmp_path: Path
) -> None:
    signature = tmp_path / "model.sig"
    signed = library_cli(
        "sign", "key", model, "--private_key", material.p256.private, "--signature", signature,
        "--no-ignore-git-paths",
    )  # fmt: skip
    assert signed.returncode == 0, signed.stderr
    (model / ".git").mkdir()
    (model / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    with pytest.raises(ExtraFile) as caught:
        verify_model_dir(model, signature, [material.pin("key-p256")])
    assert caught.value.paths == (".git/HEAD",)


def test_signature_inside_the_model_is_refused(material: Material, model: Path) -> None:
    signature = model / "model.sig"
    signed = library_cli(
        "sign", "key", model, "--private_key", material.p256.private, "--signature", signature
    )
    assert signed.returncode == 0, signed.stderr
    with pytest.raises(SignatureHidesFiles):
        verify_model_dir(model, signature, [material.pin("key-p256")])


def test_tampered_manifest_is_refused(material: Material, model: Path, tmp_path: Path) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    flip_byte(model)
    bundle = json.loads(signature.read_text())
    statement = json.loads(base64.b64decode(bundle["dsseEnvelope"]["payload"]))
    for resource in statement["predicate"]["resources"]:
        if resource["name"] == "model.safetensors":
            resource["digest"] = hashlib.sha256(
                (model / "model.safetensors").read_bytes()
            ).hexdigest()
    bundle["dsseEnvelope"]["payload"] = base64.b64encode(json.dumps(statement).encode()).decode()
    signature.write_text(json.dumps(bundle))
    with pytest.raises(WrongKey):
        verify_model_dir(model, signature, [material.pin("key-p256")])


@pytest.mark.parametrize("content", ["", "not json", '{"mediaType": "x"}'])
def test_unreadable_signature(
    model: Path, tmp_path: Path, material: Material, content: str
) -> None:
    signature = tmp_path / "model.sig"
    signature.write_text(content)
    with pytest.raises(SignatureUnreadable):
        verify_model_dir(model, signature, [material.pin("key-p256")])
    with pytest.raises(SignatureUnreadable):
        verify_model_dir(model, tmp_path / "absent.sig", [material.pin("key-p256")])


def test_model_directory_itself_a_symlink(material: Material, model: Path, tmp_path: Path) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    (tmp_path / "current").symlink_to(model, target_is_directory=True)
    with pytest.raises(SymlinkInTree):
        verify_model_dir(tmp_path / "current", signature, [material.pin("key-p256")])


SHARDED_CASES = {
    "empty file": lambda m: (m / "empty").touch(),
    "colon in a name": write("weights:v2.bin"),
}


@pytest.mark.parametrize("case", list(SHARDED_CASES))
def test_sharded_hashing_cannot_name_every_file(
    material: Material, model: Path, tmp_path: Path, case: str
) -> None:
    sharded = Hashing(shard_size=4096)
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature, sharded)
    SHARDED_CASES[case](model)
    with pytest.raises(UnsupportedEntry):
        verify_model_dir(model, signature, [material.pin("key-p256")], sharded)


def test_name_that_is_not_utf8(material: Material, model: Path, tmp_path: Path) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    (model / os.fsdecode(b"caf\xe9.json")).write_text("{}")
    with pytest.raises(UnsupportedEntry):
        verify_model_dir(model, signature, [material.pin("key-p256")])


BAD_PINS: dict[str, Callable[[Material, Path], list[SignerPin]]] = {
    "no signers": lambda m, d: [],
    "unreadable key": lambda m, d: [SignerPin(public_key=d / "absent.pub")],
    "certificate given as key": lambda m, d: [SignerPin(public_key=m.ca.root)],
    "empty root file": lambda m, d: [SignerPin(root=d / "empty.pem", identity="x")],
}


@pytest.mark.parametrize("case", list(BAD_PINS))
def test_bad_pins_are_setup_errors(
    material: Material, model: Path, tmp_path: Path, case: str
) -> None:
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    (tmp_path / "empty.pem").write_text("")
    with pytest.raises(BadSignerPin):
        verify_model_dir(model, signature, BAD_PINS[case](material, tmp_path))


def test_missing_model_directory_is_no_verdict(material: Material, tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.mkdir()
    signature = tmp_path / "model.sig"
    material.sign("key-p256", model, signature)
    model.rmdir()
    with pytest.raises(ModelUnreadable):
        verify_model_dir(model, signature, [material.pin("key-p256")])
