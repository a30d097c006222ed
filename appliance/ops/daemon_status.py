"""One look at a running daemon: its gRPC health and, where the caller may see it, Admin.Status."""

from __future__ import annotations

from dataclasses import dataclass

import grpc

from appliance.api import pb2, pb2_grpc


@dataclass(frozen=True, slots=True)
class DaemonStatus:
    """What one look found. `status` is None when Admin.Status was refused or failed;
    `error` then says why (e.g. "PERMISSION_DENIED: ..." for a tenant's certificate)."""

    health: str
    status: pb2.StatusResponse | None = None
    error: str = ""

    @property
    def reachable(self) -> bool:
        """Whether the health check answered at all."""
        return self.health != "UNREACHABLE"

    @property
    def serving(self) -> bool:
        """Whether the health check said SERVING."""
        return self.health == "SERVING"


def read_daemon_status(channel: grpc.Channel, *, timeout_s: float = 10.0) -> DaemonStatus:
    """Ask the daemon for its health, then for Admin.Status; never raises for an RPC error."""
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    try:
        health = health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service=""), timeout=timeout_s
        )
    except grpc.RpcError as exc:
        return DaemonStatus(health="UNREACHABLE", error=_describe(exc))
    health_name = str(health_pb2.HealthCheckResponse.ServingStatus.Name(health.status))
    try:
        status = pb2_grpc.AdminStub(channel).Status(pb2.StatusRequest(), timeout=timeout_s)
    except grpc.RpcError as exc:
        return DaemonStatus(health=health_name, error=_describe(exc))
    return DaemonStatus(health=health_name, status=status)


def _describe(exc: grpc.RpcError) -> str:
    # Every RpcError a stub raises is also a grpc.Call; be lenient for anything else.
    code = exc.code() if isinstance(exc, grpc.Call) else None
    details = exc.details() if isinstance(exc, grpc.Call) else str(exc)
    return f"{code.name if code is not None else 'UNKNOWN'}: {details}"
