"""The one place where errors become gRPC status codes.

Every handler catches exceptions and passes them here; nothing else picks a status code.
INTERNAL never carries a traceback or an exception message to the client: the details go to
the log under an incident id, and the client gets the id.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from dataclasses import dataclass
from typing import Any, NoReturn

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from appliance.audit.errors import AuditUnavailableError
from appliance.engine.errors import (
    EngineUnavailableError,
    InvalidGenerationError,
    QueueFullError,
)
from appliance.policy.limiter import TenantLimitError
from appliance.screening.errors import ScreeningInputError, ScreeningUnavailableError
from appliance.server.errors import (
    BlockedError,
    DrainingError,
    InvalidRequestError,
    ModelNotFoundError,
    NotAttestedError,
    PermissionDeniedError,
    RateLimitedError,
)
from enclave.sealing import SealingError

log = logging.getLogger(__name__)

ERROR_DOMAIN = "appliance.v1"

_CODES: tuple[tuple[type[BaseException], grpc.StatusCode], ...] = (
    (InvalidRequestError, grpc.StatusCode.INVALID_ARGUMENT),
    (InvalidGenerationError, grpc.StatusCode.INVALID_ARGUMENT),
    (ScreeningInputError, grpc.StatusCode.INVALID_ARGUMENT),
    (ScreeningUnavailableError, grpc.StatusCode.UNAVAILABLE),
    (SealingError, grpc.StatusCode.INVALID_ARGUMENT),
    (ModelNotFoundError, grpc.StatusCode.NOT_FOUND),
    (PermissionDeniedError, grpc.StatusCode.PERMISSION_DENIED),
    (QueueFullError, grpc.StatusCode.RESOURCE_EXHAUSTED),
    (TenantLimitError, grpc.StatusCode.RESOURCE_EXHAUSTED),
    (RateLimitedError, grpc.StatusCode.RESOURCE_EXHAUSTED),
    (DrainingError, grpc.StatusCode.UNAVAILABLE),
    (NotAttestedError, grpc.StatusCode.UNAVAILABLE),
    (BlockedError, grpc.StatusCode.FAILED_PRECONDITION),
    (EngineUnavailableError, grpc.StatusCode.UNAVAILABLE),
    (AuditUnavailableError, grpc.StatusCode.UNAVAILABLE),
    (TimeoutError, grpc.StatusCode.DEADLINE_EXCEEDED),
)


@dataclass(frozen=True)
class StatusReply:
    """What the client is told: a code, a message, and a retry delay where one helps."""

    code: grpc.StatusCode
    message: str
    retry_after_s: float | None = None
    # A stable reason code (google.rpc.ErrorInfo), e.g. PROMPT_INJECTION.
    reason: str | None = None

    def to_grpc_status(self) -> grpc.Status:
        """The status with google.rpc.RetryInfo attached when there is a retry delay."""
        details = []
        if self.retry_after_s is not None:
            seconds = int(self.retry_after_s)
            delay = duration_pb2.Duration(
                seconds=seconds, nanos=int((self.retry_after_s - seconds) * 1e9)
            )
            detail = any_pb2.Any()
            detail.Pack(error_details_pb2.RetryInfo(retry_delay=delay))
            details.append(detail)
        if self.reason is not None:
            info = any_pb2.Any()
            info.Pack(error_details_pb2.ErrorInfo(reason=self.reason, domain=ERROR_DOMAIN))
            details.append(info)
        proto = status_pb2.Status(
            code=getattr(code_pb2, self.code.name), message=self.message, details=details
        )
        status: grpc.Status = rpc_status.to_status(proto)
        return status


def status_for(exc: BaseException) -> StatusReply:
    """Map an exception to the reply the client sees."""
    if isinstance(exc, TimeoutError):
        return StatusReply(grpc.StatusCode.DEADLINE_EXCEEDED, "deadline exceeded")
    for kind, code in _CODES:
        if isinstance(exc, kind):
            retry = (
                exc.retry_after_s
                if isinstance(exc, QueueFullError | TenantLimitError | RateLimitedError)
                else None
            )
            reason = exc.reason if isinstance(exc, BlockedError | NotAttestedError) else None
            if isinstance(exc, SealingError):
                reason = "SEALED_INPUT"
            return StatusReply(code, str(exc) or kind.__name__, retry, reason)
    incident = uuid.uuid4().hex[:12]
    log.error("internal error, incident %s", incident, exc_info=exc)
    return StatusReply(grpc.StatusCode.INTERNAL, f"internal error (incident {incident})")


async def end_call(context: grpc.aio.ServicerContext[Any, Any], reply: StatusReply) -> NoReturn:
    """End the call with `reply` as its status; every handler's error path goes through here.

    gRPC's core may have ended the call a moment before: its deadline passed (our own
    timeout on the same deadline fires at about the same time) or the caller went away.
    Sending the status then fails, and gRPC would log that failure as an error with a
    traceback. It is no error of ours and nobody is left to tell, so the call ends as
    cancelled instead, which gRPC logs at debug level only.
    """
    try:
        await context.abort_with_status(reply.to_grpc_status())
    except grpc.aio.AbortError:
        raise  # the status was sent; this ends the handler, as gRPC expects
    except Exception as exc:  # grpc raises a private ExecuteBatchError here
        raise asyncio.CancelledError(f"call ended before its status was sent: {exc}") from exc
    raise AssertionError("abort_with_status returned")  # it always raises
