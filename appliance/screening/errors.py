"""Screening errors, split into "this request fails" and "screening is down"."""

from __future__ import annotations


class ScreeningError(Exception):
    """Base of every screening error."""


class ScreeningInputError(ScreeningError):
    """This input cannot be screened (wrong type, empty message list); screening is fine."""


class ScreeningUnavailableError(ScreeningError):
    """Screening cannot run (model file missing or corrupt); the server must fail closed."""
