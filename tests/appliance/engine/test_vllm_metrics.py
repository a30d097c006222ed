"""Each engine's `vllm:*` metrics survive the next engine's start and are served under the
engine's own name. The collectors here are prometheus_client's, registered the way vLLM's
PrometheusStatLogger registers them (a live two-engine check is in test_routing_live)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, generate_latest

from appliance.engine.vllm_metrics import EngineMetrics


def _engine_start(registry: CollectorRegistry, running: int, prompts: int) -> None:
    """What one AsyncLLM registers: vLLM labels every engine "0"."""
    gauge = Gauge(
        "vllm:num_requests_running",
        "Number of requests in model execution batches.",
        ["model_name", "engine"],
        registry=registry,
    )
    gauge.labels("demo", "0").set(running)
    counter = Counter(
        "vllm:prompt_tokens",
        "Number of prefill tokens processed.",
        ["model_name", "engine"],
        registry=registry,
    )
    counter.labels("demo", "0").inc(prompts)


def _lines(registry: CollectorRegistry) -> list[str]:
    return generate_latest(registry).decode().splitlines()


def test_engines_keep_their_metrics_under_their_names() -> None:
    registry = CollectorRegistry()
    own = Counter("appliance_requests", "Requests.", registry=registry)
    own.inc()
    metrics = EngineMetrics(registry)
    _engine_start(registry, running=2, prompts=30)
    metrics.adopt("e0")
    # Registering the same names again would raise if e0's collectors were still there.
    _engine_start(registry, running=5, prompts=70)
    metrics.adopt("e1")

    lines = _lines(registry)
    assert 'vllm:num_requests_running{engine="e0",model_name="demo"} 2.0' in lines
    assert 'vllm:num_requests_running{engine="e1",model_name="demo"} 5.0' in lines
    assert 'vllm:prompt_tokens_total{engine="e0",model_name="demo"} 30.0' in lines
    assert 'vllm:prompt_tokens_total{engine="e1",model_name="demo"} 70.0' in lines
    # One family per name, as the exposition format requires.
    assert lines.count("# TYPE vllm:num_requests_running gauge") == 1
    assert not any('engine="0"' in line for line in lines)
    assert "appliance_requests_total 1.0" in lines


def test_a_stopped_engine_leaves_and_a_restart_replaces() -> None:
    registry = CollectorRegistry()
    metrics = EngineMetrics(registry)
    _engine_start(registry, running=1, prompts=10)
    metrics.adopt("e0")
    metrics.release("e0")
    assert not any(line.startswith("vllm:") for line in _lines(registry))

    _engine_start(registry, running=3, prompts=10)
    metrics.adopt("e0")
    _engine_start(registry, running=4, prompts=10)
    metrics.adopt("e0")  # restarted: the new collectors replace the old
    assert [line for line in _lines(registry) if line.startswith("vllm:num_requests_running")] == [
        'vllm:num_requests_running{engine="e0",model_name="demo"} 4.0'
    ]
