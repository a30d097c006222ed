"""Hashing settings, signer pins and the model digest, as documented."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from pydantic import ValidationError

from appliance.policy.model import Signer
from enclave.signing import BadSignerPin, HashingSettings, SignerPin, model_digest, resolve_pins
from enclave.signing.digests import ResourceDigest

VALID = {
    "default": ({}, "sha256", "sha256 per file"),
    "blake2": ({"algorithm": "blake2"}, "blake2b", "blake2b per file"),
    "blake3": ({"algorithm": "blake3"}, "blake3", "blake3 per file"),
    "sharded": (
        {"shard_size": 1 << 30},
        "sha256-sharded-1073741824",
        "sha256 per 1073741824-byte shard",
    ),
}


@pytest.mark.parametrize("case", list(VALID))
def test_recorded_names(case: str) -> None:
    fields, algorithm, described = VALID[case]
    settings = HashingSettings.model_validate(fields)
    assert settings.digest_algorithm == algorithm
    assert settings.describe() == described
    assert 1 <= settings.workers <= 16


INVALID = {
    "unknown algorithm": {"algorithm": "md5"},
    "tiny shard": {"shard_size": 100},
    "sharded blake3": {"algorithm": "blake3", "shard_size": 1 << 20},
    "no workers": {"workers": 0},
    "too many workers": {"workers": 1000},
    "unknown field": {"chunk": 1},
}


@pytest.mark.parametrize("case", list(INVALID))
def test_bounds(case: str) -> None:
    with pytest.raises(ValidationError):
        HashingSettings.model_validate(INVALID[case])


def test_settings_are_frozen() -> None:
    with pytest.raises(ValidationError):
        HashingSettings().workers = 3  # type: ignore[misc]


def test_model_digest_encoding() -> None:
    entries = [
        ResourceDigest("b.bin", 0, 3, False, "sha256", bytes.fromhex("22" * 32)),
        ResourceDigest("a b/c.json", 0, 1, False, "sha256", bytes.fromhex("11" * 32)),
    ]
    expected = hashlib.sha256(
        b"a b/c.json\0sha256\0" + b"11" * 32 + b"\n" + b"b.bin\0sha256\0" + b"22" * 32 + b"\n"
    ).hexdigest()
    assert model_digest(entries) == f"sha256:{expected}"
    assert model_digest(reversed(entries)) == model_digest(entries)


def test_policy_signers_resolve_against_the_policy_directory(tmp_path: Path) -> None:
    signers = [
        Signer(public_key="keys/release.pub"),
        Signer(root="/etc/appliance/root.pem", identity="spiffe://x/signer"),
    ]
    assert resolve_pins(signers, tmp_path) == (
        SignerPin(public_key=tmp_path / "keys" / "release.pub"),
        SignerPin(root=Path("/etc/appliance/root.pem"), identity="spiffe://x/signer"),
    )


PIN_ERRORS = {
    "neither": {},
    "both": {"public_key": Path("/k.pub"), "root": Path("/r.pem"), "identity": "x"},
    "root without identity": {"root": Path("/r.pem")},
    "key with identity": {"public_key": Path("/k.pub"), "identity": "x"},
}


@pytest.mark.parametrize("case", list(PIN_ERRORS))
def test_malformed_pins(case: str) -> None:
    with pytest.raises(BadSignerPin):
        SignerPin(**PIN_ERRORS[case])  # type: ignore[arg-type]
