"""`appliance.v1.Inference`: Generate (server streaming) and ListModels."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import grpc

from appliance.api import pb2
from appliance.engine.contract import Finished, GenerationEvent, Started, TextDelta
from appliance.policy.matching import model_allowed, tenant_for
from appliance.server.errors import DrainingError, PermissionDeniedError
from appliance.server.identity import identity_from_context
from appliance.server.rpc_handlers import parsed, unary_stream, unary_unary
from appliance.server.serving_state import ServingState
from appliance.server.status_codes import status_for
from appliance.server.validation import request_id_of, validate_generate

log = logging.getLogger(__name__)

SERVICE_NAME = "appliance.v1.Inference"


class InferenceService:
    """Validates, picks an engine, streams its output; maps every failure to a status."""

    def __init__(self, state: ServingState) -> None:
        self._state = state

    def handler(self) -> grpc.GenericRpcHandler:
        """The gRPC handler for this service."""
        return grpc.method_handlers_generic_handler(
            SERVICE_NAME,
            {
                "Generate": unary_stream(self.generate, pb2.GenerateRequest, pb2.GenerateResponse),
                "ListModels": unary_unary(
                    self.list_models, pb2.ListModelsRequest, pb2.ListModelsResponse
                ),
            },
        )

    async def generate(self, request: object, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        """Stream one generation with `context.write`; errors end the call with a status."""
        arrival = time.monotonic()
        request_id = ""
        tenant_id = ""
        admitted = False
        try:
            message = parsed(request, pb2.GenerateRequest)
            request_id = request_id_of(message, self._state.config.limits)
            if self._state.draining:
                raise DrainingError("the appliance is shutting down; retry on another one")
            # Read the policy once: this request finishes under it even if a reload lands.
            policy = self._state.policies.current.policy
            identity = identity_from_context(context)
            tenant = tenant_for(policy, identity.names())
            if tenant is None:
                raise PermissionDeniedError(
                    f"{identity.principal} is not a tenant of this appliance"
                )
            tenant_id = tenant.id
            if not model_allowed(tenant, message.model):
                raise PermissionDeniedError(
                    f"tenant {tenant.id!r} may not use model {message.model!r}"
                )
            engine = self._state.pool.pick(message.model)
            generation = validate_generate(
                message,
                request_id=request_id,
                limits=self._state.config.limits,
                engine=engine.info,
                tenant=tenant,
                arrival=arrival,
                stream_intervals=self._state.config.stream_interval,
            )
            self._state.limiter.acquire(tenant.id, tenant.limits)
            admitted = True
            # The call's deadline bounds the engine work too: on expiry the stream is
            # closed, which aborts the request inside vLLM (no KV cache left behind).
            async with asyncio.timeout(context.time_remaining()):
                stream = engine.generate(generation)
                async with contextlib.aclosing(stream):
                    async for event in stream:
                        await context.write(_response(request_id, engine.info.model, event))
            log.info(
                "generate done request_id=%s tenant=%s model=%s",
                request_id,
                tenant_id,
                message.model,
            )
        except asyncio.CancelledError:
            log.info("generate cancelled by client request_id=%s", request_id)
            raise
        except Exception as exc:
            reply = status_for(exc)
            log.info(
                "generate failed request_id=%s tenant=%s status=%s: %s",
                request_id,
                tenant_id,
                reply.code.name,
                reply.message,
            )
            await context.abort_with_status(reply.to_grpc_status())
        finally:
            if admitted:
                self._state.limiter.release(tenant_id)

    async def list_models(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.ListModelsResponse:
        """Models served here and how many engines are ready for each."""
        try:
            parsed(request, pb2.ListModelsRequest)
        except Exception as exc:
            await context.abort_with_status(status_for(exc).to_grpc_status())
        response = pb2.ListModelsResponse()
        for model in self._state.pool.models():
            engines = [e for e in self._state.pool.engines if e.info.model == model]
            response.models.add(
                name=model,
                max_model_len=max(e.info.max_model_len for e in engines),
                ready_engines=sum(1 for e in engines if e.stats().state == "ready"),
            )
        return response


def _response(request_id: str, model: str, event: GenerationEvent) -> pb2.GenerateResponse:
    if isinstance(event, TextDelta):
        return pb2.GenerateResponse(
            request_id=request_id,
            chunk=pb2.Chunk(text=event.text, token_ids=event.token_ids),
        )
    if isinstance(event, Started):
        return pb2.GenerateResponse(
            request_id=request_id,
            started=pb2.Started(model=model, prompt_tokens=event.prompt_tokens),
        )
    assert isinstance(event, Finished)
    return pb2.GenerateResponse(
        request_id=request_id,
        completed=pb2.Completed(
            finish_reason=event.finish_reason,
            usage=pb2.Usage(
                prompt_tokens=event.prompt_tokens, completion_tokens=event.completion_tokens
            ),
            timings=pb2.Timings(queue_s=event.queue_s, ttft_s=event.ttft_s, total_s=event.total_s),
        ),
    )
