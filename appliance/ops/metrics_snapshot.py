"""One scrape of the daemon's Prometheus endpoint, reduced to what a report shows.

Counters and histograms in it count since the daemon started, not over a report's window;
the report labels them so. Their value over the audit log: TTFT per engine, which the
audit records do not carry.
"""

from __future__ import annotations

import math
import ssl
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

_TTFT = "appliance_time_to_first_token_seconds"


@dataclass(frozen=True, slots=True)
class MetricsTls:
    """Client files for an HTTPS metrics endpoint (one bound to a non-loopback address)."""

    ca: Path
    certificate: Path
    key: Path


@dataclass(frozen=True, slots=True)
class HistogramEstimate:
    """Count and bucket-interpolated percentiles (as Prometheus' histogram_quantile)."""

    count: int
    p50: float | None
    p99: float | None


@dataclass(frozen=True)
class MetricsSnapshot:
    """The report's view of one scrape."""

    url: str
    requests_by_status: dict[str, float] = field(default_factory=dict)
    # (action, injection) → verdicts
    verdicts: dict[tuple[str, str], float] = field(default_factory=dict)
    # (plugin, outcome) → calls
    plugin_outcomes: dict[tuple[str, str], float] = field(default_factory=dict)
    # (sla_class, engine) → TTFT estimate
    ttft: dict[tuple[str, str], HistogramEstimate] = field(default_factory=dict)
    telemetry_live: dict[str, bool] = field(default_factory=dict)


class MetricsUnavailableError(Exception):
    """The endpoint could not be read or did not answer Prometheus text."""


def fetch_metrics_text(url: str, *, tls: MetricsTls | None = None, timeout_s: float = 10) -> str:
    """GET `url` (http or https) and return the body; raises MetricsUnavailableError."""
    scheme = urlsplit(url).scheme
    if scheme not in ("http", "https"):
        raise MetricsUnavailableError(f"{url}: only http:// and https:// metrics URLs are read")
    context = None
    if scheme == "https":
        context = ssl.create_default_context(cafile=str(tls.ca) if tls else None)
        if tls is not None:
            context.load_cert_chain(str(tls.certificate), str(tls.key))
    try:
        # The scheme is checked above: no file:// or other handlers are reachable.
        with urllib.request.urlopen(url, timeout=timeout_s, context=context) as answer:  # noqa: S310
            body: bytes = answer.read()
    except (OSError, ValueError) as exc:
        raise MetricsUnavailableError(f"{url}: {exc}") from exc
    return body.decode("utf-8", "replace")


def parse_metrics(text: str, *, url: str) -> MetricsSnapshot:
    """Reduce Prometheus text to a snapshot; raises MetricsUnavailableError when unparsable."""
    from prometheus_client.parser import text_string_to_metric_families

    snapshot = MetricsSnapshot(url=url)
    buckets: dict[tuple[str, str], list[tuple[float, float]]] = {}
    try:
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                labels, value = sample.labels, float(sample.value)
                if sample.name == "appliance_requests_total":
                    status = labels.get("status", "")
                    total = snapshot.requests_by_status.get(status, 0.0)
                    snapshot.requests_by_status[status] = total + value
                elif sample.name == "appliance_screening_verdicts_total":
                    key = (labels.get("action", ""), labels.get("injection", ""))
                    snapshot.verdicts[key] = snapshot.verdicts.get(key, 0.0) + value
                elif sample.name == "appliance_plugin_outcomes_total":
                    key = (labels.get("plugin", ""), labels.get("action", ""))
                    snapshot.plugin_outcomes[key] = value
                elif sample.name == f"{_TTFT}_bucket":
                    key = (labels.get("sla_class", ""), labels.get("engine", ""))
                    bound = float(labels.get("le", "+Inf"))
                    buckets.setdefault(key, []).append((bound, value))
                elif sample.name == "appliance_telemetry_source_live":
                    snapshot.telemetry_live[labels.get("source", "")] = value >= 1
    except ValueError as exc:
        raise MetricsUnavailableError(f"{url}: not Prometheus text: {exc}") from exc
    for key, series in sorted(buckets.items()):
        ordered = sorted(series)
        total = int(ordered[-1][1]) if ordered else 0
        snapshot.ttft[key] = HistogramEstimate(
            count=total,
            p50=histogram_quantile(ordered, 0.50),
            p99=histogram_quantile(ordered, 0.99),
        )
    return snapshot


def histogram_quantile(buckets: Sequence[tuple[float, float]], fraction: float) -> float | None:
    """The `fraction` quantile from cumulative (upper bound, count) buckets sorted by bound,
    interpolated linearly within its bucket; None without observations. A quantile in the
    +Inf bucket is reported as the highest finite bound, as Prometheus does."""
    if not buckets or buckets[-1][1] <= 0:
        return None
    rank = fraction * buckets[-1][1]
    lower_bound, lower_count = 0.0, 0.0
    for bound, count in buckets:
        if count >= rank:
            if math.isinf(bound):
                return lower_bound
            if count == lower_count:
                return bound
            return lower_bound + (bound - lower_bound) * (rank - lower_count) / (
                count - lower_count
            )
        lower_bound, lower_count = bound, count
    return lower_bound
