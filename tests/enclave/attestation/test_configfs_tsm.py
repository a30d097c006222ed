"""configfs-tsm collection, run against a STAND-IN kernel (fake_configfs.py) in tmp_path.

No TDX or SEV-SNP hardware is here: the stand-in plays the kernel's part (attribute files on
mkdir, generation counting, outblob produced at read time), while ConfigfsTsm does its real
file operations. The providers' evidence then goes through the real verifiers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from enclave.attestation.configfs_tsm import ConfigfsTsm
from enclave.attestation.evidence import EvidenceProvider, EvidenceUnavailable
from enclave.attestation.sev_snp import SevSnpEvidenceProvider, SevSnpEvidenceVerifier
from enclave.attestation.tdx import TdxEvidenceProvider, TdxEvidenceVerifier
from tests.enclave.attestation.fake_configfs import FakeTsmKernel, Respond
from tests.enclave.attestation.synthetic_sev_snp import (
    ASK_GUID,
    VCEK_GUID,
    AmdLikePki,
    SnpReportSpec,
    Tcb,
    build_sev_snp_report,
    certificate_table,
    der,
)
from tests.enclave.attestation.synthetic_tdx import (
    NOW,
    IntelLikePki,
    TdxQuoteSpec,
    build_tdx_quote,
)

NONCE = bytes(range(100, 164))


def echo(inblob: bytes, privlevel: int | None) -> tuple[bytes, bytes]:
    return b"report:" + inblob + f":{privlevel}".encode(), b"aux"


def stand_in(
    tmp_path: Path,
    *,
    provider: str = "tdx_guest",
    respond: Respond = echo,
    privlevel_supported: bool = False,
    races: int = 0,
    fail_outblob: bool = False,
) -> tuple[ConfigfsTsm, FakeTsmKernel, Path]:
    """A ConfigfsTsm over an empty report root that the stand-in kernel serves."""
    root = tmp_path / "tsm" / "report"
    root.mkdir(parents=True)
    kernel = FakeTsmKernel(
        provider=provider,
        respond=respond,
        privlevel_supported=privlevel_supported,
        races=races,
        fail_outblob=fail_outblob,
    )
    return ConfigfsTsm(root, filesystem=kernel), kernel, root


def test_report_round_trip_leaves_no_entry(tmp_path: Path) -> None:
    tsm, kernel, root = stand_in(tmp_path)
    report = tsm.report(NONCE)
    assert report.outblob == b"report:" + NONCE + b":None"
    assert (report.provider, report.auxblob, report.generation) == ("tdx_guest", b"aux", 1)
    assert list(root.iterdir()) == []
    assert kernel.entries_made == kernel.entries_removed
    assert kernel.entries_made[0].name.startswith("enclave-")


def test_privlevel_is_written_before_inblob(tmp_path: Path) -> None:
    tsm, _, _ = stand_in(tmp_path, provider="sev_guest", privlevel_supported=True)
    report = tsm.report(NONCE, privlevel=2)
    assert report.outblob.endswith(b":2")
    assert report.generation == 2


def test_privlevel_on_a_tsm_without_it(tmp_path: Path) -> None:
    tsm, _kernel, root = stand_in(tmp_path)
    with pytest.raises(EvidenceUnavailable, match="privlevel"):
        tsm.report(NONCE, privlevel=1)
    assert list(root.iterdir()) == []


def test_a_racing_writer_makes_it_retry_in_a_fresh_entry(tmp_path: Path) -> None:
    tsm, kernel, root = stand_in(tmp_path, races=2)
    assert tsm.report(NONCE).outblob.startswith(b"report:")
    assert len(kernel.entries_made) == 3
    assert len(set(kernel.entries_made)) == 3
    assert list(root.iterdir()) == []


def test_a_writer_that_always_races_is_reported(tmp_path: Path) -> None:
    tsm, kernel, root = stand_in(tmp_path, races=100)
    with pytest.raises(EvidenceUnavailable, match="another writer"):
        tsm.report(NONCE)
    assert len(kernel.entries_made) == 3
    assert list(root.iterdir()) == []


def test_tsm_failure_is_unavailable_and_cleans_up(tmp_path: Path) -> None:
    tsm, _, root = stand_in(tmp_path, fail_outblob=True)
    with pytest.raises(EvidenceUnavailable, match="reading outblob failed"):
        tsm.report(NONCE)
    assert list(root.iterdir()) == []


def test_missing_configfs_tsm(tmp_path: Path) -> None:
    tsm = ConfigfsTsm(tmp_path / "no-such-dir")
    assert not tsm.available()
    with pytest.raises(EvidenceUnavailable, match="configfs-tsm not available"):
        tsm.report(NONCE)


def test_real_filesystem_without_a_kernel_cannot_make_a_report(tmp_path: Path) -> None:
    # A plain directory: mkdir works but no attribute files appear, as with no TSM driver.
    with pytest.raises(EvidenceUnavailable, match="generation"):
        ConfigfsTsm(tmp_path).report(NONCE)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("inblob", [b"", bytes(63), bytes(65)])
def test_inblob_must_be_64_bytes(tmp_path: Path, inblob: bytes) -> None:
    tsm, _, _ = stand_in(tmp_path)
    with pytest.raises(ValueError, match="64 bytes"):
        tsm.report(inblob)


def test_tdx_provider_collects_verifiable_evidence(tmp_path: Path, intel_pki: IntelLikePki) -> None:
    def tdx_module(inblob: bytes, privlevel: int | None) -> tuple[bytes, bytes]:
        return build_tdx_quote(TdxQuoteSpec(report_data=inblob), intel_pki), b""

    tsm, _, _ = stand_in(tmp_path, respond=tdx_module)
    provider: EvidenceProvider = TdxEvidenceProvider(tsm=tsm)  # mypy checks the protocol
    evidence = provider.collect(NONCE)
    assert (evidence.provider, evidence.attested, set(evidence.blobs)) == ("tdx", True, {"quote"})
    verifier = TdxEvidenceVerifier(intel_root=intel_pki.root, clock=lambda: NOW)
    assert verifier.verify(evidence, NONCE).attested


def test_sev_snp_provider_collects_verifiable_evidence(tmp_path: Path, amd_pki: AmdLikePki) -> None:
    vcek, vcek_key = amd_pki.issue_endorsement_key(Tcb())

    def secure_processor(inblob: bytes, privlevel: int | None) -> tuple[bytes, bytes]:
        report = build_sev_snp_report(SnpReportSpec(inblob, vmpl=privlevel or 0), vcek_key)
        return report, certificate_table([(VCEK_GUID, der(vcek)), (ASK_GUID, der(amd_pki.ask))])

    tsm, _, _ = stand_in(
        tmp_path, provider="sev_guest", respond=secure_processor, privlevel_supported=True
    )
    provider: EvidenceProvider = SevSnpEvidenceProvider(tsm=tsm, privlevel=0)
    evidence = provider.collect(NONCE)
    assert provider.name == "sev-snp"
    assert set(evidence.blobs) == {"report", "certificates"}
    verifier = SevSnpEvidenceVerifier(amd_root=amd_pki.ark, clock=lambda: NOW)
    assert verifier.verify(evidence, NONCE).claims["sev_snp.vmpl"] == "0"


@pytest.mark.parametrize(
    ("provider", "kernel_provider"),
    [
        (TdxEvidenceProvider, "sev_guest"),
        (SevSnpEvidenceProvider, "tdx_guest"),
    ],
)
def test_provider_on_the_other_tee(
    tmp_path: Path,
    provider: type[TdxEvidenceProvider] | type[SevSnpEvidenceProvider],
    kernel_provider: str,
) -> None:
    tsm, _, _ = stand_in(tmp_path, provider=kernel_provider)
    with pytest.raises(EvidenceUnavailable, match="provider is"):
        provider(tsm=tsm).collect(NONCE)
