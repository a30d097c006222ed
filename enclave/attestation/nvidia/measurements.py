"""Runtime measurements against golden ones, as NVIDIA's `verifier.py` compares them.

The driver and VBIOS RIMs each mark some indexes active; together they form the golden set,
and an index active in both is an error. RIM index i is SPDM measurement block i + 1 (NVIDIA
lists the blocks from 0). A golden measurement matches when one of its alternatives equals
the runtime value and the declared size equals the runtime value's length.

NVIDIA means to skip index 35 when the report says NVDEC0 is disabled, but its comparison
(bytes against an Enum) is never true, so it always compares index 35; so do we.
"""

from __future__ import annotations

from collections.abc import Mapping

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia.checks import Check
from enclave.attestation.nvidia.rim import GoldenMeasurement, ReferenceManifest, RimKind


def compare_measurements(
    runtime: Mapping[int, bytes], driver: ReferenceManifest, vbios: ReferenceManifest
) -> tuple[int, ...]:
    """Return the RIM indexes compared; raises AttestationError naming every mismatch."""
    golden = _golden_set(driver, vbios)
    if len(golden) > len(runtime):
        raise AttestationError(
            Check.MEASUREMENTS,
            f"RIMs hold {len(golden)} active measurements, the report only {len(runtime)}",
        )
    mismatched = [
        f"{index} ({kind})"
        for index, (kind, measurement) in sorted(golden.items())
        if not _matches(measurement, runtime.get(index + 1))
    ]
    if mismatched:
        raise AttestationError(
            Check.MEASUREMENTS, "runtime differs from golden at RIM index " + ", ".join(mismatched)
        )
    return tuple(sorted(golden))


def _golden_set(
    driver: ReferenceManifest, vbios: ReferenceManifest
) -> dict[int, tuple[RimKind, GoldenMeasurement]]:
    golden: dict[int, tuple[RimKind, GoldenMeasurement]] = {}
    for manifest in (driver, vbios):
        for index, measurement in manifest.measurements.items():
            if not measurement.active:
                continue
            if index in golden:
                raise AttestationError(
                    Check.MEASUREMENT_INDEX_CONFLICT,
                    f"driver and VBIOS RIMs both hold an active measurement at index {index}",
                )
            golden[index] = (manifest.kind, measurement)
    return golden


def _matches(measurement: GoldenMeasurement, value: bytes | None) -> bool:
    return (
        value is not None and len(value) == measurement.size and value in measurement.alternatives
    )
