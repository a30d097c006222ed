"""The daemon's configuration file: where it listens, which engines it runs, where files live.

Validated by pydantic with bounds; unknown keys are refused; frozen once loaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from appliance.audit.settings import AuditSettings
from appliance.config.located_yaml import LocatedDocument, load_yaml_file, validate_document
from appliance.config.paths import resolve_paths
from appliance.observability.settings import MetricsSettings, TracingSettings
from appliance.plugins.settings import PluginHostSettings
from appliance.routing.settings import RouterSettings
from appliance.screening.settings import ScreeningSettings
from appliance.telemetry.settings import TelemetrySettings
from enclave.attestation.settings import AttestationSettings

DType = Literal["auto", "float32", "bfloat16", "float16"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TlsConfig(_Frozen):
    """Server certificate and the CA that client certificates must chain to (mTLS)."""

    certificate: Path = Field(description="PEM server certificate chain, leaf first.")
    private_key: Path = Field(
        description="PEM private key of the server certificate. Under systemd, pass it with "
        "LoadCredential= and give '${CREDENTIALS_DIRECTORY}/tls.key' here."
    )
    client_ca: Path = Field(description="PEM CA bundle that client certificates must chain to.")


class ListenConfig(_Frozen):
    """Where the gRPC server listens."""

    tcp: str | None = Field(
        default="127.0.0.1:8443",
        description="host:port for gRPC over TCP; mTLS unless `insecure` is true. Null: none.",
    )
    unix_socket: Path | None = Field(
        default=None,
        description="Path of a Unix-domain socket for local use and local admin (mode 0660).",
    )
    insecure: bool = Field(
        default=False,
        description="Serve TCP without TLS. For development only; logs a warning at start.",
    )
    tls: TlsConfig | None = Field(default=None, description="Required for TCP unless insecure.")
    max_request_bytes: int = Field(
        default=16 * 1024 * 1024,
        ge=64 * 1024,
        le=256 * 1024 * 1024,
        description="Largest request message gRPC accepts; larger ones get RESOURCE_EXHAUSTED.",
    )
    reflection: bool = Field(default=False, description="Serve gRPC server reflection.")
    shutdown_grace_s: float = Field(
        default=30.0,
        ge=0,
        le=3600,
        description="On SIGTERM, how long in-flight streams may run before they are cut.",
    )

    @model_validator(mode="after")
    def _tcp_needs_tls(self) -> ListenConfig:
        if self.tcp is not None and not self.insecure and self.tls is None:
            raise ValueError("listen.tcp needs listen.tls (or insecure: true for development)")
        if self.tcp is None and self.unix_socket is None:
            raise ValueError("listen needs at least one of tcp and unix_socket")
        return self


class EngineConfig(_Frozen):
    """One vLLM engine: a model on one GPU or GPU group (or the CPU backend)."""

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,62}$", description="Engine name.")
    model: str = Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9._:/-]{0,127}$",
        description="Model name clients ask for. Several engines may serve one model.",
    )
    model_path: Path = Field(description="Hugging Face-format model directory on local disk.")
    signature: Path | None = Field(
        default=None,
        description="The model's OpenSSF model-signing signature, outside the model directory. "
        "Null: <model_path>.sig. Verified against the policy's signers for this model.",
    )
    dtype: DType = Field(default="auto", description="Weight and activation dtype.")
    max_model_len: int = Field(
        default=2048, ge=16, le=1_048_576, description="Longest prompt plus output, in tokens."
    )
    kv_cache_bytes: int | None = Field(
        default=None,
        ge=16 * 1024 * 1024,
        description="KV-cache size in bytes. Required on CPU, where vLLM cannot size it itself.",
    )
    gpu_memory_utilization: float = Field(
        default=0.9, gt=0, le=1, description="GPU only: fraction of GPU memory vLLM may take."
    )
    devices: list[int] | None = Field(
        default=None,
        max_length=64,
        description="GPU indices this engine owns (CUDA_VISIBLE_DEVICES). Null: all visible.",
    )
    tensor_parallel_size: int = Field(default=1, ge=1, le=64, description="GPUs per replica.")
    pipeline_parallel_size: int = Field(default=1, ge=1, le=64, description="Pipeline stages.")
    enforce_eager: bool = Field(
        default=False, description="Disable graph capture and compilation (always on for CPU)."
    )
    max_num_seqs: int = Field(
        default=128, ge=1, le=4096, description="Sequences the engine batches at once."
    )
    max_outstanding_requests: int = Field(
        default=512,
        ge=1,
        le=100_000,
        description="Requests admitted to this engine at once; more get RESOURCE_EXHAUSTED.",
    )
    max_tokens: int = Field(
        default=1024, ge=1, le=1_048_576, description="Largest max_tokens a request may ask."
    )
    default_max_tokens: int = Field(
        default=256, ge=1, le=1_048_576, description="max_tokens when a request sets none."
    )
    seed: int = Field(default=0, ge=0, description="Engine seed; requests may set their own.")

    @property
    def signature_path(self) -> Path:
        """Where the signature is: `signature`, or <model_path>.sig next to the directory."""
        if self.signature is not None:
            return self.signature
        return self.model_path.with_name(self.model_path.name + ".sig")

    @model_validator(mode="after")
    def _defaults_fit(self) -> EngineConfig:
        if self.default_max_tokens > self.max_tokens:
            raise ValueError("default_max_tokens must not exceed max_tokens")
        return self


class RequestLimits(_Frozen):
    """Bounds on every request, checked before anything reaches an engine."""

    max_prompt_bytes: int = Field(
        default=1024 * 1024,
        ge=1,
        le=64 * 1024 * 1024,
        description="Largest prompt (or all chat messages together), in UTF-8 bytes.",
    )
    max_messages: int = Field(default=256, ge=1, le=10_000, description="Chat messages at most.")
    max_stop_strings: int = Field(default=8, ge=0, le=64, description="Stop strings at most.")
    max_request_id_bytes: int = Field(default=128, ge=8, le=1024, description="request_id size.")


class StreamIntervals(_Frozen):
    """Tokens per streamed chunk, per SLA class. The first token is always sent at once;
    after it, vLLM sends a chunk every N tokens. Larger N costs less CPU per token (fewer
    messages) and delays text by at most N-1 tokens."""

    realtime: int = Field(default=1, ge=1, le=256, description="Realtime class.")
    interactive: int = Field(default=1, ge=1, le=256, description="Interactive class.")
    batch: int = Field(default=16, ge=1, le=256, description="Batch class.")


class DaemonConfig(_Frozen):
    """The whole daemon configuration file."""

    listen: ListenConfig = Field(default_factory=ListenConfig, description="Listeners.")
    engines: list[EngineConfig] = Field(min_length=1, max_length=64, description="Engines.")
    limits: RequestLimits = Field(default_factory=RequestLimits, description="Request bounds.")
    stream_interval: StreamIntervals = Field(
        default_factory=StreamIntervals, description="Tokens per streamed chunk by SLA class."
    )
    policy: Path = Field(
        description="The policy file: tenants, limits, admins. Reloaded on SIGHUP and on "
        "Admin.ReloadPolicy; a file that does not validate keeps the last good one live."
    )
    audit: AuditSettings = Field(
        description="The tamper-evident audit log: where it lives, its keys, checkpoints, "
        "rotation and what happens when it cannot be written."
    )
    screening: ScreeningSettings = Field(
        default_factory=ScreeningSettings,
        description="The prompt-injection detector: model file, input and decoding bounds, "
        "time budget. What each tenant screens, and the action, is in the policy.",
    )
    attestation: AttestationSettings = Field(
        default_factory=AttestationSettings,
        description="Evidence providers (the TEE hardware this appliance runs on) and how "
        "often it re-checks itself. Whether attestation is required is the policy's call.",
    )
    routing: RouterSettings = Field(
        default_factory=RouterSettings,
        description="The load-aware router: scorer weights, queue limits per SLA class, "
        "retry delays, batch budget capping. Class objectives come from the policy.",
    )
    telemetry: TelemetrySettings = Field(
        default_factory=TelemetrySettings,
        description="GPU telemetry sources feeding the router (NVML, eBPF uprobes).",
    )
    metrics: MetricsSettings = Field(
        default_factory=MetricsSettings,
        description="Prometheus /metrics endpoint: loopback by default, mTLS if exposed.",
    )
    tracing: TracingSettings = Field(
        default_factory=TracingSettings, description="OpenTelemetry traces (export off by default)."
    )
    plugins: PluginHostSettings | None = Field(
        default=None,
        description="Limits of every plugin call (fuel, deadline, memory, output) and the "
        "host-owned compile cache. Null: defaults, cache in <state_directory>/plugin-cache.",
    )
    state_directory: Path = Field(
        default=Path("/var/lib/appliance"), description="Writable state (audit log, caches)."
    )

    @field_validator("engines")
    @classmethod
    def _unique_engine_names(cls, engines: list[EngineConfig]) -> list[EngineConfig]:
        names = [e.name for e in engines]
        if len(set(names)) != len(names):
            raise ValueError(f"engine names must be unique, got {names}")
        return engines


def load_config(path: Path) -> DaemonConfig:
    """Load and validate a config file; raises LocatedYamlError with file:line:col errors."""
    document: LocatedDocument = load_yaml_file(path)
    config = validate_document(document, DaemonConfig)
    return _resolve_relative_paths(config, path.parent)


def _resolve_relative_paths(config: DaemonConfig, base: Path) -> DaemonConfig:
    """Relative paths in a config file are relative to the file, not the working directory."""
    return resolve_paths(config, base)
