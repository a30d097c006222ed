"""A whole-only plugin's output longer than gRPC's message limit reaches the client whole,
in several Chunks, through the real daemon (real wasmtime, real module built from C)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.api import pb2, pb2_grpc
from appliance.plugins import build_plugin, sha256_digest
from enclave import DevPki
from tests.daemon_harness import RunningDaemon, harness_policy, start_daemon

pytestmark = pytest.mark.engine

REPO = Path(__file__).resolve().parents[3]
_LIMIT = 64 * 1024  # the smallest listen.max_request_bytes allowed; also the send limit
_SEPARATOR = "\n~~8<~~\n"  # what repeat_whole.c writes after each copy


@pytest.fixture(scope="module")
def repeating(
    tmp_path_factory: pytest.TempPathFactory, demo_model: Path, dev_pki: DevPki
) -> Iterator[RunningDaemon]:
    work = tmp_path_factory.mktemp("large-output")
    module = build_plugin(
        [REPO / "tests/assets/plugins/repeat_whole.c"], work / "repeat_whole.wasm"
    )
    policy = harness_policy()
    demo = next(tenant for tenant in policy["tenants"] if tenant["id"] == "demo")
    demo["plugins"] = [
        {"name": "repeat", "module": str(module), "digest": sha256_digest(module.read_bytes())}
    ]
    daemon = start_daemon(
        work, demo_model, dev_pki, policy=policy, listen={"max_request_bytes": _LIMIT}
    )
    yield daemon
    daemon.terminate()


def test_output_over_the_message_limit_arrives_whole_in_pieces(repeating: RunningDaemon) -> None:
    request = pb2.GenerateRequest(
        request_id=f"large-{uuid.uuid4().hex[:8]}",
        model="demo",
        text="Tell me about the licence",
        sampling=pb2.SamplingParams(temperature=0.0, max_tokens=24),
    )
    with repeating.channel("client") as channel:
        responses = list(pb2_grpc.InferenceStub(channel).Generate(request, timeout=120))
    assert responses[-1].WhichOneof("event") == "completed"
    chunks = [r.chunk.text for r in responses if r.WhichOneof("event") == "chunk"]
    assert all(r.ByteSize() <= _LIMIT for r in responses)
    text = "".join(chunks)
    assert len(text.encode()) >= 150_000
    assert len(chunks) >= 3
    # The plugin's output exactly: one copy of the generation, repeated, nothing lost.
    copy = text[: text.index(_SEPARATOR) + len(_SEPARATOR)]
    assert text == copy * (len(text) // len(copy))
