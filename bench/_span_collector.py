"""A minimal OTLP/gRPC trace collector inside the benchmark process.

The daemon exports its request spans (`Inference/Generate` with children `policy`,
`routing`, `screening`, `engine`, `audit`) to the endpoint named by `tracing.otlp_endpoint`
with the standard OTLP exporter; this collector keeps the raw export requests and decodes
them only after the run, so collecting costs the measured run almost nothing.
"""

from __future__ import annotations

import threading
import time
from concurrent import futures
from dataclasses import dataclass, field
from types import TracebackType

import grpc
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

REQUEST_SPAN = "Inference/Generate"


@dataclass
class RequestSpans:
    """One request's spans as wall-clock (start, end) seconds, by span name."""

    trace_id: str
    stages: dict[str, tuple[float, float]] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        """The request span and every stage a served request passes through arrived."""
        wanted = (REQUEST_SPAN, "policy", "routing", "screening", "engine", "audit")
        return all(name in self.stages for name in wanted)


class _TraceService(trace_service_pb2_grpc.TraceServiceServicer):
    def __init__(self) -> None:
        self.exports: list[trace_service_pb2.ExportTraceServiceRequest] = []
        self.lock = threading.Lock()

    def Export(  # the name the OTLP service definition gives it
        self, request: trace_service_pb2.ExportTraceServiceRequest, context: grpc.ServicerContext
    ) -> trace_service_pb2.ExportTraceServiceResponse:
        with self.lock:
            self.exports.append(request)
        return trace_service_pb2.ExportTraceServiceResponse()


class SpanCollector:
    """An OTLP/gRPC trace endpoint on a free loopback port, for one benchmark run."""

    def __init__(self) -> None:
        self._service = _TraceService()
        self._server = grpc.server(futures.ThreadPoolExecutor(max_workers=2))
        add_service = trace_service_pb2_grpc.add_TraceServiceServicer_to_server
        add_service(self._service, self._server)  # type: ignore[no-untyped-call]
        self.port = self._server.add_insecure_port("127.0.0.1:0")

    @property
    def endpoint(self) -> str:
        """What the daemon's `tracing.otlp_endpoint` names (plain HTTP/2 on loopback)."""
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> SpanCollector:
        self._server.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._server.stop(grace=None)

    def requests(self) -> dict[str, RequestSpans]:
        """Every request's spans received so far, by trace id (32 hex digits)."""
        with self._service.lock:
            exports = list(self._service.exports)
        found: dict[str, RequestSpans] = {}
        for export in exports:
            for resource in export.resource_spans:
                for scope in resource.scope_spans:
                    for span in scope.spans:
                        trace_id = span.trace_id.hex()
                        entry = found.setdefault(trace_id, RequestSpans(trace_id))
                        entry.stages[span.name] = (
                            span.start_time_unix_nano / 1e9,
                            span.end_time_unix_nano / 1e9,
                        )
        return found

    def wait_for(self, trace_ids: set[str], timeout_s: float) -> dict[str, RequestSpans]:
        """The spans of `trace_ids`, waiting up to `timeout_s` for the daemon's batch
        exporter (it sends every 5 s) to deliver all of them."""
        deadline = time.monotonic() + timeout_s
        while True:
            found = self.requests()
            done = all(t in found and found[t].complete for t in trace_ids)
            if done or time.monotonic() >= deadline:
                return found
            time.sleep(0.25)
