"""NVIDIA reference integrity manifests (RIMs): signed SWID tags holding golden measurements.

A RIM is ISO 19770-2 SWID tag XML with an enveloped XML signature (ECDSA P-384, SHA-384,
C14N 1.1) whose KeyInfo carries the signing chain, leaf first, usually ending with a copy of
NVIDIA's RIM root. Checks follow NVIDIA's `rim/__init__.py` order: version, chain to the
pinned root, OCSP, signature. Two deliberate differences: the version and measurements are
read from the XML that signxml returns as signed, never from the unverified tree, and the
root copy in KeyInfo must equal the pinned root (NVIDIA discards it unread).
"""

from __future__ import annotations

import base64
import binascii
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Protocol

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from lxml import etree
from signxml.algorithms import DigestAlgorithm, SignatureMethod
from signxml.exceptions import SignXMLException
from signxml.verifier import SignatureConfiguration, XMLVerifier

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.certificate_chain import same_certificate, verify_chain
from enclave.attestation.nvidia.checks import Check
from enclave.attestation.nvidia.ocsp import OcspChecker

SWID_NAMESPACE = "http://standards.iso.org/iso/19770/-2/2015/schema.xsd"
DSIG_NAMESPACE = "http://www.w3.org/2000/09/xmldsig#"
HASH_NAMESPACE = "http://www.w3.org/2001/04/xmlenc#sha384"
MAX_ALTERNATIVES = 16
MAX_RIM_INDEX = 253  # SPDM block index = RIM index + 1, at most 0xFE
_RIM_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,127}")
_DECIMAL = re.compile(r"(0|[1-9][0-9]{0,5})")


class RimKind(StrEnum):
    DRIVER = "driver"
    VBIOS = "vbios"


@dataclass(frozen=True)
class GoldenMeasurement:
    """One Resource of a RIM payload: the values a measurement index may take."""

    index: int
    name: str
    size: int
    active: bool
    alternatives: tuple[bytes, ...]


@dataclass(frozen=True)
class ReferenceManifest:
    """A verified RIM: everything here comes from the signed XML."""

    kind: RimKind
    version: str
    measurements: Mapping[int, GoldenMeasurement]
    signer: x509.Certificate


class RimStore(Protocol):
    """Finds RIM documents by NVIDIA's RIM ID (e.g. "NV_GPU_DRIVER_GH100_550.90.07")."""

    def load(self, rim_id: str) -> bytes | None: ...


class DirectoryRimStore:
    """RIMs as `<rim id>.swidtag` files in a directory, for sites without NVIDIA's RIM service."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory

    def load(self, rim_id: str) -> bytes | None:
        if not _RIM_ID.fullmatch(rim_id):
            return None  # built from report fields; never let one become a path
        path = self._directory / f"{rim_id}.swidtag"
        return path.read_bytes() if path.is_file() else None


class InMemoryRimStore:
    """RIMs held in memory, by RIM ID."""

    def __init__(self, documents: Mapping[str, bytes]) -> None:
        self._documents = dict(documents)

    def load(self, rim_id: str) -> bytes | None:
        return self._documents.get(rim_id)


def driver_rim_id(driver_version: str) -> str:
    """NVIDIA's driver RIM ID for Hopper (`CcAdminUtils.get_driver_rim_file_id`)."""
    return f"NV_GPU_DRIVER_GH100_{driver_version}"


def vbios_rim_id(project: str, project_sku: str, chip_sku: str, vbios_version: str) -> str:
    """NVIDIA's VBIOS RIM ID (`CcAdminUtils.get_vbios_rim_file_id`)."""
    version = vbios_version.replace(".", "").upper()
    return f"NV_GPU_VBIOS_{project.upper()}_{project_sku.upper()}_{chip_sku.upper()}_{version}"


def verify_rim(
    document: bytes,
    *,
    kind: RimKind,
    expected_version: str,
    root: x509.Certificate,
    ocsp: OcspChecker,
    at: datetime,
) -> ReferenceManifest:
    """Verify a RIM for `expected_version` against the pinned RIM `root` at time `at`."""
    tree = _parse(document)
    chain = _signing_chain(tree, root)
    if _version(tree) != expected_version.lower():
        raise AttestationError(
            Check.RIM_VERSION, f"{kind} RIM is for {_version(tree)}, not {expected_version}"
        )
    verify_chain(chain, root=root, at=at, check=Check.RIM_CERTIFICATE_CHAIN)
    for certificate, issuer in itertools.pairwise([*chain, root]):
        try:
            ocsp.check(certificate, issuer, at=at)
        except AttestationError as error:
            raise AttestationError(Check.RIM_OCSP, f"{kind} RIM: {error.message}") from error
    signed = _verify_signature(tree, chain[0], at)
    version = _version(signed)
    if version != expected_version.lower():
        raise AttestationError(Check.RIM_VERSION, f"signed {kind} RIM is for {version}")
    return ReferenceManifest(kind, version, _measurements(signed), signer=chain[0])


def _parse(document: bytes) -> etree._Element:
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False
    )
    try:
        tree = etree.fromstring(document, parser)
    except etree.XMLSyntaxError as error:
        raise AttestationError(Check.RIM_FORMAT, f"RIM is not well-formed XML: {error}") from error
    if tree.getroottree().docinfo.doctype:
        raise AttestationError(Check.RIM_FORMAT, "RIM has a document type declaration")
    if tree.tag != f"{{{SWID_NAMESPACE}}}SoftwareIdentity":
        raise AttestationError(Check.RIM_FORMAT, f"RIM root element is {tree.tag}")
    return tree


def _signing_chain(tree: etree._Element, root: x509.Certificate) -> list[x509.Certificate]:
    signature = _only_child(tree, DSIG_NAMESPACE, "Signature")
    x509_data = _only_child(
        _only_child(signature, DSIG_NAMESPACE, "KeyInfo"), DSIG_NAMESPACE, "X509Data"
    )
    chain = [_certificate(element) for element in x509_data]
    if not chain:
        raise AttestationError(Check.RIM_FORMAT, "RIM KeyInfo has no X509Certificate")
    if same_certificate(chain[-1], root):
        chain.pop()  # its copy of the pinned root; a different root fails the chain check
    if not chain:
        raise AttestationError(Check.RIM_FORMAT, "RIM KeyInfo has only the root certificate")
    return chain


def _certificate(element: etree._Element) -> x509.Certificate:
    if element.tag != f"{{{DSIG_NAMESPACE}}}X509Certificate" or len(element):
        raise AttestationError(Check.RIM_FORMAT, f"unexpected {element.tag} in X509Data")
    text = "".join((element.text or "").split())
    try:
        der = base64.b64decode(text, validate=True)
        if base64.b64encode(der).decode("ascii") != text:
            raise ValueError("base64 is not in canonical form")
        return x509.load_der_x509_certificate(der)
    except (ValueError, binascii.Error) as error:
        raise AttestationError(Check.RIM_FORMAT, f"RIM certificate: {error}") from error


def _verify_signature(
    tree: etree._Element, signer: x509.Certificate, at: datetime
) -> etree._Element:
    config = SignatureConfiguration(
        require_x509=True,
        location="./",  # a child of the root element: the signature covers the whole RIM
        expect_references=1,
        signature_methods=frozenset({SignatureMethod.ECDSA_SHA384}),
        digest_algorithms=frozenset({DigestAlgorithm.SHA384}),
        verification_time=at,
    )
    try:
        result = XMLVerifier().verify(tree, x509_cert=signer, expect_config=config)
    except (SignXMLException, InvalidSignature, ValueError, etree.LxmlError) as error:
        raise AttestationError(Check.RIM_SIGNATURE, f"RIM signature: {error}") from error
    signed = getattr(result, "signed_xml", None)
    if not isinstance(signed, etree._Element) or signed.tag != tree.tag:
        raise AttestationError(Check.RIM_SIGNATURE, "the signature does not cover the whole RIM")
    return signed


def _version(tree: etree._Element) -> str:
    meta = _only_child(tree, SWID_NAMESPACE, "Meta")
    version = meta.get("colloquialVersion")
    if not version or not version.strip():
        raise AttestationError(Check.RIM_FORMAT, "RIM Meta has no colloquialVersion")
    return str(version).strip().lower()


def _measurements(tree: etree._Element) -> Mapping[int, GoldenMeasurement]:
    measurements: dict[int, GoldenMeasurement] = {}
    for resource in _only_child(tree, SWID_NAMESPACE, "Payload"):
        if not isinstance(resource.tag, str):
            continue  # comments and processing instructions carry nothing
        measurement = _measurement(resource)
        if measurement.index in measurements:
            raise AttestationError(Check.RIM_FORMAT, f"index {measurement.index} appears twice")
        measurements[measurement.index] = measurement
    if not measurements:
        raise AttestationError(Check.RIM_FORMAT, "RIM has no golden measurements")
    return MappingProxyType(measurements)


def _measurement(resource: etree._Element) -> GoldenMeasurement:
    if resource.tag != f"{{{SWID_NAMESPACE}}}Resource" or resource.get("type") != "Measurement":
        raise AttestationError(Check.RIM_FORMAT, f"unexpected payload element {resource.tag}")
    index = _decimal(resource, "index", 0, MAX_RIM_INDEX)
    size = _decimal(resource, "size", 1, 64)
    count = _decimal(resource, "alternatives", 1, MAX_ALTERNATIVES)
    active = resource.get("active")
    if active not in ("True", "False"):
        raise AttestationError(Check.RIM_FORMAT, f"measurement {index}: active is {active!r}")
    values: list[bytes] = []
    for alternative in range(count):
        text = resource.get(f"{{{HASH_NAMESPACE}}}Hash{alternative}") or ""
        if len(text) != 2 * size or not re.fullmatch(r"[0-9a-fA-F]*", text):
            raise AttestationError(
                Check.RIM_FORMAT, f"measurement {index}: Hash{alternative} is not {size} hex bytes"
            )
        values.append(bytes.fromhex(text))
    return GoldenMeasurement(
        index=index,
        name=resource.get("name") or "",
        size=size,
        active=active == "True",
        alternatives=tuple(values),
    )


def _decimal(element: etree._Element, attribute: str, low: int, high: int) -> int:
    text = element.get(attribute) or ""
    if not _DECIMAL.fullmatch(text) or not low <= int(text) <= high:
        raise AttestationError(
            Check.RIM_FORMAT, f"measurement {attribute} {text!r} is not in {low}..{high}"
        )
    return int(text)


def _only_child(parent: etree._Element, namespace: str, name: str) -> etree._Element:
    found = parent.findall(f"{{{namespace}}}{name}")
    if len(found) != 1:
        raise AttestationError(Check.RIM_FORMAT, f"expected one {name} element, found {len(found)}")
    return found[0]
