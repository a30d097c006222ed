"""OpenTelemetry traces: one span per request, a child span per stage.

An incoming W3C `traceparent` (gRPC metadata) makes the request's span a child of the
caller's. Without an OTLP endpoint spans still get ids, so logs and audit records carry a
trace id that a collector added later can join, but nothing is recorded: the spans are
OpenTelemetry's non-recording ones, which skip the timestamps, attributes and bookkeeping
of six spans per request that would be exported nowhere.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator

from opentelemetry import trace
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor, SpanExporter
from opentelemetry.sdk.trace.sampling import ALWAYS_OFF
from opentelemetry.trace import Span, Tracer
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from appliance.observability.settings import TracingSettings

_PROPAGATOR = TraceContextTextMapPropagator()


def make_tracer(
    settings: TracingSettings, *, version: str, exporter: SpanExporter | None = None
) -> tuple[Tracer, TracerProvider]:
    """The daemon's tracer and its provider (shut it down to flush). `exporter` overrides
    the OTLP one (tests pass an in-memory exporter)."""
    if exporter is None and settings.otlp_endpoint is None:
        return _untraced(version)
    provider = TracerProvider(
        resource=Resource.create({"service.name": "appliance", "service.version": version})
    )
    if exporter is None:
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter(endpoint=settings.otlp_endpoint)
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return provider.get_tracer("appliance"), provider


def _untraced(version: str) -> tuple[Tracer, TracerProvider]:
    # Sampling nothing, whatever the caller's traceparent asks: the trace id (the caller's,
    # or a new one) is still generated, and the span is a NonRecordingSpan.
    provider = TracerProvider(
        sampler=ALWAYS_OFF,
        resource=Resource.create({"service.name": "appliance", "service.version": version}),
    )
    return provider.get_tracer("appliance"), provider


class RequestTrace:
    """The span of one request and its stages."""

    def __init__(
        self, tracer: Tracer, name: str, metadata: Iterable[tuple[str, str | bytes]] | None
    ) -> None:
        carrier = {
            key: value
            for key, value in (metadata or ())
            if key in ("traceparent", "tracestate") and isinstance(value, str)
        }
        self._tracer = tracer
        self.span: Span = tracer.start_span(name, context=_PROPAGATOR.extract(carrier))
        self._context = trace.set_span_in_context(self.span)

    @property
    def trace_id(self) -> str:
        """32 hex digits, as in `traceparent`."""
        return f"{self.span.get_span_context().trace_id:032x}"

    @contextlib.contextmanager
    def stage(self, name: str) -> Iterator[Span]:
        """A child span around one stage (policy, screening, routing, engine, ...)."""
        span = self._tracer.start_span(name, context=self._context)
        try:
            yield span
        finally:
            span.end()

    def end(self, status: str) -> None:
        """Close the request's span with its final status code."""
        self.span.set_attribute("rpc.grpc.status", status)
        self.span.end()
