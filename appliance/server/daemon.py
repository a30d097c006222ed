"""The daemon's life: listen, load engines, serve, drain on SIGTERM, stop.

Start-up order: listeners first (health answers NOT_SERVING while models load), then
engines, then SERVING and READY=1 to systemd. Shutdown: NOT_SERVING and no new requests,
in-flight streams finish within the grace period, then listeners and engines stop.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import stat
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

import grpc
from grpc_health.v1 import health, health_pb2

from appliance.audit.errors import AuditError
from appliance.audit.writer import AuditLog
from appliance.config.settings import DaemonConfig
from appliance.engine.contract import Engine
from appliance.observability import LiveState, RequestMetrics, make_tracer, serve_metrics
from appliance.plugins import PluginHost, PluginHostSettings
from appliance.policy.loader import LoadedPolicy
from appliance.policy.store import PolicyPrepareError, PolicyStore
from appliance.screening import AsyncScreener, Screener, ScreeningError
from appliance.server import admin_service, attestation_service, inference_service
from appliance.server.admin_service import AdminService
from appliance.server.attestation_monitor import AttestationMonitor
from appliance.server.attestation_service import AttestationService
from appliance.server.engine_pool import EnginePool
from appliance.server.engine_supervisor import EngineSupervisor
from appliance.server.gc_heap import freeze_heap
from appliance.server.inference_service import InferenceService
from appliance.server.model_gate import ModelGate
from appliance.server.plugin_chains import PluginChains
from appliance.server.request_router import RequestRouter
from appliance.server.serving_state import ServingState, record_event, record_reload
from appliance.server.side_services import health_handler, reflection_handler
from appliance.server.systemd_notify import SystemdNotifier
from appliance.server.telemetry_hub import TelemetryHub
from appliance.server.tls import TlsSetupError, server_credentials, tls_public_key
from enclave.attestation.registry import ProviderSetupError
from enclave.sealing import SealingKey

log = logging.getLogger(__name__)

_SERVICES = (
    inference_service.SERVICE_NAME,
    admin_service.SERVICE_NAME,
    attestation_service.SERVICE_NAME,
)
_EXTEND_EVERY_S = 10.0
_T = TypeVar("_T")


class DaemonStartError(Exception):
    """The daemon could not start: a listener failed to bind or no engine came up."""


class Daemon:
    """One appliance process."""

    state: ServingState

    def __init__(
        self,
        config: DaemonConfig,
        *,
        engines: Sequence[Engine] | None = None,
        notifier: SystemdNotifier | None = None,
        version: str = "0",
    ) -> None:
        self._config = config
        self._notifier = notifier or SystemdNotifier()
        # Given engines are used as they are (tests); otherwise each configured engine is
        # made once its model is admitted (verified and staged), in _load_engines.
        self._pool = EnginePool(engines or ())
        self._build_engines = engines is None
        self._models = ModelGate(config.state_directory / "models")
        self._telemetry = TelemetryHub(config.telemetry, lambda: self._pool.engines)
        self._version = version
        plugin_settings = config.plugins or PluginHostSettings(
            cache_dir=config.state_directory / "plugin-cache"
        )
        self._plugins = PluginChains(PluginHost(plugin_settings))
        # Loaded here, before anything listens: a broken policy stops the start.
        self._policies = PolicyStore.open(config.policy, prepare=self._prepare_policy)
        self._health = health.aio.HealthServicer()
        self._stop = asyncio.Event()
        self._server: grpc.aio.Server | None = None
        self._background: set[asyncio.Task[object]] = set()
        self._health_serving = False

    async def _prepare_policy(self, loaded: LoadedPolicy) -> None:
        """Every policy, at start and on reload, before it goes live."""
        await self._plugins.prepare(loaded)
        await self._models.check_reload(loaded)

    def request_stop(self) -> None:
        """Begin a graceful shutdown (what SIGTERM does)."""
        self._stop.set()

    async def run(self) -> int:
        """Serve until asked to stop; returns the process exit code."""
        try:
            await self._policies.start()
        except PolicyPrepareError as exc:
            raise DaemonStartError(f"policy: {exc}") from exc
        try:
            screener = AsyncScreener(await asyncio.to_thread(Screener.load, self._config.screening))
        except ScreeningError as exc:
            raise DaemonStartError(f"screening: {exc}") from exc
        try:
            audit = await AuditLog.open(self._config.audit)
        except AuditError as exc:
            screener.close()
            raise DaemonStartError(f"audit log: {exc}") from exc
        try:
            attestation = AttestationMonitor(
                self._config.attestation,
                tls_public_key=tls_public_key(self._config.listen.tls),
                sealing_key=SealingKey(),
                policies=self._policies,
                model_digests=self._pool.model_digests,
            )
        except (ProviderSetupError, TlsSetupError) as exc:
            await audit.close()
            screener.close()
            raise DaemonStartError(f"attestation: {exc}") from exc
        tracer, tracer_provider = make_tracer(self._config.tracing, version=self._version)
        self.state = ServingState(
            config=self._config,
            pool=self._pool,
            policies=self._policies,
            audit=audit,
            plugins=self._plugins,
            screener=screener,
            attestation=attestation,
            version=self._version,
            metrics=RequestMetrics.default(),
            tracer=tracer,
            router=RequestRouter(
                self._pool, self._config.routing, gpu_load=self._telemetry.gpu_load
            ),
        )
        # A new policy may demand attestation the old one did not (or stop demanding it).
        self.state.after_reload = self._refresh_health
        self.state.telemetry_status = self._telemetry.statuses
        stop_metrics: Callable[[], None] | None = None
        try:
            stop_metrics = self._start_metrics()
            await audit.record_event(
                "start",
                {"version": self._version, "policy_digest": self._policies.current.digest},
            )
            return await self._serve()
        finally:
            with contextlib.suppress(AuditError):
                await audit.record_event("stop", {})
            await audit.close()
            self._plugins.close()
            screener.close()
            if stop_metrics is not None:
                stop_metrics()
            tracer_provider.shutdown()

    def _start_metrics(self) -> Callable[[], None]:
        settings = self._config.metrics
        if settings.address is None:
            return lambda: None
        live = LiveState(
            engines=lambda: [(e.info.name, s) for e, s in self.state.pool.stats()],
            attestation=self._attestation_gauges,
            policy_digest=lambda: self.state.policies.current.digest,
            audit_healthy=lambda: self.state.audit.healthy,
            telemetry=lambda: {n: s.live for n, s in self._telemetry.statuses().items()},
        )
        try:
            address, stop = serve_metrics(settings, live)
        except (OSError, ValueError) as exc:
            raise DaemonStartError(f"metrics: cannot serve on {settings.address}: {exc}") from exc
        self.state.metrics_address = address
        log.info("metrics on %s://%s/metrics", "https" if settings.tls else "http", address)
        return stop

    def _attestation_gauges(self) -> tuple[bool, float]:
        last = self.state.attestation.last
        if last is None:
            return False, 0.0
        return last.attested, time.monotonic() - last.checked_at

    async def _serve(self) -> int:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self.request_stop)
        loop.add_signal_handler(signal.SIGHUP, self._reload_policy_soon)
        log.info(
            "policy %s live from %s", self.state.policies.current.short_digest, self._config.policy
        )
        await self._set_health(health_pb2.HealthCheckResponse.NOT_SERVING)
        self._server = await self._start_server()
        engines = EngineSupervisor(self.state, self._models)
        try:
            if not await self._load_engines(engines):
                return 1
            if self._stop.is_set():
                return 0
            await self._check_attestation()
            freeze_heap("start-up")
            self.state.serving = True
            refusal = await self._refresh_health()
            if refusal is None:
                self._notifier.ready(f"serving {', '.join(self.state.pool.models())}")
            else:
                self._notifier.ready(f"NOT SERVING: {refusal}")
            watchdog = asyncio.create_task(self._watchdog())
            recheck = asyncio.create_task(self._recheck_attestation())
            self._telemetry.start()
            supervisor = asyncio.create_task(engines.supervise())
            await self._stop.wait()
            watchdog.cancel()
            recheck.cancel()
            supervisor.cancel()
            await self._drain()
            return 0
        finally:
            self._telemetry.close()
            await self._server.stop(grace=1.0)
            await self.state.pool.shutdown_all()
            log.info("stopped")

    def _reload_policy_soon(self) -> None:
        task = asyncio.create_task(self._reload_policy())
        # Keep a reference until done: the loop holds only weak ones.
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def _reload_policy(self) -> None:
        await record_reload(self.state, await self.state.policies.reload())

    async def _check_attestation(self) -> None:
        check = await self.state.attestation.check()
        await record_event(
            self.state,
            "attestation_check",
            {"passed": check.passed, "attested": check.attested, "error": check.error},
        )

    async def _recheck_attestation(self) -> None:
        while True:
            await asyncio.sleep(self._config.attestation.recheck_interval_s)
            await self._check_attestation()
            await self._refresh_health()

    async def _refresh_health(self) -> str | None:
        """SERVING when engines are up, not draining, and the live policy's attestation
        demand is met; returns why not otherwise."""
        if not self.state.serving or self.state.draining:
            return "not started" if not self.state.serving else "draining"
        refusal = self.state.attestation.refusal(self.state.policies.current.policy)
        if refusal is None:
            await self._set_health(health_pb2.HealthCheckResponse.SERVING)
            if not self._health_serving:
                log.info("serving: health SERVING")
        else:
            await self._set_health(health_pb2.HealthCheckResponse.NOT_SERVING)
            log.error("NOT SERVING: %s", refusal)
        self._health_serving = refusal is None
        return refusal

    async def _set_health(self, status: health_pb2.HealthCheckResponse.ServingStatus) -> None:
        for name in ("", *_SERVICES):
            await self._health.set(name, status)

    async def _start_server(self) -> grpc.aio.Server:
        listen = self._config.listen
        limit = listen.max_request_bytes
        server = grpc.aio.server(
            options=[
                ("grpc.max_receive_message_length", limit),
                ("grpc.max_send_message_length", limit),
                ("grpc.so_reuseport", 0),
            ]
        )
        handlers = [
            InferenceService(self.state).handler(),
            AdminService(self.state).handler(),
            AttestationService(self.state).handler(),
            health_handler(self._health),
        ]
        if listen.reflection:
            from grpc_reflection.v1alpha import reflection

            handlers.append(
                reflection_handler((*_SERVICES, health.SERVICE_NAME, reflection.SERVICE_NAME))
            )
        server.add_generic_rpc_handlers(tuple(handlers))
        tcp = listen.tcp
        if tcp is not None:
            if listen.insecure:
                log.warning("listening on %s WITHOUT TLS (listen.insecure): development only", tcp)
                _bind(lambda: server.add_insecure_port(tcp), tcp)
            else:
                assert listen.tls is not None
                credentials = server_credentials(listen.tls)
                _bind(lambda: server.add_secure_port(tcp, credentials), tcp)
            log.info("listening on %s (%s)", tcp, "insecure" if listen.insecure else "mTLS")
        if listen.unix_socket is not None:
            _remove_stale_socket(listen.unix_socket)
            address = f"unix:{listen.unix_socket}"
            _bind(lambda: server.add_insecure_port(address), address)
        await server.start()
        if listen.unix_socket is not None:
            os.chmod(listen.unix_socket, 0o660)
            log.info("listening on unix:%s (local admin)", listen.unix_socket)
        return server

    async def _load_engines(self, engines: EngineSupervisor) -> bool:
        started = time.monotonic()
        if self._build_engines:
            self._notifier.status("verifying models")
            for config in self._config.engines:
                self.state.pool.add(await self._while_extending(engines.admitted_engine(config)))
        self._notifier.status("loading engines")
        ready = await self._while_extending(self.state.pool.start_all())
        log.info(
            "%d of %d engines ready after %.1f s",
            ready,
            len(self.state.pool.engines),
            time.monotonic() - started,
        )
        if ready == 0:
            self._notifier.status("no engine could start; see the log")
            log.error("no engine could start; exiting")
            return False
        return True

    async def _while_extending(self, work: Coroutine[Any, Any, _T]) -> _T:
        """Await `work`, asking systemd for more start time every few seconds: verifying
        and loading large models can outlast TimeoutStartSec."""
        task = asyncio.create_task(work)
        while not task.done():
            self._notifier.extend_timeout(_EXTEND_EVERY_S * 3)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(task), _EXTEND_EVERY_S)
        return task.result()

    async def _watchdog(self) -> None:
        interval = self._notifier.watchdog_interval_s
        if not interval:
            return
        # Pinging from the event loop proves the loop itself is alive, not just a thread.
        while True:
            self._notifier.watchdog()
            await asyncio.sleep(interval / 2)

    async def _drain(self) -> None:
        grace = self._config.listen.shutdown_grace_s
        log.info("draining: health NOT_SERVING, up to %.1f s for in-flight streams", grace)
        self.state.draining = True
        self._notifier.stopping("draining")
        await self._health.enter_graceful_shutdown()
        await self.state.pool.drain_all()
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline:
            if all(s.outstanding_requests == 0 for _, s in self.state.pool.stats()):
                break
            await asyncio.sleep(0.05)
        else:
            log.warning("grace period over: cutting remaining streams")


def _bind(add_port: Callable[[], int], address: str) -> None:
    """Bind a listener; grpcio raises RuntimeError (or returns 0) when it cannot."""
    try:
        port = add_port()
    except RuntimeError as exc:
        raise DaemonStartError(f"cannot listen on {address}: {exc}") from None
    if port == 0:
        raise DaemonStartError(f"cannot listen on {address}")


def _remove_stale_socket(path: Path) -> None:
    """Remove a socket file a previous run left; refuse to remove anything else."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(mode):
        raise DaemonStartError(f"{path} exists and is not a socket; refusing to replace it")
    path.unlink()
