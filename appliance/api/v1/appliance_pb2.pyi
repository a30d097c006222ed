from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class SlaClass(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SLA_CLASS_UNSPECIFIED: _ClassVar[SlaClass]
    REALTIME: _ClassVar[SlaClass]
    INTERACTIVE: _ClassVar[SlaClass]
    BATCH: _ClassVar[SlaClass]
SLA_CLASS_UNSPECIFIED: SlaClass
REALTIME: SlaClass
INTERACTIVE: SlaClass
BATCH: SlaClass

class ChatMessage(_message.Message):
    __slots__ = ("role", "content")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    role: str
    content: str
    def __init__(self, role: _Optional[str] = ..., content: _Optional[str] = ...) -> None: ...

class ChatMessages(_message.Message):
    __slots__ = ("messages",)
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    messages: _containers.RepeatedCompositeFieldContainer[ChatMessage]
    def __init__(self, messages: _Optional[_Iterable[_Union[ChatMessage, _Mapping]]] = ...) -> None: ...

class SamplingParams(_message.Message):
    __slots__ = ("temperature", "top_p", "top_k", "max_tokens", "stop", "seed")
    TEMPERATURE_FIELD_NUMBER: _ClassVar[int]
    TOP_P_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    STOP_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    temperature: float
    top_p: float
    top_k: int
    max_tokens: int
    stop: _containers.RepeatedScalarFieldContainer[str]
    seed: int
    def __init__(self, temperature: _Optional[float] = ..., top_p: _Optional[float] = ..., top_k: _Optional[int] = ..., max_tokens: _Optional[int] = ..., stop: _Optional[_Iterable[str]] = ..., seed: _Optional[int] = ...) -> None: ...

class GenerateRequest(_message.Message):
    __slots__ = ("request_id", "model", "text", "messages", "sealed", "sampling", "sla_class", "audit_labels")
    class AuditLabelsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    SEALED_FIELD_NUMBER: _ClassVar[int]
    SAMPLING_FIELD_NUMBER: _ClassVar[int]
    SLA_CLASS_FIELD_NUMBER: _ClassVar[int]
    AUDIT_LABELS_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    model: str
    text: str
    messages: ChatMessages
    sealed: SealedInput
    sampling: SamplingParams
    sla_class: SlaClass
    audit_labels: _containers.ScalarMap[str, str]
    def __init__(self, request_id: _Optional[str] = ..., model: _Optional[str] = ..., text: _Optional[str] = ..., messages: _Optional[_Union[ChatMessages, _Mapping]] = ..., sealed: _Optional[_Union[SealedInput, _Mapping]] = ..., sampling: _Optional[_Union[SamplingParams, _Mapping]] = ..., sla_class: _Optional[_Union[SlaClass, str]] = ..., audit_labels: _Optional[_Mapping[str, str]] = ...) -> None: ...

class SealedInput(_message.Message):
    __slots__ = ("ciphertext",)
    CIPHERTEXT_FIELD_NUMBER: _ClassVar[int]
    ciphertext: bytes
    def __init__(self, ciphertext: _Optional[bytes] = ...) -> None: ...

class SealedPrompt(_message.Message):
    __slots__ = ("text", "messages")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    text: str
    messages: ChatMessages
    def __init__(self, text: _Optional[str] = ..., messages: _Optional[_Union[ChatMessages, _Mapping]] = ...) -> None: ...

class Started(_message.Message):
    __slots__ = ("model", "prompt_tokens", "engine", "max_tokens", "budget_capped")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    PROMPT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    BUDGET_CAPPED_FIELD_NUMBER: _ClassVar[int]
    model: str
    prompt_tokens: int
    engine: str
    max_tokens: int
    budget_capped: bool
    def __init__(self, model: _Optional[str] = ..., prompt_tokens: _Optional[int] = ..., engine: _Optional[str] = ..., max_tokens: _Optional[int] = ..., budget_capped: _Optional[bool] = ...) -> None: ...

class Chunk(_message.Message):
    __slots__ = ("text", "token_ids", "sealed_text")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_IDS_FIELD_NUMBER: _ClassVar[int]
    SEALED_TEXT_FIELD_NUMBER: _ClassVar[int]
    text: str
    token_ids: _containers.RepeatedScalarFieldContainer[int]
    sealed_text: bytes
    def __init__(self, text: _Optional[str] = ..., token_ids: _Optional[_Iterable[int]] = ..., sealed_text: _Optional[bytes] = ...) -> None: ...

class Usage(_message.Message):
    __slots__ = ("prompt_tokens", "completion_tokens")
    PROMPT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    COMPLETION_TOKENS_FIELD_NUMBER: _ClassVar[int]
    prompt_tokens: int
    completion_tokens: int
    def __init__(self, prompt_tokens: _Optional[int] = ..., completion_tokens: _Optional[int] = ...) -> None: ...

class Timings(_message.Message):
    __slots__ = ("queue_s", "ttft_s", "total_s")
    QUEUE_S_FIELD_NUMBER: _ClassVar[int]
    TTFT_S_FIELD_NUMBER: _ClassVar[int]
    TOTAL_S_FIELD_NUMBER: _ClassVar[int]
    queue_s: float
    ttft_s: float
    total_s: float
    def __init__(self, queue_s: _Optional[float] = ..., ttft_s: _Optional[float] = ..., total_s: _Optional[float] = ...) -> None: ...

class Completed(_message.Message):
    __slots__ = ("finish_reason", "usage", "timings", "sealed_trailer")
    FINISH_REASON_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    TIMINGS_FIELD_NUMBER: _ClassVar[int]
    SEALED_TRAILER_FIELD_NUMBER: _ClassVar[int]
    finish_reason: str
    usage: Usage
    timings: Timings
    sealed_trailer: bytes
    def __init__(self, finish_reason: _Optional[str] = ..., usage: _Optional[_Union[Usage, _Mapping]] = ..., timings: _Optional[_Union[Timings, _Mapping]] = ..., sealed_trailer: _Optional[bytes] = ...) -> None: ...

class GenerateResponse(_message.Message):
    __slots__ = ("request_id", "started", "chunk", "completed")
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    STARTED_FIELD_NUMBER: _ClassVar[int]
    CHUNK_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_FIELD_NUMBER: _ClassVar[int]
    request_id: str
    started: Started
    chunk: Chunk
    completed: Completed
    def __init__(self, request_id: _Optional[str] = ..., started: _Optional[_Union[Started, _Mapping]] = ..., chunk: _Optional[_Union[Chunk, _Mapping]] = ..., completed: _Optional[_Union[Completed, _Mapping]] = ...) -> None: ...

class ScreenRequest(_message.Message):
    __slots__ = ("text", "messages", "threshold")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    THRESHOLD_FIELD_NUMBER: _ClassVar[int]
    text: str
    messages: ChatMessages
    threshold: float
    def __init__(self, text: _Optional[str] = ..., messages: _Optional[_Union[ChatMessages, _Mapping]] = ..., threshold: _Optional[float] = ...) -> None: ...

class ScreenReason(_message.Message):
    __slots__ = ("kind", "start", "end", "detail", "message_index")
    KIND_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    kind: str
    start: int
    end: int
    detail: str
    message_index: int
    def __init__(self, kind: _Optional[str] = ..., start: _Optional[int] = ..., end: _Optional[int] = ..., detail: _Optional[str] = ..., message_index: _Optional[int] = ...) -> None: ...

class ScreenResponse(_message.Message):
    __slots__ = ("score", "injection", "action", "reasons", "latency_ms")
    SCORE_FIELD_NUMBER: _ClassVar[int]
    INJECTION_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    REASONS_FIELD_NUMBER: _ClassVar[int]
    LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    score: float
    injection: bool
    action: str
    reasons: _containers.RepeatedCompositeFieldContainer[ScreenReason]
    latency_ms: float
    def __init__(self, score: _Optional[float] = ..., injection: _Optional[bool] = ..., action: _Optional[str] = ..., reasons: _Optional[_Iterable[_Union[ScreenReason, _Mapping]]] = ..., latency_ms: _Optional[float] = ...) -> None: ...

class ListModelsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ModelInfo(_message.Message):
    __slots__ = ("name", "max_model_len", "ready_engines")
    NAME_FIELD_NUMBER: _ClassVar[int]
    MAX_MODEL_LEN_FIELD_NUMBER: _ClassVar[int]
    READY_ENGINES_FIELD_NUMBER: _ClassVar[int]
    name: str
    max_model_len: int
    ready_engines: int
    def __init__(self, name: _Optional[str] = ..., max_model_len: _Optional[int] = ..., ready_engines: _Optional[int] = ...) -> None: ...

class ListModelsResponse(_message.Message):
    __slots__ = ("models",)
    MODELS_FIELD_NUMBER: _ClassVar[int]
    models: _containers.RepeatedCompositeFieldContainer[ModelInfo]
    def __init__(self, models: _Optional[_Iterable[_Union[ModelInfo, _Mapping]]] = ...) -> None: ...

class StatusRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EngineStatus(_message.Message):
    __slots__ = ("name", "model", "state", "running_requests", "waiting_requests", "kv_cache_usage", "outstanding_requests", "error", "unfinished_requests", "requests_total", "process_ids")
    NAME_FIELD_NUMBER: _ClassVar[int]
    MODEL_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    RUNNING_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    WAITING_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    KV_CACHE_USAGE_FIELD_NUMBER: _ClassVar[int]
    OUTSTANDING_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    UNFINISHED_REQUESTS_FIELD_NUMBER: _ClassVar[int]
    REQUESTS_TOTAL_FIELD_NUMBER: _ClassVar[int]
    PROCESS_IDS_FIELD_NUMBER: _ClassVar[int]
    name: str
    model: str
    state: str
    running_requests: int
    waiting_requests: int
    kv_cache_usage: float
    outstanding_requests: int
    error: str
    unfinished_requests: int
    requests_total: int
    process_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, name: _Optional[str] = ..., model: _Optional[str] = ..., state: _Optional[str] = ..., running_requests: _Optional[int] = ..., waiting_requests: _Optional[int] = ..., kv_cache_usage: _Optional[float] = ..., outstanding_requests: _Optional[int] = ..., error: _Optional[str] = ..., unfinished_requests: _Optional[int] = ..., requests_total: _Optional[int] = ..., process_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class StatusResponse(_message.Message):
    __slots__ = ("health", "version", "engines", "uptime_s", "policy_digest", "policy_error", "policy_loaded_at", "policy_reload_failures", "audit_healthy", "audit_error", "attestation", "models", "metrics_address", "telemetry")
    HEALTH_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    ENGINES_FIELD_NUMBER: _ClassVar[int]
    UPTIME_S_FIELD_NUMBER: _ClassVar[int]
    POLICY_DIGEST_FIELD_NUMBER: _ClassVar[int]
    POLICY_ERROR_FIELD_NUMBER: _ClassVar[int]
    POLICY_LOADED_AT_FIELD_NUMBER: _ClassVar[int]
    POLICY_RELOAD_FAILURES_FIELD_NUMBER: _ClassVar[int]
    AUDIT_HEALTHY_FIELD_NUMBER: _ClassVar[int]
    AUDIT_ERROR_FIELD_NUMBER: _ClassVar[int]
    ATTESTATION_FIELD_NUMBER: _ClassVar[int]
    MODELS_FIELD_NUMBER: _ClassVar[int]
    METRICS_ADDRESS_FIELD_NUMBER: _ClassVar[int]
    TELEMETRY_FIELD_NUMBER: _ClassVar[int]
    health: str
    version: str
    engines: _containers.RepeatedCompositeFieldContainer[EngineStatus]
    uptime_s: float
    policy_digest: str
    policy_error: str
    policy_loaded_at: float
    policy_reload_failures: int
    audit_healthy: bool
    audit_error: str
    attestation: AttestationStatus
    models: _containers.RepeatedCompositeFieldContainer[ModelStatus]
    metrics_address: str
    telemetry: _containers.RepeatedCompositeFieldContainer[TelemetrySourceStatus]
    def __init__(self, health: _Optional[str] = ..., version: _Optional[str] = ..., engines: _Optional[_Iterable[_Union[EngineStatus, _Mapping]]] = ..., uptime_s: _Optional[float] = ..., policy_digest: _Optional[str] = ..., policy_error: _Optional[str] = ..., policy_loaded_at: _Optional[float] = ..., policy_reload_failures: _Optional[int] = ..., audit_healthy: _Optional[bool] = ..., audit_error: _Optional[str] = ..., attestation: _Optional[_Union[AttestationStatus, _Mapping]] = ..., models: _Optional[_Iterable[_Union[ModelStatus, _Mapping]]] = ..., metrics_address: _Optional[str] = ..., telemetry: _Optional[_Iterable[_Union[TelemetrySourceStatus, _Mapping]]] = ...) -> None: ...

class TelemetrySourceStatus(_message.Message):
    __slots__ = ("name", "live", "reason")
    NAME_FIELD_NUMBER: _ClassVar[int]
    LIVE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    name: str
    live: bool
    reason: str
    def __init__(self, name: _Optional[str] = ..., live: _Optional[bool] = ..., reason: _Optional[str] = ...) -> None: ...

class AttestationStatus(_message.Message):
    __slots__ = ("required", "attested", "providers", "error", "age_s", "claims")
    class ClaimsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    REQUIRED_FIELD_NUMBER: _ClassVar[int]
    ATTESTED_FIELD_NUMBER: _ClassVar[int]
    PROVIDERS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    AGE_S_FIELD_NUMBER: _ClassVar[int]
    CLAIMS_FIELD_NUMBER: _ClassVar[int]
    required: bool
    attested: bool
    providers: _containers.RepeatedScalarFieldContainer[str]
    error: str
    age_s: float
    claims: _containers.ScalarMap[str, str]
    def __init__(self, required: _Optional[bool] = ..., attested: _Optional[bool] = ..., providers: _Optional[_Iterable[str]] = ..., error: _Optional[str] = ..., age_s: _Optional[float] = ..., claims: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ModelStatus(_message.Message):
    __slots__ = ("model", "digest", "signer", "path")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    DIGEST_FIELD_NUMBER: _ClassVar[int]
    SIGNER_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    model: str
    digest: str
    signer: str
    path: str
    def __init__(self, model: _Optional[str] = ..., digest: _Optional[str] = ..., signer: _Optional[str] = ..., path: _Optional[str] = ...) -> None: ...

class EvidenceRequest(_message.Message):
    __slots__ = ("nonce",)
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: bytes
    def __init__(self, nonce: _Optional[bytes] = ...) -> None: ...

class ProviderEvidence(_message.Message):
    __slots__ = ("provider", "attested", "blobs")
    class BlobsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: bytes
        def __init__(self, key: _Optional[str] = ..., value: _Optional[bytes] = ...) -> None: ...
    PROVIDER_FIELD_NUMBER: _ClassVar[int]
    ATTESTED_FIELD_NUMBER: _ClassVar[int]
    BLOBS_FIELD_NUMBER: _ClassVar[int]
    provider: str
    attested: bool
    blobs: _containers.ScalarMap[str, bytes]
    def __init__(self, provider: _Optional[str] = ..., attested: _Optional[bool] = ..., blobs: _Optional[_Mapping[str, bytes]] = ...) -> None: ...

class ModelDigest(_message.Message):
    __slots__ = ("model", "digest")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    DIGEST_FIELD_NUMBER: _ClassVar[int]
    model: str
    digest: str
    def __init__(self, model: _Optional[str] = ..., digest: _Optional[str] = ...) -> None: ...

class Evidence(_message.Message):
    __slots__ = ("providers", "report_data", "policy_digest", "models", "tls_public_key", "hpke_public_key", "hpke_suite", "attested")
    PROVIDERS_FIELD_NUMBER: _ClassVar[int]
    REPORT_DATA_FIELD_NUMBER: _ClassVar[int]
    POLICY_DIGEST_FIELD_NUMBER: _ClassVar[int]
    MODELS_FIELD_NUMBER: _ClassVar[int]
    TLS_PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    HPKE_PUBLIC_KEY_FIELD_NUMBER: _ClassVar[int]
    HPKE_SUITE_FIELD_NUMBER: _ClassVar[int]
    ATTESTED_FIELD_NUMBER: _ClassVar[int]
    providers: _containers.RepeatedCompositeFieldContainer[ProviderEvidence]
    report_data: bytes
    policy_digest: str
    models: _containers.RepeatedCompositeFieldContainer[ModelDigest]
    tls_public_key: bytes
    hpke_public_key: bytes
    hpke_suite: str
    attested: bool
    def __init__(self, providers: _Optional[_Iterable[_Union[ProviderEvidence, _Mapping]]] = ..., report_data: _Optional[bytes] = ..., policy_digest: _Optional[str] = ..., models: _Optional[_Iterable[_Union[ModelDigest, _Mapping]]] = ..., tls_public_key: _Optional[bytes] = ..., hpke_public_key: _Optional[bytes] = ..., hpke_suite: _Optional[str] = ..., attested: _Optional[bool] = ...) -> None: ...

class DrainEngineRequest(_message.Message):
    __slots__ = ("engine", "undrain")
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    UNDRAIN_FIELD_NUMBER: _ClassVar[int]
    engine: str
    undrain: bool
    def __init__(self, engine: _Optional[str] = ..., undrain: _Optional[bool] = ...) -> None: ...

class DrainEngineResponse(_message.Message):
    __slots__ = ("engine", "draining")
    ENGINE_FIELD_NUMBER: _ClassVar[int]
    DRAINING_FIELD_NUMBER: _ClassVar[int]
    engine: str
    draining: bool
    def __init__(self, engine: _Optional[str] = ..., draining: _Optional[bool] = ...) -> None: ...

class ReloadPolicyRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ReloadPolicyResponse(_message.Message):
    __slots__ = ("applied", "policy_digest", "errors")
    APPLIED_FIELD_NUMBER: _ClassVar[int]
    POLICY_DIGEST_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    applied: bool
    policy_digest: str
    errors: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, applied: _Optional[bool] = ..., policy_digest: _Optional[str] = ..., errors: _Optional[_Iterable[str]] = ...) -> None: ...
