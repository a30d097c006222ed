"""Operations: Prometheus metrics, OpenTelemetry traces, structured request logs."""

from appliance.observability.metrics import (
    LiveState,
    LiveStateCollector,
    RequestMetrics,
    RequestOutcome,
    serve_metrics,
)
from appliance.observability.request_log import JsonFormatter, log_request
from appliance.observability.settings import MetricsSettings, TracingSettings
from appliance.observability.tracing import RequestTrace, make_tracer

__all__ = [
    "JsonFormatter",
    "LiveState",
    "LiveStateCollector",
    "MetricsSettings",
    "RequestMetrics",
    "RequestOutcome",
    "RequestTrace",
    "TracingSettings",
    "log_request",
    "make_tracer",
    "serve_metrics",
]
