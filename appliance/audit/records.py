"""What a request or daemon event puts in the log, and the keyed hash that stands in for text."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from appliance.audit.errors import AuditRecordError

DIGEST_PREFIX = "hmac-sha256:"
_EVENT_NAME = re.compile(r"^[a-z][a-z0-9_.-]{0,63}$")


@dataclass(frozen=True, kw_only=True)
class RequestAudit:
    """One finished request, as the server hands it to the audit log."""

    request_id: str
    tenant: str
    peer: str
    model: str
    status: str
    # repr=False: text must never leak into logs or tracebacks through a repr.
    prompt: str = field(repr=False)
    response: str = field(repr=False)
    model_digest: str = ""
    policy_digest: str = ""
    sla_class: str = ""
    engine: str = ""
    screening: Mapping[str, object] | None = None
    plugins: Sequence[Mapping[str, object]] = ()
    prompt_tokens: int = 0
    completion_tokens: int = 0
    timings: Mapping[str, float] = field(default_factory=dict)
    audit_labels: Mapping[str, str] = field(default_factory=dict)
    include_text: bool = False


def text_digest(key: bytes, text: str) -> str:
    """Keyed hash of `text`: `hmac-sha256:<hex>`. Equal texts match; the text stays secret."""
    mac = hmac.new(key, text.encode("utf-8", "surrogatepass"), hashlib.sha256)
    return DIGEST_PREFIX + mac.hexdigest()


def request_payload(audit: RequestAudit, hmac_key: bytes) -> dict[str, object]:
    """The fields of a request record; prompt and response appear as keyed hashes only,
    unless the caller asked for the text."""
    payload: dict[str, object] = {
        "request_id": audit.request_id,
        "tenant": audit.tenant,
        "peer": audit.peer,
        "model": audit.model,
        "model_digest": audit.model_digest,
        "policy_digest": audit.policy_digest,
        "sla_class": audit.sla_class,
        "engine": audit.engine,
        "status": audit.status,
        "screening": None if audit.screening is None else dict(audit.screening),
        "plugins": [dict(p) for p in audit.plugins],
        "prompt_tokens": audit.prompt_tokens,
        "completion_tokens": audit.completion_tokens,
        "timings": dict(audit.timings),
        "audit_labels": dict(audit.audit_labels),
        "prompt_hmac": text_digest(hmac_key, audit.prompt),
        "response_hmac": text_digest(hmac_key, audit.response),
    }
    if audit.include_text:
        payload["prompt_text"] = audit.prompt
        payload["response_text"] = audit.response
    return payload


def event_payload(name: str, detail: Mapping[str, object] | None) -> dict[str, object]:
    """The fields of a daemon event record (start, stop, policy reload, ...)."""
    if not _EVENT_NAME.fullmatch(name):
        raise AuditRecordError(
            f"event name {name!r} must match {_EVENT_NAME.pattern} (lower case, no spaces)"
        )
    return {"event": name, "detail": dict(detail or {})}
