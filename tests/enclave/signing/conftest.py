"""Signing material shared by the signing tests: keys and CA chains are made once."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric import ec

from enclave.signing import HashingSettings, SignerPin, sign_model
from tests.enclave.signing.material import (
    KeyPair,
    SigningCertificate,
    build_ca,
    write_key_pair,
    write_model,
)

LIBRARY_CLI = Path(sys.executable).parent / "model_signing"


@dataclass(frozen=True)
class Material:
    p256: KeyPair
    p384: KeyPair
    other_key: KeyPair
    ca: SigningCertificate
    ca_p384_leaf: SigningCertificate
    other_ca: SigningCertificate
    tls_ca: SigningCertificate

    def sign(
        self, method: str, model: Path, signature: Path, hashing: HashingSettings | None = None
    ) -> None:
        """Sign with our API: "key-p256", "key-p384", "certificate", "certificate-p384"."""
        if method.startswith("key"):
            key = self.p256 if method == "key-p256" else self.p384
            sign_model(model, signature, private_key=key.private, hashing=hashing)
            return
        ca = self.ca if method == "certificate" else self.ca_p384_leaf
        sign_model(
            model,
            signature,
            private_key=ca.key,
            certificate=ca.certificate,
            chain=[ca.chain],
            hashing=hashing,
        )

    def pin(self, method: str) -> SignerPin:
        """The pin that accepts `method`'s signatures."""
        if method == "key-p256":
            return SignerPin(public_key=self.p256.public)
        if method == "key-p384":
            return SignerPin(public_key=self.p384.public)
        ca = self.ca if method == "certificate" else self.ca_p384_leaf
        return SignerPin(root=ca.root, identity=ca.identity)


@pytest.fixture(scope="session")
def material(tmp_path_factory: pytest.TempPathFactory) -> Material:
    directory = tmp_path_factory.mktemp("signing-material")
    return Material(
        p256=write_key_pair(directory, "p256", ec.SECP256R1()),
        p384=write_key_pair(directory, "p384", ec.SECP384R1()),
        other_key=write_key_pair(directory, "other", ec.SECP256R1()),
        ca=build_ca(directory / "release", "release"),
        ca_p384_leaf=build_ca(directory / "release384", "release384", curve=ec.SECP384R1()),
        other_ca=build_ca(directory / "other", "other"),
        tls_ca=build_ca(directory / "tls", "tls", code_signing=False),
    )


@pytest.fixture
def model(tmp_path: Path) -> Path:
    return write_model(tmp_path / "model")


@pytest.fixture
def staging_root(tmp_path: Path) -> Path:
    root = tmp_path / "staging"
    root.mkdir(mode=0o700)
    return root


def library_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """The model-signing library's own CLI, as a user runs it."""
    return subprocess.run(
        [str(LIBRARY_CLI), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
