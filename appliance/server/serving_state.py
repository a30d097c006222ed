"""What every service needs to know about the daemon as a whole."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from appliance.config.settings import DaemonConfig
from appliance.policy.limiter import TenantLimiter
from appliance.policy.store import PolicyStore
from appliance.server.engine_pool import EnginePool


@dataclass
class ServingState:
    """Shared, mutable daemon state: configuration, policy, engines, and whether it is
    draining."""

    config: DaemonConfig
    pool: EnginePool
    policies: PolicyStore
    version: str
    limiter: TenantLimiter = field(default_factory=TenantLimiter)
    started_at: float = field(default_factory=time.monotonic)
    serving: bool = False
    draining: bool = False

    @property
    def uptime_s(self) -> float:
        """Seconds since the daemon started."""
        return time.monotonic() - self.started_at
