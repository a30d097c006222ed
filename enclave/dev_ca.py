"""A development certificate authority: a CA, a server certificate and client certificates.

For `make run` and tests only. Production certificates come from the organisation's PKI
(SPIFFE/SPIRE, an enterprise CA); the daemon only needs the files.
"""

from __future__ import annotations

import datetime
import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

TRUST_DOMAIN = "appliance.local"
_VALID_DAYS = 365


@dataclass(frozen=True)
class DevPki:
    """Paths of the files a development CA writes."""

    directory: Path

    def path(self, name: str) -> Path:
        """`<directory>/<name>`."""
        return self.directory / name

    @property
    def ca_certificate(self) -> Path:
        """CA certificate: the client CA for the server and the root for clients."""
        return self.path("ca.pem")

    @property
    def server_certificate(self) -> Path:
        """Server certificate (localhost, 127.0.0.1, ::1)."""
        return self.path("server.pem")

    @property
    def server_key(self) -> Path:
        """Server private key."""
        return self.path("server.key")

    def client_certificate(self, name: str) -> Path:
        """Certificate of the client called `name`."""
        return self.path(f"{name}.pem")

    def client_key(self, name: str) -> Path:
        """Private key of the client called `name`."""
        return self.path(f"{name}.key")


def spiffe_id(kind: str, name: str) -> str:
    """The SPIFFE ID the development CA gives a client."""
    return f"spiffe://{TRUST_DOMAIN}/{kind}/{name}"


def create_dev_pki(
    directory: Path,
    *,
    clients: dict[str, str] | None = None,
    server_names: tuple[str, ...] = ("localhost",),
) -> DevPki:
    """Write a CA, a server certificate and one certificate per client.

    `clients` maps a file name to the SPIFFE ID its certificate carries; by default a tenant
    client ("client") and an operator ("admin").
    """
    clients = clients or {
        "client": spiffe_id("tenant", "demo"),
        "admin": spiffe_id("admin", "operator"),
    }
    directory.mkdir(parents=True, exist_ok=True)
    os.chmod(directory, 0o700)
    pki = DevPki(directory)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Appliance Development CA")])
    now = datetime.datetime.now(datetime.UTC)
    ca_cert = (
        _base(ca_name, ca_name, ca_key.public_key(), now)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), False)
        .sign(ca_key, hashes.SHA256())
    )
    _write(pki.ca_certificate, ca_cert.public_bytes(serialization.Encoding.PEM), 0o644)

    alt_names: list[x509.GeneralName] = [x509.DNSName(n) for n in server_names]
    alt_names += [x509.IPAddress(ipaddress.ip_address(a)) for a in ("127.0.0.1", "::1")]
    _issue(
        pki,
        "server",
        "appliance-server",
        alt_names,
        ExtendedKeyUsageOID.SERVER_AUTH,
        ca_cert,
        ca_key,
        now,
    )
    for name, identity in clients.items():
        _issue(
            pki,
            name,
            name,
            [x509.UniformResourceIdentifier(identity)],
            ExtendedKeyUsageOID.CLIENT_AUTH,
            ca_cert,
            ca_key,
            now,
        )
    return pki


def _base(
    subject: x509.Name, issuer: x509.Name, key: ec.EllipticCurvePublicKey, now: datetime.datetime
) -> x509.CertificateBuilder:
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(key)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=_VALID_DAYS))
    )


def _issue(
    pki: DevPki,
    file_name: str,
    common_name: str,
    alt_names: list[x509.GeneralName],
    usage: x509.ObjectIdentifier,
    ca_cert: x509.Certificate,
    ca_key: ec.EllipticCurvePrivateKey,
    now: datetime.datetime,
) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])
    cert = (
        _base(subject, ca_cert.subject, key.public_key(), now)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectAlternativeName(alt_names), critical=False)
        .add_extension(x509.ExtendedKeyUsage([usage]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )
    key_pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    _write(pki.path(f"{file_name}.key"), key_pem, 0o600)
    _write(pki.path(f"{file_name}.pem"), cert.public_bytes(serialization.Encoding.PEM), 0o644)


def _write(path: Path, data: bytes, mode: int) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.chmod(path, mode)
