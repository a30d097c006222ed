"""Prometheus metrics: per-request counters and histograms, and live state read at scrape.

Per-request metrics are updated once, when the request's audit record is written (one place,
after the response), so the hot path pays a few counter increments and nothing else. Live
state (engines, attestation, policy, audit) is read from the daemon when Prometheus scrapes.
vLLM's own `vllm:*` metrics are served from the same default registry, one series per engine
(`appliance/engine/vllm_metrics.py`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily, InfoMetricFamily
from prometheus_client.registry import Collector

from appliance.observability.settings import MetricsSettings

if TYPE_CHECKING:  # the engine package imports the config, which imports these settings
    from appliance.engine.contract import EngineStats

_ENGINE_GAUGES = (
    ("outstanding_requests", "Requests admitted and not finished."),
    ("running_requests", "Requests vLLM is running."),
    ("waiting_requests", "Requests vLLM has queued."),
    ("kv_cache_usage", "Fraction of the KV cache in use."),
    ("ready", "1 when the engine takes requests."),
)
_LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
_FAST_BUCKETS = (0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5)


@dataclass(frozen=True, slots=True)
class RequestOutcome:
    """What one finished (or refused) request contributes to the metrics."""

    tenant: str
    sla_class: str
    engine: str
    status: str
    queue_s: float | None
    ttft_s: float | None
    tpot_s: float | None
    screening_action: str | None
    screening_injection: bool | None
    screening_s: float | None
    plugin_actions: Sequence[tuple[str, str]]


class RequestMetrics:
    """Counters and histograms fed by finished requests."""

    def __init__(self, registry: CollectorRegistry = REGISTRY) -> None:
        self.requests = Counter(
            "appliance_requests",
            "Generate calls by tenant, SLA class and final status code.",
            ["tenant", "sla_class", "status"],
            registry=registry,
        )
        self.queue = Histogram(
            "appliance_queue_seconds",
            "Arrival to engine scheduling.",
            ["sla_class", "engine"],
            buckets=_LATENCY_BUCKETS,
            registry=registry,
        )
        self.ttft = Histogram(
            "appliance_time_to_first_token_seconds",
            "Arrival to the first chunk.",
            ["sla_class", "engine"],
            buckets=_LATENCY_BUCKETS,
            registry=registry,
        )
        self.tpot = Histogram(
            "appliance_time_per_output_token_seconds",
            "Mean time per output token after the first.",
            ["sla_class", "engine"],
            buckets=_FAST_BUCKETS,
            registry=registry,
        )
        self.screening = Counter(
            "appliance_screening_verdicts",
            "Screening verdicts by action taken and whether injection was found.",
            ["action", "injection"],
            registry=registry,
        )
        self.screening_latency = Histogram(
            "appliance_screening_seconds",
            "Time to screen one request's prompt.",
            buckets=_FAST_BUCKETS,
            registry=registry,
        )
        self.plugins = Counter(
            "appliance_plugin_outcomes",
            "Plugin outcomes per plugin: pass, modify, block, failed, skipped.",
            ["plugin", "action"],
            registry=registry,
        )
        self.audit_write_errors = Counter(
            "appliance_audit_write_errors",
            "Audit records that could not be written.",
            registry=registry,
        )
        self.policy_reload_failures = Counter(
            "appliance_policy_reload_failures",
            "Policy reloads refused (the last good policy stayed live).",
            registry=registry,
        )

    @staticmethod
    @functools.cache
    def default() -> RequestMetrics:
        """The process's metrics on the default registry (metric names register once)."""
        return RequestMetrics(REGISTRY)

    def observe(self, outcome: RequestOutcome) -> None:
        """Count one request."""
        sla = outcome.sla_class or "unknown"
        self.requests.labels(outcome.tenant or "none", sla, outcome.status).inc()
        if outcome.ttft_s is not None:
            engine = outcome.engine or "none"
            if outcome.queue_s is not None:
                self.queue.labels(sla, engine).observe(outcome.queue_s)
            self.ttft.labels(sla, engine).observe(outcome.ttft_s)
            if outcome.tpot_s is not None:
                self.tpot.labels(sla, engine).observe(outcome.tpot_s)
        if outcome.screening_action is not None:
            self.screening.labels(
                outcome.screening_action, str(bool(outcome.screening_injection)).lower()
            ).inc()
        if outcome.screening_s is not None:
            self.screening_latency.observe(outcome.screening_s)
        for plugin, action in outcome.plugin_actions:
            self.plugins.labels(plugin, action).inc()


@dataclass(frozen=True)
class LiveState:
    """What the daemon reports at scrape time; each callable is cheap and never raises."""

    engines: Callable[[], Sequence[tuple[str, EngineStats]]]
    attestation: Callable[[], tuple[bool, float]]
    """(attested, seconds since the last self-check)."""
    policy_digest: Callable[[], str]
    audit_healthy: Callable[[], bool]
    telemetry: Callable[[], Mapping[str, bool]]


class LiveStateCollector(Collector):
    """Gauges computed from the daemon's state when Prometheus scrapes."""

    def __init__(self, state: LiveState) -> None:
        self._state = state

    def collect(self) -> Iterator[GaugeMetricFamily | InfoMetricFamily]:
        """The gauges, fresh."""
        gauges = [
            GaugeMetricFamily(f"appliance_engine_{name}", help_text, labels=["engine"])
            for name, help_text in _ENGINE_GAUGES
        ]
        for engine, stats in self._state.engines():
            values = (
                stats.outstanding_requests,
                stats.running_requests,
                stats.waiting_requests,
                stats.kv_cache_usage,
                1.0 if stats.state == "ready" else 0.0,
            )
            for gauge, value in zip(gauges, values, strict=True):
                gauge.add_metric([engine], float(value))
        yield from gauges
        attested, age_s = self._state.attestation()
        yield GaugeMetricFamily(
            "appliance_attestation_attested",
            "1 when the last self-check passed with hardware-backed evidence.",
            value=1.0 if attested else 0.0,
        )
        yield GaugeMetricFamily(
            "appliance_attestation_check_age_seconds",
            "Seconds since the last attestation self-check.",
            value=age_s,
        )
        info = InfoMetricFamily("appliance_policy", "The live policy.")
        info.add_metric([], {"digest": self._state.policy_digest()})
        yield info
        yield GaugeMetricFamily(
            "appliance_audit_healthy",
            "1 while the audit log can be written.",
            value=1.0 if self._state.audit_healthy() else 0.0,
        )
        sources = GaugeMetricFamily(
            "appliance_telemetry_source_live",
            "1 when a telemetry source is live.",
            labels=["source"],
        )
        for name, live in self._state.telemetry().items():
            sources.add_metric([name], 1.0 if live else 0.0)
        yield sources


def serve_metrics(settings: MetricsSettings, state: LiveState) -> tuple[str, Callable[[], None]]:
    """Start the /metrics endpoint in a thread; returns the bound address and a stop
    function. Raises OSError when the address cannot be bound."""
    collector = LiveStateCollector(state)
    REGISTRY.register(collector)
    try:
        server, thread = start_http_server(
            settings.port,
            addr=settings.host,
            registry=REGISTRY,
            certfile=str(settings.tls_certificate) if settings.tls_certificate else None,
            keyfile=str(settings.tls_key) if settings.tls_key else None,
            client_cafile=str(settings.tls_client_ca) if settings.tls_client_ca else None,
            client_auth_required=settings.tls,
        )
    except BaseException:
        REGISTRY.unregister(collector)
        raise

    def stop() -> None:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        REGISTRY.unregister(collector)

    host, port = str(server.server_address[0]), server.server_address[1]
    return (f"[{host}]:{port}" if ":" in host else f"{host}:{port}"), stop
