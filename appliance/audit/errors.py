"""Audit errors, split into "this record fails" and "the audit log is down"."""

from __future__ import annotations


class AuditError(Exception):
    """Base of every audit error."""


class AuditRecordError(AuditError):
    """This record cannot be written (bad event name, data that is not JSON); the log is fine."""


class AuditUnavailableError(AuditError):
    """The audit log cannot take records now (keys unreadable, disk failing, log corrupt).

    The server maps it to UNAVAILABLE and refuses requests rather than serve them unaudited.
    """


class AuditKeyError(AuditError):
    """A key file is missing, unreadable or of the wrong kind."""
