"""A small audit log written by the real writer, with one record an attacker shaped."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from appliance.audit import AuditLog, AuditSettings, RequestAudit, generate_audit_keys

# What a hostile client or plugin could place in a field the report shows. The `$...$` would
# be TeX to matplotlib if its mathtext were on.
INJECTED = '<script>alert("x")</script>$\\nomacro$'


def request(number: int, **changes: Any) -> RequestAudit:
    """A finished interactive request that passed screening and one plugin."""
    fields: dict[str, Any] = {
        "request_id": f"req-{number}",
        "tenant": "acme",
        "peer": "spiffe://acme/app",
        "model": "demo",
        "status": "OK",
        "sla_class": "interactive",
        "screening": {"score": 0.01, "injection": False, "action": "allow", "reasons": []},
        "plugins": [
            {"plugin": "pii", "action": "pass", "failure": None, "skipped": False, "findings": []}
        ],
        "timings": {"queue_s": 0.01, "ttft_s": 0.1 + number / 100, "total_s": 1.0},
        "prompt": f"prompt {number}",
        "response": f"response {number}",
    }
    fields.update(changes)
    return RequestAudit(**fields)


def sample_requests() -> list[RequestAudit]:
    """20 requests: 10 interactive, 4 realtime, 2 refused, 1 screened out, 2 plugin cases,
    and 1 whose text fields all carry INJECTED."""
    plugin_failed = {"plugin": "pii", "action": "failed", "failure": "timeout", "skipped": False}
    plugin_skipped = {"plugin": "pii", "action": "pass", "failure": None, "skipped": True}
    refused: dict[str, Any] = {"status": "RESOURCE_EXHAUSTED", "screening": None, "plugins": [],
               "timings": {"total_s": 0.001}}  # fmt: skip
    return [
        *(request(n) for n in range(10)),
        *(request(n, sla_class="realtime", timings={"ttft_s": 0.05, "total_s": 0.2})
          for n in range(10, 14)),
        request(14, **refused),
        request(15, **refused),
        request(
            16,
            status="FAILED_PRECONDITION",
            screening={"score": 0.97, "injection": True, "action": "block", "reasons": []},
            plugins=[],
            timings={"total_s": 0.02},
        ),
        request(17, plugins=[plugin_failed]),
        request(18, plugins=[plugin_skipped]),
        request(
            19,
            status=INJECTED,
            sla_class=INJECTED,
            screening={"action": INJECTED, "injection": True},
            plugins=[{"plugin": INJECTED, "action": INJECTED, "failure": INJECTED}],
        ),
    ]  # fmt: skip


def write_audit_log(directory: Path, requests: list[RequestAudit]) -> Path:
    """Write `requests` (and a start event) into a log in `directory`, small files so that it
    rotates; returns the log's directory."""
    keys = generate_audit_keys(directory / "keys")
    settings = AuditSettings(
        path=directory / "audit" / "audit.jsonl",
        signing_key=keys.signing_key,
        hmac_key=keys.hmac_key,
        checkpoint_every_s=3600,
        max_file_bytes=4096,
    )

    async def write() -> None:
        log = await AuditLog.open(settings)
        await log.record_event("daemon.start", {"version": "test"})
        for audit in requests:
            await log.record_request(audit)
        await log.close()

    asyncio.run(write())
    return settings.path.parent
