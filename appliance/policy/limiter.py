"""Per-tenant request rate (token bucket) and concurrent streams, safe under concurrency.

All state lives on the event loop thread, so plain counters are enough: no awaits happen
between a check and its update.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from appliance.policy.model import TenantLimits


class TenantLimitError(Exception):
    """A tenant is over its rate or concurrency limit; retry after `retry_after_s`."""

    def __init__(self, message: str, *, retry_after_s: float) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


@dataclass
class _Bucket:
    tokens: float
    updated: float
    streams: int = 0


class TenantLimiter:
    """Admits requests per tenant; `release` must follow every successful `acquire`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[str, _Bucket] = {}

    def acquire(self, tenant_id: str, limits: TenantLimits) -> None:
        """Take one request slot and one stream slot, or raise TenantLimitError."""
        now = self._clock()
        capacity = float(limits.burst or max(1, limits.requests_per_minute // 6))
        rate = limits.requests_per_minute / 60.0
        bucket = self._buckets.get(tenant_id)
        if bucket is None:
            bucket = self._buckets[tenant_id] = _Bucket(tokens=capacity, updated=now)
        bucket.tokens = min(capacity, bucket.tokens + (now - bucket.updated) * rate)
        bucket.updated = now
        if bucket.streams >= limits.max_concurrent_streams:
            raise TenantLimitError(
                f"tenant {tenant_id!r} has {bucket.streams} streams open, its limit",
                retry_after_s=1.0,
            )
        if bucket.tokens < 1.0:
            raise TenantLimitError(
                f"tenant {tenant_id!r} is over {limits.requests_per_minute} requests per minute",
                retry_after_s=(1.0 - bucket.tokens) / rate,
            )
        bucket.tokens -= 1.0
        bucket.streams += 1

    def release(self, tenant_id: str) -> None:
        """Give back the stream slot taken by `acquire`."""
        bucket = self._buckets.get(tenant_id)
        if bucket is not None and bucket.streams > 0:
            bucket.streams -= 1

    def open_streams(self, tenant_id: str) -> int:
        """Streams the tenant has open now."""
        bucket = self._buckets.get(tenant_id)
        return bucket.streams if bucket else 0
