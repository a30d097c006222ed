"""Limits and locations of the plugin host; frozen once loaded."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field


class PluginHostSettings(BaseModel):
    """The plugin host's configuration. Every limit applies to each call into a plugin."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    cache_dir: Path = Field(
        description="Host-owned directory (mode 0700, owned by the daemon's user) of "
        "precompiled modules. Precompiled code is only ever loaded from here."
    )
    fuel_per_call: int = Field(
        default=50_000_000,
        ge=10_000,
        le=10_000_000_000,
        description="wasmtime fuel (roughly wasm instructions) one call may use.",
    )
    deadline_ms: int = Field(
        default=200,
        ge=1,
        le=60_000,
        description="Wall-clock limit of one call, enforced by epoch interruption.",
    )
    epoch_tick_ms: int = Field(
        default=5,
        ge=1,
        le=1000,
        description="Period of the epoch ticker; deadlines are rounded up to whole ticks.",
    )
    memory_bytes: int = Field(
        default=64 * 1024 * 1024,
        ge=1024 * 1024,
        le=4 * 1024 * 1024 * 1024,
        description="Largest linear memory a plugin instance may grow to.",
    )
    output_bytes: int = Field(
        default=1024 * 1024,
        ge=1024,
        le=64 * 1024 * 1024,
        description="Largest result JSON one call may return.",
    )
    stream_buffer_bytes: int = Field(
        default=8 * 1024 * 1024,
        ge=1024,
        le=256 * 1024 * 1024,
        description="Most response text a stream buffers for a chain with a whole-only "
        "plugin; beyond it the stream is withheld.",
    )
    inline_call_ms: float = Field(
        default=2.0,
        ge=0.0,
        le=100.0,
        description="A streamed chunk runs through a streaming chain on the event loop "
        "(a thread hop per token costs more than the call) while each of its plugins stays "
        "fast; a plugin whose call once uses more than this many milliseconds of CPU, or ten "
        "times as many of wall time, runs on worker threads from then on. 0: always on "
        "worker threads.",
    )
    worker_threads: int = Field(
        default=4,
        ge=1,
        le=256,
        description="Threads that run plugin calls, so the event loop never blocks on one.",
    )
