"""Telemetry errors. Sources report a missing capability through their status; these are
for calls a caller made wrongly or that cannot succeed."""

from __future__ import annotations


class TelemetryError(Exception):
    """Base of every telemetry error."""


class ProbeAttachError(TelemetryError):
    """Uprobes could not be attached to a library (missing file, no probed symbol, source
    not loaded); the probes already attached keep working."""
