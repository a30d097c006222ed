"""Request spans: children per stage, parented by an incoming traceparent."""

from __future__ import annotations

from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from appliance.observability import RequestTrace, TracingSettings, make_tracer

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
PARENT_SPAN = "00f067aa0ba902b7"


def run(
    metadata: list[tuple[str, str | bytes]] | None,
) -> tuple[RequestTrace, InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    tracer, provider = make_tracer(TracingSettings(), version="test", exporter=exporter)
    request = RequestTrace(tracer, "Inference/Generate", metadata)
    for stage in ("policy", "routing", "screening", "engine", "audit"):
        with request.stage(stage):
            pass
    request.end("OK")
    provider.force_flush()
    return request, exporter


def test_stages_are_children_of_the_request_span_under_the_callers_trace() -> None:
    request, exporter = run([("traceparent", f"00-{TRACE_ID}-{PARENT_SPAN}-01")])
    spans = {span.name: span for span in exporter.get_finished_spans()}
    assert set(spans) == {"Inference/Generate", "policy", "routing", "screening", "engine", "audit"}
    root = spans["Inference/Generate"]
    assert request.trace_id == TRACE_ID
    assert root.parent is not None
    assert f"{root.parent.span_id:016x}" == PARENT_SPAN
    assert root.attributes is not None
    assert root.attributes["rpc.grpc.status"] == "OK"
    for name in ("policy", "routing", "screening", "engine", "audit"):
        assert spans[name].parent is not None
        assert spans[name].parent.span_id == root.context.span_id


def test_without_traceparent_a_new_trace_starts() -> None:
    request, exporter = run([("user-agent", "x"), ("traceparent", b"binary is ignored")])
    root = next(s for s in exporter.get_finished_spans() if s.name == "Inference/Generate")
    assert root.parent is None
    assert request.trace_id != TRACE_ID
    assert len(request.trace_id) == 32


def test_a_malformed_traceparent_starts_a_new_trace() -> None:
    request, _ = run([("traceparent", "00-zz-yy-01")])
    assert request.trace_id != "0" * 32


def _untraced(metadata: list[tuple[str, str | bytes]]) -> RequestTrace:
    tracer, _ = make_tracer(TracingSettings(), version="test")  # no OTLP endpoint
    request = RequestTrace(tracer, "Inference/Generate", metadata)
    with request.stage("policy") as stage:
        assert not stage.is_recording()
    request.end("OK")
    return request


def test_without_an_exporter_spans_record_nothing_but_keep_the_callers_trace_id() -> None:
    request = _untraced([("traceparent", f"00-{TRACE_ID}-{PARENT_SPAN}-01")])
    assert not request.span.is_recording()
    assert request.trace_id == TRACE_ID


def test_without_an_exporter_each_request_still_gets_its_own_trace_id() -> None:
    first, second = _untraced([]), _untraced([])
    assert len({first.trace_id, second.trace_id}) == 2
    assert first.trace_id != "0" * 32
    assert len(first.trace_id) == 32
