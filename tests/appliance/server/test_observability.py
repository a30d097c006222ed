"""Metrics, request log lines and trace context through the running daemon."""

from __future__ import annotations

import base64
import json
import urllib.request

import pytest

from appliance.api import pb2
from appliance.audit import AuditKeyFiles
from tests.daemon_harness import RunningDaemon

pytestmark = pytest.mark.engine

TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
TRACEPARENT = f"00-{TRACE_ID}-00f067aa0ba902b7-01"
SECRET = "patient 4711 has diagnosis Q-secret"


def scrape(daemon: RunningDaemon) -> str:
    address = daemon.status().metrics_address
    assert address.startswith("127.0.0.1:")
    with urllib.request.urlopen(f"http://{address}/metrics", timeout=10) as response:
        text: str = response.read().decode()
    return text


def sample(metrics: str, name: str, **labels: str) -> float:
    """The value of the sample `name{labels...}` (labels matched as a subset)."""
    for line in metrics.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        if all(f'{key}="{value}"' in line for key, value in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def generate(daemon: RunningDaemon, text: str, request_id: str) -> None:
    request = pb2.GenerateRequest(
        model="demo",
        text=text,
        request_id=request_id,
        sampling=pb2.SamplingParams(temperature=0.0, max_tokens=4),
    )
    responses = daemon.inference().Generate(
        request, timeout=60, metadata=(("traceparent", TRACEPARENT),)
    )
    assert list(responses)[-1].HasField("completed")


def test_a_request_moves_the_metrics(daemon: RunningDaemon) -> None:
    labels = {"tenant": "demo", "sla_class": "interactive", "status": "OK"}
    before = scrape(daemon)
    generate(daemon, "count me", "metrics-1")
    after = scrape(daemon)
    assert sample(after, "appliance_requests_total", **labels) == (
        sample(before, "appliance_requests_total", **labels) + 1
    )
    engine = daemon.status().engines[0].name
    ttft = {"sla_class": "interactive", "engine": engine}
    assert sample(after, "appliance_time_to_first_token_seconds_count", **ttft) == (
        sample(before, "appliance_time_to_first_token_seconds_count", **ttft) + 1
    )
    assert sample(after, "appliance_screening_verdicts_total", action="allow") >= 1
    assert sample(after, "appliance_engine_ready", engine=engine) == 1.0
    assert sample(after, "appliance_audit_healthy") == 1.0
    assert sample(after, "appliance_attestation_attested") == 0.0  # `none` provider
    assert f'digest="{daemon.status().policy_digest}"' in after
    # vLLM's own engine metrics, re-exported as they are.
    assert "vllm:num_requests_running" in after


def test_one_log_line_per_request_with_the_callers_trace_id_and_no_text(
    daemon: RunningDaemon,
) -> None:
    generate(daemon, SECRET, "log-line-1")
    lines = [
        json.loads(line.split("appliance.requests: ", 1)[1])
        for line in daemon.log_path.read_text().splitlines()
        if "appliance.requests: " in line and '"log-line-1"' in line
    ]
    assert len(lines) == 1
    (line,) = lines
    assert line["trace_id"] == TRACE_ID
    assert line["status"] == "OK"
    assert line["tenant"] == "demo"
    assert line["completion_tokens"] == 4
    assert SECRET not in daemon.log_path.read_text()


def test_no_secret_in_logs_metrics_or_status(daemon: RunningDaemon) -> None:
    keys = AuditKeyFiles.in_directory(daemon.log_path.parent / "audit-keys")
    hmac_key = keys.hmac_key.read_bytes()
    needles = [
        daemon.pki.server_key.read_text().splitlines()[1],  # a line of the PEM body
        keys.signing_key.read_text().splitlines()[1],
        hmac_key.hex()[:32],
        base64.b64encode(hmac_key).decode()[:32],
    ]
    outputs = [daemon.log_path.read_text(), scrape(daemon), str(daemon.status())]
    for output in outputs:
        for needle in needles:
            assert needle not in output


def test_status_says_which_telemetry_sources_are_live_and_why(daemon: RunningDaemon) -> None:
    sources = {s.name: s for s in daemon.status().telemetry}
    assert set(sources) == {"nvml", "uprobes"}
    # No GPU here: NVML cannot load, and the CPU engine maps no GPU library to probe.
    assert not sources["nvml"].live
    assert "NVML" in sources["nvml"].reason
    assert not sources["uprobes"].live
    assert "no engine process maps libcuda or libnccl" in sources["uprobes"].reason
    assert sample(scrape(daemon), "appliance_telemetry_source_live", source="nvml") == 0.0
