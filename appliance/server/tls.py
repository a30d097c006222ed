"""Server credentials for mTLS: the server's certificate and key, and the client CA."""

from __future__ import annotations

import grpc
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from appliance.config.settings import TlsConfig


class TlsSetupError(Exception):
    """A TLS file is missing or unreadable; the daemon does not start without it."""


def server_credentials(tls: TlsConfig) -> grpc.ServerCredentials:
    """Credentials that require and verify a client certificate on every connection."""
    files = {}
    for label, path in (
        ("certificate", tls.certificate),
        ("private_key", tls.private_key),
        ("client_ca", tls.client_ca),
    ):
        try:
            files[label] = path.read_bytes()
        except OSError as exc:
            raise TlsSetupError(f"listen.tls.{label}: cannot read {path}: {exc.strerror}") from None
        if b"-----BEGIN" not in files[label]:
            raise TlsSetupError(f"listen.tls.{label}: {path} is not PEM")
    return grpc.ssl_server_credentials(
        [(files["private_key"], files["certificate"])],
        root_certificates=files["client_ca"],
        require_client_auth=True,
    )


def tls_public_key(tls: TlsConfig | None) -> bytes:
    """DER SubjectPublicKeyInfo of the server certificate (empty without TLS): attestation
    evidence binds it, so a client can tell the attested appliance from a stand-in."""
    if tls is None:
        return b""
    try:
        certificate = x509.load_pem_x509_certificate(tls.certificate.read_bytes())
    except (OSError, ValueError) as exc:
        raise TlsSetupError(
            f"listen.tls.certificate: cannot load {tls.certificate}: {exc}"
        ) from None
    return certificate.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
