"""Turn a wire `GenerateRequest` into a validated `GenerationRequest`, or say what is wrong.

Everything a client controls is bounded here, before anything reaches an engine.
"""

from __future__ import annotations

import math
import re
import uuid
from dataclasses import replace

from appliance.api import pb2
from appliance.config.settings import RequestLimits, StreamIntervals
from appliance.engine.contract import ChatTurn, EngineInfo, GenerationRequest, Sampling
from appliance.policy.model import Tenant
from appliance.server.errors import InvalidRequestError, PermissionDeniedError

_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:-]+$")
_ROLES = frozenset({"system", "user", "assistant", "tool"})
_SLA_NAMES = {
    pb2.REALTIME: "realtime",
    pb2.INTERACTIVE: "interactive",
    pb2.BATCH: "batch",
}
_MAX_STOP_BYTES = 256
_MAX_AUDIT_LABELS = 32
_MAX_LABEL_KEY_BYTES = 64
_MAX_LABEL_VALUE_BYTES = 256
_MAX_TEMPERATURE = 100.0


def request_id_of(request: pb2.GenerateRequest, limits: RequestLimits) -> str:
    """The client's idempotency key if well-formed, a fresh one if empty."""
    rid = request.request_id
    if not rid:
        return uuid.uuid4().hex
    if len(rid.encode()) > limits.max_request_id_bytes or not _REQUEST_ID.match(rid):
        raise InvalidRequestError(
            f"request_id must be 1-{limits.max_request_id_bytes} characters of A-Z a-z 0-9 . _ : -"
        )
    return rid


def validate_generate(
    request: pb2.GenerateRequest,
    *,
    request_id: str,
    limits: RequestLimits,
    engine: EngineInfo,
    tenant: Tenant,
    arrival: float,
    stream_intervals: StreamIntervals | None = None,
) -> GenerationRequest:
    """Check every field against the daemon's limits, the tenant's policy and the engine;
    raise InvalidRequestError, or PermissionDeniedError for an SLA class not allowed."""
    if request.sla_class == pb2.SLA_CLASS_UNSPECIFIED:
        sla: str | None = tenant.sla.default
    else:
        sla = _SLA_NAMES.get(request.sla_class)
    if sla is None:
        raise InvalidRequestError(f"sla_class {request.sla_class} is not a known SLA class")
    if sla not in tenant.sla.allowed:
        raise PermissionDeniedError(f"tenant {tenant.id!r} may not use SLA class {sla!r}")
    limits = effective_limits(limits, tenant)
    max_tokens = min(engine.max_tokens, tenant.limits.max_tokens)
    engine = replace(
        engine,
        max_tokens=max_tokens,
        default_max_tokens=min(engine.default_max_tokens, max_tokens),
    )
    interval = getattr(stream_intervals or StreamIntervals(), sla)
    sampling = _sampling(request, engine, limits, interval)
    _check_audit_labels(request)
    kind = request.WhichOneof("input")
    if kind == "text":
        text = validate_text(request.text, limits)
        return GenerationRequest(
            request_id=request_id, sampling=sampling, text=text, sla_class=sla, arrival=arrival
        )
    if kind == "messages":
        turns = _messages(request.messages, limits)
        return GenerationRequest(
            request_id=request_id,
            sampling=sampling,
            messages=turns,
            sla_class=sla,
            arrival=arrival,
        )
    raise InvalidRequestError("no input: set `text` or `messages`")


def _check_size(size: int, limits: RequestLimits) -> None:
    if size > limits.max_prompt_bytes:
        raise InvalidRequestError(f"prompt is {size} bytes; the limit is {limits.max_prompt_bytes}")


def effective_limits(limits: RequestLimits, tenant: Tenant) -> RequestLimits:
    """The tighter of the daemon's and the tenant's prompt-size bound applies."""
    if tenant.limits.max_prompt_bytes >= limits.max_prompt_bytes:
        return limits  # the common case: no copy per request
    return limits.model_copy(update={"max_prompt_bytes": tenant.limits.max_prompt_bytes})


def validate_messages(chat: pb2.ChatMessages, limits: RequestLimits) -> tuple[ChatTurn, ...]:
    """Chat turns with known roles, within the message count and prompt size limits."""
    return _messages(chat, limits)


def validate_text(text: str, limits: RequestLimits) -> str:
    """A non-empty prompt within the size limit."""
    if not text.strip():
        raise InvalidRequestError("prompt text is empty")
    _check_size(len(text.encode("utf-8")), limits)
    return text


def _messages(chat: pb2.ChatMessages, limits: RequestLimits) -> tuple[ChatTurn, ...]:
    if not chat.messages:
        raise InvalidRequestError("messages is empty")
    if len(chat.messages) > limits.max_messages:
        raise InvalidRequestError(
            f"{len(chat.messages)} messages; the limit is {limits.max_messages}"
        )
    total = 0
    turns = []
    for index, message in enumerate(chat.messages):
        if message.role not in _ROLES:
            raise InvalidRequestError(
                f"messages[{index}].role {message.role!r} is not one of {sorted(_ROLES)}"
            )
        total += len(message.content.encode("utf-8"))
        turns.append(ChatTurn(role=message.role, content=message.content))
    if not any(t.content.strip() for t in turns):
        raise InvalidRequestError("every message is empty")
    _check_size(total, limits)
    return tuple(turns)


def _sampling(
    request: pb2.GenerateRequest, engine: EngineInfo, limits: RequestLimits, stream_interval: int
) -> Sampling:
    s = request.sampling
    max_tokens = s.max_tokens if s.HasField("max_tokens") else engine.default_max_tokens
    if max_tokens < 1:
        raise InvalidRequestError(f"sampling.max_tokens must be at least 1, got {max_tokens}")
    limit = min(engine.max_tokens, engine.max_model_len)
    if max_tokens > limit:
        raise InvalidRequestError(
            f"sampling.max_tokens {max_tokens} exceeds the limit of {limit} for this tenant "
            "and model"
        )
    temperature = _optional_float(s, "temperature", low=0.0, high=_MAX_TEMPERATURE)
    top_p = _optional_float(s, "top_p", low=0.0, high=1.0)
    if top_p is not None and top_p == 0.0:
        raise InvalidRequestError("sampling.top_p must be in (0, 1]")
    top_k = s.top_k if s.HasField("top_k") else None
    if top_k is not None and top_k < -1:
        raise InvalidRequestError(f"sampling.top_k must be -1, 0 or positive, got {top_k}")
    if len(s.stop) > limits.max_stop_strings:
        raise InvalidRequestError(
            f"{len(s.stop)} stop strings; the limit is {limits.max_stop_strings}"
        )
    for index, stop in enumerate(s.stop):
        if not stop or len(stop.encode()) > _MAX_STOP_BYTES:
            raise InvalidRequestError(f"sampling.stop[{index}] must be 1-{_MAX_STOP_BYTES} bytes")
    return Sampling(
        max_tokens=max_tokens,
        temperature=temperature,
        top_p=top_p,
        top_k=None if top_k in (None, 0) else top_k,
        stop=tuple(s.stop),
        seed=s.seed if s.HasField("seed") else None,
        stream_interval=stream_interval,
    )


def _optional_float(
    sampling: pb2.SamplingParams, name: str, *, low: float, high: float
) -> float | None:
    if not sampling.HasField(name):
        return None
    value = float(getattr(sampling, name))
    if not math.isfinite(value) or not low <= value <= high:
        raise InvalidRequestError(f"sampling.{name} must be in [{low}, {high}], got {value}")
    return value


def _check_audit_labels(request: pb2.GenerateRequest) -> None:
    labels = request.audit_labels
    if len(labels) > _MAX_AUDIT_LABELS:
        raise InvalidRequestError(f"{len(labels)} audit_labels; the limit is {_MAX_AUDIT_LABELS}")
    for key, value in labels.items():
        if not key or len(key.encode()) > _MAX_LABEL_KEY_BYTES:
            raise InvalidRequestError(f"audit_labels key must be 1-{_MAX_LABEL_KEY_BYTES} bytes")
        if len(value.encode()) > _MAX_LABEL_VALUE_BYTES:
            raise InvalidRequestError(
                f"audit_labels[{key!r}] is longer than {_MAX_LABEL_VALUE_BYTES} bytes"
            )
