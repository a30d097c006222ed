"""gRPC method handlers built by hand so that undecodable requests get INVALID_ARGUMENT.

grpcio's generated servicers answer a request that fails to parse (truncated bytes, invalid
UTF-8 in a string field) with an opaque INTERNAL. Here the deserializer never raises: it
returns `MalformedRequest`, and the handler reports it like any other bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import grpc
from google.protobuf.message import DecodeError, Message

from appliance.server.errors import InvalidRequestError

MessageT = TypeVar("MessageT", bound=Message)


@dataclass(frozen=True)
class MalformedRequest:
    """Stands in for a request whose bytes did not parse."""

    reason: str


def _deserializer(message_type: type[Message]) -> Callable[[bytes], Any]:
    def deserialize(data: bytes) -> Any:
        try:
            return message_type.FromString(data)
        except (DecodeError, ValueError) as exc:
            return MalformedRequest(str(exc) or "undecodable message")

    return deserialize


def parsed(request: object, message_type: type[MessageT]) -> MessageT:
    """The parsed request, or InvalidRequestError when its bytes were malformed."""
    if isinstance(request, message_type):
        return request
    reason = request.reason if isinstance(request, MalformedRequest) else "unexpected type"
    raise InvalidRequestError(
        f"request is not a valid {message_type.DESCRIPTOR.full_name} "
        f"(malformed protobuf or invalid UTF-8 in a string field): {reason}"
    )


def unary_unary(
    behavior: Callable[..., Any], request_type: type[Message], response_type: type[Message]
) -> grpc.RpcMethodHandler[Any, Any]:
    """A unary handler with a never-raising deserializer."""
    return grpc.unary_unary_rpc_method_handler(
        behavior,
        request_deserializer=_deserializer(request_type),
        response_serializer=response_type.SerializeToString,
    )


def unary_stream(
    behavior: Callable[..., Any], request_type: type[Message], response_type: type[Message]
) -> grpc.RpcMethodHandler[Any, Any]:
    """A server-streaming handler with a never-raising deserializer."""
    return grpc.unary_stream_rpc_method_handler(
        behavior,
        request_deserializer=_deserializer(request_type),
        response_serializer=response_type.SerializeToString,
    )


def stream_stream(
    behavior: Callable[..., Any], request_type: type[Message], response_type: type[Message]
) -> grpc.RpcMethodHandler[Any, Any]:
    """A bidirectional-streaming handler with a never-raising deserializer."""
    return grpc.stream_stream_rpc_method_handler(
        behavior,
        request_deserializer=_deserializer(request_type),
        response_serializer=response_type.SerializeToString,
    )
