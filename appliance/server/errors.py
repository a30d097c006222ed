"""Errors the server raises for a request, before or around the engine."""

from __future__ import annotations


class RequestRejectedError(Exception):
    """Base: this request fails with a clear reason; the daemon keeps serving."""


class InvalidRequestError(RequestRejectedError):
    """The request is malformed or out of bounds (INVALID_ARGUMENT)."""


class ModelNotFoundError(RequestRejectedError):
    """No engine serves the requested model (NOT_FOUND)."""


class PermissionDeniedError(RequestRejectedError):
    """The caller's identity may not make this call (PERMISSION_DENIED)."""


class DrainingError(RequestRejectedError):
    """The daemon is shutting down and takes no new requests (UNAVAILABLE)."""


class BlockedError(RequestRejectedError):
    """Screening or a plugin blocked the request (FAILED_PRECONDITION). `reason` is a stable
    code clients can branch on; the message never echoes the prompt."""

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class NotAttestedError(RequestRejectedError):
    """The policy requires verified attestation and the appliance has none (UNAVAILABLE,
    reason NOT_ATTESTED): another appliance may serve, this one will not."""

    reason = "NOT_ATTESTED"


class RateLimitedError(RequestRejectedError):
    """Too many calls of a costly kind; retry after `retry_after_s` (RESOURCE_EXHAUSTED)."""

    def __init__(self, message: str, *, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s
