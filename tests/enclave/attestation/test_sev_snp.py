"""SEV-SNP reports: a real AMD-signed sample verifies to the pinned ARK; every check refuses.

The real sample (tests/assets/attestation/sev-snp-sample, from google/go-sev-guest) is a Milan
report with its genuine VCEK, ASK and ARK; it was made by a DEBUG guest, so the verifier must
get as far as the debug check and stop there. Synthetic reports are signed by a TEST PKI made
in synthetic_sev_snp.py, so each check can be made to fail on its own.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from typing import Any

import pytest
from cryptography import x509

from enclave.attestation.evidence import AttestationError, Evidence
from enclave.attestation.sev_snp import SevSnpEvidenceVerifier, SevSnpReferenceValues
from enclave.attestation.sev_snp_report import (
    SevSnpReport,
    SevSnpTcb,
    parse_certificate_table,
    parse_sev_snp_report,
)
from tests.enclave.attestation.conftest import SEV_SNP_SAMPLE
from tests.enclave.attestation.synthetic_sev_snp import (
    ARK_GUID,
    ASK_GUID,
    NOW,
    VCEK_GUID,
    VLEK_GUID,
    AmdLikePki,
    SnpReportSpec,
    Tcb,
    build_sev_snp_report,
    certificate_table,
    der,
    make_amd_like_pki,
)

# Real AMD VCEKs have serial number 0, which cryptography warns about (see the module report).
pytestmark = pytest.mark.filterwarnings("ignore:Parsed a serial number which wasn't positive")

REPORT_DATA = bytes(range(64, 128))
REAL_REPORT_DATA = bytes([1, 2, 3, 4, 5]) + bytes(59)


def real_evidence(ask: x509.Certificate | None) -> Evidence:
    entries = [(VCEK_GUID, (SEV_SNP_SAMPLE / "vcek.der").read_bytes())]
    if ask is not None:
        entries.append((ASK_GUID, der(ask)))
    report = (SEV_SNP_SAMPLE / "attestation.bin").read_bytes()
    return Evidence("sev-snp", {"report": report, "certificates": certificate_table(entries)}, True)


def verifier(root: x509.Certificate, **kwargs: Any) -> SevSnpEvidenceVerifier:
    return SevSnpEvidenceVerifier(amd_root=root, clock=lambda: NOW, **kwargs)


def refused(verifier: SevSnpEvidenceVerifier, evidence: Evidence, data: bytes = REPORT_DATA) -> str:
    with pytest.raises(AttestationError) as caught:
        verifier.verify(evidence, data)
    return caught.value.check


# Real sample --------------------------------------------------------------------------------


def test_real_report_fields() -> None:
    report = parse_sev_snp_report((SEV_SNP_SAMPLE / "attestation.bin").read_bytes())
    assert (report.version, report.vmpl, report.signature_algorithm) == (2, 0, 1)
    assert (report.policy, report.debug, report.signing_key) == (0xB0000, True, 0)
    assert report.reported_tcb == SevSnpTcb(bootloader=2, tee=0, snp=5, microcode=68)
    assert report.current_tcb == report.committed_tcb == report.launch_tcb == report.reported_tcb
    assert report.measurement.hex().startswith("b07af9620f3b839b47996422ddec6058")
    assert report.chip_id.hex().startswith("3ac3fe21e13fb0990eb28a802e3fb6a2")
    assert report.report_data == REAL_REPORT_DATA
    assert report.cpuid_family is None
    assert report.platform_info == 1


@pytest.mark.parametrize("ask_in_table", [True, False])
def test_real_report_passes_every_signature_check_and_stops_at_debug(
    amd_milan_chain: tuple[x509.Certificate, x509.Certificate], ask_in_table: bool
) -> None:
    ask, ark = amd_milan_chain
    real = verifier(ark) if ask_in_table else verifier(ark, intermediates=[ask])
    evidence = real_evidence(ask if ask_in_table else None)
    # The chain, VCEK TCB, chip id and signature checks come before these two.
    assert refused(real, evidence, bytes(64)) == "report_data"
    assert refused(real, evidence, REAL_REPORT_DATA) == "debug"


def test_real_report_refused_under_another_root(
    amd_milan_chain: tuple[x509.Certificate, x509.Certificate], amd_pki: AmdLikePki
) -> None:
    ask, _ = amd_milan_chain
    assert refused(verifier(amd_pki.ark), real_evidence(ask), REAL_REPORT_DATA) == (
        "endorsement_chain"
    )


def test_real_report_refused_without_its_ask(
    amd_milan_chain: tuple[x509.Certificate, x509.Certificate],
) -> None:
    _, ark = amd_milan_chain
    assert refused(verifier(ark), real_evidence(None), REAL_REPORT_DATA) == "endorsement_chain"


# Synthetic reports --------------------------------------------------------------------------


def synthetic(
    pki: AmdLikePki,
    spec: SnpReportSpec,
    *,
    certificate_tcb: Tcb | None = None,
    certificate_chip_id: bytes | None = b"",
    guid: uuid.UUID = VCEK_GUID,
) -> Evidence:
    """Evidence as the kernel would return it, with the ASK and ARK in the host's table."""
    chip_id = spec.chip_id if certificate_chip_id == b"" else certificate_chip_id
    leaf, key = pki.issue_endorsement_key(certificate_tcb or spec.reported_tcb, chip_id=chip_id)
    table = certificate_table(
        [(guid, der(leaf)), (ASK_GUID, der(pki.ask)), (ARK_GUID, der(pki.ark))]
    )
    return Evidence(
        "sev-snp", {"report": build_sev_snp_report(spec, key), "certificates": table}, True
    )


FULL_REFERENCE = SevSnpReferenceValues(
    measurement="42" * 48, host_data="5d" * 32, minimum_tcb=SevSnpTcb(snp=8, microcode=100)
)


@pytest.mark.parametrize(
    "spec",
    [
        pytest.param(SnpReportSpec(REPORT_DATA), id="v2-milan"),
        pytest.param(SnpReportSpec(REPORT_DATA, version=3), id="v3-genoa"),
        pytest.param(
            SnpReportSpec(REPORT_DATA, version=5, cpuid_family=0x1A, reported_tcb=Tcb(fmc=2)),
            id="v5-turin-layout",
        ),
    ],
)
def test_synthetic_report_verifies(amd_pki: AmdLikePki, spec: SnpReportSpec) -> None:
    appraisal = verifier(amd_pki.ark, reference=FULL_REFERENCE).verify(
        synthetic(amd_pki, spec), REPORT_DATA
    )
    assert appraisal.attested
    assert appraisal.provider == "sev-snp"
    assert appraisal.checks == (
        "parse",
        "signature_algorithm",
        "endorsement_chain",
        "report_signature",
        "endorsement_tcb",
        "chip_id",
        "report_data",
        "debug",
        "vmpl",
        "measurement",
        "host_data",
        "reported_tcb",
    )
    assert appraisal.not_checked[0].startswith("amd_collateral")
    assert appraisal.claims["sev_snp.measurement"] == "42" * 48
    assert appraisal.claims["sev_snp.product"] == "Test-B0"


def test_turin_layout_splits_the_tcb_differently() -> None:
    raw = Tcb(bootloader=1, tee=2, snp=3, microcode=4, fmc=5).raw()
    assert SevSnpTcb.from_raw(raw, zen5=True) == SevSnpTcb(
        bootloader=1, tee=2, snp=3, microcode=4, fmc=5
    )
    assert SevSnpTcb.from_raw(raw, zen5=False) != SevSnpTcb.from_raw(raw, zen5=True)


def test_vlek_signed_report(amd_pki: AmdLikePki) -> None:
    spec = SnpReportSpec(REPORT_DATA, signing_key=1)
    evidence = synthetic(amd_pki, spec, certificate_chip_id=None, guid=VLEK_GUID)
    appraisal = verifier(amd_pki.ark).verify(evidence, REPORT_DATA)
    assert "chip_id" not in appraisal.checks
    assert appraisal.claims["sev_snp.signing_key"] == "vlek"
    assert any(item.startswith("chip_id") for item in appraisal.not_checked)


REFUSALS = [
    pytest.param({"report_data": bytes(64)}, {}, "report_data", id="binding"),
    pytest.param({"policy": 0x30000 | 1 << 19}, {}, "debug", id="debug-on"),
    pytest.param({"measurement": b"\x43" * 48}, {}, "measurement", id="measurement"),
    pytest.param({"host_data": bytes(32)}, {}, "host_data", id="host-data"),
    pytest.param({"reported_tcb": Tcb(microcode=99)}, {}, "reported_tcb", id="tcb-too-low"),
    pytest.param({"vmpl": 1}, {}, "vmpl", id="vmpl-1"),
    pytest.param({"signature_algorithm": 2}, {}, "signature_algorithm", id="algorithm"),
    pytest.param({}, {"certificate_tcb": Tcb(snp=9)}, "endorsement_tcb", id="vcek-tcb"),
    pytest.param({}, {"certificate_chip_id": b"\xff" * 64}, "chip_id", id="vcek-other-chip"),
    pytest.param({"signing_key": 7}, {}, "endorsement_chain", id="no-signing-key"),
    pytest.param({"signing_key": 1}, {}, "endorsement_chain", id="vlek-not-in-table"),
    pytest.param({"version": 1}, {}, "parse", id="version-1"),
    pytest.param({"version": 6}, {}, "parse", id="version-6"),
]


@pytest.mark.parametrize(("changes", "evidence_options", "check"), REFUSALS)
def test_synthetic_refusals(
    amd_pki: AmdLikePki, changes: dict[str, Any], evidence_options: dict[str, Any], check: str
) -> None:
    spec = replace(SnpReportSpec(REPORT_DATA), **changes)
    evidence = synthetic(amd_pki, spec, **evidence_options)
    assert refused(verifier(amd_pki.ark, reference=FULL_REFERENCE), evidence) == check


def with_report(evidence: Evidence, report: bytes) -> Evidence:
    return Evidence("sev-snp", {**evidence.blobs, "report": report}, True)


def with_table(evidence: Evidence, table: bytes) -> Evidence:
    return Evidence("sev-snp", {**evidence.blobs, "certificates": table}, True)


@pytest.mark.parametrize(
    ("offset", "check"),
    [
        pytest.param(0x90, "report_signature", id="measurement-after-signing"),
        pytest.param(0x2A0 + 3, "report_signature", id="signature-r"),
        pytest.param(0x2E8 + 70, "report_signature", id="signature-s"),
        pytest.param(0x180, "report_signature", id="reported-tcb-after-signing"),
    ],
)
def test_tampered_report(amd_pki: AmdLikePki, offset: int, check: str) -> None:
    evidence = synthetic(amd_pki, SnpReportSpec(REPORT_DATA))
    report = bytearray(evidence.blobs["report"])
    report[offset] ^= 0x01
    assert refused(verifier(amd_pki.ark), with_report(evidence, bytes(report))) == check


@pytest.mark.parametrize("length", [0, 4, 0x2A0, 0x49F, 0x4A1, 0x1000])
def test_wrong_report_length_is_a_parse_failure(amd_pki: AmdLikePki, length: int) -> None:
    evidence = synthetic(amd_pki, SnpReportSpec(REPORT_DATA))
    report = (evidence.blobs["report"] + bytes(length))[:length]
    assert refused(verifier(amd_pki.ark), with_report(evidence, report)) == "parse"


def entry(guid: uuid.UUID, offset: int, length: int) -> bytes:
    return guid.bytes + offset.to_bytes(4, "little") + length.to_bytes(4, "little")


@pytest.mark.parametrize(
    "table",
    [
        pytest.param(entry(VCEK_GUID, 48, 0), id="no-terminator"),
        pytest.param(entry(VCEK_GUID, 48, 100) + bytes(24), id="past-the-end"),
        pytest.param(entry(VCEK_GUID, 0, 24) + bytes(24), id="offset-into-header"),
        pytest.param(entry(VCEK_GUID, 72, 4) * 2 + bytes(24) + b"abcd", id="duplicate-guid"),
        pytest.param(entry(VCEK_GUID, 48, 4) + bytes(24) + b"\x30\x03abc", id="not-der"),
        pytest.param(b"\x01" * 23, id="short-entry"),
    ],
)
def test_malformed_certificate_table(amd_pki: AmdLikePki, table: bytes) -> None:
    evidence = synthetic(amd_pki, SnpReportSpec(REPORT_DATA))
    assert refused(verifier(amd_pki.ark), with_table(evidence, table)) == "parse"


def test_certificate_with_an_impossible_x509_version(amd_pki: AmdLikePki) -> None:
    evidence = synthetic(amd_pki, SnpReportSpec(REPORT_DATA))
    ask = bytearray(der(amd_pki.ask))
    assert ask[8:13] == bytes.fromhex("a003020102")  # [0] EXPLICIT INTEGER 2 (X.509 v3)
    ask[12] = 0x25
    table = parse_certificate_table(evidence.blobs["certificates"])
    table[ASK_GUID] = bytes(ask)
    broken = with_table(evidence, certificate_table(list(table.items())))
    assert refused(verifier(amd_pki.ark), broken) == "parse"


def test_certificate_table_round_trip(amd_pki: AmdLikePki) -> None:
    table = certificate_table([(ASK_GUID, b"ask"), (ARK_GUID, b"ark")])
    assert parse_certificate_table(table) == {ASK_GUID: b"ask", ARK_GUID: b"ark"}
    assert parse_certificate_table(b"") == {}


def test_empty_table_means_no_vcek(amd_pki: AmdLikePki) -> None:
    evidence = synthetic(amd_pki, SnpReportSpec(REPORT_DATA))
    assert refused(verifier(amd_pki.ark), with_table(evidence, b"")) == "endorsement_chain"


def test_chain_to_another_root_with_the_same_name(amd_pki: AmdLikePki) -> None:
    impostor = make_amd_like_pki()
    assert impostor.ark.subject == amd_pki.ark.subject
    evidence = synthetic(impostor, SnpReportSpec(REPORT_DATA))
    assert refused(verifier(amd_pki.ark), evidence) == "endorsement_chain"


def test_evidence_of_another_kind(amd_pki: AmdLikePki) -> None:
    evidence = Evidence("tdx", {"report": b""}, True)
    assert refused(verifier(amd_pki.ark), evidence) == "evidence"


class RecordingCollateral:
    """A SevSnpCollateralVerifier stand-in: records what it saw, refuses on request."""

    def __init__(self, refuse: bool) -> None:
        self.refuse = refuse
        self.seen: list[tuple[SevSnpReport, tuple[x509.Certificate, ...]]] = []

    def verify(self, report: SevSnpReport, chain: tuple[x509.Certificate, ...]) -> None:
        self.seen.append((report, chain))
        if self.refuse:
            raise AttestationError("collateral", "VCEK revoked")


def test_collateral_hook(amd_pki: AmdLikePki) -> None:
    evidence = synthetic(amd_pki, SnpReportSpec(REPORT_DATA))
    collateral = RecordingCollateral(refuse=False)
    appraisal = verifier(amd_pki.ark, collateral=collateral).verify(evidence, REPORT_DATA)
    assert appraisal.checks[-1] == "collateral"
    [(_, chain)] = collateral.seen
    assert chain[1:] == (amd_pki.ask, amd_pki.ark)
    refusing = verifier(amd_pki.ark, collateral=RecordingCollateral(refuse=True))
    assert refused(refusing, evidence) == "collateral"
