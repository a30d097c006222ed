"""Server credentials for mTLS: the server's certificate and key, and the client CA."""

from __future__ import annotations

import grpc

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
