"""NVIDIA's real Hopper evidence verifies end to end; each way it can go wrong names its check.

OCSP is stubbed (`GoodOcsp`) in every test here: NVIDIA's cached responses for the device
and RIM chains were fresh at different times (test_ocsp.py checks them at their own times).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
from cryptography import x509
from lxml import etree

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia import InMemoryRimStore
from enclave.attestation.nvidia.rim import SWID_NAMESPACE
from enclave.attestation.nvidia.spdm_report import parse_attestation_report
from tests.enclave.attestation.nvidia.local_pki import (
    Issued,
    device_chain,
    issue,
    make_root,
    pem_chain,
    resign_rim,
)
from tests.enclave.attestation.nvidia.sample import (
    README_NONCE,
    SAMPLE_DIR,
    SAMPLE_NONCE,
    TODAY,
    GoodOcsp,
    load_sample,
    verify_sample,
)

EXPECTED_CHECKS = (
    "report_format",
    "certificate_fwid",
    "certificate_chain",
    "certificate_ocsp",
    "report_signature",
    "nonce",
    *(
        f"{check}:{kind}"
        for kind in ("driver", "vbios")
        for check in (
            "rim_fetch",
            "rim_format",
            "rim_version",
            "rim_certificate_chain",
            "rim_ocsp",
            "rim_signature",
        )
    ),
    "measurement_index_conflict",
    "measurements",
)


def test_sample_verifies_end_to_end() -> None:
    ocsp = GoodOcsp()
    appraisal = verify_sample(ocsp=ocsp, host_driver_version="550.90.07")
    assert appraisal.driver_version == "550.90.07"
    assert appraisal.vbios_version == "96.00.9f.00.01"
    assert appraisal.driver_rim_id == "NV_GPU_DRIVER_GH100_550.90.07"
    assert appraisal.vbios_rim_id == "NV_GPU_VBIOS_1010_0200_882_96009F0001"
    assert appraisal.measurements_checked == (*range(13), *range(21, 41))
    assert appraisal.fwid is not None
    assert appraisal.fwid.startswith("f5c384ae")
    assert appraisal.checks[:6] == EXPECTED_CHECKS[:6]
    assert "driver_version" in appraisal.checks
    assert [check for check in appraisal.checks if check != "driver_version"] == list(
        EXPECTED_CHECKS
    )
    # As NVIDIA: OCSP for the device chain between leaf and root, and every RIM certificate.
    assert ocsp.asked[:3] == [
        "CN=GH100 A01 GSP BROM,O=NVIDIA Corporation,C=US,2.5.4.5=41431D480FE5E87274",
        "C=US,O=NVIDIA Corporation,CN=NVIDIA GH100 Provisioner ICA 1",
        "O=NVIDIA Corporation,CN=NVIDIA GH100 Identity",
    ]
    assert len(ocsp.asked) == 3 + 3 + 3


def test_readme_nonce_is_not_the_reports() -> None:
    """The sample README's nonce is NVIDIA's test_no_gpu constant; the signed request differs."""
    assert parse_attestation_report(load_sample().report).request.nonce == SAMPLE_NONCE
    assert SAMPLE_NONCE != README_NONCE


class RevokedOcsp:
    """STUB OcspChecker: says certificates whose subject contains `marker` are revoked."""

    def __init__(self, marker: str) -> None:
        self._marker = marker

    def check(
        self, certificate: x509.Certificate, issuer: x509.Certificate, *, at: datetime
    ) -> None:
        if self._marker in certificate.subject.rfc4514_string():
            raise AttestationError("certificate_ocsp", "revoked (stub)")


@dataclass(frozen=True)
class LocalPki:
    device_root: x509.Certificate
    chain_other_fwid: bytes
    chain_without_fwid: bytes
    chain_same_fwid: bytes
    expired_device_root: x509.Certificate
    chain_under_expired_root: bytes
    rim_root: x509.Certificate
    rim_chain: list[Issued]


@pytest.fixture(scope="module")
def local() -> LocalPki:
    sample = load_sample()
    fwid = parse_attestation_report(sample.report).response.opaque.fwid
    assert fwid is not None
    root, same = device_chain(fwid)
    _, other = device_chain(bytes(48))
    expired_root, under_expired = device_chain(
        fwid, root_not_after=datetime(2024, 1, 1, tzinfo=UTC)
    )
    leaf_without_fwid = issue(same[1], "Test GSP FMC LF", ca=False)
    rim_root = make_root("Test CoRIM Root")
    rim_ca = issue(rim_root, "Test Reference Value CA", ca=True)
    rim_signer = issue(rim_ca, "Test RIM Signer", ca=False)
    return LocalPki(
        device_root=root.certificate,
        chain_other_fwid=pem_chain([*other[:4], root]),  # other's leaf is under other's root
        chain_without_fwid=pem_chain([leaf_without_fwid, *same[1:]]),
        chain_same_fwid=pem_chain(same),
        expired_device_root=expired_root.certificate,
        chain_under_expired_root=pem_chain(under_expired),
        rim_root=rim_root.certificate,
        rim_chain=[rim_signer, rim_ca, rim_root],
    )


def _set_measurement(index: str, **attributes: str) -> Callable[[etree._Element], None]:
    def edit(root: etree._Element) -> None:
        for resource in root.iter(f"{{{SWID_NAMESPACE}}}Resource"):
            if resource.get("index") == index:
                for name, value in attributes.items():
                    resource.set(name, value)

    return edit


def _add_measurement(index: str) -> Callable[[etree._Element], None]:
    def edit(root: etree._Element) -> None:
        resources = list(root.iter(f"{{{SWID_NAMESPACE}}}Resource"))
        added = copy.deepcopy(resources[-1])
        added.set("index", index)
        added.set("active", "True")
        resources[-1].addnext(added)

    return edit


def _local_rims(
    local: LocalPki, *, driver_edit: Any = None, vbios_edit: Any = None
) -> dict[str, Any]:
    sample = load_sample()
    driver = resign_rim(sample.driver_rim, local.rim_chain, edit=driver_edit)
    vbios = resign_rim(sample.vbios_rim, local.rim_chain, edit=vbios_edit)
    return {"rim_root": local.rim_root, "rims": sample.rims(driver=driver, vbios=vbios)}


HASH0 = "{http://www.w3.org/2001/04/xmlenc#sha384}Hash0"
CASES: dict[str, tuple[Callable[[LocalPki], dict[str, Any]], str]] = {
    "readme_nonce": (lambda _: {"nonce": README_NONCE}, "nonce"),
    "other_nonce": (lambda _: {"nonce": bytes(32)}, "nonce"),
    "untrusted_device_root": (
        lambda local: {"device_root": local.device_root},
        "certificate_chain",
    ),
    "device_root_expired": (
        lambda local: {
            "certificate_chain_pem": local.chain_under_expired_root,
            "device_root": local.expired_device_root,
        },
        "certificate_chain",
    ),
    "device_chain_not_yet_valid": (
        lambda _: {"at": datetime(2019, 1, 1, tzinfo=UTC)},
        "certificate_chain",
    ),
    "chain_without_its_root": (
        lambda _: {"certificate_chain_pem": pem_chain(_sample_chain()[:4])},
        "certificate_chain",
    ),
    "chain_out_of_order": (
        lambda _: {"certificate_chain_pem": pem_chain(_swapped(_sample_chain(), 1, 2))},
        "certificate_chain",
    ),
    "empty_chain": (lambda _: {"certificate_chain_pem": b""}, "certificate_chain"),
    "leaf_fwid_differs": (
        lambda local: {"certificate_chain_pem": local.chain_other_fwid},
        "certificate_fwid",
    ),
    "leaf_without_fwid": (
        lambda local: {"certificate_chain_pem": local.chain_without_fwid},
        "certificate_fwid",
    ),
    "leaf_key_did_not_sign": (
        lambda local: {
            "certificate_chain_pem": local.chain_same_fwid,
            "device_root": local.device_root,
        },
        "report_signature",
    ),
    "revoked_device_certificate": (
        lambda _: {"ocsp": RevokedOcsp("GH100 Identity")},
        "certificate_ocsp",
    ),
    "host_driver_version_differs": (
        lambda _: {"host_driver_version": "550.90.12"},
        "driver_version",
    ),
    "host_vbios_version_differs": (
        lambda _: {"host_vbios_version": "96.00.9F.00.02"},
        "vbios_version",
    ),
    "no_rims": (lambda _: {"rims": InMemoryRimStore({})}, "rim_fetch"),
    "samples_own_driver_rim_is_for_545": (
        lambda _: {"rims": load_sample().rims(driver=_asset("Driver_RIM_test_no_gpu.swidtag"))},
        "rim_version",
    ),
    "samples_own_vbios_rim_is_for_5e": (
        lambda _: {
            "rims": load_sample().rims(vbios=_asset("1010_0200_882_96005E0001_test_no_gpu.swidtag"))
        },
        "rim_version",
    ),
    "vbios_rim_given_as_driver_rim": (
        lambda _: {"rims": load_sample().rims(driver=load_sample().vbios_rim)},
        "rim_version",
    ),
    "rim_certificates_expired_today": (lambda _: {"at": TODAY}, "rim_certificate_chain"),
    "rim_signed_under_another_root": (
        lambda local: {"rims": _local_rims(local)["rims"]},
        "rim_certificate_chain",
    ),
    "revoked_rim_certificate": (lambda _: {"ocsp": RevokedOcsp("RIM L4")}, "rim_ocsp"),
    "golden_value_differs": (
        lambda local: _local_rims(local, driver_edit=_set_measurement("7", **{HASH0: "11" * 48})),
        "measurements",
    ),
    "golden_size_differs": (
        lambda local: _local_rims(
            local, vbios_edit=_set_measurement("1", size="32", **{HASH0: "00" * 32})
        ),
        "measurements",
    ),
    "both_rims_claim_index_7": (
        lambda local: _local_rims(local, vbios_edit=_set_measurement("7", active="True")),
        "measurement_index_conflict",
    ),
    "golden_index_the_gpu_lacks": (
        lambda local: _local_rims(local, driver_edit=_add_measurement("100")),
        "measurements",
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_each_failure_names_its_check(case: str, local: LocalPki) -> None:
    overrides, check = CASES[case]
    with pytest.raises(AttestationError) as raised:
        verify_sample(**overrides(local))
    assert raised.value.check == check, raised.value


def test_rims_resigned_under_a_pinned_local_root_verify(local: LocalPki) -> None:
    """The control for the RIM-edit cases above: re-signing alone changes nothing."""
    assert verify_sample(**_local_rims(local)).measurements_checked[-1] == 40


def test_validity_is_evaluated_at_the_time_given() -> None:
    with pytest.raises(AttestationError) as raised:
        verify_sample(at=None)  # None means now, when NVIDIA's RIM signers have expired
    assert raised.value.check == "rim_certificate_chain"


def _sample_chain() -> list[x509.Certificate]:
    return x509.load_pem_x509_certificates(load_sample().chain_pem)


def _swapped(items: list[x509.Certificate], first: int, second: int) -> list[x509.Certificate]:
    items = list(items)
    items[first], items[second] = items[second], items[first]
    return items


def _asset(name: str) -> bytes:
    return (SAMPLE_DIR / name).read_bytes()
