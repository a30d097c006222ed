"""Admin.Status answers as a daemon would send them, and a console that records output."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType

from appliance.api import pb2

MODEL_DIGEST = "sha256:" + "ab" * 32
POLICY_DIGEST = "sha256:" + "cd" * 32


def status_response(**changes: object) -> pb2.StatusResponse:
    """Two engines (one failed), one signed model, attested, a refused policy reload."""
    status = pb2.StatusResponse(
        health="SERVING",
        version="0.1.0",
        uptime_s=7300,
        policy_digest=POLICY_DIGEST,
        policy_error="policy.yaml:3:5: tenants.acme.models: unknown model 'nope'",
        policy_loaded_at=1_700_000_000,
        policy_reload_failures=2,
        audit_healthy=True,
        metrics_address="127.0.0.1:9464",
        engines=[
            pb2.EngineStatus(
                name="gpu0", model="llama", state="ready", running_requests=3,
                waiting_requests=1, kv_cache_usage=0.42, outstanding_requests=4,
                unfinished_requests=4, requests_total=1200, process_ids=[4242],
            ),
            pb2.EngineStatus(
                name="gpu1", model="llama", state="failed", requests_total=7,
                error="engine core died: [red]boom[/red]",
            ),
        ],
        models=[
            pb2.ModelStatus(
                model="llama", digest=MODEL_DIGEST, signer="key:0123abcd",
                path="/var/lib/appliance/models/llama",
            )
        ],
        attestation=pb2.AttestationStatus(
            required=True, attested=True, providers=["nvidia-cc", "tdx"], age_s=30,
            claims={"nvidia-cc.driver_version": "570.86"},
        ),
    )  # fmt: skip
    for name, value in changes.items():
        field = getattr(status, name)
        if hasattr(field, "CopyFrom"):
            field.CopyFrom(value)
        else:
            setattr(status, name, value)
    return status


def recording_console(width: int = 200) -> Console:
    """A console that keeps what it prints (no terminal, no colour codes in the text)."""
    return Console(record=True, width=width, file=io.StringIO(), color_system=None)


def rendered(view: RenderableType, width: int = 200) -> str:
    """The text a terminal would show for `view`."""
    console = recording_console(width)
    console.print(view)
    return console.export_text()
