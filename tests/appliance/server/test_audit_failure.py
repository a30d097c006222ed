"""The audit log that cannot be written fails closed, on a daemon of its own: the failure
is a file-size limit on the daemon process (EFBIG), which even root cannot write past."""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from appliance.api import pb2
from enclave import DevPki
from tests.daemon_harness import RunningDaemon, start_daemon

pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def audited(
    tmp_path_factory: pytest.TempPathFactory, demo_model: Path, dev_pki: DevPki
) -> Iterator[RunningDaemon]:
    daemon = start_daemon(tmp_path_factory.mktemp("audit-failure"), demo_model, dev_pki)
    yield daemon
    daemon.terminate()


def long_request(text: str) -> pb2.GenerateRequest:
    return pb2.GenerateRequest(
        model="demo", text=text, sampling=pb2.SamplingParams(temperature=0.0, max_tokens=200)
    )


def test_unwritable_audit_log_refuses_requests_then_recovers(audited: RunningDaemon) -> None:
    """With on_write_failure 'refuse', a log that cannot be written stops service (fail
    closed) and nothing is lost; service resumes once it can be written again. The failure
    is a file-size limit on the daemon process (EFBIG), which even root cannot write past."""
    daemon = audited
    live = daemon.audit_dir / "audit.jsonl"
    pid = daemon.process.pid
    soft, hard = resource.prlimit(pid, resource.RLIMIT_FSIZE)
    resource.prlimit(pid, resource.RLIMIT_FSIZE, (live.stat().st_size, hard))
    try:
        with pytest.raises(grpc.RpcError) as caught:
            list(daemon.inference().Generate(long_request("not audited"), timeout=60))
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        status = daemon.status()
        assert not status.audit_healthy
        assert status.audit_error
        with pytest.raises(grpc.RpcError) as refused:
            list(daemon.inference().Generate(long_request("refused"), timeout=60))
        assert refused.value.code() == grpc.StatusCode.UNAVAILABLE
        assert "audit log" in (refused.value.details() or "")
    finally:
        resource.prlimit(pid, resource.RLIMIT_FSIZE, (soft, hard))
    deadline = time.monotonic() + 15
    while not daemon.status().audit_healthy and time.monotonic() < deadline:
        time.sleep(0.1)
    assert daemon.status().audit_healthy
    assert list(daemon.inference().Generate(long_request("audited again"), timeout=60))
    result = subprocess.run(
        [sys.executable, "-m", "appliance.cli.main", "audit", "verify", str(daemon.audit_dir),
         "--public-key", str(daemon.audit_public_key)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
