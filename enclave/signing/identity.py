"""What the library does not check about a signing certificate: who it names, and that it
is meant for code signing."""

from __future__ import annotations

from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID

from enclave.signing.errors import IdentityMismatch, UntrustedRoot


def certificate_identities(certificate: x509.Certificate) -> list[str]:
    """The URI, DNS and e-mail SANs of `certificate`."""
    try:
        names = certificate.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return []
    found: list[str] = []
    for kind in (x509.UniformResourceIdentifier, x509.DNSName, x509.RFC822Name):
        found.extend(str(value) for value in names.get_values_for_type(kind))
    return found


def check_signing_certificate(certificate: x509.Certificate, identity: str) -> None:
    """Refuse unless the certificate has the code-signing EKU and `identity` among its SANs.

    The library accepts a certificate whose key usage allows digital signatures even
    without that EKU, so a TLS certificate from the same CA would pass; we do not.
    Identities compare exactly: no patterns, no case folding.
    """
    try:
        usages = certificate.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    except x509.ExtensionNotFound:
        usages = x509.ExtendedKeyUsage([])
    if ExtendedKeyUsageOID.CODE_SIGNING not in usages:
        raise UntrustedRoot(
            f"signing certificate {certificate.subject.rfc4514_string()} lacks the "
            "code-signing extended key usage"
        )
    names = certificate_identities(certificate)
    if identity not in names:
        raise IdentityMismatch(
            f"signing certificate names {', '.join(names) or 'no identity'}, "
            f"not the pinned {identity}"
        )
