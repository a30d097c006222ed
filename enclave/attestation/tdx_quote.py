"""Intel TDX quote (versions 4 and 5) parsed with bounds checks; nothing here is trusted yet.

Layout: Intel TDX DCAP Quoting Library API, appendix "Quote format". A quote is a 48-byte
header, a TD report body (v4: fixed 584 bytes; v5: a type/size descriptor, then a TDX 1.0 or
TDX 1.5 body), a signature-data length, and the signature data: ECDSA P-256 quote signature,
attestation public key, and certification data of type 6 (QE report, QE report signature,
QE auth data, then type 5: the PEM PCK certificate chain). Every malformed or truncated input
raises AttestationError("parse", ...); bytes after the signature data are ignored (quote
buffers from the kernel may be zero-padded), as they are covered by no signature.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryptography import x509

from enclave.attestation.certificate_chain import load_pem_certificates
from enclave.attestation.evidence import AttestationError

TEE_TYPE_TDX = 0x81
ATTESTATION_KEY_ECDSA_P256 = 2
CERTIFICATION_QE_REPORT = 6
CERTIFICATION_PCK_CHAIN = 5
BODY_TDX_10 = 2
BODY_TDX_15 = 3
HEADER_BYTES = 48
QE_REPORT_BYTES = 384
INTEL_QE_VENDOR_ID = bytes.fromhex("939a7233f79c4ca9940a0db3957f0607")
TD_ATTRIBUTES_DEBUG = 1 << 0

_BODY_BYTES = {BODY_TDX_10: 584, BODY_TDX_15: 648}


@dataclass(frozen=True)
class TdxQuoteHeader:
    """The quote header (signed by the attestation key)."""

    version: int
    attestation_key_type: int
    tee_type: int
    qe_svn: int
    pce_svn: int
    qe_vendor_id: bytes
    user_data: bytes


@dataclass(frozen=True)
class TdReportBody:
    """The TD's measurements and report data as the TDX module reported them."""

    tee_tcb_svn: bytes
    mr_seam: bytes
    mr_signer_seam: bytes
    seam_attributes: bytes
    td_attributes: int
    xfam: int
    mr_td: bytes
    mr_config_id: bytes
    mr_owner: bytes
    mr_owner_config: bytes
    rtmrs: tuple[bytes, bytes, bytes, bytes]
    report_data: bytes
    tee_tcb_svn2: bytes | None = None
    """TDX 1.5 bodies only."""
    mr_service_td: bytes | None = None
    """TDX 1.5 bodies only."""

    @property
    def debug(self) -> bool:
        """TDATTRIBUTES.DEBUG: the host can read and change the TD's state."""
        return bool(self.td_attributes & TD_ATTRIBUTES_DEBUG)


@dataclass(frozen=True)
class QeReport:
    """The quoting enclave's SGX report, signed by the platform's PCK key."""

    raw: bytes
    cpu_svn: bytes
    misc_select: int
    attributes: bytes
    mr_enclave: bytes
    mr_signer: bytes
    isv_prod_id: int
    isv_svn: int
    report_data: bytes


@dataclass(frozen=True)
class TdxQuote:
    """A parsed quote; `signed_bytes` is exactly what the quote signature covers."""

    header: TdxQuoteHeader
    body: TdReportBody
    signed_bytes: bytes
    signature: bytes
    """r || s, 32 bytes each, big-endian."""
    attestation_key: bytes
    """Uncompressed P-256 point without the 0x04 prefix: x || y."""
    qe_report: QeReport
    qe_report_signature: bytes
    qe_auth_data: bytes
    pck_chain: tuple[x509.Certificate, ...]
    """PCK leaf first, then its issuers as the platform shipped them."""


class _Reader:
    """Sequential little-endian reads that fail as "parse" instead of IndexError."""

    def __init__(self, data: bytes, what: str) -> None:
        self._data = data
        self._what = what
        self.offset = 0

    def take(self, length: int, field: str) -> bytes:
        end = self.offset + length
        if length < 0 or end > len(self._data):
            raise AttestationError(
                "parse",
                f"{self._what} truncated at {field}: needs {length} bytes at offset "
                f"{self.offset}, {len(self._data) - self.offset} left",
            )
        chunk = self._data[self.offset : end]
        self.offset = end
        return chunk

    def integer(self, length: int, field: str) -> int:
        return int.from_bytes(self.take(length, field), "little")


def parse_tdx_quote(data: bytes) -> TdxQuote:
    """Parse a TDX quote v4 or v5; raises AttestationError("parse", ...) on any defect."""
    reader = _Reader(data, "TDX quote")
    header = _parse_header(reader)
    if header.version == 4:
        body_type = BODY_TDX_10
    else:
        body_type = reader.integer(2, "body type")
        body_size = reader.integer(4, "body size")
        if _BODY_BYTES.get(body_type) != body_size:
            raise AttestationError(
                "parse", f"TDX quote body type {body_type} with size {body_size} is not a TD body"
            )
    body = _parse_body(_Reader(reader.take(_BODY_BYTES[body_type], "body"), "TD report"), body_type)
    signed_bytes = data[: reader.offset]
    signature_data = _Reader(
        reader.take(reader.integer(4, "signature data size"), "signature data"), "signature data"
    )
    signature = signature_data.take(64, "quote signature")
    attestation_key = signature_data.take(64, "attestation key")
    certification_type = signature_data.integer(2, "certification data type")
    if certification_type != CERTIFICATION_QE_REPORT:
        raise AttestationError(
            "parse", f"certification data type {certification_type}, expected QE report (6)"
        )
    certification = _Reader(
        signature_data.take(signature_data.integer(4, "certification data size"), "certification"),
        "QE certification data",
    )
    qe_report = _parse_qe_report(certification.take(QE_REPORT_BYTES, "QE report"))
    qe_report_signature = certification.take(64, "QE report signature")
    qe_auth_data = certification.take(certification.integer(2, "QE auth size"), "QE auth data")
    chain_type = certification.integer(2, "PCK certification data type")
    if chain_type != CERTIFICATION_PCK_CHAIN:
        raise AttestationError(
            "parse", f"PCK certification data type {chain_type}, expected PCK chain (5)"
        )
    chain_pem = certification.take(certification.integer(4, "PCK chain size"), "PCK chain")
    return TdxQuote(
        header=header,
        body=body,
        signed_bytes=signed_bytes,
        signature=signature,
        attestation_key=attestation_key,
        qe_report=qe_report,
        qe_report_signature=qe_report_signature,
        qe_auth_data=qe_auth_data,
        pck_chain=load_pem_certificates(chain_pem, "PCK certificate chain"),
    )


def _parse_header(reader: _Reader) -> TdxQuoteHeader:
    header = TdxQuoteHeader(
        version=reader.integer(2, "version"),
        attestation_key_type=reader.integer(2, "attestation key type"),
        tee_type=reader.integer(4, "TEE type"),
        qe_svn=reader.integer(2, "QE SVN"),
        pce_svn=reader.integer(2, "PCE SVN"),
        qe_vendor_id=reader.take(16, "QE vendor id"),
        user_data=reader.take(20, "user data"),
    )
    if header.version not in (4, 5):
        raise AttestationError("parse", f"TDX quote version {header.version} (expected 4 or 5)")
    if header.tee_type != TEE_TYPE_TDX:
        raise AttestationError("parse", f"TEE type {header.tee_type:#x} is not TDX (0x81)")
    if header.attestation_key_type != ATTESTATION_KEY_ECDSA_P256:
        raise AttestationError(
            "parse", f"attestation key type {header.attestation_key_type} is not ECDSA P-256 (2)"
        )
    return header


def _parse_body(reader: _Reader, body_type: int) -> TdReportBody:
    tee_tcb_svn = reader.take(16, "TEE_TCB_SVN")
    mr_seam = reader.take(48, "MRSEAM")
    mr_signer_seam = reader.take(48, "MRSIGNERSEAM")
    seam_attributes = reader.take(8, "SEAMATTRIBUTES")
    td_attributes = reader.integer(8, "TDATTRIBUTES")
    xfam = reader.integer(8, "XFAM")
    mr_td = reader.take(48, "MRTD")
    mr_config_id = reader.take(48, "MRCONFIGID")
    mr_owner = reader.take(48, "MROWNER")
    mr_owner_config = reader.take(48, "MROWNERCONFIG")
    rtmrs = (
        reader.take(48, "RTMR0"),
        reader.take(48, "RTMR1"),
        reader.take(48, "RTMR2"),
        reader.take(48, "RTMR3"),
    )
    report_data = reader.take(64, "REPORTDATA")
    tdx_15 = body_type == BODY_TDX_15
    return TdReportBody(
        tee_tcb_svn=tee_tcb_svn,
        mr_seam=mr_seam,
        mr_signer_seam=mr_signer_seam,
        seam_attributes=seam_attributes,
        td_attributes=td_attributes,
        xfam=xfam,
        mr_td=mr_td,
        mr_config_id=mr_config_id,
        mr_owner=mr_owner,
        mr_owner_config=mr_owner_config,
        rtmrs=rtmrs,
        report_data=report_data,
        tee_tcb_svn2=reader.take(16, "TEE_TCB_SVN2") if tdx_15 else None,
        mr_service_td=reader.take(48, "MRSERVICETD") if tdx_15 else None,
    )


def _parse_qe_report(raw: bytes) -> QeReport:
    """SGX REPORT_BODY: fixed offsets, `raw` is exactly QE_REPORT_BYTES long."""
    return QeReport(
        raw=raw,
        cpu_svn=raw[0:16],
        misc_select=int.from_bytes(raw[16:20], "little"),
        attributes=raw[48:64],
        mr_enclave=raw[64:96],
        mr_signer=raw[128:160],
        isv_prod_id=int.from_bytes(raw[256:258], "little"),
        isv_svn=int.from_bytes(raw[258:260], "little"),
        report_data=raw[320:384],
    )
