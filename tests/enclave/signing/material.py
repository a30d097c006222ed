"""Keys, a test CA chain (root -> intermediate -> code-signing leaf) and model directories."""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

IDENTITY = "spiffe://appliance.local/model-signer/release"
_NOW = datetime.datetime.now(datetime.UTC)


@dataclass(frozen=True)
class KeyPair:
    private: Path
    public: Path


@dataclass(frozen=True)
class SigningCertificate:
    """A leaf key and certificate, the intermediate to send along, and the root to pin."""

    key: Path
    certificate: Path
    chain: Path
    root: Path
    identity: str


def write_key_pair(directory: Path, name: str, curve: ec.EllipticCurve) -> KeyPair:
    key = ec.generate_private_key(curve)
    return KeyPair(
        _write_private(directory / f"{name}.key", key), _write_public(directory, name, key)
    )


def build_ca(
    directory: Path,
    name: str,
    *,
    identity: str = IDENTITY,
    code_signing: bool = True,
    curve: ec.EllipticCurve | None = None,
) -> SigningCertificate:
    """root -> intermediate -> leaf (SAN URI `identity`, digitalSignature, code-signing EKU)."""
    directory.mkdir(parents=True, exist_ok=True)
    root_key = ec.generate_private_key(ec.SECP384R1())
    root_name = _name(f"{name} Test Root")
    root = _ca_cert(root_name, root_name, root_key.public_key(), root_key, path_length=1)
    mid_key = ec.generate_private_key(ec.SECP256R1())
    mid_name = _name(f"{name} Test Intermediate")
    mid = _ca_cert(mid_name, root_name, mid_key.public_key(), root_key, path_length=0)
    leaf_key = ec.generate_private_key(curve or ec.SECP256R1())
    usages = [ExtendedKeyUsageOID.CODE_SIGNING if code_signing else ExtendedKeyUsageOID.SERVER_AUTH]
    leaf = (
        _builder(_name(f"{name} signer"), mid_name, leaf_key.public_key())
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(sign=True), critical=True)
        .add_extension(x509.ExtendedKeyUsage(usages), critical=False)
        .add_extension(
            x509.SubjectAlternativeName([x509.UniformResourceIdentifier(identity)]), critical=False
        )
        .sign(mid_key, hashes.SHA256())
    )
    pem = serialization.Encoding.PEM
    (directory / f"{name}-root.pem").write_bytes(root.public_bytes(pem))
    (directory / f"{name}-chain.pem").write_bytes(mid.public_bytes(pem))
    (directory / f"{name}-leaf.pem").write_bytes(leaf.public_bytes(pem))
    return SigningCertificate(
        key=_write_private(directory / f"{name}-leaf.key", leaf_key),
        certificate=directory / f"{name}-leaf.pem",
        chain=directory / f"{name}-chain.pem",
        root=directory / f"{name}-root.pem",
        identity=identity,
    )


def write_model(directory: Path, *, weights_bytes: int = 10_000) -> Path:
    """A tiny model: weights, a config, a tokenizer in a subdirectory."""
    (directory / "tokenizer").mkdir(parents=True)
    (directory / "model.safetensors").write_bytes(os.urandom(weights_bytes))
    (directory / "config.json").write_text('{"architectures": ["Demo"]}\n')
    (directory / "tokenizer" / "tokenizer.json").write_text('{"vocab": {"a": 0}}\n')
    return directory


def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _builder(
    subject: x509.Name, issuer: x509.Name, key: ec.EllipticCurvePublicKey
) -> x509.CertificateBuilder:
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(_NOW - datetime.timedelta(minutes=5))
        .not_valid_after(_NOW + datetime.timedelta(days=30))
    )


def _ca_cert(
    subject: x509.Name,
    issuer: x509.Name,
    key: ec.EllipticCurvePublicKey,
    signer: ec.EllipticCurvePrivateKey,
    *,
    path_length: int,
) -> x509.Certificate:
    return (
        _builder(subject, issuer, key)
        .add_extension(x509.BasicConstraints(ca=True, path_length=path_length), critical=True)
        .add_extension(_key_usage(sign=False), critical=True)
        .sign(signer, hashes.SHA384())
    )


def _key_usage(*, sign: bool) -> x509.KeyUsage:
    return x509.KeyUsage(
        digital_signature=sign,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        key_cert_sign=not sign,
        crl_sign=not sign,
        encipher_only=False,
        decipher_only=False,
    )


def _write_private(path: Path, key: ec.EllipticCurvePrivateKey) -> Path:
    path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return path


def _write_public(directory: Path, name: str, key: ec.EllipticCurvePrivateKey) -> Path:
    path = directory / f"{name}.pub"
    path.write_bytes(
        key.public_key().public_bytes(
            serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
        )
    )
    return path
