"""What the server asks of an engine, as small frozen types and one protocol."""

from __future__ import annotations

from collections.abc import AsyncGenerator, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

EngineState = Literal["starting", "ready", "draining", "failed", "stopped"]


@dataclass(frozen=True, slots=True)
class Sampling:
    """Validated sampling settings; None means the engine's default."""

    max_tokens: int
    temperature: float | None = None
    top_p: float | None = None
    top_k: int | None = None
    stop: tuple[str, ...] = ()
    seed: int | None = None
    # Tokens per streamed chunk after the first (1: every token).
    stream_interval: int = 1


@dataclass(frozen=True, slots=True)
class ChatTurn:
    """One chat message."""

    role: str
    content: str


@dataclass(frozen=True, slots=True)
class GenerationRequest:
    """A request the server has validated. Exactly one of `text` and `messages` is set."""

    request_id: str
    sampling: Sampling
    text: str | None = None
    messages: tuple[ChatTurn, ...] = ()
    sla_class: str = "interactive"
    # Monotonic time the appliance received the call; timings count from here.
    arrival: float = 0.0


@dataclass(frozen=True, slots=True)
class Started:
    """The engine scheduled the request."""

    prompt_tokens: int


@dataclass(frozen=True, slots=True)
class TextDelta:
    """New output: complete UTF-8 text and the token ids that produced it."""

    text: str
    token_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Finished:
    """The last event of a generation."""

    finish_reason: str
    prompt_tokens: int
    completion_tokens: int
    queue_s: float
    ttft_s: float
    total_s: float


GenerationEvent = Started | TextDelta | Finished


@dataclass(frozen=True, slots=True)
class EngineStats:
    """A snapshot of an engine's load."""

    state: EngineState
    running_requests: int = 0
    waiting_requests: int = 0
    kv_cache_usage: float = 0.0
    unfinished_requests: int = 0
    outstanding_requests: int = 0
    # Requests ever handed to the engine (screened-out and refused ones never are).
    requests_total: int = 0
    error: str = ""
    # The engine's own processes (vLLM's engine core), for operators and uprobes.
    process_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class EngineInfo:
    """Static facts about an engine."""

    name: str
    model: str
    max_model_len: int
    max_tokens: int
    default_max_tokens: int
    devices: Sequence[int] = field(default_factory=tuple)


class Engine(Protocol):
    """An inference engine the server can stream from."""

    @property
    def info(self) -> EngineInfo: ...

    async def start(self) -> None: ...

    def generate(self, request: GenerationRequest) -> AsyncGenerator[GenerationEvent, None]: ...

    def stats(self) -> EngineStats: ...

    async def restart(self) -> None: ...

    async def drain(self) -> None: ...

    async def shutdown(self) -> None: ...
