"""Writing small audit logs for tests, and editing their lines the way an attacker would."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from appliance.audit import AuditLog, AuditSettings, RequestAudit
from appliance.audit.chain import line_digest


def request(number: int, **changes: Any) -> RequestAudit:
    """A plausible finished request; `number` makes its request_id and text unique."""
    fields: dict[str, Any] = {
        "request_id": f"req-{number}",
        "tenant": "acme",
        "peer": "spiffe://acme/app",
        "model": "demo",
        "model_digest": "sha256:" + "ab" * 32,
        "policy_digest": "sha256:" + "cd" * 32,
        "sla_class": "interactive",
        "status": "OK",
        "screening": {"verdict": "allow"},
        "plugins": [{"name": "pii", "action": "none"}],
        "prompt_tokens": 7,
        "completion_tokens": 12,
        "timings": {"queue_s": 0.001, "total_s": 0.25},
        "audit_labels": {"case": "1234"},
        "prompt": f"secret prompt {number}",
        "response": f"secret response {number}",
    }
    fields.update(changes)
    return RequestAudit(**fields)


async def write_log(settings: AuditSettings, requests: int, *, first: int = 0) -> None:
    """Open the log, record `requests` requests, close it."""
    log = await AuditLog.open(settings)
    for number in range(first, first + requests):
        await log.record_request(request(number))
    await log.close()


def read_lines(path: Path) -> list[bytes]:
    """The file's lines without newlines."""
    return path.read_bytes().splitlines()


def write_lines(path: Path, lines: list[bytes]) -> None:
    """Replace the file with these lines, each ending in a newline."""
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def parse(line: bytes) -> dict[str, Any]:
    """One record as a dict."""
    record: dict[str, Any] = json.loads(line)
    return record


def encode(record: dict[str, Any]) -> bytes:
    """A record in the writer's canonical form, so edits look like the writer's own lines."""
    return json.dumps(record, sort_keys=True, separators=(",", ":")).encode("ascii")


def edited(line: bytes, **changes: Any) -> bytes:
    """The line with some fields changed."""
    return encode({**parse(line), **changes})


def rechained(lines: list[bytes], start: int) -> list[bytes]:
    """Recompute every `prev` from index `start` on: what an attacker without the key does."""
    out = list(lines)
    for index in range(max(start, 1), len(out)):
        out[index] = edited(out[index], prev=line_digest(out[index - 1]))
    return out


def records_of(path: Path) -> list[dict[str, Any]]:
    """Every record in the file, parsed."""
    return [parse(line) for line in read_lines(path)]
