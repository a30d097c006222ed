"""What every service needs to know about the daemon as a whole."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

from opentelemetry.trace import Tracer

from appliance.audit.errors import AuditError
from appliance.audit.writer import AuditLog
from appliance.config.settings import DaemonConfig
from appliance.observability import RequestMetrics
from appliance.policy.limiter import TenantLimiter
from appliance.policy.store import PolicyStore, ReloadResult
from appliance.screening import AsyncScreener
from appliance.server.attestation_monitor import AttestationMonitor
from appliance.server.engine_pool import EnginePool
from appliance.server.plugin_chains import PluginChains
from appliance.server.request_router import RequestRouter
from appliance.telemetry import SourceStatus

log = logging.getLogger(__name__)


@dataclass
class ServingState:
    """Shared, mutable daemon state: configuration, policy, engines, and whether it is
    draining."""

    config: DaemonConfig
    pool: EnginePool
    policies: PolicyStore
    audit: AuditLog
    plugins: PluginChains
    screener: AsyncScreener
    attestation: AttestationMonitor
    version: str
    metrics: RequestMetrics
    tracer: Tracer
    router: RequestRouter
    limiter: TenantLimiter = field(default_factory=TenantLimiter)
    started_at: float = field(default_factory=time.monotonic)
    serving: bool = False
    draining: bool = False
    metrics_address: str = ""
    telemetry_status: Callable[[], Mapping[str, SourceStatus]] = dict
    """Each telemetry source: live or not, and why."""
    after_reload: Callable[[], Awaitable[object]] | None = None
    """Called after every applied reload (the daemon re-evaluates its health)."""

    @property
    def uptime_s(self) -> float:
        """Seconds since the daemon started."""
        return time.monotonic() - self.started_at


async def record_reload(state: ServingState, result: ReloadResult) -> None:
    """Put a policy reload, applied or refused, in the audit log, then let the daemon react.
    Never raises for the log: a reload already happened (or was refused) whether or not the
    log takes the record."""
    try:
        await state.audit.record_event(
            "policy_reload",
            {"applied": result.applied, "policy_digest": result.digest, "errors": result.errors},
        )
    except AuditError as exc:
        log.error("audit: could not record a policy reload: %s", exc)
    if not result.applied:
        state.metrics.policy_reload_failures.inc()
    if result.applied and state.after_reload is not None:
        await state.after_reload()


async def record_event(state: ServingState, name: str, detail: dict[str, object]) -> None:
    """Put a daemon event in the audit log; never raises (the event happened anyway)."""
    try:
        await state.audit.record_event(name, detail)
    except AuditError as exc:
        log.error("audit: could not record %s: %s", name, exc)
