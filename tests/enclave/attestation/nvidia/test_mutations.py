"""Every single-byte change to NVIDIA's real evidence is rejected, or provably changes nothing.

A mutation XORs one byte with 0x01: the smallest change there is (a length off by one, a flag
bit, one base64 digit). OCSP is stubbed (`sample.GoodOcsp`): NVIDIA's cached responses for
the device and RIM chains were fresh at different times, so no one evaluation time has both.

- report: every byte of the 4117.
- device certificate chain: every byte of every certificate's DER (3360), re-encoded as PEM.
- RIMs: every byte would take minutes on two cores (~3 ms per verification, 41 500 bytes),
  so a deterministic sample: every byte of each structural region (root start tag, Meta,
  the first Resource, SignedInfo, SignatureValue, the head and tail of every KeyInfo
  certificate, the closing tags) and one byte in 61 of the rest; plus, at every whitespace
  byte of those regions, a swap for other whitespace.

Signed XML has bytes outside what is signed: whitespace between attributes (canonicalization
normalizes it), line breaks inside KeyInfo base64 (decoding drops them), the line break after
the root element. A change there that parses to the same canonical document must verify;
every other change must not. `canonical_form` says which is which, independently of the
verifier (lxml C14N 1.0 of the whole document, base64 text without whitespace), and the test
asserts that the verifier accepts exactly the mutants it calls equivalent.
"""

from __future__ import annotations

import base64
import textwrap
from collections import Counter
from collections.abc import Iterator

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from lxml import etree

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia import RimKind, verify_rim
from enclave.attestation.nvidia.rim import DSIG_NAMESPACE
from tests.enclave.attestation.nvidia.sample import FRESH_AT, GoodOcsp, load_sample, verify_sample

WHITESPACE_SWAP = {ord(" "): ord("\t"), ord("\n"): ord(" "), ord("\t"): ord(" ")}


def _flipped(data: bytes, position: int, value: int | None = None) -> bytes:
    mutant = bytearray(data)
    mutant[position] = mutant[position] ^ 0x01 if value is None else value
    return bytes(mutant)


def test_every_report_byte_matters() -> None:
    report = load_sample().report
    failures: Counter[str] = Counter()
    for position in range(len(report)):
        with pytest.raises(AttestationError) as raised:
            verify_sample(report=_flipped(report, position))
        failures[raised.value.check] += 1
    assert sum(failures.values()) == len(report) == 4117
    # Structure breaks parsing, the FWID breaks the certificate match, the rest the signature.
    assert set(failures) == {"report_format", "certificate_fwid", "report_signature"}


def _pem(der: bytes) -> bytes:
    body = "\n".join(textwrap.wrap(base64.b64encode(der).decode("ascii"), 64))
    return f"-----BEGIN CERTIFICATE-----\n{body}\n-----END CERTIFICATE-----\n".encode("ascii")


def test_every_certificate_chain_byte_matters() -> None:
    chain = x509.load_pem_x509_certificates(load_sample().chain_pem)
    ders = [certificate.public_bytes(Encoding.DER) for certificate in chain]
    failures: Counter[str] = Counter()
    for index, der in enumerate(ders):
        for position in range(len(der)):
            mutated = [*ders[:index], _flipped(der, position), *ders[index + 1 :]]
            with pytest.raises(AttestationError) as raised:
                verify_sample(certificate_chain_pem=b"".join(_pem(item) for item in mutated))
            failures[raised.value.check] += 1
    assert sum(failures.values()) == sum(len(der) for der in ders) == 3360
    assert set(failures) <= {"certificate_chain", "certificate_fwid"}


def canonical_form(document: bytes) -> bytes | None:
    """The document as XML means it: C14N of the parse, base64 text stripped of whitespace."""
    try:
        root = etree.fromstring(document, etree.XMLParser(resolve_entities=False))
    except etree.XMLSyntaxError:
        return None
    for name in ("X509Certificate", "SignatureValue", "DigestValue"):
        for element in root.iter(f"{{{DSIG_NAMESPACE}}}{name}"):
            element.text = "".join((element.text or "").split())
    try:
        return bytes(etree.tostring(root, method="c14n"))
    except etree.C14NError:
        return None  # e.g. a namespace URI made relative: not a document C14N can express


def _span(document: bytes, start: bytes, end: bytes, *, after: int = 0) -> range:
    first = document.index(start, after)
    return range(first, document.index(end, first) + len(end))


def rim_positions(document: bytes) -> list[int]:
    """Every byte of each structural region and one in 61 elsewhere, deterministically."""
    chosen = set(range(0, len(document), 61))
    chosen |= set(range(document.index(b">") + 1))  # root start tag, namespace declarations
    chosen |= set(_span(document, b"<ns0:Meta", b"/>"))
    chosen |= set(_span(document, b"<ns0:Payload", b"/>"))  # with the first Resource
    chosen |= set(_span(document, b"</ns0:Payload>", b"</ds:SignatureValue>"))
    after = 0
    for _ in range(document.count(b"<ds:X509Certificate>")):
        certificate = _span(
            document, b"<ds:X509Certificate>", b"</ds:X509Certificate>", after=after
        )
        chosen |= set(certificate[:48]) | set(certificate[-48:])
        chosen |= {position for position in certificate if document[position] == ord("\n")}
        after = certificate.stop
    chosen |= set(range(document.index(b"</ds:X509Data>"), len(document)))
    return sorted(chosen)


def _rim_mutants(document: bytes) -> Iterator[tuple[str, bytes]]:
    for position in rim_positions(document):
        yield f"xor@{position}", _flipped(document, position)
        swap = WHITESPACE_SWAP.get(document[position])
        if swap is not None:
            yield f"whitespace@{position}", _flipped(document, position, swap)


@pytest.mark.parametrize(
    ("kind", "version"), [("driver", "550.90.07"), ("vbios", "96.00.9f.00.01")]
)
def test_rim_mutations_verify_only_when_canonically_equal(kind: str, version: str) -> None:
    sample = load_sample()
    document = sample.driver_rim if kind == "driver" else sample.vbios_rim
    original = canonical_form(document)
    outcomes: Counter[str] = Counter()
    disagreements: list[str] = []
    for name, mutant in _rim_mutants(document):
        try:
            verify_rim(
                mutant,
                kind=RimKind(kind),
                expected_version=version,
                root=sample.rim_root,
                ocsp=GoodOcsp(),
                at=FRESH_AT,
            )
            verified = True
        except AttestationError as error:
            verified = False
            outcomes[error.check] += 1
        equivalent = canonical_form(mutant) == original
        if verified != equivalent:
            disagreements.append(f"{name}: verified={verified} equivalent={equivalent}")
        if verified:
            outcomes[f"tolerated {name.split('@')[0]}"] += 1
    assert not disagreements, disagreements[:10]
    # Tolerated: only whitespace swaps (never a flipped bit), and some exist to be tolerated.
    assert outcomes["tolerated xor"] == 0
    assert outcomes["tolerated whitespace"] > 0
    assert sum(outcomes.values()) > 2000, outcomes
