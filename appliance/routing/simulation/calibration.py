"""Latency and capacity model of one simulated vLLM engine, and where the numbers come from.

Default profile: an 8B-class model (Llama-3.1-8B, BF16) on one H100 SXM 80 GB.

- Prefill overhead 30 ms, prefill time per uncached prompt token 250 us, inter-token latency
  12 ms at batch 1, slowdown 2.0x at max_num_seqs (linear from one request, as llm-d does):
  llm-d inference-sim, docs/latency-profiles.md, "Profile 1: 8B-class model on H100,
  balanced load", per-token calculator (`prefill-overhead: 30ms`,
  `prefill-time-per-token: 250us`, `inter-token-latency: 12ms`,
  `time-factor-under-load: 2.0`); its reference tables give 25-40 ms, 0.15-0.30 ms and
  10-15 ms for 7-8B models on H100.
- KV bytes per token 128 KiB: the same document's KV table, 2 x 32 layers x 8 KV heads x
  128 head dim x 2 bytes (Llama-3 8B).
- HBM bandwidth 3.35 TB/s: NVIDIA H100 SXM datasheet (H200: 4.8 TB/s, 141 GB).
- KV capacity ~451k tokens: (0.9 x 80 GiB - 16 GB weights - 2 GiB activations) / 128 KiB,
  0.9 being vLLM's default `gpu_memory_utilization`.
- Block size 16 tokens and max_num_seqs 256: vLLM defaults. Chunked-prefill budget 2048
  tokens a step: our choice (vLLM's default depends on version and GPU, 2048-8192).

Step time: an engine runs one forward pass per step over its running batch (continuous
batching with chunked prefill). Its fixed cost is the larger of the prefill overhead (when the
step prefills anything) and the batch's inter-token latency (when it decodes anything),
`itl * (1 + (slowdown - 1) * (batch - 1) / (max_num_seqs - 1))`; on top come the uncached
prompt tokens prefilled in the step times the per-token cost, and the KV cache read by the
decoding requests, `context tokens * KV bytes per token / HBM bandwidth`. The llm-d numbers
are batch-1 figures for a 256-token prompt; for long batched prefills they are pessimistic
(an H100 reaches several times that prefill throughput), which overstates prefill cost and so
the benefit of prefix-cache hits. Treat absolute latencies as order-of-magnitude; the
comparison between policies is what the simulator is for.
"""

from __future__ import annotations

from dataclasses import dataclass

_GIB = 1024**3


@dataclass(frozen=True, slots=True)
class EngineProfile:
    """Latency model and capacity of one simulated engine."""

    prefill_overhead_s: float = 0.030
    prefill_s_per_token: float = 250e-6
    itl_s: float = 0.012
    slowdown_at_max_seqs: float = 2.0
    kv_bytes_per_token: int = 2 * 32 * 8 * 128 * 2
    hbm_bytes_per_s: float = 3.35e12
    gpu_memory_bytes: int = 80 * _GIB
    gpu_memory_utilisation: float = 0.9
    weight_bytes: int = 16_060_000_000
    activation_reserve_bytes: int = 2 * _GIB
    block_tokens: int = 16
    max_num_seqs: int = 256
    max_batched_tokens: int = 2048
    kv_capacity_override: int | None = None
    """Set to force a KV capacity in tokens (tests use small ones to exercise preemption)."""

    @property
    def kv_capacity_tokens(self) -> int:
        """Tokens of KV cache the engine can hold, rounded down to whole blocks."""
        if self.kv_capacity_override is not None:
            tokens = self.kv_capacity_override
        else:
            budget = (
                self.gpu_memory_bytes * self.gpu_memory_utilisation
                - self.weight_bytes
                - self.activation_reserve_bytes
            )
            tokens = int(budget // self.kv_bytes_per_token)
        return (tokens // self.block_tokens) * self.block_tokens

    @property
    def kv_read_s_per_token(self) -> float:
        """Seconds a decode step spends reading one context token's KV."""
        return self.kv_bytes_per_token / self.hbm_bytes_per_s

    def step_seconds(
        self, *, batch: int, decoding: int, prefill_tokens: int, context_tokens: int
    ) -> float:
        """Duration of one engine step (see the module docstring)."""
        fixed = self.prefill_overhead_s if prefill_tokens else 0.0
        if decoding:
            spread = (batch - 1) / (self.max_num_seqs - 1) if self.max_num_seqs > 1 else 0.0
            itl = self.itl_s * (1.0 + (self.slowdown_at_max_seqs - 1.0) * min(spread, 1.0))
            fixed = max(fixed, itl)
        return (
            fixed
            + prefill_tokens * self.prefill_s_per_token
            + context_tokens * self.kv_read_s_per_token
        )

    def as_dict(self) -> dict[str, float | int]:
        """The profile for reports."""
        return {
            "prefill_overhead_s": self.prefill_overhead_s,
            "prefill_s_per_token": self.prefill_s_per_token,
            "itl_s": self.itl_s,
            "slowdown_at_max_seqs": self.slowdown_at_max_seqs,
            "kv_capacity_tokens": self.kv_capacity_tokens,
            "kv_read_s_per_token": self.kv_read_s_per_token,
            "max_num_seqs": self.max_num_seqs,
            "max_batched_tokens": self.max_batched_tokens,
            "block_tokens": self.block_tokens,
        }


H100_8B = EngineProfile()
"""The default: Llama-3.1-8B BF16 on one H100 SXM 80 GB (values above)."""
