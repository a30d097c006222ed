"""`appliance status`'s rich view, rendered from Admin.Status answers."""

from __future__ import annotations

import pytest

from appliance.api import pb2
from appliance.ops import TELEMETRY_NOT_REPORTED, DaemonStatus, status_view
from appliance.telemetry import SourceStatus
from tests.appliance.ops.status_samples import (
    MODEL_DIGEST,
    POLICY_DIGEST,
    rendered,
    status_response,
)

NOW = 1_700_003_600.0  # an hour after the sample policy loaded


def test_shows_what_an_operator_asks_first() -> None:
    text = rendered(status_view(DaemonStatus("SERVING", status_response()), now=NOW))
    for expected in (
        "health: SERVING",
        "version: 0.1.0",
        "metrics: 127.0.0.1:9464",
        "gpu0",
        "gpu1",
        "ready",
        "failed",
        "42.0%",
        "1200",
        "4242",
        MODEL_DIGEST,
        "key:0123abcd",
        "attested by nvidia-cc, tdx",
        "required by policy",
        "nvidia-cc.driver_version = 570.86",
        POLICY_DIGEST,
        "loaded 2023-11-14 22:13:20 UTC (60 min ago)",
        "reload failures: 2",
        "last reload refused: policy.yaml:3:5: tenants.acme.models: unknown model 'nope'",
    ):
        assert expected in text, expected
    assert TELEMETRY_NOT_REPORTED in row_of(text, "telemetry")
    assert "healthy" in row_of(text, "audit log")


def row_of(text: str, label: str) -> str:
    """The table line that starts with `label` (after the border)."""
    return next(line for line in text.splitlines() if line.lstrip("│ ").startswith(label))


def test_daemon_text_is_never_read_as_markup() -> None:
    text = rendered(status_view(DaemonStatus("SERVING", status_response()), now=NOW))
    assert "engine core died: [red]boom[/red]" in text


@pytest.mark.parametrize(
    ("attestation", "expected"),
    [
        (pb2.AttestationStatus(required=True, attested=True, providers=["tdx"]), "attested by tdx"),
        (
            pb2.AttestationStatus(required=True, providers=["tdx"], error="quote expired"),
            "NOT ATTESTED by tdx",
        ),
        (pb2.AttestationStatus(providers=["none"]), "not attested by none"),
        (
            pb2.AttestationStatus(required=True, error="quote expired"),
            "last check failed: quote expired",
        ),
    ],
)  # fmt: skip
def test_attestation_result(attestation: pb2.AttestationStatus, expected: str) -> None:
    status = status_response(attestation=attestation)
    assert expected in rendered(status_view(DaemonStatus("SERVING", status), now=NOW))


def test_audit_log_that_cannot_be_written() -> None:
    status = status_response(audit_healthy=False, audit_error="cannot write audit.jsonl: ENOSPC")
    text = rendered(status_view(DaemonStatus("NOT_SERVING", status), now=NOW))
    assert "health: NOT_SERVING" in text
    assert "NOT WRITABLE: cannot write audit.jsonl: ENOSPC" in row_of(text, "audit log")


def test_telemetry_sources_with_their_reasons() -> None:
    sources = {
        "nvml": SourceStatus(live=True, reason="2 GPUs"),
        "uprobes": SourceStatus(live=False, reason="needs CAP_BPF and CAP_PERFMON"),
    }
    view = status_view(DaemonStatus("SERVING", status_response()), telemetry=sources, now=NOW)
    text = rendered(view)
    assert "nvml: live (2 GPUs)" in text
    assert "uprobes: unavailable (needs CAP_BPF and CAP_PERFMON)" in text
    assert TELEMETRY_NOT_REPORTED not in text


def test_a_tenant_sees_health_and_why_nothing_else() -> None:
    snapshot = DaemonStatus("SERVING", error="PERMISSION_DENIED: not an admin")
    text = rendered(status_view(snapshot))
    assert "health: SERVING" in text
    assert "details not shown: PERMISSION_DENIED: not an admin" in text
    assert "Engines" not in text


def test_no_engines_and_unsigned_models_are_said_plainly() -> None:
    status = status_response()
    del status.engines[:]
    status.models[0].signer = ""
    text = rendered(status_view(DaemonStatus("NOT_SERVING", status), now=NOW))
    assert "(no engines)" in text
    assert "unsigned" in text
