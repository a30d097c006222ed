"""Start the real daemon as a subprocess (real vLLM on the CPU backend, real mTLS) for tests.

Stand-in named here, as the ground rules ask: this machine has no GPU, so the engine is
vLLM's CPU backend serving the locally built random-weight demo model.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import yaml
from grpc_health.v1 import health_pb2, health_pb2_grpc

from appliance.api import pb2, pb2_grpc
from appliance.audit import generate_audit_keys
from appliance.client import ClientTls, open_channel
from enclave import DevPki

START_TIMEOUT_S = 300.0
REPO = Path(__file__).resolve().parents[1]
# The committed development key (config/dev-model-signing): test daemons load the demo model
# the way `make run` does, signed, verified and staged before vLLM reads it.
DEV_SIGNING_KEY = REPO / "config" / "dev-model-signing" / "model-signing.key"
DEV_SIGNING_PUBLIC_KEY = REPO / "config" / "dev-model-signing" / "model-signing.pub"


def signature_of(model_dir: Path) -> Path:
    """Where an engine looks for a model's signature by default: <model_dir>.sig."""
    return model_dir.with_name(model_dir.name + ".sig")


def ensure_signed(model_dir: Path) -> Path:
    """Sign `model_dir` with the development key unless it already has a signature."""
    signature = signature_of(model_dir)
    if not signature.exists():
        from enclave.signing import sign_model

        sign_model(model_dir, signature, private_key=DEV_SIGNING_KEY)
    return signature


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def engine_config(model_dir: Path, **overrides: Any) -> dict[str, Any]:
    """The demo engine as tests configure it: small KV cache, deterministic."""
    engine = {
        "name": "cpu0",
        "model": "demo",
        "model_path": str(model_dir),
        "dtype": "float32",
        "max_model_len": 2048,
        "kv_cache_bytes": 128 * 1024 * 1024,
        "max_tokens": 2000,
        "default_max_tokens": 16,
    }
    engine.update(overrides)
    return engine


TENANT_CLIENTS = {
    "client": "spiffe://appliance.local/tenant/demo",
    "admin": "spiffe://appliance.local/admin/operator",
    "partner": "spiffe://appliance.local/tenant/partner-acme",
    "limited": "spiffe://appliance.local/tenant/limited",
    "stranger": "spiffe://appliance.local/tenant/unknown",
    "single": "spiffe://appliance.local/tenant/single",
    "flagger": "spiffe://appliance.local/tenant/flagger",
}


def tenant(tenant_id: str, identity: str, **overrides: Any) -> dict[str, Any]:
    """A policy tenant for tests: generous limits unless overridden."""
    entry: dict[str, Any] = {
        "id": tenant_id,
        "identities": [identity],
        "models": ["demo"],
        "sla": {"allowed": ["realtime", "interactive", "batch"], "default": "interactive"},
        "limits": {
            "max_prompt_bytes": 1048576,
            "max_tokens": 1024,
            "requests_per_minute": 100000,
            "max_concurrent_streams": 64,
        },
    }
    limits = {**entry["limits"], **overrides.pop("limits", {})}
    entry.update(overrides, limits=limits)
    return entry


def harness_policy(**overrides: Any) -> dict[str, Any]:
    """The policy test daemons run: a generous tenant, a restricted partner, a tenant with a
    small rate and one stream, and admins."""
    policy: dict[str, Any] = {
        "version": 1,
        "admins": ["spiffe://appliance.local/admin/*"],
        "tenants": [
            tenant("demo", TENANT_CLIENTS["client"], models=["*"], limits={"max_tokens": 2048}),
            tenant(
                "partner",
                "spiffe://appliance.local/tenant/partner-*",
                sla={"allowed": ["batch"], "default": "batch"},
                limits={"max_prompt_bytes": 64, "max_tokens": 8},
            ),
            tenant(
                "limited",
                TENANT_CLIENTS["limited"],
                limits={"requests_per_minute": 6, "burst": 3, "max_concurrent_streams": 8},
            ),
            tenant("single", TENANT_CLIENTS["single"], limits={"max_concurrent_streams": 1}),
            tenant("flagger", TENANT_CLIENTS["flagger"], screening={"action": "flag"}),
        ],
        "models": [{"name": "demo", "signers": [{"public_key": str(DEV_SIGNING_PUBLIC_KEY)}]}],
        # No TEE here: the harness opts in to serving unattested, as development policies must.
        "trust": {"attestation": "none"},
    }
    policy.update(overrides)
    return policy


@dataclass
class RunningDaemon:
    """A daemon subprocess and how to reach it."""

    process: subprocess.Popen[bytes]
    port: int
    unix_socket: Path
    pki: DevPki
    log_path: Path

    @property
    def audit_dir(self) -> Path:
        return self.log_path.parent / "audit"

    @property
    def audit_public_key(self) -> Path:
        return self.log_path.parent / "audit-keys" / "audit-signing.pub"

    @property
    def target(self) -> str:
        return f"localhost:{self.port}"

    def channel(self, client: str = "client") -> grpc.Channel:
        """An mTLS channel presenting the named client certificate."""
        tls = ClientTls(
            ca=self.pki.ca_certificate,
            certificate=self.pki.client_certificate(client),
            key=self.pki.client_key(client),
        )
        return open_channel(self.target, tls)

    def held_call(self, request: pb2.GenerateRequest) -> Any:
        """A Generate call the daemon cannot finish until this side reads it: a 1 KiB flow
        control window (no BDP growth) makes the daemon's writes wait for our reads, so the
        request stays outstanding however fast the engine is and however slow this process."""
        tls = ClientTls(
            ca=self.pki.ca_certificate,
            certificate=self.pki.client_certificate("client"),
            key=self.pki.client_key("client"),
        )
        credentials = grpc.ssl_channel_credentials(
            root_certificates=tls.ca.read_bytes(),
            private_key=tls.key.read_bytes(),
            certificate_chain=tls.certificate.read_bytes(),
        )
        channel = grpc.secure_channel(
            self.target,
            credentials,
            options=[("grpc.http2.lookahead_bytes", 1024), ("grpc.http2.bdp_probe", 0)],
        )
        return pb2_grpc.InferenceStub(channel).Generate(request, timeout=120)

    def local_channel(self) -> grpc.Channel:
        """A channel over the Unix socket (local admin)."""
        return open_channel(f"unix:{self.unix_socket}")

    def inference(self, client: str = "client") -> Any:
        return pb2_grpc.InferenceStub(self.channel(client))

    def status(self) -> pb2.StatusResponse:
        with self.local_channel() as channel:
            return pb2_grpc.AdminStub(channel).Status(pb2.StatusRequest(), timeout=10)

    def health(self) -> int:
        with self.local_channel() as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            return int(stub.Check(health_pb2.HealthCheckRequest(), timeout=5).status)

    def log_tail(self, lines: int = 60) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def wait_serving(self, timeout: float = START_TIMEOUT_S) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"daemon exited with {self.process.returncode}:\n{self.log_tail()}"
                )
            try:
                if self.health() == health_pb2.HealthCheckResponse.SERVING:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.2)
        raise TimeoutError(f"daemon not SERVING after {timeout} s:\n{self.log_tail()}")

    def wait_idle(self, timeout: float = 10.0) -> pb2.StatusResponse:
        """Wait until no engine has unfinished or outstanding requests; return the status."""
        deadline = time.monotonic() + timeout
        status = self.status()
        while time.monotonic() < deadline:
            status = self.status()
            if all(
                e.unfinished_requests == 0 and e.outstanding_requests == 0 for e in status.engines
            ):
                return status
            time.sleep(0.05)
        return status

    def request_records(self, request_id: str, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Wait until the audit log holds a request record for `request_id`; return them all.

        The handler writes the record after the engine is freed (a cancel, a deadline), so
        a test that read the file as soon as the engine was idle could race the write.
        """
        deadline = time.monotonic() + timeout
        while True:
            records = [
                record
                for path in sorted(self.audit_dir.glob("*.jsonl"))
                for record in map(_json_or_none, path.read_text().splitlines())
                if record is not None
                and record.get("kind") == "request"
                and record.get("request_id") == request_id
            ]
            if records or time.monotonic() >= deadline:
                return records
            time.sleep(0.05)

    def request_log_lines(self, request_id: str, timeout: float = 10.0) -> list[dict[str, Any]]:
        """Wait until the daemon's log holds a request line for `request_id` (written after
        the audit record); return those lines' JSON fields."""
        deadline = time.monotonic() + timeout
        while True:
            lines = [
                fields
                for text in self.log_path.read_text(errors="replace").splitlines()
                if "appliance.requests" in text and request_id in text and "{" in text
                if (fields := _json_or_none(text[text.index("{") :])) is not None
            ]
            if lines or time.monotonic() >= deadline:
                return lines
            time.sleep(0.05)

    def terminate(self, timeout: float = 60.0) -> int:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                # The daemon leads its own process group: take its engine processes too.
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        return int(self.process.returncode)


def _json_or_none(line: str) -> dict[str, Any] | None:
    """A JSON object line, or None for a line still being written (read mid-append)."""
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def start_daemon(
    workdir: Path,
    model_dir: Path,
    pki: DevPki,
    *,
    engine: Mapping[str, Any] | None = None,
    listen: Mapping[str, Any] | None = None,
    extra: Mapping[str, Any] | None = None,
    env: Mapping[str, str] | None = None,
    policy: Mapping[str, Any] | None = None,
    audit: Mapping[str, Any] | None = None,
    wait: bool = True,
    sign: bool = True,
) -> RunningDaemon:
    """Write a config into `workdir` and start `appliance serve` on it. `sign`: sign the
    model with the development key first if it has no signature yet."""
    workdir.mkdir(parents=True, exist_ok=True)
    if sign:
        ensure_signed(model_dir)
    policy_path = workdir / "policy.yaml"
    policy_path.write_text(yaml.safe_dump(dict(policy) if policy else harness_policy()))
    keys = generate_audit_keys(workdir / "audit-keys")
    port = free_port()
    unix_socket = workdir / "appliance.sock"
    config: dict[str, Any] = {
        "listen": {
            "tcp": f"127.0.0.1:{port}",
            "unix_socket": str(unix_socket),
            "tls": {
                "certificate": str(pki.server_certificate),
                "private_key": str(pki.server_key),
                "client_ca": str(pki.ca_certificate),
            },
            "reflection": True,
            "shutdown_grace_s": 20,
            **(listen or {}),
        },
        "engines": [dict(engine) if engine else engine_config(model_dir)],
        "policy": str(policy_path),
        "audit": {
            "path": str(workdir / "audit" / "audit.jsonl"),
            "signing_key": str(keys.signing_key),
            "hmac_key": str(keys.hmac_key),
            "checkpoint_every_records": 50,
            "checkpoint_every_s": 5,
            **(audit or {}),
        },
        "state_directory": str(workdir / "state"),
        # Several test daemons run at once: each takes a free port (Status says which).
        "metrics": {"address": "127.0.0.1:0"},
        **(extra or {}),
    }
    config_path = workdir / "appliance.yaml"
    config_path.write_text(yaml.safe_dump(config))
    log_path = workdir / "daemon.log"
    process_env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "appliance.cli.main", "serve", "--config", str(config_path)],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=process_env,
            # Its own process group (killpg below), but the same session as the tests: a
            # new session is a new scheduler autogroup, and on this 2-core machine the
            # CPU engine processes busy-waiting in it starved the daemon for seconds.
            process_group=0,
        )
    daemon = RunningDaemon(process, port, unix_socket, pki, log_path)
    if wait:
        try:
            daemon.wait_serving()
        except BaseException:
            daemon.terminate()
            raise
    return daemon
