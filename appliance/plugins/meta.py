"""The request facts a plugin is told about (its own config travels with the plugin)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RequestMeta:
    """Who asked, of which model, under which request id."""

    tenant: str = ""
    model: str = ""
    request_id: str = ""
