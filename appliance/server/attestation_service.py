"""`appliance.v1.Attestation`: fresh evidence for a client's nonce."""

from __future__ import annotations

from typing import Any

import grpc

from appliance.api import pb2
from appliance.server.rpc_handlers import parsed, unary_unary
from appliance.server.serving_state import ServingState
from appliance.server.status_codes import end_call, status_for

SERVICE_NAME = "appliance.v1.Attestation"


class AttestationService:
    """Anyone who passed the mTLS handshake (or is on the local socket) may ask: evidence
    reveals nothing a client of this appliance should not know."""

    def __init__(self, state: ServingState) -> None:
        self._state = state

    def handler(self) -> grpc.GenericRpcHandler:
        """The gRPC handler for this service."""
        return grpc.method_handlers_generic_handler(
            SERVICE_NAME,
            {"GetEvidence": unary_unary(self.get_evidence, pb2.EvidenceRequest, pb2.Evidence)},
        )

    async def get_evidence(
        self, request: object, context: grpc.aio.ServicerContext[Any, Any]
    ) -> pb2.Evidence:
        """Evidence from every provider, bound to the request's nonce."""
        try:
            message = parsed(request, pb2.EvidenceRequest)
            return await self._state.attestation.evidence(message.nonce)
        except Exception as exc:
            await end_call(context, status_for(exc))
