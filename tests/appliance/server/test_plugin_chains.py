"""Tenants' WASI plugin chains on real responses, through the real daemon: real modules
built from the example C sources, real wasmtime, reloads of the live policy."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
import wasmtime
import yaml
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from appliance.api import pb2, pb2_grpc
from appliance.plugins import build_plugin, sha256_digest
from enclave import DevPki
from tests.daemon_harness import TENANT_CLIENTS, RunningDaemon, harness_policy, start_daemon
from tests.daemon_harness import tenant as make_tenant

pytestmark = pytest.mark.engine

REPO = Path(__file__).resolve().parents[3]
PROMPT = "Tell me about the licence"


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("modules")
    built = {
        "banned_terms": build_plugin(
            [REPO / "plugins/examples/banned_terms/banned_terms.c"], out / "banned_terms.wasm"
        )
    }
    trap = out / "unreachable.wasm"
    trap.write_bytes(wasmtime.wat2wasm((REPO / "tests/assets/plugins/unreachable.wat").read_text()))
    built["trap"] = trap
    return built


@pytest.fixture(scope="module")
def plugged(
    tmp_path_factory: pytest.TempPathFactory, demo_model: Path, dev_pki: DevPki
) -> Iterator[RunningDaemon]:
    daemon = start_daemon(tmp_path_factory.mktemp("plugins"), demo_model, dev_pki)
    yield daemon
    daemon.terminate()


def generate(
    daemon: RunningDaemon, client: str, max_tokens: int = 48
) -> list[pb2.GenerateResponse]:
    request = pb2.GenerateRequest(
        request_id=f"plug-{uuid.uuid4().hex[:8]}",
        model="demo",
        text=PROMPT,
        sampling=pb2.SamplingParams(temperature=0.0, max_tokens=max_tokens),
    )
    with daemon.channel(client) as channel:
        return list(pb2_grpc.InferenceStub(channel).Generate(request, timeout=60))


def text_of(responses: list[pb2.GenerateResponse]) -> str:
    return "".join(r.chunk.text for r in responses if r.WhichOneof("event") == "chunk")


def plugin(name: str, module: Path, **fields: Any) -> dict[str, Any]:
    return {"name": name, "module": str(module), "digest": sha256_digest(module.read_bytes()),
            **fields}  # fmt: skip


def apply_policy(daemon: RunningDaemon, chains: dict[str, list[dict[str, Any]]]) -> Any:
    """Give the 'limited' client's identity a tenant 'filtered' with the given chain."""
    policy = harness_policy()
    policy["tenants"].append(
        make_tenant("filtered", TENANT_CLIENTS["partner"].replace("partner-acme", "filtered"))
    )
    for tenant in policy["tenants"]:
        if tenant["id"] in chains:
            tenant["plugins"] = chains[tenant["id"]]
    (daemon.log_path.parent / "policy.yaml").write_text(yaml.safe_dump(policy))
    with daemon.local_channel() as channel:
        return pb2_grpc.AdminStub(channel).ReloadPolicy(pb2.ReloadPolicyRequest(), timeout=60)


def error_reason(error: grpc.RpcError) -> str | None:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    for detail in status.details if status else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return info.reason
    return None


@pytest.fixture(scope="module")
def banned_word(plugged: RunningDaemon) -> str:
    """A word the demo model writes for PROMPT under greedy decoding."""
    words = re.findall(r"\b[A-Za-z]{5,}\b", text_of(generate(plugged, "client")))
    assert words
    return words[0]


def test_masking_plugin_rewrites_the_stream(
    plugged: RunningDaemon, modules: dict[str, Path], banned_word: str
) -> None:
    result = apply_policy(
        plugged,
        {
            "demo": [
                plugin(
                    "banned",
                    modules["banned_terms"],
                    config={"terms": banned_word, "action": "mask"},
                )
            ]
        },
    )
    assert result.applied, result.errors
    responses = generate(plugged, "client")
    text = text_of(responses)
    assert banned_word not in text
    assert responses[-1].WhichOneof("event") == "completed"
    # With a plugin chain, chunks carry no token ids: they would reveal what was removed.
    assert all(not r.chunk.token_ids for r in responses if r.WhichOneof("event") == "chunk")


def test_blocking_plugin_withholds_with_a_reason_code(
    plugged: RunningDaemon, modules: dict[str, Path], banned_word: str
) -> None:
    result = apply_policy(
        plugged,
        {
            "demo": [
                plugin(
                    "banned",
                    modules["banned_terms"],
                    config={"terms": banned_word, "action": "block"},
                )
            ]
        },
    )
    assert result.applied, result.errors
    with pytest.raises(grpc.RpcError) as caught:
        generate(plugged, "client")
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_reason(caught.value) == "PLUGIN_BLOCKED"
    assert banned_word not in (caught.value.details() or "")


@pytest.mark.parametrize(("on_failure", "served"), [("fail_closed", False),
                                                    ("pass_through", True)])  # fmt: skip
def test_trapping_plugin_follows_its_failure_mode(
    plugged: RunningDaemon, modules: dict[str, Path], on_failure: str, served: bool
) -> None:
    result = apply_policy(
        plugged, {"demo": [plugin("trapper", modules["trap"], on_failure=on_failure)]}
    )
    assert result.applied, result.errors
    if served:
        assert generate(plugged, "client")[-1].WhichOneof("event") == "completed"
        return
    with pytest.raises(grpc.RpcError) as caught:
        generate(plugged, "client")
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    assert error_reason(caught.value) == "PLUGIN_FAILED"
    assert "trapper" in (caught.value.details() or "")
    assert "trap" in (caught.value.details() or "")
    # Other tenants keep being served.
    assert generate(plugged, "partner", max_tokens=8)[-1].WhichOneof("event") == "completed"


def test_module_that_does_not_match_its_digest_is_refused(
    plugged: RunningDaemon, modules: dict[str, Path], tmp_path: Path
) -> None:
    before = plugged.status().policy_digest
    swapped = tmp_path / "swapped.wasm"
    swapped.write_bytes(modules["trap"].read_bytes())
    entry = plugin("banned", modules["banned_terms"], config={"terms": "x"})
    entry["module"] = str(swapped)  # digest of banned_terms, bytes of another module
    result = apply_policy(plugged, {"demo": [entry]})
    assert not result.applied
    assert "not the pinned" in result.errors[0]
    assert plugged.status().policy_digest == before
