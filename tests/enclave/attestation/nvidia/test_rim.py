"""NVIDIA's real RIMs verify; each malformation, in a RIM signed validly under a local root,
fails by name; RIM IDs and the directory store behave."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from cryptography import x509
from lxml import etree
from signxml.algorithms import DigestAlgorithm, SignatureMethod

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia import (
    DirectoryRimStore,
    RimKind,
    driver_rim_id,
    vbios_rim_id,
    verify_rim,
)
from enclave.attestation.nvidia.rim import SWID_NAMESPACE
from tests.enclave.attestation.nvidia.local_pki import Issued, issue, make_root, resign_rim
from tests.enclave.attestation.nvidia.sample import (
    DRIVER_RIM_ID,
    FRESH_AT,
    SAMPLE_DIR,
    VBIOS_RIM_ID,
    GoodOcsp,
    load_sample,
)

RESOURCE = f"{{{SWID_NAMESPACE}}}Resource"
HASH0 = "{http://www.w3.org/2001/04/xmlenc#sha384}Hash0"


def test_nvidia_rims_verify() -> None:
    sample = load_sample()
    driver = verify_rim(
        sample.driver_rim,
        kind=RimKind.DRIVER,
        expected_version="550.90.07",
        root=sample.rim_root,
        ocsp=GoodOcsp(),
        at=FRESH_AT,
    )
    vbios = verify_rim(
        sample.vbios_rim,
        kind=RimKind.VBIOS,
        expected_version="96.00.9F.00.01",
        root=sample.rim_root,
        ocsp=GoodOcsp(),
        at=FRESH_AT,
    )
    assert (driver.version, vbios.version) == ("550.90.07", "96.00.9f.00.01")
    assert len(driver.measurements) == len(vbios.measurements) == 64
    assert sorted(i for i, m in driver.measurements.items() if m.active) == [7, *range(21, 41)]
    assert len(driver.measurements[35].alternatives) == 4
    assert driver.signer.subject.rfc4514_string().startswith("CN=HCC RIM L4 Signer")


def test_rim_ids_follow_nvidia() -> None:
    assert driver_rim_id("550.90.07") == DRIVER_RIM_ID
    assert vbios_rim_id("1010", "0200", "882", "96.00.9f.00.01") == VBIOS_RIM_ID


def test_directory_store(tmp_path: Path) -> None:
    (tmp_path / f"{DRIVER_RIM_ID}.swidtag").write_bytes(load_sample().driver_rim)
    store = DirectoryRimStore(tmp_path)
    assert store.load(DRIVER_RIM_ID) == load_sample().driver_rim
    assert store.load(VBIOS_RIM_ID) is None
    (tmp_path.parent / "secret.swidtag").write_bytes(b"<x/>")
    for hostile in ("../secret", "/etc/passwd", ".hidden", "a/b", ""):
        assert store.load(hostile) is None


@dataclass(frozen=True)
class LocalRims:
    root: x509.Certificate
    chain: list[Issued]


@pytest.fixture(scope="module")
def local() -> LocalRims:
    root = make_root("Test CoRIM Root")
    ca = issue(root, "Test Reference Value CA", ca=True)
    return LocalRims(root.certificate, [issue(ca, "Test RIM Signer", ca=False), ca, root])


def _first(attribute: str, value: str | None) -> Callable[[etree._Element], None]:
    def edit(root: etree._Element) -> None:
        resource = next(root.iter(RESOURCE))
        if value is None:
            del resource.attrib[attribute]
        else:
            resource.set(attribute, value)

    return edit


def _payload(edit: Callable[[etree._Element], None]) -> Callable[[etree._Element], None]:
    return lambda root: edit(root.find(f"{{{SWID_NAMESPACE}}}Payload"))


def _remove(name: str) -> Callable[[etree._Element], None]:
    return lambda root: root.remove(root.find(f"{{{SWID_NAMESPACE}}}{name}"))


def _duplicate_first(payload: etree._Element) -> None:
    payload.append(copy.deepcopy(payload[0]))


def _clear(payload: etree._Element) -> None:
    for child in list(payload):
        payload.remove(child)


def _stranger(payload: etree._Element) -> None:
    payload.append(etree.Element(f"{{{SWID_NAMESPACE}}}File", name="x"))


EDITS: dict[str, tuple[Callable[[etree._Element], None], str]] = {
    "repeated_index": (_payload(_duplicate_first), "rim_format"),
    "no_measurements": (_payload(_clear), "rim_format"),
    "not_a_measurement": (_payload(_stranger), "rim_format"),
    "no_payload": (_remove("Payload"), "rim_format"),
    "no_meta": (_remove("Meta"), "rim_format"),
    "active_is_not_a_boolean": (_first("active", "yes"), "rim_format"),
    "no_alternatives": (_first("alternatives", "0"), "rim_format"),
    "more_alternatives_than_hashes": (_first("alternatives", "2"), "rim_format"),
    "index_not_decimal": (_first("index", "0x1"), "rim_format"),
    "index_missing": (_first("index", None), "rim_format"),
    "index_past_spdm": (_first("index", "254"), "rim_format"),
    "hash_not_hex": (_first(HASH0, "zz" * 48), "rim_format"),
    "hash_wrong_length": (_first(HASH0, "00" * 47), "rim_format"),
    "other_version": (
        lambda root: root.find(f"{{{SWID_NAMESPACE}}}Meta").set("colloquialVersion", "550.90.12"),
        "rim_version",
    ),
}


@pytest.mark.parametrize("case", EDITS)
def test_each_malformation_fails_by_name(case: str, local: LocalRims) -> None:
    edit, check = EDITS[case]
    document = resign_rim(load_sample().driver_rim, local.chain, edit=edit)
    with pytest.raises(AttestationError) as raised:
        _verify(document, local.root)
    assert raised.value.check == check


def test_resigned_rim_verifies(local: LocalRims) -> None:
    """The control for the cases above: re-signing alone changes nothing."""
    _verify(resign_rim(load_sample().driver_rim, local.chain), local.root)


DOCUMENTS: dict[str, tuple[Callable[[LocalRims], bytes], str]] = {
    "not_xml": (lambda _: b"\x00not xml", "rim_format"),
    "document_type_declaration": (
        lambda _: b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "v">]>' + load_sample().driver_rim,
        "rim_format",
    ),
    "other_root_element": (lambda _: b"<SoftwareIdentity/>", "rim_format"),
    "no_signature": (
        lambda _: load_sample().driver_rim.split(b"<ds:Signature")[0] + b"</SoftwareIdentity>",
        "rim_format",
    ),
    "only_the_root_in_key_info": (
        lambda local: resign_rim(load_sample().driver_rim, [local.chain[2]]),
        "rim_format",
    ),
    "sha256_signature": (
        lambda local: resign_rim(
            load_sample().driver_rim,
            local.chain,
            signature_algorithm=SignatureMethod.ECDSA_SHA256,
            digest_algorithm=DigestAlgorithm.SHA256,
        ),
        "rim_signature",
    ),
    "signed_by_a_key_outside_the_chain": (
        lambda local: _swap_signer(resign_rim(load_sample().driver_rim, local.chain), local),
        "rim_signature",
    ),
}


def _swap_signer(document: bytes, local: LocalRims) -> bytes:
    """The same document signed by another leaf, but carrying the original leaf's certificate."""
    other = resign_rim(
        document, [issue(local.chain[1], "Other Signer", ca=False), *local.chain[1:]]
    )
    original_leaf = document.split(b"<ds:X509Certificate>")[1].split(b"</ds:X509Certificate>")[0]
    other_leaf = other.split(b"<ds:X509Certificate>")[1].split(b"</ds:X509Certificate>")[0]
    return other.replace(other_leaf, original_leaf)


@pytest.mark.parametrize("case", DOCUMENTS)
def test_each_bad_document_fails_by_name(case: str, local: LocalRims) -> None:
    make, check = DOCUMENTS[case]
    with pytest.raises(AttestationError) as raised:
        _verify(make(local), local.root)
    assert raised.value.check == check


def test_sample_rims_shipped_with_the_report_are_for_other_versions() -> None:
    """README's RIMs (545.00, 96.00.5E.00.01) predate the report (550.90.07, 96.00.9F.00.01)."""
    for name, kind, version in (
        ("Driver_RIM_test_no_gpu.swidtag", RimKind.DRIVER, "550.90.07"),
        ("1010_0200_882_96005E0001_test_no_gpu.swidtag", RimKind.VBIOS, "96.00.9f.00.01"),
    ):
        with pytest.raises(AttestationError) as raised:
            _verify((SAMPLE_DIR / name).read_bytes(), load_sample().rim_root, kind, version)
        assert raised.value.check == "rim_version"


def _verify(
    document: bytes,
    root: x509.Certificate,
    kind: RimKind = RimKind.DRIVER,
    version: str = "550.90.07",
) -> None:
    verify_rim(
        document, kind=kind, expected_version=version, root=root, ocsp=GoodOcsp(), at=FRESH_AT
    )
