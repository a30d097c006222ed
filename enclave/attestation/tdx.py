"""Intel TDX evidence: a quote collected through configfs-tsm, appraised against a pinned root.

Checked, in order (each failure is AttestationError naming the check):
  evidence              the evidence is TDX's and carries a "quote" blob
  parse                 the quote is a well-formed v4/v5 TDX quote (tdx_quote.py)
  pck_chain             PCK leaf -> PCK CA -> the PINNED Intel SGX root (never system roots),
                        every certificate valid at the verifier's clock
  qe_report_signature   the QE report is signed by the PCK leaf key (ECDSA P-256)
  attestation_key_binding  QE report data = SHA-256(attestation key || QE auth data) || zeros
  quote_signature       header + TD body signed by that attestation key (ECDSA P-256)
  qe_vendor             the quoting enclave is Intel's (QE vendor id in the signed header)
  report_data           REPORTDATA equals the expected 64 bytes
  debug                 TDATTRIBUTES.DEBUG is off
  mrtd, rtmr0..rtmr3, mrconfigid   equal the reference values, where given
  tee_tcb_svn           each TEE_TCB_SVN component >= the reference minimum, where given
  collateral            the pluggable TdxCollateralVerifier, where given

Not checked unless a TdxCollateralVerifier does it: Intel PCS collateral, i.e. TCB info (is
this platform's TCB up to date or revoked?), QE identity (is the QE report from Intel's
current quoting enclave?), and the PCK and root CRLs; the PCK certificate's SGX extensions
(FMSPC, platform TCB) are left to that verifier, which gets the chain. Never enforced here,
only reported as claims: TD attributes other than DEBUG, XFAM, MRSEAM, MRSIGNERSEAM, MROWNER,
MROWNERCONFIG.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Annotated, Protocol

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from enclave.attestation.certificate_chain import describe, verify_chain
from enclave.attestation.configfs_tsm import ConfigfsTsm
from enclave.attestation.evidence import (
    REPORT_DATA_BYTES,
    Appraisal,
    AttestationError,
    Evidence,
    EvidenceUnavailable,
)
from enclave.attestation.tdx_quote import INTEL_QE_VENDOR_ID, TdxQuote, parse_tdx_quote

TDX_PROVIDER = "tdx"
KERNEL_TDX_PROVIDER = "tdx_guest"

Hex48 = Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{96}$", to_lower=True)]
Hex16 = Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{32}$", to_lower=True)]


class TdxReferenceValues(BaseModel):
    """What the relying party expects of the TD; a field left unset is reported, not enforced."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    mr_td: Hex48 | None = Field(default=None, description="MRTD (initial TD image), hex.")
    rtmr0: Hex48 | None = Field(default=None, description="RTMR0 (firmware config), hex.")
    rtmr1: Hex48 | None = Field(default=None, description="RTMR1 (kernel and loader), hex.")
    rtmr2: Hex48 | None = Field(default=None, description="RTMR2 (kernel cmdline, initrd), hex.")
    rtmr3: Hex48 | None = Field(default=None, description="RTMR3 (runtime extensions), hex.")
    mr_config_id: Hex48 | None = Field(default=None, description="MRCONFIGID, hex.")
    minimum_tee_tcb_svn: Hex16 | None = Field(
        default=None,
        description="Lowest acceptable TEE_TCB_SVN, hex; compared byte by byte (each SVN >=).",
    )


class TdxCollateralVerifier(Protocol):
    """Checks Intel PCS collateral (TCB info, QE identity, CRLs) for a quote whose PCK chain
    and signatures already verified; raises AttestationError("collateral", ...) to refuse."""

    def verify(self, quote: TdxQuote, pck_chain: tuple[x509.Certificate, ...]) -> None: ...


class TdxEvidenceProvider:
    """Collects a TDX quote over the report data through configfs-tsm."""

    name: str = TDX_PROVIDER

    def __init__(self, *, tsm: ConfigfsTsm | None = None) -> None:
        self._tsm = tsm if tsm is not None else ConfigfsTsm()

    def collect(self, report_data: bytes) -> Evidence:
        """A fresh quote; EvidenceUnavailable when this is not a TDX guest."""
        report = self._tsm.report(report_data)
        if report.provider != KERNEL_TDX_PROVIDER:
            raise EvidenceUnavailable(
                f"configfs-tsm provider is {report.provider!r}, not {KERNEL_TDX_PROVIDER!r}"
            )
        return Evidence(provider=TDX_PROVIDER, blobs={"quote": report.outblob}, attested=True)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class TdxEvidenceVerifier:
    """Appraises TDX evidence against a pinned Intel SGX root and reference values."""

    def __init__(
        self,
        *,
        intel_root: x509.Certificate,
        reference: TdxReferenceValues | None = None,
        collateral: TdxCollateralVerifier | None = None,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        self._root = intel_root
        self._reference = reference if reference is not None else TdxReferenceValues()
        self._collateral = collateral
        self._clock = clock

    def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal:
        """Appraise; raises AttestationError naming the first check that failed."""
        if len(report_data) != REPORT_DATA_BYTES:
            raise ValueError(f"report_data must be {REPORT_DATA_BYTES} bytes")
        if evidence.provider != TDX_PROVIDER or "quote" not in evidence.blobs:
            raise AttestationError("evidence", f"not TDX evidence: {evidence.provider!r}")
        quote = parse_tdx_quote(evidence.blobs["quote"])
        checks = ["parse"]

        if not quote.pck_chain:
            raise AttestationError("pck_chain", "the quote carries no PCK certificate")
        chain = verify_chain(
            quote.pck_chain[0],
            quote.pck_chain[1:],
            root=self._root,
            at=self._clock(),
            check="pck_chain",
        )
        checks.append("pck_chain")
        pck_key = chain[0].public_key()
        if not isinstance(pck_key, ec.EllipticCurvePublicKey):
            raise AttestationError("qe_report_signature", f"{describe(chain[0])} is not ECDSA")
        _verify_p256(pck_key, quote.qe_report_signature, quote.qe_report.raw, "qe_report_signature")
        checks.append("qe_report_signature")

        bound = hashlib.sha256(quote.attestation_key + quote.qe_auth_data).digest()
        if quote.qe_report.report_data != bound + bytes(32):
            raise AttestationError(
                "attestation_key_binding", "the QE report does not vouch for the attestation key"
            )
        checks.append("attestation_key_binding")
        try:
            attestation_key = ec.EllipticCurvePublicKey.from_encoded_point(
                ec.SECP256R1(), b"\x04" + quote.attestation_key
            )
        except ValueError as err:
            raise AttestationError("quote_signature", f"bad attestation key: {err}") from err
        _verify_p256(attestation_key, quote.signature, quote.signed_bytes, "quote_signature")
        checks.append("quote_signature")
        if quote.header.qe_vendor_id != INTEL_QE_VENDOR_ID:
            raise AttestationError(
                "qe_vendor", f"QE vendor id {quote.header.qe_vendor_id.hex()} is not Intel's"
            )
        checks.append("qe_vendor")

        if quote.body.report_data != report_data:
            raise AttestationError("report_data", "REPORTDATA does not match the expected binding")
        checks.append("report_data")
        if quote.body.debug:
            raise AttestationError("debug", "the TD runs with DEBUG on: the host can read it")
        checks.append("debug")
        not_checked = self._check_reference(quote, checks)

        if self._collateral is not None:
            self._collateral.verify(quote, chain)
            checks.append("collateral")
        else:
            not_checked.insert(
                0,
                "intel_collateral: Intel PCS TCB info (TCB status), QE identity, "
                "PCK and root CRLs (no TdxCollateralVerifier configured)",
            )
        not_checked.append(
            "td_attributes other than DEBUG, xfam, mr_seam, mr_signer_seam, mr_owner, "
            "mr_owner_config: reported as claims, not enforced"
        )
        return Appraisal(
            provider=TDX_PROVIDER,
            attested=True,
            claims=_claims(quote),
            checks=tuple(checks),
            not_checked=tuple(not_checked),
        )

    def _check_reference(self, quote: TdxQuote, checks: list[str]) -> list[str]:
        """Compare measurements with the reference values; returns the ones not given."""
        body = quote.body
        reference = self._reference
        not_checked: list[str] = []
        expected_measurements = {
            "mrtd": (reference.mr_td, body.mr_td),
            "rtmr0": (reference.rtmr0, body.rtmrs[0]),
            "rtmr1": (reference.rtmr1, body.rtmrs[1]),
            "rtmr2": (reference.rtmr2, body.rtmrs[2]),
            "rtmr3": (reference.rtmr3, body.rtmrs[3]),
            "mrconfigid": (reference.mr_config_id, body.mr_config_id),
        }
        for check, (expected, actual) in expected_measurements.items():
            if expected is None:
                not_checked.append(f"{check}: no reference value")
            elif actual.hex() != expected:
                raise AttestationError(check, f"{check} is {actual.hex()}, expected {expected}")
            else:
                checks.append(check)
        minimum = reference.minimum_tee_tcb_svn
        if minimum is None:
            not_checked.append("tee_tcb_svn: no minimum")
        elif not all(a >= b for a, b in zip(body.tee_tcb_svn, bytes.fromhex(minimum), strict=True)):
            raise AttestationError(
                "tee_tcb_svn", f"TEE_TCB_SVN {body.tee_tcb_svn.hex()} is below {minimum}"
            )
        else:
            checks.append("tee_tcb_svn")
        return not_checked


def _verify_p256(key: ec.EllipticCurvePublicKey, signature: bytes, data: bytes, check: str) -> None:
    """Verify a raw r || s (big-endian, 32 bytes each) ECDSA P-256 SHA-256 signature."""
    if not isinstance(key.curve, ec.SECP256R1):
        raise AttestationError(check, f"key is on {key.curve.name}, expected P-256")
    der = encode_dss_signature(
        int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:64], "big")
    )
    try:
        key.verify(der, data, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise AttestationError(check, "signature does not verify") from None


def _claims(quote: TdxQuote) -> dict[str, str]:
    body = quote.body
    claims = {
        "tdx.quote_version": str(quote.header.version),
        "tdx.qe_svn": str(quote.header.qe_svn),
        "tdx.pce_svn": str(quote.header.pce_svn),
        "tdx.tee_tcb_svn": body.tee_tcb_svn.hex(),
        "tdx.mr_seam": body.mr_seam.hex(),
        "tdx.mr_signer_seam": body.mr_signer_seam.hex(),
        "tdx.seam_attributes": body.seam_attributes.hex(),
        "tdx.td_attributes": f"{body.td_attributes:016x}",
        "tdx.xfam": f"{body.xfam:016x}",
        "tdx.mr_td": body.mr_td.hex(),
        "tdx.mr_config_id": body.mr_config_id.hex(),
        "tdx.mr_owner": body.mr_owner.hex(),
        "tdx.mr_owner_config": body.mr_owner_config.hex(),
        "tdx.report_data": body.report_data.hex(),
    }
    for index, rtmr in enumerate(body.rtmrs):
        claims[f"tdx.rtmr{index}"] = rtmr.hex()
    if body.tee_tcb_svn2 is not None and body.mr_service_td is not None:
        claims["tdx.tee_tcb_svn2"] = body.tee_tcb_svn2.hex()
        claims["tdx.mr_service_td"] = body.mr_service_td.hex()
    return claims
