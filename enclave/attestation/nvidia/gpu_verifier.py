"""Verify one GPU's attestation report and certificate chain, in NVIDIA's order.

Order (NVIDIA local GPU verifier 2.7, `cc_admin.attest`): parse the report; the leaf's FWID
against the report's; the device chain to the pinned root; OCSP for the chain; the report
signature; the nonce; host-reported versions against the signed ones; the driver RIM, then
the VBIOS RIM (version, chain, OCSP, signature); then the measurements.

One deliberate difference: NVIDIA compares the nonce and versions before the signature; we
verify the signature first so that nothing is compared before it is authenticated (both
must pass either way). Hopper only: Blackwell's FWID layout and RIM names differ, and its
reports fail closed at the FWID check.
"""

from __future__ import annotations

import hmac
import itertools
from dataclasses import dataclass
from datetime import UTC, datetime

from cryptography import x509

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.certificate_chain import (
    CERTIFICATE_ERRORS,
    load_pem_chain,
    verify_device_chain,
    verify_fwid,
)
from enclave.attestation.nvidia.checks import Check
from enclave.attestation.nvidia.measurements import compare_measurements
from enclave.attestation.nvidia.ocsp import OcspChecker
from enclave.attestation.nvidia.rim import (
    ReferenceManifest,
    RimKind,
    RimStore,
    driver_rim_id,
    vbios_rim_id,
    verify_rim,
)
from enclave.attestation.nvidia.spdm_report import (
    NONCE_BYTES,
    AttestationReport,
    parse_attestation_report,
    verify_report_signature,
)


@dataclass(frozen=True)
class GpuAppraisal:
    """What one GPU's verified evidence says."""

    driver_version: str
    vbios_version: str
    fwid: str | None
    """Hex FWID the leaf certificate and report agree on; None if the report has none."""
    feature_flag: str | None
    """"SPT", "MPT" or "PPCIE" where the report carries it (opaque data version 1+)."""
    driver_rim_id: str
    vbios_rim_id: str
    measurements_checked: tuple[int, ...]
    """RIM indexes whose golden values the GPU's measurements matched."""
    checks: tuple[str, ...]
    """Checks that passed, in order; RIM checks carry the RIM kind, e.g. "rim_signature:driver"."""


def verify_gpu_report(
    report: bytes,
    certificate_chain_pem: bytes,
    nonce: bytes,
    *,
    device_root: x509.Certificate,
    rim_root: x509.Certificate,
    rims: RimStore,
    ocsp: OcspChecker,
    at: datetime | None = None,
    host_driver_version: str | None = None,
    host_vbios_version: str | None = None,
) -> GpuAppraisal:
    """Verify one GPU's evidence; raises AttestationError naming the first check that failed.

    `at` is when certificates and OCSP responses must be valid: now when None (production);
    tests pass the time NVIDIA's sample was fresh. `host_*_version` are what NVML reported;
    when given they must equal the versions the GPU signed.
    """
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"nonce must be {NONCE_BYTES} bytes")
    at = at or datetime.now(UTC)
    checks: list[str] = []
    parsed = parse_attestation_report(report)
    checks.append(Check.REPORT_FORMAT)
    chain = load_pem_chain(certificate_chain_pem, check=Check.CERTIFICATE_CHAIN)
    opaque = parsed.response.opaque
    if verify_fwid(chain[0], opaque.fwid):
        checks.append(Check.CERTIFICATE_FWID)
    verify_device_chain(chain, root=device_root, at=at)
    checks.append(Check.CERTIFICATE_CHAIN)
    # As NVIDIA: every certificate but the leaf (minted by the GPU, unknown to the responder)
    # and the root (trusted by pinning).
    for certificate, issuer in itertools.pairwise(chain[1:]):
        try:
            ocsp.check(certificate, issuer, at=at)
        except AttestationError as error:
            raise AttestationError(Check.CERTIFICATE_OCSP, error.message) from error
    checks.append(Check.CERTIFICATE_OCSP)
    try:
        leaf_key = chain[0].public_key()
    except CERTIFICATE_ERRORS as error:
        raise AttestationError(Check.REPORT_SIGNATURE, f"leaf key: {error}") from error
    verify_report_signature(parsed, leaf_key)
    checks.append(Check.REPORT_SIGNATURE)
    if not hmac.compare_digest(parsed.request.nonce, nonce):
        raise AttestationError(Check.NONCE, "the report does not answer this nonce")
    checks.append(Check.NONCE)
    driver_version, vbios_version = _signed_versions(parsed)
    if host_driver_version is not None:
        if host_driver_version.strip() != driver_version:
            raise AttestationError(
                Check.DRIVER_VERSION,
                f"host reports driver {host_driver_version!r}, the GPU signed {driver_version!r}",
            )
        checks.append(Check.DRIVER_VERSION)
    if host_vbios_version is not None:
        if host_vbios_version.strip().lower() != vbios_version:
            raise AttestationError(
                Check.VBIOS_VERSION,
                f"host reports VBIOS {host_vbios_version!r}, the GPU signed {vbios_version!r}",
            )
        checks.append(Check.VBIOS_VERSION)
    driver_id = driver_rim_id(driver_version)
    vbios_id = vbios_rim_id(
        _required(opaque.project, "PROJECT"),
        _required(opaque.project_sku, "PROJECT_SKU"),
        _required(opaque.chip_sku, "CHIP_SKU"),
        vbios_version,
    )
    manifests = {
        kind: _verify_rim(rims, rim_id, kind, version, rim_root, ocsp, at, checks)
        for kind, rim_id, version in (
            (RimKind.DRIVER, driver_id, driver_version),
            (RimKind.VBIOS, vbios_id, vbios_version),
        )
    }
    compared = compare_measurements(
        parsed.measurements, manifests[RimKind.DRIVER], manifests[RimKind.VBIOS]
    )
    checks += [Check.MEASUREMENT_INDEX_CONFLICT, Check.MEASUREMENTS]
    return GpuAppraisal(
        driver_version=driver_version,
        vbios_version=vbios_version,
        fwid=opaque.fwid.hex() if opaque.fwid else None,
        feature_flag=opaque.feature_flag,
        driver_rim_id=driver_id,
        vbios_rim_id=vbios_id,
        measurements_checked=compared,
        checks=tuple(str(check) for check in checks),
    )


def _signed_versions(report: AttestationReport) -> tuple[str, str]:
    opaque = report.response.opaque
    return (
        _required(opaque.driver_version, "DRIVER_VERSION"),
        _required(opaque.vbios_version, "VBIOS_VERSION"),
    )


def _required(value: str | None, field: str) -> str:
    if not value:
        raise AttestationError(Check.REPORT_FORMAT, f"the report has no {field} opaque field")
    return value


def _verify_rim(
    rims: RimStore,
    rim_id: str,
    kind: RimKind,
    version: str,
    root: x509.Certificate,
    ocsp: OcspChecker,
    at: datetime,
    checks: list[str],
) -> ReferenceManifest:
    document = rims.load(rim_id)
    if document is None:
        raise AttestationError(Check.RIM_FETCH, f"no {kind} RIM {rim_id} in the RIM store")
    manifest = verify_rim(
        document, kind=kind, expected_version=version, root=root, ocsp=ocsp, at=at
    )
    checks += [
        f"{check}:{kind}"
        for check in (
            Check.RIM_FETCH,
            Check.RIM_FORMAT,
            Check.RIM_VERSION,
            Check.RIM_CERTIFICATE_CHAIN,
            Check.RIM_OCSP,
            Check.RIM_SIGNATURE,
        )
    ]
    return manifest
