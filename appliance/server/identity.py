"""Who is calling: taken from the transport (mTLS peer certificate, Unix socket), never from
a message field."""

from __future__ import annotations

import fnmatch
import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from cryptography import x509
from cryptography.x509.oid import NameOID

Transport = Literal["mtls", "unix", "insecure"]


class _HasAuthContext(Protocol):
    def auth_context(self) -> Mapping[str, Iterable[bytes]]: ...

    def peer(self) -> str: ...


@dataclass(frozen=True, slots=True)
class PeerIdentity:
    """The authenticated caller."""

    transport: Transport
    spiffe_id: str | None = None
    uris: tuple[str, ...] = ()
    dns_names: tuple[str, ...] = ()
    common_name: str | None = None

    @property
    def principal(self) -> str:
        """The one name to log and match first: SPIFFE ID, then URI, DNS, CN."""
        if self.transport == "unix":
            return "unix:local"
        for candidate in (self.spiffe_id, *self.uris, *self.dns_names, self.common_name):
            if candidate:
                return candidate
        return f"{self.transport}:anonymous"

    def names(self) -> tuple[str, ...]:
        """Every name the transport proves, most specific first. A Unix-socket caller is
        'unix:local'; a caller on insecure TCP is 'insecure:anonymous'."""
        if self.transport == "unix":
            return ("unix:local",)
        found = [self.spiffe_id, *self.uris, *self.dns_names, self.common_name]
        names = tuple(dict.fromkeys(n for n in found if n))
        return names or (self.principal,)

    def matches_any(self, patterns: Iterable[str]) -> bool:
        """True if any proven name matches a pattern (shell-style: `spiffe://corp/admin/*`)."""
        names = self.names()
        return any(fnmatch.fnmatchcase(n, p) for p in patterns for n in names)


def identity_from_context(context: _HasAuthContext) -> PeerIdentity:
    """Read the caller's identity from a gRPC servicer context."""
    if context.peer().startswith("unix:"):
        return PeerIdentity(transport="unix")
    auth = context.auth_context()
    pem = list(auth.get("x509_pem_cert", ()))
    if not pem:
        return PeerIdentity(transport="insecure")
    return _identity_from_pem(pem[0])


@functools.lru_cache(maxsize=1024)
def _identity_from_pem(pem: bytes) -> PeerIdentity:
    # Parsing costs tens of microseconds; clients reuse one certificate for many calls.
    cert = x509.load_pem_x509_certificate(pem)
    uris: list[str] = []
    dns: list[str] = []
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        uris = list(san.get_values_for_type(x509.UniformResourceIdentifier))
        dns = list(san.get_values_for_type(x509.DNSName))
    except x509.ExtensionNotFound:
        pass
    spiffe = next((u for u in uris if u.startswith("spiffe://")), None)
    cns = cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)
    cn = str(cns[0].value) if cns else None
    return PeerIdentity(
        transport="mtls",
        spiffe_id=spiffe,
        uris=tuple(uris),
        dns_names=tuple(dns),
        common_name=cn,
    )
