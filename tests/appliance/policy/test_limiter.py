"""Per-tenant rate and concurrency limits, on a controlled clock."""

from __future__ import annotations

import pytest

from appliance.policy import TenantLimiter, TenantLimitError, TenantLimits


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_burst_then_rate() -> None:
    clock = Clock()
    limiter = TenantLimiter(clock)
    limits = TenantLimits(requests_per_minute=60, burst=3, max_concurrent_streams=100)
    for _ in range(3):
        limiter.acquire("t", limits)
    with pytest.raises(TenantLimitError) as caught:
        limiter.acquire("t", limits)
    assert caught.value.retry_after_s == pytest.approx(1.0)
    clock.now += 1.0
    limiter.acquire("t", limits)


def test_concurrency_is_released() -> None:
    limiter = TenantLimiter(Clock())
    limits = TenantLimits(requests_per_minute=6000, max_concurrent_streams=2)
    limiter.acquire("t", limits)
    limiter.acquire("t", limits)
    with pytest.raises(TenantLimitError, match="2 streams open"):
        limiter.acquire("t", limits)
    limiter.release("t")
    limiter.acquire("t", limits)
    assert limiter.open_streams("t") == 2


def test_tenants_are_independent() -> None:
    limiter = TenantLimiter(Clock())
    limits = TenantLimits(requests_per_minute=60, burst=1, max_concurrent_streams=1)
    limiter.acquire("a", limits)
    limiter.acquire("b", limits)
    with pytest.raises(TenantLimitError):
        limiter.acquire("a", limits)


def test_release_never_goes_negative() -> None:
    limiter = TenantLimiter(Clock())
    limiter.release("nobody")
    assert limiter.open_streams("nobody") == 0
