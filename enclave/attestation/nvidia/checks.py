"""The names of the checks the NVIDIA verifier runs, in the order it runs them.

`AttestationError.check` always holds one of these, so logs and clients can switch on a fixed
vocabulary instead of parsing messages.
"""

from __future__ import annotations

from enum import StrEnum


class Check(StrEnum):
    """One check of NVIDIA GPU evidence; the value is what `AttestationError.check` carries."""

    EVIDENCE_FORMAT = "evidence_format"
    """The evidence blobs are the ones the provider writes, well formed."""
    CC_STATE = "cc_state"
    """The host-reported confidential-computing state meets expectations."""
    REPORT_FORMAT = "report_format"
    """The SPDM GET_MEASUREMENTS request and response parse, with every length in bounds."""
    CERTIFICATE_CHAIN = "certificate_chain"
    """The device chain parses and chains to the pinned device root at the evaluation time."""
    CERTIFICATE_FWID = "certificate_fwid"
    """The firmware ID in the leaf certificate equals the one the report states."""
    CERTIFICATE_OCSP = "certificate_ocsp"
    """No certificate of the device chain is revoked."""
    REPORT_SIGNATURE = "report_signature"
    """The leaf key signed the request and response (ECDSA P-384, SHA-384)."""
    NONCE = "nonce"
    """The report answers our nonce, sha256(report_data)."""
    DRIVER_VERSION = "driver_version"
    """The driver version the host reports equals the one the GPU signed."""
    VBIOS_VERSION = "vbios_version"
    """The VBIOS version the host reports equals the one the GPU signed."""
    RIM_FETCH = "rim_fetch"
    """The reference manifest (RIM) for the signed driver or VBIOS version is available."""
    RIM_FORMAT = "rim_format"
    """The RIM is well-formed SWID tag XML with the elements the verifier reads."""
    RIM_VERSION = "rim_version"
    """The RIM is for the driver or VBIOS version the GPU signed."""
    RIM_CERTIFICATE_CHAIN = "rim_certificate_chain"
    """The RIM signing certificate chains to the pinned RIM root at the evaluation time."""
    RIM_OCSP = "rim_ocsp"
    """No certificate of the RIM signing chain is revoked."""
    RIM_SIGNATURE = "rim_signature"
    """The XML signature over the whole RIM verifies with the RIM signing certificate."""
    MEASUREMENT_INDEX_CONFLICT = "measurement_index_conflict"
    """The driver and VBIOS RIMs never both claim the same active measurement index."""
    MEASUREMENTS = "measurements"
    """Every active golden measurement equals the GPU's measurement at that index."""
    GPU_MODE = "gpu_mode"
    """GPUs are not mixed between single- and multi-GPU passthrough modes."""
