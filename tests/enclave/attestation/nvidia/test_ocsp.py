"""The directory OCSP cache: NVIDIA's real responses, then each rule on a local CA and responder."""

from __future__ import annotations

import base64
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from cryptography.x509 import ocsp
from lxml import etree

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia import DirectoryOcspChecker
from enclave.attestation.nvidia.rim import DSIG_NAMESPACE
from tests.enclave.attestation.nvidia.local_pki import (
    Issued,
    issue,
    make_root,
    ocsp_responder,
    ocsp_response,
)
from tests.enclave.attestation.nvidia.sample import (
    DEVICE_OCSP_AT,
    FRESH_AT,
    SAMPLE_DIR,
    load_sample,
)

NVIDIA_CACHE = SAMPLE_DIR / "ocsp"


def _rim_chain(document: bytes) -> list[x509.Certificate]:
    root = etree.fromstring(document)
    return [
        x509.load_der_x509_certificate(base64.b64decode(element.text))
        for element in root.iter(f"{{{DSIG_NAMESPACE}}}X509Certificate")
    ]


def test_nvidia_responses_for_the_device_chain() -> None:
    chain = x509.load_pem_x509_certificates(load_sample().chain_pem)
    checker = DirectoryOcspChecker(NVIDIA_CACHE)
    for certificate, issuer in itertools.pairwise(chain[1:]):
        checker.check(certificate, issuer, at=DEVICE_OCSP_AT)


@pytest.mark.parametrize("kind", ["driver", "vbios"])
def test_nvidia_responses_for_the_rim_chains(kind: str) -> None:
    sample = load_sample()
    chain = _rim_chain(sample.driver_rim if kind == "driver" else sample.vbios_rim)
    checker = DirectoryOcspChecker(NVIDIA_CACHE)
    for certificate, issuer in itertools.pairwise(chain):
        checker.check(certificate, issuer, at=FRESH_AT)


def test_nvidia_responses_go_stale() -> None:
    chain = x509.load_pem_x509_certificates(load_sample().chain_pem)
    with pytest.raises(AttestationError, match="not at 2025-10-24") as raised:
        DirectoryOcspChecker(NVIDIA_CACHE).check(chain[1], chain[2], at=FRESH_AT)
    assert raised.value.check == "certificate_ocsp"


NOW = datetime(2025, 6, 1, 12, tzinfo=UTC)
DAY = timedelta(days=1)


@dataclass(frozen=True)
class Pki:
    root: Issued
    ca: Issued
    leaf: Issued
    delegated: Issued
    not_for_ocsp: Issued
    stranger: Issued


@pytest.fixture(scope="module")
def pki() -> Pki:
    root = make_root("Test OCSP Root")
    ca = issue(root, "Test Issuing CA", ca=True)
    other_root = make_root("Another Root")
    return Pki(
        root=root,
        ca=ca,
        leaf=issue(ca, "Test Device", ca=False),
        delegated=ocsp_responder(ca),
        not_for_ocsp=ocsp_responder(ca, signing_usage=False),
        stranger=ocsp_responder(other_root),
    )


def _good(pki: Pki, **changes: object) -> bytes:
    arguments: dict[str, object] = {
        "this_update": NOW - DAY,
        "next_update": NOW + DAY,
    } | changes
    return ocsp_response(pki.leaf.certificate, pki.ca, **arguments)  # type: ignore[arg-type]


def _tampered(response: bytes) -> bytes:
    mutant = bytearray(response)
    mutant[-10] ^= 0x01  # inside the signature BIT STRING at the end of BasicOCSPResponse
    return bytes(mutant)


PASSING: dict[str, Callable[[Pki], list[bytes]]] = {
    "signed_by_the_issuer": lambda pki: [_good(pki)],
    "signed_by_a_delegated_responder": lambda pki: [_good(pki, responder=pki.delegated)],
    "garbage_beside_a_good_response": lambda pki: [b"not DER", _good(pki)],
    "within_clock_skew_of_next_update": lambda pki: [
        _good(pki, next_update=NOW - timedelta(minutes=1))
    ],
    "newer_good_after_older_revoked": lambda pki: [
        _good(
            pki,
            status=ocsp.OCSPCertStatus.REVOKED,
            this_update=NOW - 3 * DAY,
            next_update=NOW + DAY,
        ),
        _good(pki),
    ],
}

FAILING: dict[str, tuple[Callable[[Pki], list[bytes]], str]] = {
    "no_response": (lambda pki: [], "no cached OCSP response"),
    "response_for_another_certificate": (
        lambda pki: [
            ocsp_response(
                pki.ca.certificate, pki.root, this_update=NOW - DAY, next_update=NOW + DAY
            )
        ],
        "no cached OCSP response",
    ),
    "revoked": (
        lambda pki: [
            _good(pki, status=ocsp.OCSPCertStatus.REVOKED, reason=x509.ReasonFlags.key_compromise)
        ],
        "revoked .* \\(key_compromise\\)",
    ),
    "unknown": (lambda pki: [_good(pki, status=ocsp.OCSPCertStatus.UNKNOWN)], "does not know"),
    "stale": (lambda pki: [_good(pki, this_update=NOW - 3 * DAY, next_update=NOW - DAY)], "not at"),
    "not_yet_valid": (
        lambda pki: [_good(pki, this_update=NOW + DAY, next_update=NOW + 2 * DAY)],
        "not at",
    ),
    "no_next_update": (lambda pki: [_good(pki, next_update=None)], "no nextUpdate"),
    "responder_without_ocsp_signing": (
        lambda pki: [_good(pki, responder=pki.not_for_ocsp)],
        "OCSPSigning",
    ),
    "responder_from_another_pki": (
        lambda pki: [_good(pki, responder=pki.stranger)],
        "Issuer certificate subject does not match",
    ),
    "tampered_signature": (lambda pki: [_tampered(_good(pki))], "signature does not verify"),
    "unsuccessful_response": (
        lambda pki: [
            ocsp.OCSPResponseBuilder.build_unsuccessful(
                ocsp.OCSPResponseStatus.TRY_LATER
            ).public_bytes(Encoding.DER)
        ],
        "no cached OCSP response",
    ),
    "newer_revoked_after_older_good": (
        lambda pki: [
            _good(pki, this_update=NOW - 3 * DAY, next_update=NOW + DAY),
            _good(pki, status=ocsp.OCSPCertStatus.REVOKED),
        ],
        "revoked",
    ),
}


def _cache(tmp_path: Path, responses: list[bytes]) -> DirectoryOcspChecker:
    for number, response in enumerate(responses):
        (tmp_path / f"response-{number}.der").write_bytes(response)
    return DirectoryOcspChecker(tmp_path)


@pytest.mark.parametrize("case", PASSING)
def test_good_status_passes(case: str, pki: Pki, tmp_path: Path) -> None:
    _cache(tmp_path, PASSING[case](pki)).check(pki.leaf.certificate, pki.ca.certificate, at=NOW)


@pytest.mark.parametrize("case", FAILING)
def test_each_failure_is_named(case: str, pki: Pki, tmp_path: Path) -> None:
    responses, message = FAILING[case]
    with pytest.raises(AttestationError, match=message) as raised:
        _cache(tmp_path, responses(pki)).check(pki.leaf.certificate, pki.ca.certificate, at=NOW)
    assert raised.value.check == "certificate_ocsp"


def test_max_age_bounds_how_old_a_response_may_be(pki: Pki, tmp_path: Path) -> None:
    _cache(tmp_path, [_good(pki, this_update=NOW - 2 * DAY, next_update=NOW + DAY)])
    checker = DirectoryOcspChecker(tmp_path, max_age=DAY)
    with pytest.raises(AttestationError, match="older than"):
        checker.check(pki.leaf.certificate, pki.ca.certificate, at=NOW)


def test_missing_directory_fails(pki: Pki, tmp_path: Path) -> None:
    with pytest.raises(AttestationError, match="not a directory"):
        DirectoryOcspChecker(tmp_path / "absent").check(
            pki.leaf.certificate, pki.ca.certificate, at=NOW
        )
