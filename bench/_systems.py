"""The two systems the overhead benchmarks compare, set up the same way for each of them:
bare vLLM `AsyncLLM` in the benchmark's own process, and the daemon's Generate over mTLS."""

from __future__ import annotations

from typing import Any

import grpc

from appliance.config.settings import EngineConfig
from enclave import DevPki

# Engine settings both systems run with: room for the whole burst of a benchmark at once,
# so neither side refuses work the other one queues.
BENCH_ENGINE_OVERRIDES: dict[str, Any] = {
    "max_num_seqs": 64,
    "max_outstanding_requests": 1024,
    "max_tokens": 2048,
}


def start_bare_engine(config: EngineConfig) -> Any:
    """A bare `AsyncLLM` on exactly the engine arguments the daemon derives from `config`."""
    from vllm.v1.engine.async_llm import AsyncLLM

    from appliance.engine.vllm_engine import engine_args

    return AsyncLLM.from_engine_args(engine_args(config))


def bare_sampling(max_tokens: int, stream_interval: int) -> Any:
    """Greedy sampling with deltas, as the daemon asks vLLM for them."""
    from vllm.sampling_params import RequestOutputKind, SamplingParams

    return SamplingParams(
        temperature=0.0,
        max_tokens=max_tokens,
        stream_interval=stream_interval,
        output_kind=RequestOutputKind.DELTA,
    )


def mtls_credentials(pki: DevPki, client: str = "client") -> grpc.ChannelCredentials:
    """Channel credentials presenting the named client certificate of the development PKI."""
    return grpc.ssl_channel_credentials(
        root_certificates=pki.ca_certificate.read_bytes(),
        private_key=pki.client_key(client).read_bytes(),
        certificate_chain=pki.client_certificate(client).read_bytes(),
    )
