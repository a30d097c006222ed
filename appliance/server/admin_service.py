"""`appliance.v1.Admin`: status for operators. Local Unix-socket callers and configured admin
identities only."""

from __future__ import annotations

from typing import Any

import grpc

from appliance.api import pb2
from appliance.policy.matching import is_admin
from appliance.server.errors import PermissionDeniedError
from appliance.server.identity import identity_from_context
from appliance.server.rpc_handlers import parsed, unary_unary
from appliance.server.serving_state import ServingState, record_reload
from appliance.server.status_codes import end_call, status_for

SERVICE_NAME = "appliance.v1.Admin"


class AdminService:
    """Operator calls; every one checks the caller first."""

    def __init__(self, state: ServingState) -> None:
        self._state = state

    def handler(self) -> grpc.GenericRpcHandler:
        """The gRPC handler for this service."""
        return grpc.method_handlers_generic_handler(
            SERVICE_NAME,
            {
                "Status": unary_unary(self.status, pb2.StatusRequest, pb2.StatusResponse),
                "ReloadPolicy": unary_unary(
                    self.reload_policy, pb2.ReloadPolicyRequest, pb2.ReloadPolicyResponse
                ),
                "DrainEngine": unary_unary(
                    self.drain_engine, pb2.DrainEngineRequest, pb2.DrainEngineResponse
                ),
            },
        )

    def _authorize(self, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        identity = identity_from_context(context)
        if identity.transport == "unix":
            return
        policy = self._state.policies.current.policy
        if identity.transport == "mtls" and is_admin(policy, identity.names()):
            return
        raise PermissionDeniedError(f"{identity.principal} is not an admin identity")

    async def status(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.StatusResponse:
        """Health, version, uptime and every engine's state and load."""
        try:
            self._authorize(context)
            parsed(request, pb2.StatusRequest)
        except Exception as exc:
            await end_call(context, status_for(exc))
        policies = self._state.policies
        policy = policies.current.policy
        healthy = (
            self._state.serving
            and not self._state.draining
            and self._state.attestation.refusal(policy) is None
        )
        response = pb2.StatusResponse(
            health="SERVING" if healthy else "NOT_SERVING",
            version=self._state.version,
            uptime_s=self._state.uptime_s,
            policy_digest=policies.current.digest,
            policy_error=policies.last_error,
            policy_loaded_at=policies.loaded_at,
            policy_reload_failures=policies.reload_failures,
            audit_healthy=self._state.audit.healthy,
            audit_error=self._state.audit.last_error,
            attestation=self._state.attestation.status(policy),
            metrics_address=self._state.metrics_address,
            telemetry=[
                pb2.TelemetrySourceStatus(name=name, live=status.live, reason=status.reason)
                for name, status in self._state.telemetry_status().items()
            ],
        )
        for record in self._state.pool.model_records():
            response.models.add(
                model=record.model, digest=record.digest, signer=record.signer, path=record.path
            )
        for engine, stats in self._state.pool.stats():
            response.engines.add(
                name=engine.info.name,
                model=engine.info.model,
                state="draining"
                if self._state.router.is_drained(engine.info.name)
                else stats.state,
                running_requests=stats.running_requests,
                waiting_requests=stats.waiting_requests,
                kv_cache_usage=stats.kv_cache_usage,
                outstanding_requests=stats.outstanding_requests,
                unfinished_requests=stats.unfinished_requests,
                requests_total=stats.requests_total,
                process_ids=stats.process_ids,
                error=stats.error,
            )
        return response

    async def drain_engine(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.DrainEngineResponse:
        """Take an engine out of rotation, or put it back; its running streams finish."""
        try:
            self._authorize(context)
            message = parsed(request, pb2.DrainEngineRequest)
            draining = self._state.router.drain(message.engine, undrain=message.undrain)
        except Exception as exc:
            await end_call(context, status_for(exc))
        return pb2.DrainEngineResponse(engine=message.engine, draining=draining)

    async def reload_policy(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.ReloadPolicyResponse:
        """Re-read the policy file; the live policy changes only if the file validates."""
        try:
            self._authorize(context)
            parsed(request, pb2.ReloadPolicyRequest)
        except Exception as exc:
            await end_call(context, status_for(exc))
        result = await self._state.policies.reload()
        await record_reload(self._state, result)
        return pb2.ReloadPolicyResponse(
            applied=result.applied, policy_digest=result.digest, errors=list(result.errors)
        )
