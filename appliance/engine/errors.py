"""Engine errors, split into "this request fails" and "this engine is down"."""

from __future__ import annotations


class EngineError(Exception):
    """Base of every engine error."""


class EngineRequestError(EngineError):
    """This request fails; the engine keeps serving others."""


class InvalidGenerationError(EngineRequestError):
    """The engine refused the request's parameters (prompt too long, bad sampling)."""


class QueueFullError(EngineRequestError):
    """The engine has as many requests as it may hold; retry after `retry_after_s`."""

    def __init__(self, message: str, *, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class EngineUnavailableError(EngineError):
    """The engine cannot take requests now: starting, draining, stopped or failed."""


class EngineDeadError(EngineUnavailableError):
    """The engine process died; requests on it are lost and it must be restarted."""
