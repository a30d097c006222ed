"""Routing errors, split into "this request fails" and "routing is down"."""

from __future__ import annotations


class RoutingError(Exception):
    """Base of every routing error."""


class AdmissionRefused(RoutingError):
    """No engine can meet this request's SLA objective before its deadline; the request fails.

    `retry_after_s` is the router's estimate of when capacity will be back; the server maps it
    to RESOURCE_EXHAUSTED with retry info.
    """

    def __init__(self, reason: str, *, retry_after_s: float, request_id: str = "") -> None:
        super().__init__(f"{reason} (retry after {retry_after_s:.2f} s)")
        self.reason = reason
        self.retry_after_s = retry_after_s
        self.request_id = request_id


class NoEngineAvailable(RoutingError):
    """Every engine is unhealthy or draining: routing cannot serve anything (UNAVAILABLE)."""


class RoutingConfigError(RoutingError):
    """Objectives, weights or scorers given to the router do not fit together."""


class SnapshotFormatError(RoutingError):
    """A JSON snapshot of engine loads (for `appliance route explain`) is malformed."""


class TraceFormatError(RoutingError):
    """A request trace for the simulator is malformed; the message names file and line."""
