"""Build the demo model: a tiny Llama with a locally trained byte-level BPE tokenizer.

Nothing is downloaded. The model never emits its special tokens (their output logits are
zero), so a generation runs until max_tokens or a stop string. The tokenizer is trained on
the licence texts that every Debian system ships in /usr/share/common-licenses (plus a text
bundled with this package, so the build also works where that folder is missing); weights
are random from a fixed seed, so the same machine builds the same model and greedy output
is deterministic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

BEGIN_OF_TEXT = "<|begin_of_text|>"
END_OF_TEXT = "<|end_of_text|>"
TURN_START = "<|im_start|>"
TURN_END = "<|im_end|>"
SPECIAL_TOKENS = (BEGIN_OF_TEXT, END_OF_TEXT, TURN_START, TURN_END)

# ChatML layout; the generation prompt opens an assistant turn.
CHAT_TEMPLATE = (
    "{{ bos_token }}"
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)

_CORPUS_DIRS = (Path("/usr/share/common-licenses"),)
_BUNDLED_CORPUS = Path(__file__).with_name("demo_corpus.txt")


@dataclass(frozen=True)
class DemoModelSpec:
    """Shape of the demo model; the defaults build in seconds on two CPU cores."""

    vocab_size: int = 2048
    hidden_size: int = 256
    intermediate_size: int = 688
    num_layers: int = 2
    num_heads: int = 4
    num_kv_heads: int = 2
    max_position_embeddings: int = 4096
    # A wider init than Llama's 0.02 makes logits peaked, so greedy choices are not
    # near-ties that float rounding in a different batch shape could flip.
    initializer_range: float = 0.25
    seed: int = 0


def corpus_files() -> list[Path]:
    """Text files the tokenizer is trained on, in a stable order."""
    files = [_BUNDLED_CORPUS]
    for folder in _CORPUS_DIRS:
        if folder.is_dir():
            files.extend(sorted(p for p in folder.iterdir() if p.is_file() and not p.is_symlink()))
    return files


def build_demo_model(out_dir: Path, spec: DemoModelSpec | None = None) -> Path:
    """Write a Hugging Face-format model directory to `out_dir` and return it."""
    # Heavy imports stay here so `appliance --help` starts fast on any machine.
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast

    spec = spec or DemoModelSpec()
    out_dir.mkdir(parents=True, exist_ok=True)

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=spec.vocab_size,
        special_tokens=list(SPECIAL_TOKENS),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train([str(p) for p in corpus_files()], trainer)

    fast = PreTrainedTokenizerFast(
        tokenizer_object=tokenizer,
        bos_token=BEGIN_OF_TEXT,
        eos_token=END_OF_TEXT,
        pad_token=END_OF_TEXT,
        model_max_length=spec.max_position_embeddings,
    )
    fast.chat_template = CHAT_TEMPLATE
    fast.save_pretrained(out_dir)

    special_ids: dict[str, int] = {}
    for token in SPECIAL_TOKENS:
        token_id = tokenizer.token_to_id(token)
        assert token_id is not None, f"trainer dropped special token {token}"
        special_ids[token] = token_id
    config = LlamaConfig(
        vocab_size=tokenizer.get_vocab_size(),
        hidden_size=spec.hidden_size,
        intermediate_size=spec.intermediate_size,
        num_hidden_layers=spec.num_layers,
        num_attention_heads=spec.num_heads,
        num_key_value_heads=spec.num_kv_heads,
        max_position_embeddings=spec.max_position_embeddings,
        initializer_range=spec.initializer_range,
        bos_token_id=special_ids[BEGIN_OF_TEXT],
        eos_token_id=[special_ids[END_OF_TEXT], special_ids[TURN_END]],
        pad_token_id=special_ids[END_OF_TEXT],
        tie_word_embeddings=False,
    )
    torch.manual_seed(spec.seed)
    model = LlamaForCausalLM(config)
    # Zero logits for the special tokens: random weights would otherwise end generations at
    # random points, while every other logit's maximum sits far above zero. The demo model
    # thus runs to max_tokens or a stop string, which keeps tests and benchmarks comparable.
    with torch.no_grad():
        model.lm_head.weight[sorted(special_ids.values())] = 0.0
    model.save_pretrained(out_dir, safe_serialization=True)
    (out_dir / "appliance-demo.json").write_text(
        json.dumps({"builder": "appliance model build-demo", "spec": spec.__dict__}, indent=2)
        + "\n"
    )
    return out_dir
