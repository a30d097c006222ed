"""The policy enforced through the real gRPC server with real certificates: tenants by
identity, models, SLA classes, per-tenant limits under concurrency, and admins."""

from __future__ import annotations

import datetime
import itertools
import json
import subprocess
import sys
import threading
import uuid
from typing import Any

import grpc
import pytest

from appliance.api import pb2, pb2_grpc
from tests.appliance.server.test_lifecycle import retry_delay
from tests.daemon_harness import RunningDaemon

pytestmark = pytest.mark.engine


def generate(daemon: RunningDaemon, client: str, **fields: Any) -> list[pb2.GenerateResponse]:
    sampling = fields.pop("sampling", {"max_tokens": 4})
    request = pb2.GenerateRequest(
        model=fields.pop("model", "demo"),
        text=fields.pop("text", "hello"),
        sampling=pb2.SamplingParams(**sampling),
        **fields,
    )
    with daemon.channel(client) as channel:
        return list(pb2_grpc.InferenceStub(channel).Generate(request, timeout=60))


def status_of(call: Any) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(grpc.RpcError) as caught:
        call()
    return caught.value.code(), caught.value.details() or ""


CASES = [
    ("identity of no tenant", "stranger", {}, grpc.StatusCode.PERMISSION_DENIED,
     "spiffe://appliance.local/tenant/unknown is not a tenant"),
    ("model not allowed", "partner", {"model": "other"}, grpc.StatusCode.PERMISSION_DENIED,
     "tenant 'partner' may not use model 'other'"),
    ("SLA class not allowed", "partner", {"sla_class": pb2.INTERACTIVE},
     grpc.StatusCode.PERMISSION_DENIED, "may not use SLA class 'interactive'"),
    ("prompt over the tenant limit", "partner", {"text": "x" * 65},
     grpc.StatusCode.INVALID_ARGUMENT, "the limit is 64"),
    ("max_tokens over the tenant limit", "partner", {"sampling": {"max_tokens": 9}},
     grpc.StatusCode.INVALID_ARGUMENT, "limit of 8"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("name", "client", "fields", "code", "detail"), CASES, ids=[c[0] for c in CASES]
)
def test_policy_refusals(
    daemon: RunningDaemon,
    name: str,
    client: str,
    fields: dict[str, Any],
    code: grpc.StatusCode,
    detail: str,
) -> None:
    got_code, got_detail = status_of(lambda: generate(daemon, client, **fields))
    assert got_code == code, got_detail
    assert detail in got_detail


def test_tenant_defaults_apply(daemon: RunningDaemon) -> None:
    # partner may only use batch, and gets it when it asks for no class; its max_tokens
    # default is capped at its limit of 8.
    responses = generate(daemon, "partner", sampling={})
    assert responses[-1].completed.usage.completion_tokens == 8


def test_concurrency_limit_holds_under_parallel_calls(daemon: RunningDaemon) -> None:
    """'single' may hold one stream: of 8 parallel calls, the ones the daemon admitted never
    overlapped. Judged from the daemon's own audit timings, not the client threads' pace."""
    batch = uuid.uuid4().hex[:8]
    requests = [
        pb2.GenerateRequest(
            request_id=f"single-{batch}-{i}",
            model="demo",
            text="one at a time",
            sampling=pb2.SamplingParams(max_tokens=1000, temperature=0.0),
        )
        for i in range(8)
    ]
    channels = [daemon.channel("single") for _ in requests]
    # Every call starts here at once; threads only read.
    calls = [
        pb2_grpc.InferenceStub(c).Generate(r, timeout=120)
        for c, r in zip(channels, requests, strict=True)
    ]
    outcomes: list[str] = []

    def read(call: Any) -> None:
        try:
            list(call)
            outcomes.append("OK")
        except grpc.RpcError as exc:
            outcomes.append(exc.code().name)

    threads = [threading.Thread(target=read, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    for channel in channels:
        channel.close()
    assert "OK" in outcomes
    assert "RESOURCE_EXHAUSTED" in outcomes
    assert set(outcomes) == {"OK", "RESOURCE_EXHAUSTED"}
    windows = sorted(
        (record["end"] - record["timings"]["total_s"], record["end"])
        for record in audit_records(daemon)
        if str(record.get("request_id", "")).startswith(f"single-{batch}-")
        and record["status"] == "OK"
        for record in [{**record, "end": _epoch(record["time"])}]
    )
    assert len(windows) == outcomes.count("OK")
    for (_, end), (start, _) in itertools.pairwise(windows):
        assert start >= end - 0.01, f"two streams of one tenant overlapped: {windows}"


def _epoch(stamp: str) -> float:
    return datetime.datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()


def test_rate_limit_gives_retry_delay(daemon: RunningDaemon) -> None:
    # 'limited': 6 requests per minute, burst 3.
    errors = []
    for _ in range(5):
        try:
            generate(daemon, "limited")
        except grpc.RpcError as exc:
            errors.append(exc)
    assert errors, "a burst of 5 passed a limit of 3"
    assert errors[0].code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "6 requests per minute" in (errors[0].details() or "")
    delay = retry_delay(errors[0])
    assert delay is not None
    assert 0 < delay <= 10.0
    # Other tenants are not affected.
    assert generate(daemon, "client")[-1].WhichOneof("event") == "completed"


@pytest.mark.parametrize(("client", "allowed"), [("admin", True), ("stranger", False),
                                                ("client", False)])  # fmt: skip
def test_admin_calls_are_for_policy_admins(
    daemon: RunningDaemon, client: str, allowed: bool
) -> None:
    with daemon.channel(client) as channel:
        stub = pb2_grpc.AdminStub(channel)
        if allowed:
            status = stub.Status(pb2.StatusRequest(), timeout=10)
            assert status.policy_digest.startswith("sha256:")
        else:
            for method, message in ((stub.Status, pb2.StatusRequest()),
                                    (stub.ReloadPolicy, pb2.ReloadPolicyRequest())):  # fmt: skip
                with pytest.raises(grpc.RpcError) as caught:
                    method(message, timeout=10)
                assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED


def audit_records(daemon: RunningDaemon) -> list[dict[str, Any]]:
    records = []
    for path in sorted(daemon.audit_dir.glob("*.jsonl")):
        records.extend(json.loads(line) for line in path.read_text().splitlines() if line)
    return records


def test_every_call_is_audited_and_the_log_verifies(daemon: RunningDaemon) -> None:
    secret = "my account number is 12345678"
    ok = generate(daemon, "client", request_id="audit-ok-1", text=secret,
                  audit_labels={"ticket": "T-1"})  # fmt: skip
    assert ok[-1].WhichOneof("event") == "completed"
    with pytest.raises(grpc.RpcError):
        generate(daemon, "stranger", request_id="audit-denied-1")
    digest = daemon.status().policy_digest

    by_id = {r.get("request_id"): r for r in audit_records(daemon) if r["kind"] == "request"}
    served = by_id["audit-ok-1"]
    assert served["status"] == "OK"
    assert served["tenant"] == "demo"
    assert served["peer"] == "spiffe://appliance.local/tenant/demo"
    assert served["policy_digest"] == digest
    assert served["completion_tokens"] == 4
    assert served["audit_labels"] == {"ticket": "T-1"}
    assert served["prompt_hmac"].startswith("hmac-sha256:")
    denied = by_id["audit-denied-1"]
    assert denied["status"] == "PERMISSION_DENIED"
    assert denied["peer"] == "spiffe://appliance.local/tenant/unknown"
    # The tenant's policy does not allow text: the prompt appears nowhere in the log.
    assert all(secret not in path.read_text() for path in daemon.audit_dir.glob("*.jsonl"))

    result = subprocess.run(
        [sys.executable, "-m", "appliance.cli.main", "audit", "verify", str(daemon.audit_dir),
         "--public-key", str(daemon.audit_public_key)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("OK")
