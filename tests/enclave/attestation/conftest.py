"""Shared fixtures: real vendor samples from tests/assets, and test PKIs made once per session."""

from __future__ import annotations

from pathlib import Path

import pytest
from cryptography import x509

from tests.enclave.attestation.synthetic_sev_snp import AmdLikePki, make_amd_like_pki
from tests.enclave.attestation.synthetic_tdx import IntelLikePki, make_intel_like_pki

ASSETS = Path(__file__).resolve().parents[2] / "assets" / "attestation"
TDX_SAMPLE = ASSETS / "tdx-sample"
SEV_SNP_SAMPLE = ASSETS / "sev-snp-sample"


@pytest.fixture(scope="session")
def intel_sgx_root() -> x509.Certificate:
    """Intel's real SGX root CA, as pinned by google/go-tdx-guest (see the assets README)."""
    return x509.load_pem_x509_certificate((TDX_SAMPLE / "intel_sgx_root_ca.pem").read_bytes())


@pytest.fixture(scope="session")
def amd_milan_chain() -> tuple[x509.Certificate, x509.Certificate]:
    """AMD's real Milan ASK and ARK, as published by AMD KDS (see the assets README)."""
    ask, ark = x509.load_pem_x509_certificates((SEV_SNP_SAMPLE / "ask_ark_milan.pem").read_bytes())
    return ask, ark


@pytest.fixture(scope="session")
def intel_pki() -> IntelLikePki:
    return make_intel_like_pki()


@pytest.fixture(scope="session")
def amd_pki() -> AmdLikePki:
    return make_amd_like_pki()
