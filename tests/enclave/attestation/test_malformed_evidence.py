"""Property: whatever is cut off or flipped, verifiers answer AttestationError or an Appraisal.

Never IndexError, struct.error, a cryptography exception or any other surprise: evidence comes
from the untrusted host, and a crash there would be a denial of service or worse. Runs over
the real vendor samples, whose certificates and signatures are genuine.
"""

from __future__ import annotations

import contextlib
from datetime import UTC, datetime

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from enclave.attestation.evidence import AttestationError, Evidence, EvidenceVerifier
from enclave.attestation.sev_snp import SevSnpEvidenceVerifier
from enclave.attestation.tdx import TdxEvidenceVerifier
from tests.enclave.attestation.conftest import SEV_SNP_SAMPLE, TDX_SAMPLE
from tests.enclave.attestation.synthetic_sev_snp import ASK_GUID, VCEK_GUID, certificate_table

pytestmark = pytest.mark.filterwarnings("ignore:Parsed a serial number which wasn't positive")

NOW = datetime(2026, 6, 1, tzinfo=UTC)
TDX_QUOTES = [
    (TDX_SAMPLE / name).read_bytes()
    for name in ("tdx_prod_quote_SPR_E4.dat", "quote_v5_sample.dat")
]
SNP_REPORT = (SEV_SNP_SAMPLE / "attestation.bin").read_bytes()
_ASK, _ARK = x509.load_pem_x509_certificates((SEV_SNP_SAMPLE / "ask_ark_milan.pem").read_bytes())
SNP_TABLE = certificate_table(
    [
        (VCEK_GUID, (SEV_SNP_SAMPLE / "vcek.der").read_bytes()),
        (ASK_GUID, _ASK.public_bytes(Encoding.DER)),
    ]
)
FUZZ = settings(
    max_examples=200, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)


def mutate(data: bytes, cut: int | None, flips: list[tuple[int, int]]) -> bytes:
    """Flip bytes at the given positions (modulo length), then cut to `cut` bytes if given."""
    mutated = bytearray(data)
    for position, mask in flips:
        if mutated:
            mutated[position % len(mutated)] ^= mask
    return bytes(mutated[:cut])


def only_attestation_errors(verifier: EvidenceVerifier, evidence: Evidence, data: bytes) -> None:
    with contextlib.suppress(AttestationError):
        verifier.verify(evidence, data)


flips = st.lists(st.tuples(st.integers(0, 1 << 16), st.integers(1, 255)), max_size=4)
# Half the time keep the full length, so flips reach the certificates and signatures.
cuts = st.one_of(st.none(), st.integers(0, 6000))


@FUZZ
@given(which=st.integers(0, 1), cut=cuts, flips=flips)
def test_tdx_quote_mutations(which: int, cut: int | None, flips: list[tuple[int, int]]) -> None:
    root = x509.load_pem_x509_certificate((TDX_SAMPLE / "intel_sgx_root_ca.pem").read_bytes())
    verifier = TdxEvidenceVerifier(intel_root=root, clock=lambda: NOW)
    quote = mutate(TDX_QUOTES[which], cut, flips)
    only_attestation_errors(verifier, Evidence("tdx", {"quote": quote}, True), bytes(64))


@FUZZ
@given(
    report_cut=st.sampled_from([None, None, None, 0x49F, 0x10, 0]),
    table_cut=st.one_of(st.none(), st.integers(0, len(SNP_TABLE))),
    report_flips=flips,
    table_flips=flips,
)
def test_sev_snp_mutations(
    report_cut: int | None,
    table_cut: int | None,
    report_flips: list[tuple[int, int]],
    table_flips: list[tuple[int, int]],
) -> None:
    verifier = SevSnpEvidenceVerifier(amd_root=_ARK, clock=lambda: NOW)
    blobs = {
        "report": mutate(SNP_REPORT, report_cut, report_flips),
        "certificates": mutate(SNP_TABLE, table_cut, table_flips),
    }
    only_attestation_errors(verifier, Evidence("sev-snp", blobs, True), bytes(64))


@FUZZ
@given(data=st.binary(max_size=2048))
def test_random_bytes(data: bytes) -> None:
    root = x509.load_pem_x509_certificate((TDX_SAMPLE / "intel_sgx_root_ca.pem").read_bytes())
    tdx = TdxEvidenceVerifier(intel_root=root, clock=lambda: NOW)
    snp = SevSnpEvidenceVerifier(amd_root=_ARK, clock=lambda: NOW)
    only_attestation_errors(tdx, Evidence("tdx", {"quote": data}, True), bytes(64))
    blobs = {"report": SNP_REPORT, "certificates": data}
    only_attestation_errors(snp, Evidence("sev-snp", blobs, True), bytes(64))
