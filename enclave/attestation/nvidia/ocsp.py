"""Revocation status of NVIDIA certificates, from OCSP responses cached on disk.

NVIDIA's verifier asks its OCSP responder over the network. Appliances here are often
air-gapped, so the one implementation reads DER OCSP responses that an operator copies into a
directory (fetched elsewhere, e.g. `openssl ocsp -respout`). File names do not matter: a
response is matched to a certificate by its CertID (issuer name hash, issuer key hash, serial).

Without a request nonce, a cached response is only as fresh as its validity window; that is
the price of working offline and the reason `next_update` is mandatory here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Protocol

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, ed448, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.types import CertificatePublicKeyTypes
from cryptography.x509 import ocsp
from cryptography.x509.oid import ExtendedKeyUsageOID

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.certificate_chain import CERTIFICATE_ERRORS, same_certificate
from enclave.attestation.nvidia.checks import Check


class OcspChecker(Protocol):
    """Says a certificate is not revoked at `at`, or raises AttestationError saying why not."""

    def check(
        self, certificate: x509.Certificate, issuer: x509.Certificate, *, at: datetime
    ) -> None: ...


@dataclass(frozen=True)
class _Candidate:
    source: str
    response: ocsp.OCSPResponse
    single: ocsp.OCSPSingleResponse


class DirectoryOcspChecker:
    """An OcspChecker over a directory of cached DER responses (`*.der`), re-read per check.

    A response counts only if it is signed by the certificate's issuer or by a responder
    certificate that issuer delegated (RFC 6960 4.2.2.2: issued by it, with the OCSPSigning
    extended key usage, valid at `at`), and if `at` lies in its [this_update, next_update]
    window widened by `clock_skew`. Of the responses that count, the newest decides.
    """

    def __init__(
        self,
        directory: Path,
        *,
        clock_skew: timedelta = timedelta(minutes=5),
        max_age: timedelta | None = None,
    ) -> None:
        self._directory = directory
        self._clock_skew = clock_skew
        self._max_age = max_age

    def check(
        self, certificate: x509.Certificate, issuer: x509.Certificate, *, at: datetime
    ) -> None:
        name = _describe(certificate)
        candidates = self._candidates(certificate, issuer)
        if not candidates:
            raise AttestationError(
                Check.CERTIFICATE_OCSP, f"{name}: no cached OCSP response in {self._directory}"
            )
        usable: list[ocsp.OCSPSingleResponse] = []
        problems: list[str] = []
        for candidate in candidates:
            try:
                self._verify(candidate, issuer, at)
            except AttestationError as error:
                problems.append(f"{candidate.source}: {error.message}")
            except CERTIFICATE_ERRORS as error:
                problems.append(f"{candidate.source}: {error}")
            else:
                usable.append(candidate.single)
        if not usable:
            raise AttestationError(Check.CERTIFICATE_OCSP, f"{name}: " + "; ".join(problems))
        newest = max(usable, key=lambda single: single.this_update_utc)
        if newest.certificate_status is ocsp.OCSPCertStatus.GOOD:
            return
        if newest.certificate_status is ocsp.OCSPCertStatus.REVOKED:
            reason = newest.revocation_reason.name if newest.revocation_reason else "unspecified"
            raise AttestationError(
                Check.CERTIFICATE_OCSP,
                f"{name}: revoked at {newest.revocation_time_utc} ({reason})",
            )
        raise AttestationError(Check.CERTIFICATE_OCSP, f"{name}: the responder does not know it")

    def _candidates(
        self, certificate: x509.Certificate, issuer: x509.Certificate
    ) -> list[_Candidate]:
        if not self._directory.is_dir():
            raise AttestationError(
                Check.CERTIFICATE_OCSP, f"OCSP cache {self._directory} is not a directory"
            )
        found: list[_Candidate] = []
        for path in sorted(self._directory.glob("*.der")):
            try:
                response = ocsp.load_der_ocsp_response(path.read_bytes())
                if response.response_status is not ocsp.OCSPResponseStatus.SUCCESSFUL:
                    continue
                found.extend(
                    _Candidate(path.name, response, single)
                    for single in response.responses
                    if _identifies(single, certificate, issuer)
                )
            except (*CERTIFICATE_ERRORS, OSError):
                continue  # an unreadable file vouches for nothing; others may still match
        return found

    def _verify(self, candidate: _Candidate, issuer: x509.Certificate, at: datetime) -> None:
        response, single = candidate.response, candidate.single
        signer = _responder(response, issuer, at)
        try:
            _verify_signature(
                signer.public_key(),
                response.signature,
                response.tbs_response_bytes,
                response.signature_hash_algorithm,
            )
        except InvalidSignature as error:
            raise AttestationError(Check.CERTIFICATE_OCSP, "signature does not verify") from error
        this_update, next_update = single.this_update_utc, single.next_update_utc
        if next_update is None:
            raise AttestationError(Check.CERTIFICATE_OCSP, "response has no nextUpdate")
        if not this_update - self._clock_skew <= at <= next_update + self._clock_skew:
            raise AttestationError(
                Check.CERTIFICATE_OCSP,
                f"response valid {this_update.isoformat()} to {next_update.isoformat()}, "
                f"not at {at.isoformat()}",
            )
        if self._max_age is not None and at - this_update > self._max_age:
            raise AttestationError(Check.CERTIFICATE_OCSP, f"response older than {self._max_age}")


def _identifies(
    single: ocsp.OCSPSingleResponse, certificate: x509.Certificate, issuer: x509.Certificate
) -> bool:
    if single.serial_number != certificate.serial_number:
        return False
    # The builder computes the CertID hashes exactly as RFC 6960 defines them.
    request = (
        ocsp.OCSPRequestBuilder()
        .add_certificate(certificate, issuer, single.hash_algorithm)
        .build()
    )
    return (
        request.issuer_name_hash == single.issuer_name_hash
        and request.issuer_key_hash == single.issuer_key_hash
    )


def _responder(
    response: ocsp.OCSPResponse, issuer: x509.Certificate, at: datetime
) -> x509.Certificate:
    for candidate in (issuer, *response.certificates):
        if response.responder_name is not None:
            named = candidate.subject == response.responder_name
        else:
            key_id = x509.SubjectKeyIdentifier.from_public_key(candidate.public_key()).digest
            named = key_id == response.responder_key_hash
        if not named:
            continue
        if same_certificate(candidate, issuer):
            return candidate
        _require_delegated_by(candidate, issuer, at)
        return candidate
    raise AttestationError(Check.CERTIFICATE_OCSP, "response is not signed by a known responder")


def _require_delegated_by(
    responder: x509.Certificate, issuer: x509.Certificate, at: datetime
) -> None:
    try:
        responder.verify_directly_issued_by(issuer)
    except InvalidSignature as error:
        raise AttestationError(
            Check.CERTIFICATE_OCSP, "responder certificate is not signed by the issuer"
        ) from error
    if not responder.not_valid_before_utc <= at <= responder.not_valid_after_utc:
        raise AttestationError(Check.CERTIFICATE_OCSP, f"responder certificate not valid at {at}")
    try:
        usages = responder.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    except x509.ExtensionNotFound:
        usages = x509.ExtendedKeyUsage([])
    if ExtendedKeyUsageOID.OCSP_SIGNING not in usages:
        raise AttestationError(Check.CERTIFICATE_OCSP, "responder lacks the OCSPSigning usage")


def _verify_signature(
    key: CertificatePublicKeyTypes,
    signature: bytes,
    data: bytes,
    algorithm: hashes.HashAlgorithm | None,
) -> None:
    if isinstance(key, ec.EllipticCurvePublicKey) and algorithm is not None:
        key.verify(signature, data, ec.ECDSA(algorithm))
    elif isinstance(key, rsa.RSAPublicKey) and algorithm is not None:
        key.verify(signature, data, padding.PKCS1v15(), algorithm)
    elif isinstance(key, ed25519.Ed25519PublicKey | ed448.Ed448PublicKey):
        key.verify(signature, data)
    else:
        raise AttestationError(Check.CERTIFICATE_OCSP, "unsupported responder key type")


def _describe(certificate: x509.Certificate) -> str:
    try:
        return f"{certificate.subject.rfc4514_string()} (serial {certificate.serial_number:x})"
    except ValueError:
        return f"serial {certificate.serial_number:x}"
