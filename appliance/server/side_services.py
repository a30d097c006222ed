"""Health and reflection, served through the appliance's own handlers so that bytes that do
not parse get INVALID_ARGUMENT like every other call, not grpcio's UNKNOWN and a logged
traceback (both answer anyone who can connect, the Unix socket included)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2
from grpc_reflection.v1alpha import reflection, reflection_pb2

from appliance.server.rpc_handlers import parsed, stream_stream, unary_stream, unary_unary
from appliance.server.status_codes import end_call, status_for


def health_handler(servicer: health.aio.HealthServicer) -> grpc.GenericRpcHandler:
    """grpc.health.v1.Health (Check, Watch) over `servicer`'s state."""

    async def check(
        request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> health_pb2.HealthCheckResponse:
        try:
            message = parsed(request, health_pb2.HealthCheckRequest)
        except Exception as exc:
            await end_call(context, status_for(exc))
        response: health_pb2.HealthCheckResponse = await servicer.Check(message, context)
        return response

    async def watch(request: object, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        try:
            message = parsed(request, health_pb2.HealthCheckRequest)
        except Exception as exc:
            await end_call(context, status_for(exc))
        await servicer.Watch(message, context)

    return grpc.method_handlers_generic_handler(
        health.SERVICE_NAME,
        {
            "Check": unary_unary(
                check, health_pb2.HealthCheckRequest, health_pb2.HealthCheckResponse
            ),
            "Watch": unary_stream(
                watch, health_pb2.HealthCheckRequest, health_pb2.HealthCheckResponse
            ),
        },
    )


def reflection_handler(service_names: Sequence[str]) -> grpc.GenericRpcHandler:
    """grpc.reflection.v1alpha.ServerReflection for `service_names`."""
    servicer = reflection.aio.ReflectionServicer(tuple(service_names))

    async def info(
        requests: AsyncIterator[object], context: grpc.aio.ServicerContext[Any, Any]
    ) -> AsyncIterator[reflection_pb2.ServerReflectionResponse]:
        async def checked() -> AsyncIterator[reflection_pb2.ServerReflectionRequest]:
            async for request in requests:
                try:
                    yield parsed(request, reflection_pb2.ServerReflectionRequest)
                except Exception as exc:
                    await end_call(context, status_for(exc))

        async for response in servicer.ServerReflectionInfo(checked(), context):
            yield response

    return grpc.method_handlers_generic_handler(
        reflection.SERVICE_NAME,
        {
            "ServerReflectionInfo": stream_stream(
                info,
                reflection_pb2.ServerReflectionRequest,
                reflection_pb2.ServerReflectionResponse,
            )
        },
    )
