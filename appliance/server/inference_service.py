"""`appliance.v1.Inference`: Generate (server streaming) and ListModels."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from typing import Any

import grpc
from google.protobuf.message import DecodeError

from appliance.api import pb2
from appliance.audit.errors import AuditError, AuditUnavailableError
from appliance.engine.contract import Engine, Finished, GenerationEvent, Started, TextDelta
from appliance.observability import RequestTrace, log_request
from appliance.plugins import ChainVerdict, PluginStream, RequestMeta
from appliance.policy.matching import model_allowed, tenant_for
from appliance.policy.model import Policy, Tenant
from appliance.routing import RouteDecision
from appliance.screening import ChatMessage
from appliance.server.audit_trail import AuditTrail
from appliance.server.errors import DrainingError, InvalidRequestError, PermissionDeniedError
from appliance.server.identity import PeerIdentity, identity_from_context
from appliance.server.plugin_chains import blocked_error, outcomes
from appliance.server.prompt_screening import raise_if_blocked, screen_generation
from appliance.server.request_router import Placement
from appliance.server.rpc_handlers import parsed, unary_stream, unary_unary
from appliance.server.serving_state import ServingState
from appliance.server.status_codes import end_call, status_for
from appliance.server.validation import (
    effective_limits,
    request_id_of,
    validate_generate,
    validate_messages,
    validate_text,
)
from enclave.sealing import ResponseSealer, SealingError

log = logging.getLogger(__name__)

SERVICE_NAME = "appliance.v1.Inference"


class InferenceService:
    """Validates, picks an engine, streams its output; maps every failure to a status."""

    def __init__(self, state: ServingState) -> None:
        self._state = state
        # gRPC's send limit is the request limit (daemon.py): longer texts go out in pieces.
        self._chunk_chars = chunk_chars(state.config.listen.max_request_bytes)

    def handler(self) -> grpc.GenericRpcHandler:
        """The gRPC handler for this service."""
        return grpc.method_handlers_generic_handler(
            SERVICE_NAME,
            {
                "Generate": unary_stream(self.generate, pb2.GenerateRequest, pb2.GenerateResponse),
                "ListModels": unary_unary(
                    self.list_models, pb2.ListModelsRequest, pb2.ListModelsResponse
                ),
                "Screen": unary_unary(self.screen, pb2.ScreenRequest, pb2.ScreenResponse),
            },
        )

    async def generate(self, request: object, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        """Stream one generation with `context.write`; errors end the call with a status.
        Every call, admitted or not, leaves one audit record, metrics and a log line."""
        identity = identity_from_context(context)
        trail = AuditTrail(
            arrival=time.monotonic(),
            peer=identity.principal,
            trace=RequestTrace(
                self._state.tracer, "Inference/Generate", context.invocation_metadata()
            ),
        )
        admitted = False
        placed: Placement | None = None
        sealer: ResponseSealer | None = None
        try:
            message = parsed(request, pb2.GenerateRequest)
            trail.request = message
            trail.request_id = request_id_of(message, self._state.config.limits)
            with trail.trace.stage("policy"):
                if self._state.draining:
                    raise DrainingError("the appliance is shutting down; retry on another one")
                self._refuse_if_audit_down()
                # Read the policy once: this request finishes under it even if a reload lands.
                loaded = self._state.policies.current
                trail.policy_digest = loaded.digest
                self._state.attestation.require(loaded.policy)
                if message.WhichOneof("input") == "sealed":
                    message, sealer = self._unsealed(message)
                    trail.request = message
                tenant = self._tenant_for(identity, loaded.policy, message.model)
                trail.tenant = tenant.id
                trail.include_text = tenant.audit.log_text
            with trail.trace.stage("routing"):
                generation = validate_generate(
                    message,
                    request_id=trail.request_id,
                    limits=self._state.config.limits,
                    engine=self._state.pool.info_for(message.model),
                    tenant=tenant,
                    arrival=trail.arrival,
                    stream_intervals=self._state.config.stream_interval,
                )
                trail.sla_class = generation.sla_class
                self._state.limiter.acquire(tenant.id, tenant.limits)
                admitted = True
                placed = await self._state.router.place(
                    loaded.policy,
                    model=message.model,
                    request_id=trail.request_id,
                    sla_class=generation.sla_class,
                    prompt=trail.prompt_text().encode(),
                    max_tokens=generation.sampling.max_tokens,
                    allow_budget_cap=tenant.sla.allow_budget_cap,
                    deadline_s=_deadline(context),
                    arrival=trail.arrival,
                )
                engine, decision = placed.engine, placed.decision
                trail.engine = engine.info.name
                if decision.budget_capped:
                    generation = dataclasses.replace(
                        generation,
                        sampling=dataclasses.replace(
                            generation.sampling, max_tokens=decision.max_tokens
                        ),
                    )
            with trail.trace.stage("screening"):
                verdict = await screen_generation(
                    self._state.screener, generation, tenant.screening
                )
                trail.verdict = verdict
                raise_if_blocked(verdict)
            filters = self._state.plugins.open(
                loaded, tenant, RequestMeta(tenant.id, message.model, trail.request_id)
            )
            if filters is not None:
                filters.prepare()  # instances are made while the engine reads the prompt
            # The call's deadline bounds the engine work too: on expiry the stream is
            # closed, which aborts the request inside vLLM (no KV cache left behind).
            with trail.trace.stage("engine"):
                async with asyncio.timeout(context.time_remaining()) as limit:
                    deadline = limit.when()
                    stream = engine.generate(generation)
                    async with contextlib.aclosing(stream):
                        async for event in stream:
                            if isinstance(event, TextDelta | Finished):
                                self._state.router.first_token(placed)
                            for out in await self._post_process(event, filters, trail):
                                for piece in _pieces(out, self._chunk_chars):
                                    # Never cut off mid-write: a cancelled write leaves its
                                    # operation in gRPC's core, and the error status sent
                                    # after it then fails. A write still blocked at the
                                    # deadline is failed by gRPC itself (the caller is
                                    # gone); one that completes late ends the call here.
                                    limit.reschedule(None)
                                    await _write(
                                        context,
                                        _response(
                                            trail.request_id, piece, sealer, engine, decision
                                        ),
                                    )
                                    limit.reschedule(deadline)
        except asyncio.CancelledError:
            await self._audit(trail, "CANCELLED", strict=False)
            raise
        except _CallerGoneError as gone:
            # Not an error of ours, and there is nobody left to tell; the log line says
            # what failed, in case it was not the caller (a response over the send limit).
            trail.error = f"response not delivered: {gone}"
            await self._audit(trail, "CANCELLED", strict=False)
        except Exception as exc:
            reply = status_for(exc)
            trail.error = reply.message
            await self._audit(trail, reply.code.name, strict=False)
            await end_call(context, reply)
        finally:
            if admitted:
                self._state.limiter.release(trail.tenant)
            if placed is not None:
                self._state.router.finished(placed, trail.finished)

    def _tenant_for(self, identity: PeerIdentity, policy: Policy, model: str) -> Tenant:
        """The caller's tenant, allowed to use `model`; PERMISSION_DENIED otherwise."""
        tenant = tenant_for(policy, identity.names())
        if tenant is None:
            raise PermissionDeniedError(f"{identity.principal} is not a tenant of this appliance")
        if not model_allowed(tenant, model):
            raise PermissionDeniedError(f"tenant {tenant.id!r} may not use model {model!r}")
        return tenant

    def _unsealed(self, message: pb2.GenerateRequest) -> tuple[pb2.GenerateRequest, ResponseSealer]:
        """The request with its sealed prompt opened in place, and the response sealer."""
        plain, sealer = self._state.attestation.sealing_key.open_request(message.sealed.ciphertext)
        try:
            prompt = pb2.SealedPrompt.FromString(plain)
        except (DecodeError, ValueError):
            raise SealingError("the sealed prompt is not a valid SealedPrompt") from None
        opened = pb2.GenerateRequest()
        opened.CopyFrom(message)
        opened.ClearField("sealed")
        match prompt.WhichOneof("input"):
            case "text":
                opened.text = prompt.text
            case "messages":
                opened.messages.CopyFrom(prompt.messages)
            case _:
                raise SealingError("the sealed prompt has no input")
        return opened, sealer

    async def _post_process(
        self, event: GenerationEvent, filters: PluginStream | None, trail: AuditTrail
    ) -> list[GenerationEvent]:
        """What the client gets for one engine event: the tenant's plugins filter the text
        (token ids are withheld then, as they would reveal what a plugin removed), and the
        request is audited before its Completed event goes out."""
        if isinstance(event, TextDelta):
            trail.response.append(event.text)
            if filters is None:
                return [event]
            started = time.perf_counter()
            text = await filters.feed(event.text)
            trail.plugins_s += time.perf_counter() - started
            if filters.stopped:
                await filters.finish()
                trail.plugins = outcomes(filters.result)
                assert filters.result is not None
                raise blocked_error(filters.result)
            return [TextDelta(text=text, token_ids=())] if text else []
        if isinstance(event, Finished):
            out: list[GenerationEvent] = []
            if filters is not None:
                started = time.perf_counter()
                tail = await filters.finish()
                trail.plugins_s += time.perf_counter() - started
                trail.plugins = outcomes(filters.result)
                assert filters.result is not None
                if filters.result.verdict in (ChainVerdict.BLOCK, ChainVerdict.WITHHELD):
                    raise blocked_error(filters.result)
                if tail:
                    out.append(TextDelta(text=tail, token_ids=()))
            trail.finished = event
            # A request the log could not take ends UNAVAILABLE instead of completed.
            await self._audit(trail, "OK", strict=True)
            return [*out, event]
        return [event]

    def _refuse_if_audit_down(self) -> None:
        audit = self._state.audit
        if not audit.healthy and self._state.config.audit.on_write_failure == "refuse":
            raise AuditUnavailableError(f"the audit log cannot be written: {audit.last_error}")

    async def _audit(self, trail: AuditTrail, status: str, *, strict: bool) -> None:
        """Write the request's record once. `strict`: let a write failure fail the request;
        otherwise log it (the request has already failed for another reason)."""
        if trail.audited:
            return
        trail.audited = True
        try:
            with trail.trace.stage("audit"):
                await self._state.audit.record_request(trail.record(status))
        except AuditError as exc:
            self._state.metrics.audit_write_errors.inc()
            if strict:
                status = "UNAVAILABLE"
                raise
            log.error("audit record for request_id=%s not written: %s", trail.request_id, exc)
        finally:
            trail.trace.end(status)
            self._state.metrics.observe(trail.outcome(status))
            log_request(trail.log_fields(status))

    async def screen(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.ScreenResponse:
        """The screening verdict for a prompt under the caller's tenant policy."""
        try:
            message = parsed(request, pb2.ScreenRequest)
            identity = identity_from_context(context)
            policy = self._state.policies.current.policy
            self._state.attestation.require(policy)
            tenant = tenant_for(policy, identity.names())
            if tenant is None:
                raise PermissionDeniedError(
                    f"{identity.principal} is not a tenant of this appliance"
                )
            rules = tenant.screening
            threshold = rules.threshold
            if message.HasField("threshold"):
                threshold = message.threshold
                if not 0.0 <= threshold <= 1.0:  # also false for NaN
                    raise InvalidRequestError(f"threshold must be in [0, 1], got {threshold}")
            limits = effective_limits(self._state.config.limits, tenant)
            target: str | list[ChatMessage]
            if message.WhichOneof("input") == "text":
                target = validate_text(message.text, limits)
            elif message.WhichOneof("input") == "messages":
                turns = validate_messages(message.messages, limits)
                target = [ChatMessage(role=t.role, content=t.content) for t in turns]
            else:
                raise InvalidRequestError("no input: set `text` or `messages`")
            verdict = await self._state.screener.screen(
                target, threshold=threshold, action=rules.action
            )
        except Exception as exc:
            await end_call(context, status_for(exc))
        return pb2.ScreenResponse(
            score=verdict.score,
            injection=verdict.injection,
            action=verdict.action,
            latency_ms=verdict.latency_ms,
            reasons=[
                pb2.ScreenReason(
                    kind=r.kind, start=r.start, end=r.end, detail=r.detail, message_index=r.part
                )
                for r in verdict.reasons
            ],
        )

    async def list_models(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.ListModelsResponse:
        """Models served here and how many engines are ready for each."""
        try:
            parsed(request, pb2.ListModelsRequest)
        except Exception as exc:
            await end_call(context, status_for(exc))
        response = pb2.ListModelsResponse()
        for model in self._state.pool.models():
            engines = [e for e in self._state.pool.engines if e.info.model == model]
            response.models.add(
                name=model,
                max_model_len=max(e.info.max_model_len for e in engines),
                ready_engines=sum(1 for e in engines if e.stats().state == "ready"),
            )
        return response


# Room in a response message for everything but the text: request id, field tags, the
# sealing envelope.
_RESPONSE_OVERHEAD_BYTES = 8192


def chunk_chars(max_message_bytes: int) -> int:
    """Characters per Chunk so that one always fits the message limit (4 UTF-8 bytes per
    character at most)."""
    return max(1, (max_message_bytes - _RESPONSE_OVERHEAD_BYTES) // 4)


def _pieces(event: GenerationEvent, size: int) -> list[GenerationEvent]:
    """The event, or a long text (a whole-only plugin chain's output can be as large as its
    stream buffer) as several Chunks that each fit gRPC's message limit; token ids, if any,
    go with the last."""
    if not isinstance(event, TextDelta) or len(event.text) <= size:
        return [event]
    starts = range(0, len(event.text), size)
    return [
        TextDelta(
            text=event.text[start : start + size],
            token_ids=event.token_ids if start + size >= len(event.text) else (),
        )
        for start in starts
    ]


class _CallerGoneError(Exception):
    """A response write failed: the call is over (the caller cancelled it while the
    daemon waited on its flow-control window, or its connection dropped)."""


async def _write(
    context: grpc.aio.ServicerContext[Any, Any], message: pb2.GenerateResponse
) -> None:
    try:
        await context.write(message)
    except Exception as exc:  # grpc raises a private ExecuteBatchError here
        raise _CallerGoneError(str(exc)) from exc


def _deadline(context: grpc.aio.ServicerContext[Any, Any]) -> float | None:
    remaining = context.time_remaining()
    return None if remaining is None else time.monotonic() + remaining


def _response(
    request_id: str,
    event: GenerationEvent,
    sealer: ResponseSealer | None,
    engine: Engine,
    decision: RouteDecision,
) -> pb2.GenerateResponse:
    if isinstance(event, TextDelta):
        if sealer is not None:
            # Token ids would give the text away: a sealed response carries none.
            chunk = pb2.Chunk(sealed_text=sealer.seal(event.text.encode()))
        else:
            chunk = pb2.Chunk(text=event.text, token_ids=event.token_ids)
        return pb2.GenerateResponse(request_id=request_id, chunk=chunk)
    if isinstance(event, Started):
        return pb2.GenerateResponse(
            request_id=request_id,
            started=pb2.Started(
                model=engine.info.model,
                prompt_tokens=event.prompt_tokens,
                engine=engine.info.name,
                max_tokens=decision.max_tokens,
                budget_capped=decision.budget_capped,
            ),
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
            sealed_trailer=sealer.trailer() if sealer is not None else b"",
        ),
    )
