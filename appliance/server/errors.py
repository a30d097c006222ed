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
