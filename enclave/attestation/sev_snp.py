"""AMD SEV-SNP evidence: a report collected through configfs-tsm, appraised against a pinned ARK.

Checked, in order (each failure is AttestationError naming the check):
  evidence             the evidence is SEV-SNP's and carries a "report" blob
  parse                the report (0x4A0 bytes, version 2-5) and the certificate table parse
  signature_algorithm  the report says ECDSA P-384 with SHA-384
  endorsement_chain    the signing VCEK (or VLEK) -> ASK (or ASVK) -> the PINNED AMD ARK,
                       RSA-PSS signatures, every certificate valid at the verifier's clock
  report_signature     bytes 0..0x2A0 are signed by the VCEK/VLEK key (ECDSA P-384 SHA-384)
  endorsement_tcb      the VCEK/VLEK's TCB extensions equal the report's REPORTED_TCB
  chip_id              a VCEK's hwID extension equals CHIP_ID (skipped when CHIP_ID is masked)
  report_data          REPORT_DATA equals the expected 64 bytes
  debug                guest policy DEBUG (bit 19) is off
  vmpl                 the report came from the expected VMPL (default 0)
  measurement, host_data   equal the reference values, where given
  reported_tcb         REPORTED_TCB >= the reference minimum, level by level, where given
  collateral           the pluggable SevSnpCollateralVerifier, where given

Not checked unless a SevSnpCollateralVerifier does it: AMD KDS CRLs (a revoked ASK or VCEK
passes here). Not fetched: a VCEK the host did not put in the certificate table (AMD KDS);
such evidence is refused. Reported as claims, never enforced: guest policy bits other than
DEBUG (SMT, migration agent, ...), platform info, ID/author key digests, family and image id,
guest SVN, current/committed/launch TCB.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Annotated, Protocol

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from enclave.attestation.certificate_chain import describe, load_der_certificate, verify_chain
from enclave.attestation.configfs_tsm import ConfigfsTsm
from enclave.attestation.evidence import (
    REPORT_DATA_BYTES,
    Appraisal,
    AttestationError,
    Evidence,
    EvidenceUnavailable,
)
from enclave.attestation.sev_snp_report import (
    SIGNATURE_ECDSA_P384_SHA384,
    SIGNING_KEY_VCEK,
    SIGNING_KEY_VLEK,
    VCEK_GUID,
    VLEK_GUID,
    SevSnpReport,
    SevSnpTcb,
    parse_certificate_table,
    parse_sev_snp_report,
)

SEV_SNP_PROVIDER = "sev-snp"
KERNEL_SEV_PROVIDER = "sev_guest"

_AMD_OID = "1.3.6.1.4.1.3704.1."
_TCB_EXTENSIONS = {
    "bootloader": _AMD_OID + "3.1",
    "tee": _AMD_OID + "3.2",
    "snp": _AMD_OID + "3.3",
    "microcode": _AMD_OID + "3.8",
    "fmc": _AMD_OID + "3.9",
}
_HWID_EXTENSION = _AMD_OID + "4"
_PRODUCT_NAME_EXTENSION = _AMD_OID + "2"

Hex48 = Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{96}$", to_lower=True)]
Hex32 = Annotated[str, StringConstraints(pattern=r"^[0-9a-fA-F]{64}$", to_lower=True)]


class SevSnpReferenceValues(BaseModel):
    """What the relying party expects of the guest; unset fields are reported, not enforced."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    measurement: Hex48 | None = Field(default=None, description="Launch MEASUREMENT, hex.")
    host_data: Hex32 | None = Field(default=None, description="HOST_DATA set at launch, hex.")
    minimum_tcb: SevSnpTcb | None = Field(
        default=None, description="Lowest acceptable REPORTED_TCB, compared level by level."
    )
    vmpl: int = Field(
        default=0,
        ge=0,
        le=3,
        description="The VMPL the report must come from (0: most privileged).",
    )


class SevSnpCollateralVerifier(Protocol):
    """Checks AMD KDS collateral (CRLs) for a report whose chain and signature verified;
    raises AttestationError("collateral", ...) to refuse."""

    def verify(self, report: SevSnpReport, chain: tuple[x509.Certificate, ...]) -> None: ...


class SevSnpEvidenceProvider:
    """Collects an SEV-SNP report and the host's certificate table through configfs-tsm."""

    name: str = SEV_SNP_PROVIDER

    def __init__(self, *, tsm: ConfigfsTsm | None = None, privlevel: int | None = None) -> None:
        self._tsm = tsm if tsm is not None else ConfigfsTsm()
        self._privlevel = privlevel

    def collect(self, report_data: bytes) -> Evidence:
        """A fresh report; EvidenceUnavailable when this is not an SEV-SNP guest."""
        report = self._tsm.report(report_data, privlevel=self._privlevel)
        if report.provider != KERNEL_SEV_PROVIDER:
            raise EvidenceUnavailable(
                f"configfs-tsm provider is {report.provider!r}, not {KERNEL_SEV_PROVIDER!r}"
            )
        return Evidence(
            provider=SEV_SNP_PROVIDER,
            blobs={"report": report.outblob, "certificates": report.auxblob},
            attested=True,
        )


def _utc_now() -> datetime:
    return datetime.now(UTC)


class SevSnpEvidenceVerifier:
    """Appraises SEV-SNP evidence against a pinned AMD root key (ARK) and reference values."""

    def __init__(
        self,
        *,
        amd_root: x509.Certificate,
        intermediates: Sequence[x509.Certificate] = (),
        reference: SevSnpReferenceValues | None = None,
        collateral: SevSnpCollateralVerifier | None = None,
        clock: Callable[[], datetime] = _utc_now,
    ) -> None:
        """`intermediates`: ASK/ASVK certificates to use when the host's table lacks them;
        they are not trusted, they must chain to `amd_root` like the table's own."""
        self._root = amd_root
        self._intermediates = tuple(intermediates)
        self._reference = reference if reference is not None else SevSnpReferenceValues()
        self._collateral = collateral
        self._clock = clock

    def verify(self, evidence: Evidence, report_data: bytes) -> Appraisal:
        """Appraise; raises AttestationError naming the first check that failed."""
        if len(report_data) != REPORT_DATA_BYTES:
            raise ValueError(f"report_data must be {REPORT_DATA_BYTES} bytes")
        if evidence.provider != SEV_SNP_PROVIDER or "report" not in evidence.blobs:
            raise AttestationError("evidence", f"not SEV-SNP evidence: {evidence.provider!r}")
        report = parse_sev_snp_report(evidence.blobs["report"])
        table = parse_certificate_table(evidence.blobs.get("certificates", b""))
        leaf, others = _endorsement_certificates(report, table)
        checks = ["parse"]

        if report.signature_algorithm != SIGNATURE_ECDSA_P384_SHA384:
            raise AttestationError(
                "signature_algorithm",
                f"signature algorithm {report.signature_algorithm} is not ECDSA P-384 (1)",
            )
        checks.append("signature_algorithm")
        chain = verify_chain(
            leaf,
            (*others, *self._intermediates),
            root=self._root,
            at=self._clock(),
            check="endorsement_chain",
        )
        checks.append("endorsement_chain")
        _verify_report_signature(leaf, report)
        checks.append("report_signature")
        _check_endorsement_tcb(leaf, report)
        checks.append("endorsement_tcb")
        not_checked: list[str] = []
        if _check_chip_id(leaf, report):
            checks.append("chip_id")
        else:
            not_checked.append("chip_id: masked in the report or absent from a VLEK")

        if report.report_data != report_data:
            raise AttestationError("report_data", "REPORT_DATA does not match the expected binding")
        checks.append("report_data")
        if report.debug:
            raise AttestationError("debug", "guest policy allows DEBUG: the host can read it")
        checks.append("debug")
        not_checked.extend(self._check_reference(report, checks))

        if self._collateral is not None:
            self._collateral.verify(report, chain)
            checks.append("collateral")
        else:
            not_checked.insert(0, "amd_collateral: AMD KDS CRLs for the ASK and VCEK/VLEK")
        not_checked.append(
            "guest policy bits other than DEBUG, platform info, ID and author key digests, "
            "family/image id, guest SVN, current/committed/launch TCB: claims, not enforced"
        )
        return Appraisal(
            provider=SEV_SNP_PROVIDER,
            attested=True,
            claims=_claims(report, leaf),
            checks=tuple(checks),
            not_checked=tuple(not_checked),
        )

    def _check_reference(self, report: SevSnpReport, checks: list[str]) -> list[str]:
        reference = self._reference
        if report.vmpl != reference.vmpl:
            raise AttestationError(
                "vmpl", f"report is from VMPL {report.vmpl}, not {reference.vmpl}"
            )
        checks.append("vmpl")
        not_checked: list[str] = []
        for check, expected, actual in (
            ("measurement", reference.measurement, report.measurement),
            ("host_data", reference.host_data, report.host_data),
        ):
            if expected is None:
                not_checked.append(f"{check}: no reference value")
            elif actual.hex() != expected:
                raise AttestationError(check, f"{check} is {actual.hex()}, expected {expected}")
            else:
                checks.append(check)
        if reference.minimum_tcb is None:
            not_checked.append("reported_tcb: no minimum")
        elif not report.reported_tcb.at_least(reference.minimum_tcb):
            raise AttestationError(
                "reported_tcb",
                f"REPORTED_TCB {report.reported_tcb!r} is below {reference.minimum_tcb!r}",
            )
        else:
            checks.append("reported_tcb")
        return not_checked


def _endorsement_certificates(
    report: SevSnpReport, table: Mapping[uuid.UUID, bytes]
) -> tuple[x509.Certificate, list[x509.Certificate]]:
    """The certificate whose key signed the report, and the table's other certificates."""
    guids = {SIGNING_KEY_VCEK: VCEK_GUID, SIGNING_KEY_VLEK: VLEK_GUID}
    guid = guids.get(report.signing_key)
    if guid is None:
        raise AttestationError(
            "endorsement_chain", f"report signing key {report.signing_key} is neither VCEK nor VLEK"
        )
    if guid not in table:
        kind = "VCEK" if guid == VCEK_GUID else "VLEK"
        raise AttestationError(
            "endorsement_chain",
            f"the host's certificate table has no {kind} (fetching from AMD KDS is not done here)",
        )
    leaf = load_der_certificate(table[guid], "VCEK/VLEK certificate")
    others = [
        load_der_certificate(data, f"certificate {other}")
        for other, data in table.items()
        if other not in (VCEK_GUID, VLEK_GUID)
    ]
    return leaf, others


def _amd_extension(certificate: x509.Certificate, oid: str) -> bytes | None:
    try:
        extension = certificate.extensions.get_extension_for_oid(x509.ObjectIdentifier(oid))
    except x509.ExtensionNotFound:
        return None
    except (ValueError, x509.DuplicateExtension) as err:
        raise AttestationError("endorsement_tcb", f"unreadable extensions: {err}") from err
    value = extension.value
    return value.value if isinstance(value, x509.UnrecognizedExtension) else None


def _der_small_integer(encoded: bytes | None) -> int | None:
    """An AMD SPL extension: DER INTEGER 0..255 (two content bytes when >= 128)."""
    if encoded is None or len(encoded) < 3 or encoded[0] != 0x02 or encoded[1] != len(encoded) - 2:
        return None
    value = int.from_bytes(encoded[2:], "big", signed=True)
    return value if 0 <= value <= 255 else None


def _check_endorsement_tcb(leaf: x509.Certificate, report: SevSnpReport) -> None:
    """The VCEK/VLEK is issued per TCB: its TCB must be the one the report claims."""
    reported = report.reported_tcb
    for name, oid in _TCB_EXTENSIONS.items():
        level = _der_small_integer(_amd_extension(leaf, oid))
        if level is None and name == "fmc" and reported.fmc is None:
            continue
        if level is None:
            raise AttestationError("endorsement_tcb", f"certificate lacks a {name} SPL extension")
        if level != getattr(reported, name):
            raise AttestationError(
                "endorsement_tcb",
                f"certificate {name} SPL {level} differs from REPORTED_TCB's "
                f"{getattr(reported, name)}",
            )


def _check_chip_id(leaf: x509.Certificate, report: SevSnpReport) -> bool:
    """True when the VCEK's hwID was compared with CHIP_ID; False when there is nothing to."""
    hwid = _amd_extension(leaf, _HWID_EXTENSION)
    if hwid is None or report.chip_id == bytes(len(report.chip_id)):
        return False
    if len(hwid) == 66 and hwid[:2] == b"\x04\x40":  # should AMD ever wrap it in OCTET STRING
        hwid = hwid[2:]
    if hwid != report.chip_id:
        raise AttestationError("chip_id", "the VCEK was issued to another chip")
    return True


def _verify_report_signature(leaf: x509.Certificate, report: SevSnpReport) -> None:
    key = leaf.public_key()
    if not isinstance(key, ec.EllipticCurvePublicKey) or not isinstance(key.curve, ec.SECP384R1):
        raise AttestationError("report_signature", f"{describe(leaf)} has no P-384 key")
    signature = encode_dss_signature(report.signature_r, report.signature_s)
    try:
        key.verify(signature, report.signed_bytes, ec.ECDSA(hashes.SHA384()))
    except InvalidSignature:
        raise AttestationError("report_signature", "signature does not verify") from None


def _tcb_claim(tcb: SevSnpTcb) -> str:
    return ",".join(
        f"{name}={value}" for name, value in tcb.model_dump().items() if value is not None
    )


def _claims(report: SevSnpReport, leaf: x509.Certificate) -> dict[str, str]:
    claims = {
        "sev_snp.report_version": str(report.version),
        "sev_snp.guest_svn": str(report.guest_svn),
        "sev_snp.policy": f"{report.policy:016x}",
        "sev_snp.family_id": report.family_id.hex(),
        "sev_snp.image_id": report.image_id.hex(),
        "sev_snp.vmpl": str(report.vmpl),
        "sev_snp.signing_key": "vlek" if report.signing_key == SIGNING_KEY_VLEK else "vcek",
        "sev_snp.platform_info": f"{report.platform_info:016x}",
        "sev_snp.measurement": report.measurement.hex(),
        "sev_snp.host_data": report.host_data.hex(),
        "sev_snp.id_key_digest": report.id_key_digest.hex(),
        "sev_snp.author_key_digest": report.author_key_digest.hex(),
        "sev_snp.report_id": report.report_id.hex(),
        "sev_snp.chip_id": report.chip_id.hex(),
        "sev_snp.reported_tcb": _tcb_claim(report.reported_tcb),
        "sev_snp.current_tcb": _tcb_claim(report.current_tcb),
        "sev_snp.committed_tcb": _tcb_claim(report.committed_tcb),
        "sev_snp.launch_tcb": _tcb_claim(report.launch_tcb),
        "sev_snp.firmware_version": "{}.{}.{}".format(*report.current_version),
        "sev_snp.report_data": report.report_data.hex(),
    }
    product = _amd_extension(leaf, _PRODUCT_NAME_EXTENSION)
    if product is not None and len(product) >= 2 and product[0] == 0x16:  # IA5String
        claims["sev_snp.product"] = product[2:].decode("ascii", "replace")
    return claims
