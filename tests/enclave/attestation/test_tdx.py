"""TDX quotes: real Intel-signed samples verify to the pinned Intel root; every check refuses.

Real samples (tests/assets/attestation/tdx-sample, from google/go-tdx-guest) carry genuine
Intel PCK chains. Synthetic quotes are signed by a TEST PKI made in synthetic_tdx.py, so each
check can be made to fail on its own.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from cryptography import x509

from enclave.attestation.evidence import AttestationError, Evidence
from enclave.attestation.tdx import TdxEvidenceVerifier, TdxReferenceValues
from enclave.attestation.tdx_quote import TdxQuote, parse_tdx_quote
from tests.enclave.attestation.conftest import TDX_SAMPLE
from tests.enclave.attestation.synthetic_tdx import (
    NOW,
    IntelLikePki,
    TdxQuoteSpec,
    build_tdx_quote,
    make_intel_like_pki,
)

REPORT_DATA = bytes(range(64))
ALL_SIGNATURE_CHECKS = (
    "parse",
    "pck_chain",
    "qe_report_signature",
    "attestation_key_binding",
    "quote_signature",
    "qe_vendor",
    "report_data",
    "debug",
)
REAL_V4 = "tdx_prod_quote_SPR_E4.dat"
REAL_V5 = "quote_v5_sample.dat"
INTEL_QE_MRSIGNER = "dc9e2a7c6f948f17474e34a7fc43ed030f7c1563f1babddf6340c82e0e54a8c5"


def real(name: str) -> bytes:
    return (TDX_SAMPLE / name).read_bytes()


def tdx_evidence(quote: bytes) -> Evidence:
    return Evidence(provider="tdx", blobs={"quote": quote}, attested=True)


def verifier(root: x509.Certificate, **kwargs: Any) -> TdxEvidenceVerifier:
    return TdxEvidenceVerifier(intel_root=root, clock=lambda: NOW, **kwargs)


def refused(verifier: TdxEvidenceVerifier, quote: bytes, report_data: bytes = REPORT_DATA) -> str:
    with pytest.raises(AttestationError) as caught:
        verifier.verify(tdx_evidence(quote), report_data)
    return caught.value.check


# Real samples -------------------------------------------------------------------------------


def test_real_v4_quote_fields() -> None:
    quote = parse_tdx_quote(real(REAL_V4))
    assert (quote.header.version, quote.header.tee_type, quote.header.attestation_key_type) == (
        4,
        0x81,
        2,
    )
    assert quote.header.qe_vendor_id.hex() == "939a7233f79c4ca9940a0db3957f0607"
    body = quote.body
    assert body.tee_tcb_svn.hex() == "03000400000000000000000000000000"
    assert body.mr_td.hex().startswith("6363b8043668a3ad953278e10389574d")
    assert body.report_data.hex().startswith("6c62dec1b8191749a31dab490be532a3")
    assert (body.td_attributes, body.xfam, body.debug) == (0x40000000, 0x61AE7, False)
    assert body.tee_tcb_svn2 is None
    assert quote.qe_report.mr_signer.hex() == INTEL_QE_MRSIGNER
    assert [c.subject.rfc4514_string().split(",")[-1] for c in quote.pck_chain] == [
        "CN=Intel SGX PCK Certificate",
        "CN=Intel SGX PCK Platform CA",
        "CN=Intel SGX Root CA",
    ]


def test_real_v5_quote_fields() -> None:
    quote = parse_tdx_quote(real(REAL_V5))
    assert quote.header.version == 5
    body = quote.body
    assert body.tee_tcb_svn.hex() == "0b010400000000000000000000000000"
    assert body.mr_td.hex().startswith("7348651a34b2d2d3462822e3a750ec61")
    assert body.tee_tcb_svn2 is not None
    assert body.tee_tcb_svn2.hex().startswith("0d0104")
    assert (body.td_attributes, body.xfam) == (0x10000000, 0x602E7)
    assert len(quote.signed_bytes) == 48 + 6 + 648


@pytest.mark.parametrize("name", [REAL_V4, REAL_V5])
def test_real_quote_verifies_to_pinned_intel_root(
    name: str, intel_sgx_root: x509.Certificate
) -> None:
    quote = real(name)
    report_data = parse_tdx_quote(quote).body.report_data
    appraisal = verifier(intel_sgx_root).verify(tdx_evidence(quote), report_data)
    assert appraisal.attested
    assert appraisal.provider == "tdx"
    assert appraisal.checks == ALL_SIGNATURE_CHECKS
    assert appraisal.not_checked[0].startswith("intel_collateral")
    assert "mrtd: no reference value" in appraisal.not_checked
    assert appraisal.claims["tdx.report_data"] == report_data.hex()


def test_real_quote_meets_its_own_reference_values(intel_sgx_root: x509.Certificate) -> None:
    quote = parse_tdx_quote(real(REAL_V4))
    reference = TdxReferenceValues(
        mr_td=quote.body.mr_td.hex().upper(),  # hex case does not matter
        rtmr0=quote.body.rtmrs[0].hex(),
        minimum_tee_tcb_svn="03000400000000000000000000000000",
    )
    appraisal = verifier(intel_sgx_root, reference=reference).verify(
        tdx_evidence(real(REAL_V4)), quote.body.report_data
    )
    assert appraisal.checks[-3:] == ("mrtd", "rtmr0", "tee_tcb_svn")


def test_real_quote_refused_under_another_root(intel_pki: IntelLikePki) -> None:
    quote = real(REAL_V4)
    report_data = parse_tdx_quote(quote).body.report_data
    assert refused(verifier(intel_pki.root), quote, report_data) == "pck_chain"


def test_real_quote_refused_once_its_pck_certificate_expires(
    intel_sgx_root: x509.Certificate,
) -> None:
    quote = real(REAL_V4)
    late = TdxEvidenceVerifier(
        intel_root=intel_sgx_root, clock=lambda: datetime(2030, 1, 1, tzinfo=UTC)
    )
    with pytest.raises(AttestationError) as caught:
        late.verify(tdx_evidence(quote), parse_tdx_quote(quote).body.report_data)
    assert caught.value.check == "pck_chain"


# Synthetic quotes ---------------------------------------------------------------------------


@pytest.mark.parametrize("version", [4, 5])
def test_synthetic_quote_with_every_reference_value(intel_pki: IntelLikePki, version: int) -> None:
    spec = TdxQuoteSpec(report_data=REPORT_DATA, version=version)
    reference = TdxReferenceValues(
        mr_td=spec.mr_td.hex(),
        rtmr0=spec.rtmrs[0].hex(),
        rtmr1=spec.rtmrs[1].hex(),
        rtmr2=spec.rtmrs[2].hex(),
        rtmr3=spec.rtmrs[3].hex(),
        mr_config_id=spec.mr_config_id.hex(),
        minimum_tee_tcb_svn=spec.tee_tcb_svn.hex(),
    )
    appraisal = verifier(intel_pki.root, reference=reference).verify(
        tdx_evidence(build_tdx_quote(spec, intel_pki)), REPORT_DATA
    )
    assert appraisal.checks == (
        *ALL_SIGNATURE_CHECKS,
        *("mrtd", "rtmr0", "rtmr1", "rtmr2", "rtmr3", "mrconfigid", "tee_tcb_svn"),
    )
    assert len(appraisal.not_checked) == 2  # collateral, and fields reported only as claims
    assert appraisal.claims["tdx.quote_version"] == str(version)


REFERENCE_REFUSALS = [
    pytest.param({"report_data": b"\x01" * 64}, TdxReferenceValues(), "report_data", id="binding"),
    pytest.param({"td_attributes": 1}, TdxReferenceValues(), "debug", id="debug-on"),
    pytest.param({}, TdxReferenceValues(mr_td="ab" * 48), "mrtd", id="mrtd"),
    pytest.param({}, TdxReferenceValues(rtmr2="00" * 48), "rtmr2", id="rtmr2"),
    pytest.param({}, TdxReferenceValues(mr_config_id="11" * 48), "mrconfigid", id="mrconfigid"),
    pytest.param(
        {"tee_tcb_svn": bytes([3, 0, 3]) + bytes(13)},
        TdxReferenceValues(minimum_tee_tcb_svn="030004" + "00" * 13),
        "tee_tcb_svn",
        id="tcb-too-low",
    ),
    pytest.param(
        {"bind_attestation_key": False},
        TdxReferenceValues(),
        "attestation_key_binding",
        id="key-not-bound-by-qe-report",
    ),
    pytest.param({"qe_vendor_id": bytes(16)}, TdxReferenceValues(), "qe_vendor", id="qe-vendor"),
    pytest.param({"version": 3}, TdxReferenceValues(), "parse", id="version-3"),
    pytest.param({"tee_type": 0}, TdxReferenceValues(), "parse", id="sgx-tee-type"),
]


@pytest.mark.parametrize(("changes", "reference", "check"), REFERENCE_REFUSALS)
def test_synthetic_refusals(
    intel_pki: IntelLikePki, changes: dict[str, Any], reference: TdxReferenceValues, check: str
) -> None:
    spec = replace(TdxQuoteSpec(report_data=REPORT_DATA), **changes)
    quote = build_tdx_quote(spec, intel_pki)
    assert refused(verifier(intel_pki.root, reference=reference), quote) == check


# Offsets in a v4 quote with 32 bytes of QE auth data (see synthetic_tdx.build_tdx_quote).
MR_OWNER = 48 + 16 + 48 + 48 + 8 + 8 + 8 + 48 + 48
QE_REPORT = 632 + 4 + 64 + 64 + 2 + 4
QE_REPORT_SIGNATURE = QE_REPORT + 384
PCK_CHAIN = QE_REPORT_SIGNATURE + 64 + 2 + 32 + 2 + 4


def flip(data: bytes, offset: int) -> bytes:
    return data[:offset] + bytes([data[offset] ^ 0x01]) + data[offset + 1 :]


@pytest.mark.parametrize(
    ("offset", "check"),
    [
        pytest.param(MR_OWNER, "quote_signature", id="body-changed-after-signing"),
        pytest.param(632 + 4 + 10, "quote_signature", id="quote-signature-bytes"),
        pytest.param(QE_REPORT + 64, "qe_report_signature", id="qe-report-changed"),
        pytest.param(QE_REPORT_SIGNATURE + 5, "qe_report_signature", id="qe-signature-bytes"),
        pytest.param(QE_REPORT_SIGNATURE + 64 + 2 + 3, "attestation_key_binding", id="auth-data"),
        pytest.param(632 + 4 + 64 + 7, "attestation_key_binding", id="attestation-key"),
        pytest.param(0, "parse", id="version"),
        pytest.param(632 + 4 + 128, "parse", id="certification-type"),
        pytest.param(PCK_CHAIN - 6, "parse", id="pck-chain-type"),
        pytest.param(PCK_CHAIN + 40, "parse", id="pck-chain-pem"),
    ],
)
def test_tampered_bytes_fail_their_check(intel_pki: IntelLikePki, offset: int, check: str) -> None:
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), intel_pki)
    assert refused(verifier(intel_pki.root), flip(quote, offset)) == check


TRUNCATIONS = [0, 1, 47, 48, 200, 631, 632, 635, 636, 699, 763, 765, 769, QE_REPORT + 100]
TRUNCATIONS += [QE_REPORT_SIGNATURE + 63, PCK_CHAIN - 7, PCK_CHAIN - 1, PCK_CHAIN + 100, -1]


@pytest.mark.parametrize("length", TRUNCATIONS)
def test_truncated_quote_is_a_parse_failure(intel_pki: IntelLikePki, length: int) -> None:
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), intel_pki)
    assert refused(verifier(intel_pki.root), quote[:length]) == "parse"


def test_oversized_length_fields_are_parse_failures(intel_pki: IntelLikePki) -> None:
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), intel_pki)
    huge = (0xFFFFFFFF).to_bytes(4, "little")
    for offset in (632, 632 + 4 + 128 + 2, PCK_CHAIN - 4):
        assert refused(verifier(intel_pki.root), quote[:offset] + huge + quote[offset + 4 :]) == (
            "parse"
        )


def test_chain_to_another_root_with_the_same_name(intel_pki: IntelLikePki) -> None:
    impostor = make_intel_like_pki()
    assert impostor.root.subject == intel_pki.root.subject
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), impostor)
    assert refused(verifier(intel_pki.root), quote) == "pck_chain"


def test_expired_pck_certificate(intel_pki: IntelLikePki) -> None:
    expired = make_intel_like_pki(pck_not_after=datetime(2026, 1, 1, tzinfo=UTC))
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), expired)
    assert refused(verifier(expired.root), quote) == "pck_chain"


@pytest.mark.parametrize(
    "evidence",
    [
        Evidence(provider="sev-snp", blobs={"quote": b""}, attested=True),
        Evidence(provider="tdx", blobs={"report": b""}, attested=True),
    ],
)
def test_evidence_of_another_kind(intel_pki: IntelLikePki, evidence: Evidence) -> None:
    with pytest.raises(AttestationError) as caught:
        verifier(intel_pki.root).verify(evidence, REPORT_DATA)
    assert caught.value.check == "evidence"


def test_report_data_must_be_64_bytes(intel_pki: IntelLikePki) -> None:
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), intel_pki)
    with pytest.raises(ValueError, match="64 bytes"):
        verifier(intel_pki.root).verify(tdx_evidence(quote), b"short")


class RecordingCollateral:
    """A TdxCollateralVerifier stand-in: records what it saw, refuses on request."""

    def __init__(self, refuse: bool) -> None:
        self.refuse = refuse
        self.seen: list[tuple[TdxQuote, tuple[x509.Certificate, ...]]] = []

    def verify(self, quote: TdxQuote, pck_chain: tuple[x509.Certificate, ...]) -> None:
        self.seen.append((quote, pck_chain))
        if self.refuse:
            raise AttestationError("collateral", "TCB status OutOfDate")


def test_collateral_hook_runs_after_the_signatures(intel_pki: IntelLikePki) -> None:
    quote = build_tdx_quote(TdxQuoteSpec(report_data=REPORT_DATA), intel_pki)
    collateral = RecordingCollateral(refuse=False)
    appraisal = verifier(intel_pki.root, collateral=collateral).verify(
        tdx_evidence(quote), REPORT_DATA
    )
    assert appraisal.checks[-1] == "collateral"
    assert not any(item.startswith("intel_collateral") for item in appraisal.not_checked)
    [(seen_quote, chain)] = collateral.seen
    assert seen_quote.body.report_data == REPORT_DATA
    assert chain == (intel_pki.pck, intel_pki.pck_ca, intel_pki.root)

    refusing = verifier(intel_pki.root, collateral=RecordingCollateral(refuse=True))
    assert refused(refusing, quote) == "collateral"


def test_reference_values_are_validated() -> None:
    with pytest.raises(ValueError, match="pattern"):
        TdxReferenceValues(mr_td="not hex")
    with pytest.raises(ValueError, match="frozen"):
        TdxReferenceValues().mr_td = "00" * 48
