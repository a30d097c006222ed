"""Generate through the real daemon (mTLS, vLLM CPU backend, demo model)."""

from __future__ import annotations

import asyncio
import gc
import threading
import time
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from appliance.api import pb2, pb2_grpc
from appliance.config.settings import EngineConfig
from tests.daemon_harness import RunningDaemon, engine_config

pytestmark = pytest.mark.engine

PROMPTS = ["Hello, appliance", "The bank statement shows", "Zürich 東京 café 😀"]


def request(text: str, **sampling: Any) -> pb2.GenerateRequest:
    return pb2.GenerateRequest(
        request_id=f"t-{uuid.uuid4().hex[:8]}",
        model="demo",
        text=text,
        sampling=pb2.SamplingParams(**sampling),
    )


def collect(responses: Iterator[pb2.GenerateResponse]) -> list[pb2.GenerateResponse]:
    return list(responses)


def text_and_ids(responses: list[pb2.GenerateResponse]) -> tuple[str, list[int]]:
    chunks = [r.chunk for r in responses if r.WhichOneof("event") == "chunk"]
    return "".join(c.text for c in chunks), [t for c in chunks for t in c.token_ids]


@pytest.fixture(scope="module")
def tokenizer(demo_model: Path) -> Any:
    from transformers import AutoTokenizer

    return AutoTokenizer.from_pretrained(str(demo_model))


@pytest.fixture(scope="module")
async def bare_engine(demo_model: Path) -> AsyncIterator[Any]:
    """vLLM's AsyncLLM in this process with the daemon's engine arguments, no appliance."""
    from vllm.v1.engine.async_llm import AsyncLLM

    from appliance.engine.vllm_engine import engine_args

    config = EngineConfig.model_validate(engine_config(demo_model))
    llm = AsyncLLM.from_engine_args(engine_args(config))
    yield llm
    llm.shutdown()
    del llm
    gc.collect()  # run AsyncLLM.__del__ now, not at exit when its modules are gone


async def bare_generate(llm: Any, text: str, max_tokens: int) -> tuple[str, list[int]]:
    from vllm.sampling_params import RequestOutputKind, SamplingParams

    params = SamplingParams(
        temperature=0.0, max_tokens=max_tokens, output_kind=RequestOutputKind.DELTA
    )
    texts: list[str] = []
    ids: list[int] = []
    async for output in llm.generate({"prompt": text}, params, uuid.uuid4().hex):
        texts.append(output.outputs[0].text)
        ids.extend(output.outputs[0].token_ids)
    return "".join(texts), ids


async def test_greedy_output_equals_bare_asyncllm(daemon: RunningDaemon, bare_engine: Any) -> None:
    stub = daemon.inference()
    for prompt in PROMPTS:
        responses = await asyncio.to_thread(
            collect, stub.Generate(request(prompt, temperature=0.0, max_tokens=48), timeout=60)
        )
        served_text, served_ids = text_and_ids(responses)
        bare_text, bare_ids = await bare_generate(bare_engine, prompt, 48)
        assert served_ids == bare_ids, prompt
        assert served_text == bare_text, prompt
        assert len(served_ids) > 0


def test_stream_is_started_chunks_completed(daemon: RunningDaemon) -> None:
    req = request("Tell me about audits", temperature=0.0, max_tokens=20)
    responses = collect(daemon.inference().Generate(req, timeout=60))
    events = [r.WhichOneof("event") for r in responses]
    assert events[0] == "started"
    assert events[-1] == "completed"
    assert set(events[1:-1]) == {"chunk"}
    assert all(r.request_id == req.request_id for r in responses)
    _, ids = text_and_ids(responses)
    done = responses[-1].completed
    assert done.usage.completion_tokens == len(ids)
    assert done.usage.prompt_tokens == responses[0].started.prompt_tokens > 0
    assert done.finish_reason in {"length", "stop"}
    if done.finish_reason == "length":
        assert len(ids) == 20
    assert 0 < done.timings.ttft_s <= done.timings.total_s
    assert responses[0].started.model == "demo"


def test_empty_request_id_gets_a_generated_one(daemon: RunningDaemon) -> None:
    req = request("hello", max_tokens=2)
    req.request_id = ""
    responses = collect(daemon.inference().Generate(req, timeout=60))
    ids = {r.request_id for r in responses}
    assert len(ids) == 1
    assert len(ids.pop()) == 32


def test_chunks_are_complete_utf8(daemon: RunningDaemon, tokenizer: Any) -> None:
    """Random weights emit byte tokens that split characters; no chunk may carry half of
    one, and no U+FFFD may appear that decoding all the bytes would not produce."""
    stub = daemon.inference()
    for seed in range(12):
        responses = collect(
            stub.Generate(
                request("東京 😀 Straße", temperature=1.0, seed=seed, max_tokens=64), timeout=60
            )
        )
        text, ids = text_and_ids(responses)
        full = tokenizer.decode(ids, skip_special_tokens=True)
        # Bytes of a character the generation never completed are held back at the end.
        assert full.startswith(text), (seed, text, full)
        assert set(full[len(text) :]) <= {"\ufffd"}, (seed, full[len(text) :])
        for chunk in (r.chunk for r in responses if r.WhichOneof("event") == "chunk"):
            chunk.text.encode("utf-8")  # a lone surrogate would raise here


def test_seeded_sampling_is_reproducible(daemon: RunningDaemon) -> None:
    stub = daemon.inference()
    runs = [
        text_and_ids(
            collect(stub.Generate(request("seed", temperature=0.9, seed=7, max_tokens=24)))
        )
        for _ in range(2)
    ]
    assert runs[0] == runs[1]


def test_eight_concurrent_streams_all_complete(daemon: RunningDaemon) -> None:
    results: dict[int, list[pb2.GenerateResponse]] = {}
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            stub = daemon.inference()
            req = request(f"concurrent {index}", temperature=0.0, max_tokens=64)
            results[index] = collect(stub.Generate(req, timeout=120))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    assert not errors
    assert sorted(results) == list(range(8))
    for responses in results.values():
        assert responses[-1].WhichOneof("event") == "completed"
        _, ids = text_and_ids(responses)
        assert responses[-1].completed.usage.completion_tokens == len(ids) > 0
    assert daemon.wait_idle().engines[0].unfinished_requests == 0


@pytest.mark.parametrize("pause_s", [0.0, 0.5], ids=["reading", "stopped-reading"])
def test_cancel_mid_stream_frees_the_engine(daemon: RunningDaemon, pause_s: float) -> None:
    # 2,000 tokens take seconds; the cancel comes right after the third chunk, or half a
    # second later, when the daemon waits on the caller's full flow-control window.
    sent = request("cancel me", temperature=0.0, max_tokens=2000)
    sent.request_id = f"cancel-{time.monotonic_ns()}"
    call = daemon.held_call(sent)
    chunks = 0
    try:
        for response in call:
            if response.WhichOneof("event") == "chunk":
                chunks += 1
            if chunks == 3:
                break
        time.sleep(pause_s)
    finally:
        call.cancel()
    assert chunks == 3, "the stream ended before it could be cancelled"
    idle = daemon.wait_idle().engines[0]
    assert idle.unfinished_requests == 0
    assert idle.outstanding_requests == 0
    # Audited as the caller's cancel, not as an internal error of the daemon's.
    statuses = [r["status"] for r in daemon.request_records(sent.request_id)]
    assert statuses == ["CANCELLED"]
    (line,) = daemon.request_log_lines(sent.request_id)
    assert line["status"] == "CANCELLED"
    if pause_s:  # cut off mid-write: the log line says the response was not delivered
        assert str(line.get("error", "")).startswith("response not delivered"), line


def test_deadline_shorter_than_generation(daemon: RunningDaemon) -> None:
    call = daemon.inference().Generate(
        request("deadline", temperature=0.0, max_tokens=2000), timeout=0.3
    )
    with pytest.raises(grpc.RpcError) as caught:
        collect(call)
    assert caught.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED
    idle = daemon.wait_idle().engines[0]
    assert idle.unfinished_requests == 0
    assert idle.outstanding_requests == 0


def test_chat_messages_use_the_chat_template(daemon: RunningDaemon, tokenizer: Any) -> None:
    messages = [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "What is an audit log?"},
    ]
    req = pb2.GenerateRequest(model="demo", sampling=pb2.SamplingParams(max_tokens=8))
    for message in messages:
        req.messages.messages.add(**message)
    responses = collect(daemon.inference().Generate(req, timeout=60))
    rendered = tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=True)
    expected = len(tokenizer.encode(rendered, add_special_tokens=False))
    assert responses[0].started.prompt_tokens == expected
    assert responses[-1].WhichOneof("event") == "completed"


def test_stop_string_ends_the_stream(daemon: RunningDaemon) -> None:
    stub = daemon.inference()
    free_text, _ = text_and_ids(
        collect(stub.Generate(request("stop here", temperature=0.0, max_tokens=40)))
    )
    stop = free_text[len(free_text) // 2 : len(free_text) // 2 + 3]
    assert stop.strip()
    responses = collect(
        stub.Generate(request("stop here", temperature=0.0, max_tokens=40, stop=[stop]))
    )
    stopped_text, _ = text_and_ids(responses)
    assert responses[-1].completed.finish_reason == "stop"
    assert stop not in stopped_text
    assert free_text.startswith(stopped_text)


def test_list_models(daemon: RunningDaemon) -> None:
    with daemon.channel() as channel:
        models = pb2_grpc.InferenceStub(channel).ListModels(pb2.ListModelsRequest(), timeout=10)
    assert [(m.name, m.max_model_len, m.ready_engines) for m in models.models] == [
        ("demo", 2048, 1)
    ]


@pytest.mark.parametrize(
    ("how", "allowed"),
    [("tenant certificate", False), ("admin certificate", True), ("unix socket", True)],
)
def test_admin_status_is_for_admins(daemon: RunningDaemon, how: str, allowed: bool) -> None:
    channel = {
        "tenant certificate": lambda: daemon.channel("client"),
        "admin certificate": lambda: daemon.channel("admin"),
        "unix socket": daemon.local_channel,
    }[how]()
    with channel:
        stub = pb2_grpc.AdminStub(channel)
        if allowed:
            status = stub.Status(pb2.StatusRequest(), timeout=10)
            assert status.health == "SERVING"
            assert [(e.name, e.model, e.state) for e in status.engines] == [
                ("cpu0", "demo", "ready")
            ]
        else:
            with pytest.raises(grpc.RpcError) as caught:
                stub.Status(pb2.StatusRequest(), timeout=10)
            assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
