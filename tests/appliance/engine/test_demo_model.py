"""The demo model builds offline, the same every time, in the shape the issue asks for."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from appliance.engine.demo_model import CHAT_TEMPLATE, build_demo_model


def digest(directory: Path) -> dict[str, str]:
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.iterdir())
        if p.is_file()
    }


def test_demo_model_is_reproducible(tmp_path: Path, demo_model: Path) -> None:
    again = build_demo_model(tmp_path / "again")
    assert digest(again) == digest(demo_model)


def test_demo_model_shape(demo_model: Path) -> None:
    config = json.loads((demo_model / "config.json").read_text())
    assert config["architectures"] == ["LlamaForCausalLM"]
    assert config["num_hidden_layers"] == 2
    assert config["hidden_size"] == 256
    assert 1024 <= config["vocab_size"] <= 4096
    assert (demo_model / "model.safetensors").stat().st_size < 20_000_000


def test_tokenizer_round_trips_bytes_and_has_a_chat_template(demo_model: Path) -> None:
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(str(demo_model))
    text = "Zürich 東京 😀 <b>bold</b>\n\tend"
    assert tokenizer.decode(tokenizer.encode(text, add_special_tokens=False)) == text
    assert tokenizer.chat_template == CHAT_TEMPLATE
