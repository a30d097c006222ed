"""Where a daemon request's time goes, joined from three sources of the same run:

- the client's own clock: when it sent the call, got `started`, got the first text, got the
  end of the stream;
- the daemon's OTLP spans (wall-clock start and end of `Inference/Generate` and its stages
  `policy`, `routing`, `screening`, `engine`, `audit`);
- the daemon's request log line (`appliance.requests`): `ttft_s` (call arrival to vLLM's
  first output, on the daemon's clock), `queue_s` (inside vLLM), `plugins_s`.

Every stage is the interval between two consecutive instants of one request, so the stages
of the time to first text add up exactly to what the client measured (same host, one wall
clock; the daemon's monotonic `ttft_s` is added to its request span's start).
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench._span_collector import REQUEST_SPAN, RequestSpans

_LOGGER_MARK = " appliance.requests: "

# Stages before the client sees text, in order; their sum is the client's TTFT.
TTFT_STAGES = (
    ("client -> daemon handler (mTLS, HTTP/2)", "inbound"),
    ("policy (tenant, attestation, audit health)", "policy"),
    ("routing (validation, limits, router)", "routing"),
    ("screening", "screening"),
    ("plugin chain open", "plugin_open"),
    ("engine: submit -> first token", "engine_first_token"),
    ("first token -> client (started event)", "outbound"),
    ("started -> first text (plugin hold-back)", "hold_back"),
)
# After vLLM's first output, until the client has the end of the stream.
TAIL_STAGES = (
    ("decode + stream (first token -> audit)", "decode"),
    ("  of which plugins (plugins_s)", "plugins"),
    ("  plugins per output token", "plugins_per_token"),
    ("audit record", "audit"),
    ("completed -> client", "completion"),
)


@dataclass(frozen=True)
class ClientTiming:
    """One daemon call as the client saw it (seconds; `sent_wall` is `time.time()`)."""

    request_id: str
    sent_wall: float
    first_event_s: float
    ttft_s: float
    total_s: float


def read_request_log(path: Path) -> dict[str, dict[str, Any]]:
    """The daemon's per-request log lines, by request id."""
    lines: dict[str, dict[str, Any]] = {}
    for line in path.read_text(errors="replace").splitlines():
        _, mark, payload = line.partition(_LOGGER_MARK)
        if mark and payload.startswith("{"):
            fields = json.loads(payload)
            lines[str(fields.get("request_id", ""))] = fields
    return lines


def stage_seconds(
    client: ClientTiming, log: dict[str, Any], spans: RequestSpans
) -> dict[str, float] | None:
    """One request's stages (seconds), or None when a source lacks it."""
    if not spans.complete or "ttft_s" not in log:
        return None
    root = spans.stages[REQUEST_SPAN][0]
    routing, screening = spans.stages["routing"], spans.stages["screening"]
    engine, audit = spans.stages["engine"], spans.stages["audit"]
    first_token = root + float(log["ttft_s"])
    started_at = client.sent_wall + client.first_event_s
    done_at = client.sent_wall + client.total_s
    return {
        "inbound": root - client.sent_wall,
        "policy": routing[0] - root,
        "routing": screening[0] - routing[0],
        "screening": screening[1] - screening[0],
        "plugin_open": engine[0] - screening[1],
        "engine_first_token": first_token - engine[0],
        "outbound": started_at - first_token,
        "hold_back": client.ttft_s - client.first_event_s,
        "decode": audit[0] - first_token,
        "plugins": float(log.get("plugins_s", 0.0)),
        "plugins_per_token": float(log.get("plugins_s", 0.0))
        / max(1, int(log.get("completion_tokens", 1))),
        "audit": audit[1] - audit[0],
        "completion": done_at - audit[1],
        "queue": float(log.get("queue_s", 0.0)),
    }


def quantile(samples: Sequence[float], q: float) -> float:
    """Nearest-rank quantile (as generate_overhead reports); NaN for no samples."""
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass(frozen=True)
class StageSummary:
    """One stage over all requests, in milliseconds."""

    mean_ms: float
    p50_ms: float
    p99_ms: float

    def as_dict(self) -> dict[str, float]:
        """JSON-ready form, rounded to microseconds."""
        return {k: round(v, 3) for k, v in vars(self).items()}


def summarise(values: Sequence[float]) -> StageSummary:
    """Mean, p50 and p99 of seconds, in milliseconds."""
    if not values:
        return StageSummary(float("nan"), float("nan"), float("nan"))
    return StageSummary(
        1000 * statistics.fmean(values), 1000 * quantile(values, 0.5), 1000 * quantile(values, 0.99)
    )


def breakdown(
    clients: Sequence[ClientTiming],
    logs: dict[str, dict[str, Any]],
    spans: dict[str, RequestSpans],
) -> tuple[dict[str, StageSummary], int]:
    """Every stage summarised over the requests all three sources cover, and their count."""
    per_request: list[dict[str, float]] = []
    for client in clients:
        log = logs.get(client.request_id)
        if log is None:
            continue
        request_spans = spans.get(str(log.get("trace_id", "")))
        stages = None if request_spans is None else stage_seconds(client, log, request_spans)
        if stages is not None:
            per_request.append(stages)
    keys = per_request[0].keys() if per_request else ()
    return {key: summarise([r[key] for r in per_request]) for key in keys}, len(per_request)
