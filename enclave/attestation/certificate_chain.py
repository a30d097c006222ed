"""Vendor certificate chains checked against one pinned root, never the system store.

Intel's PCK chain (ECDSA P-256) and AMD's VCEK/VLEK chain (RSA-PSS SHA-384 above an ECDSA
P-384 leaf) are both short, fixed-shape chains, so the checks are done by hand rather than by
a web-PKI path builder whose profile (SANs, EKUs) these certificates do not follow. What is
checked: each signature and issuer name, each validity window at the given time, that every
issuer is a CA allowed to sign certificates and within its path length. What is not: CRLs
(revocation is a collateral step), name constraints, policies.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from cryptography import x509
from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm

from enclave.attestation.evidence import AttestationError

MAX_CHAIN_LENGTH = 5

_UNPARSEABLE = (
    ValueError,
    TypeError,
    UnsupportedAlgorithm,
    x509.InvalidVersion,
    x509.DuplicateExtension,
)


def load_der_certificate(data: bytes, what: str) -> x509.Certificate:
    """Parse one DER certificate from evidence; malformed bytes fail the "parse" check."""
    try:
        return x509.load_der_x509_certificate(data)
    except _UNPARSEABLE as err:
        raise AttestationError("parse", f"{what} is not a DER certificate: {err}") from err


def load_pem_certificates(data: bytes, what: str) -> tuple[x509.Certificate, ...]:
    """Parse concatenated PEM certificates from evidence (trailing NULs allowed)."""
    try:
        return tuple(x509.load_pem_x509_certificates(data.rstrip(b"\0")))
    except _UNPARSEABLE as err:
        raise AttestationError("parse", f"{what} is not a PEM certificate chain: {err}") from err


def describe(certificate: x509.Certificate) -> str:
    """A certificate's subject for messages; never raises on odd names."""
    try:
        return certificate.subject.rfc4514_string()
    except _UNPARSEABLE:
        return "<unreadable subject>"


def verify_chain(
    leaf: x509.Certificate,
    intermediates: Sequence[x509.Certificate],
    *,
    root: x509.Certificate,
    at: datetime,
    check: str,
) -> tuple[x509.Certificate, ...]:
    """Build and check leaf -> intermediates -> pinned root; returns the chain, root last.

    Raises AttestationError(check, ...) when any link fails. Copies of the root inside
    `intermediates` are ignored: only the pinned object is trusted.
    """
    pool = [candidate for candidate in intermediates if candidate != root]
    chain = [leaf]
    current = leaf
    while len(chain) <= MAX_CHAIN_LENGTH:
        _check_validity(current, at, check)
        if _issued_by(current, root):
            _check_validity(root, at, check)
            _check_issuer(root, len(chain) - 1, check)
            return (*chain, root)
        issuer = next((c for c in pool if _issued_by(current, c)), None)
        if issuer is None:
            raise AttestationError(
                check, f"{describe(current)} does not chain to the pinned {describe(root)}"
            )
        _check_issuer(issuer, len(chain) - 1, check)
        pool.remove(issuer)
        chain.append(issuer)
        current = issuer
    raise AttestationError(check, f"chain longer than {MAX_CHAIN_LENGTH} certificates")


def _issued_by(child: x509.Certificate, issuer: x509.Certificate) -> bool:
    try:
        child.verify_directly_issued_by(issuer)
    except (InvalidSignature, *_UNPARSEABLE):
        return False
    return True


def _check_validity(certificate: x509.Certificate, at: datetime, check: str) -> None:
    if not certificate.not_valid_before_utc <= at <= certificate.not_valid_after_utc:
        raise AttestationError(
            check,
            f"{describe(certificate)} is not valid at {at.isoformat()} "
            f"(valid {certificate.not_valid_before_utc.isoformat()} to "
            f"{certificate.not_valid_after_utc.isoformat()})",
        )


def _check_issuer(issuer: x509.Certificate, cas_below: int, check: str) -> None:
    """The issuer must be a CA that may sign certificates, with `cas_below` CAs under it."""
    try:
        constraints = issuer.extensions.get_extension_for_class(x509.BasicConstraints).value
    except x509.ExtensionNotFound:
        raise AttestationError(check, f"{describe(issuer)} is not marked as a CA") from None
    except _UNPARSEABLE as err:
        raise AttestationError(check, f"{describe(issuer)} has bad extensions: {err}") from err
    if not constraints.ca:
        raise AttestationError(check, f"{describe(issuer)} is not a CA")
    if constraints.path_length is not None and cas_below > constraints.path_length:
        raise AttestationError(check, f"{describe(issuer)} exceeds its path length")
    try:
        usage = issuer.extensions.get_extension_for_class(x509.KeyUsage).value
    except x509.ExtensionNotFound:
        return
    if not usage.key_cert_sign:
        raise AttestationError(check, f"{describe(issuer)} may not sign certificates")
