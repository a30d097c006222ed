"""Certificate chains to a pinned root: the GPU's device chain and the RIM signing chains.

The chains are short, ordered leaf first, and end at a root we pin, so validation is a walk
up a fixed path rather than path building: each certificate is signed by the next, valid at
the evaluation time, issued by a CA allowed to issue it, with no critical extension we do
not understand. Validity is evaluated at an explicit `at`: production passes now; tests pass
the time the sample evidence was fresh, because NVIDIA's sample RIM certificates expire.

Why not `cryptography.x509.verification`: its Web PKI profile rejects NVIDIA's RIM
certificates (they encode 2023 dates as GeneralizedTime), and the GPU chain's leaf has no
basicConstraints. Why not system roots: the only trust anchors are the pinned ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TypeVar

from cryptography import x509
from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.x509.oid import SignatureAlgorithmOID

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.checks import Check

HOPPER_DEVICE_CHAIN_LENGTH = 5
"""NVIDIA's MAX_CERT_CHAIN_LENGTH: leaf, BROM, provisioner ICA, GH100 identity, root."""
FWID_EXTENSION_OIDS = (
    x509.ObjectIdentifier("2.23.133.5.4.1"),  # tcg-dice-TcbInfo
    x509.ObjectIdentifier("2.23.133.5.4.1.1"),
)
FWID_BYTES = 48
_ALLOWED_SIGNATURES = frozenset(
    {
        SignatureAlgorithmOID.ECDSA_WITH_SHA256,
        SignatureAlgorithmOID.ECDSA_WITH_SHA384,
        SignatureAlgorithmOID.ECDSA_WITH_SHA512,
    }
)
_Extension = TypeVar("_Extension", bound=x509.ExtensionType)
CERTIFICATE_ERRORS = (
    ValueError,
    TypeError,
    InvalidSignature,
    UnsupportedAlgorithm,
    x509.DuplicateExtension,
    x509.InvalidVersion,
    x509.UnsupportedGeneralNameType,
)
"""What cryptography raises on malformed or unverifiable certificates, some lazily."""


def load_pem_chain(pem: bytes, *, check: Check) -> tuple[x509.Certificate, ...]:
    """Parse concatenated PEM certificates, leaf first; raises AttestationError(check)."""
    try:
        return tuple(x509.load_pem_x509_certificates(pem))
    except CERTIFICATE_ERRORS as error:
        raise AttestationError(check, f"certificate chain does not parse: {error}") from error


def same_certificate(left: x509.Certificate, right: x509.Certificate) -> bool:
    return left.public_bytes(Encoding.DER) == right.public_bytes(Encoding.DER)


def verify_device_chain(
    chain: Sequence[x509.Certificate], *, root: x509.Certificate, at: datetime
) -> None:
    """Verify the GPU's chain, which ends with its copy of the root, against the pinned root.

    NVIDIA drops the GPU's copy of the root and appends the pinned one; we require the copy
    to be byte-identical instead, so that no byte of the evidence goes unchecked.
    """
    if len(chain) != HOPPER_DEVICE_CHAIN_LENGTH:
        raise AttestationError(
            Check.CERTIFICATE_CHAIN,
            f"{len(chain)} certificates, expected {HOPPER_DEVICE_CHAIN_LENGTH}",
        )
    if not same_certificate(chain[-1], root):
        raise AttestationError(Check.CERTIFICATE_CHAIN, "the chain's root is not the pinned root")
    verify_chain(chain[:-1], root=root, at=at, check=Check.CERTIFICATE_CHAIN)


def verify_chain(
    chain: Sequence[x509.Certificate], *, root: x509.Certificate, at: datetime, check: Check
) -> None:
    """Verify `chain` (leaf first, pinned root excluded) up to `root` at time `at`."""
    if at.tzinfo is None:
        raise ValueError("evaluation time must be timezone-aware")
    if not chain:
        raise AttestationError(check, "no certificates")
    path = [*chain, root]
    for position, certificate in enumerate(path):
        try:
            _verify_link(path, position, at)
        except AttestationError as error:
            raise AttestationError(check, f"{_describe(certificate)}: {error.message}") from error
        except CERTIFICATE_ERRORS as error:
            raise AttestationError(check, f"{_describe(certificate)}: {error}") from error


def certificate_fwid(leaf: x509.Certificate) -> bytes | None:
    """The firmware ID NVIDIA reads from a Hopper leaf: the last 48 bytes of the TCB extension.

    NVIDIA's `extract_fwid` takes the last 48 bytes of the extension value; those are the
    contents of its final OCTET STRING (the FWID digest), which we also require to be
    encoded as such (04 30) rather than trusting an offset blindly.
    """
    try:
        extensions = list(leaf.extensions)
    except CERTIFICATE_ERRORS as error:
        raise AttestationError(Check.CERTIFICATE_FWID, f"leaf extensions: {error}") from error
    for extension in extensions:
        if extension.oid in FWID_EXTENSION_OIDS:
            if not isinstance(extension.value, x509.UnrecognizedExtension):
                raise AttestationError(Check.CERTIFICATE_FWID, "unexpected FWID extension type")
            value = extension.value.value
            if len(value) < FWID_BYTES + 2 or value[-FWID_BYTES - 2 : -FWID_BYTES] != b"\x04\x30":
                raise AttestationError(Check.CERTIFICATE_FWID, "FWID extension is malformed")
            return value[-FWID_BYTES:]
    return None


def verify_fwid(leaf: x509.Certificate, report_fwid: bytes | None) -> bool:
    """NVIDIA's FWID check: when the report states a FWID, the leaf must carry the same one.

    Returns whether a comparison happened (reports without a FWID skip it, as in NVIDIA's).
    """
    if report_fwid is None:
        return False
    certificate_value = certificate_fwid(leaf)
    if certificate_value is None:
        raise AttestationError(Check.CERTIFICATE_FWID, "the leaf certificate has no FWID")
    if certificate_value != report_fwid:
        raise AttestationError(
            Check.CERTIFICATE_FWID,
            f"leaf FWID {certificate_value.hex()} != report FWID {report_fwid.hex()}",
        )
    return True


def _verify_link(path: Sequence[x509.Certificate], position: int, at: datetime) -> None:
    certificate = path[position]
    if not certificate.not_valid_before_utc <= at <= certificate.not_valid_after_utc:
        raise AttestationError(
            Check.CERTIFICATE_CHAIN,
            f"not valid at {at.isoformat()} (valid {certificate.not_valid_before_utc.isoformat()}"
            f" to {certificate.not_valid_after_utc.isoformat()})",
        )
    for extension in certificate.extensions:
        if extension.critical and isinstance(extension.value, x509.UnrecognizedExtension):
            raise AttestationError(
                Check.CERTIFICATE_CHAIN, f"unknown critical extension {extension.oid.dotted_string}"
            )
    if position == 0:
        usage = _extension(certificate, x509.KeyUsage)
        if usage is None or not usage.digital_signature:
            raise AttestationError(Check.CERTIFICATE_CHAIN, "leaf key usage lacks digitalSignature")
    if position > 0:
        _require_ca(certificate, intermediates_below=position - 1)
    if position == len(path) - 1:
        return  # the pinned root: trusted by configuration, not by signature
    if certificate.signature_algorithm_oid not in _ALLOWED_SIGNATURES:
        raise AttestationError(
            Check.CERTIFICATE_CHAIN,
            f"signature algorithm {certificate.signature_algorithm_oid.dotted_string} not allowed",
        )
    _require_whole_byte_signature(certificate)
    try:
        certificate.verify_directly_issued_by(path[position + 1])
    except InvalidSignature as error:
        raise AttestationError(
            Check.CERTIFICATE_CHAIN, f"signature by {_describe(path[position + 1])} does not verify"
        ) from error


def _require_whole_byte_signature(certificate: x509.Certificate) -> None:
    # cryptography returns a signature BIT STRING's bytes and ignores its unused-bits count,
    # so "03 69 01 <signature>" verifies like "03 69 00 <signature>": one certificate, two
    # encodings. The mutation tests found it; ECDSA signatures are whole bytes, so require 0.
    signature = certificate.signature
    size = len(signature) + 1
    length = bytes([size]) if size < 0x80 else bytes([0x81, size]) if size < 0x100 else b""
    if not length or not certificate.public_bytes(Encoding.DER).endswith(
        b"\x03" + length + b"\x00" + signature
    ):
        raise AttestationError(Check.CERTIFICATE_CHAIN, "signature BIT STRING has unused bits")


def _require_ca(certificate: x509.Certificate, *, intermediates_below: int) -> None:
    constraints = _extension(certificate, x509.BasicConstraints)
    if constraints is None or not constraints.ca:
        raise AttestationError(Check.CERTIFICATE_CHAIN, "issuer is not a CA")
    if constraints.path_length is not None and intermediates_below > constraints.path_length:
        raise AttestationError(Check.CERTIFICATE_CHAIN, "issuer's path length is exceeded")
    usage = _extension(certificate, x509.KeyUsage)
    if usage is not None and not usage.key_cert_sign:
        raise AttestationError(Check.CERTIFICATE_CHAIN, "issuer key usage lacks keyCertSign")


def _extension(certificate: x509.Certificate, kind: type[_Extension]) -> _Extension | None:
    try:
        return certificate.extensions.get_extension_for_class(kind).value
    except x509.ExtensionNotFound:
        return None


def _describe(certificate: x509.Certificate) -> str:
    try:
        return certificate.subject.rfc4514_string()
    except ValueError:
        return f"certificate serial {certificate.serial_number}"
