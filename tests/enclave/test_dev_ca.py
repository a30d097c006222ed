"""The development CA issues a chain that verifies, with the names the daemon expects."""

from __future__ import annotations

import ipaddress
from pathlib import Path

from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID

from enclave import create_dev_pki, spiffe_id


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_chain_and_names(tmp_path: Path) -> None:
    pki = create_dev_pki(tmp_path)
    ca = load(pki.ca_certificate)
    server = load(pki.server_certificate)
    client = load(pki.client_certificate("client"))
    for leaf in (server, client, load(pki.client_certificate("admin"))):
        leaf.verify_directly_issued_by(ca)
    server_san = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert "localhost" in server_san.get_values_for_type(x509.DNSName)
    assert ipaddress.ip_address("127.0.0.1") in server_san.get_values_for_type(x509.IPAddress)
    client_san = client.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert client_san.get_values_for_type(x509.UniformResourceIdentifier) == [
        spiffe_id("tenant", "demo")
    ]
    usage = client.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.CLIENT_AUTH]
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
