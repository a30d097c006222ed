"""Identity comes from the peer certificate: SPIFFE ID first, then other SANs, then CN."""

from __future__ import annotations

from pathlib import Path

import pytest

from appliance.server.identity import PeerIdentity, identity_from_context
from enclave import DevPki, create_dev_pki, spiffe_id


class FakeContext:
    """The two read-only calls identity_from_context makes on a gRPC servicer context."""

    def __init__(self, peer: str, pem: bytes | None) -> None:
        self._peer = peer
        self._pem = pem

    def peer(self) -> str:
        return self._peer

    def auth_context(self) -> dict[str, list[bytes]]:
        return {"x509_pem_cert": [self._pem]} if self._pem else {}


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> DevPki:
    return create_dev_pki(
        tmp_path_factory.mktemp("pki"),
        clients={"client": spiffe_id("tenant", "bank-a"), "plain": "https://example.org/x"},
    )


def test_spiffe_identity_from_certificate(pki: DevPki) -> None:
    pem = pki.client_certificate("client").read_bytes()
    identity = identity_from_context(FakeContext("ipv4:127.0.0.1:5000", pem))
    assert identity.transport == "mtls"
    assert identity.spiffe_id == "spiffe://appliance.local/tenant/bank-a"
    assert identity.principal == identity.spiffe_id
    assert identity.common_name == "client"


def test_uri_san_without_spiffe(pki: DevPki) -> None:
    pem = pki.client_certificate("plain").read_bytes()
    identity = identity_from_context(FakeContext("ipv6:[::1]:5000", pem))
    assert identity.spiffe_id is None
    assert identity.principal == "https://example.org/x"


@pytest.mark.parametrize(
    ("peer", "pem", "transport"),
    [("unix:/run/appliance/appliance.sock", None, "unix"), ("ipv4:127.0.0.1:1", None, "insecure")],
)
def test_transport_without_certificate(peer: str, pem: bytes | None, transport: str) -> None:
    assert identity_from_context(FakeContext(peer, pem)).transport == transport


@pytest.mark.parametrize(
    ("patterns", "expected"),
    [
        (["spiffe://appliance.local/tenant/*"], True),
        (["spiffe://appliance.local/admin/*"], False),
        (["client"], True),  # the CN
        (["spiffe://appliance.local/tenant/bank-a/extra"], False),
        ([], False),
    ],
)
def test_pattern_matching(pki: DevPki, patterns: list[str], expected: bool) -> None:
    identity = identity_from_context(
        FakeContext("ipv4:1.2.3.4:1", pki.client_certificate("client").read_bytes())
    )
    assert identity.matches_any(patterns) is expected


def test_anonymous_principal() -> None:
    assert PeerIdentity(transport="insecure").principal == "insecure:anonymous"


def test_dev_pki_files(pki: DevPki) -> None:
    assert oct(Path(pki.client_key("client")).stat().st_mode & 0o777) == "0o600"
    assert oct(Path(pki.server_key).stat().st_mode & 0o777) == "0o600"
