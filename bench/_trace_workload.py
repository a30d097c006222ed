"""A request trace scaled down to a small machine: arrival offsets, prompt sizes, output
budgets and deterministic synthetic prompts of (close to) the wanted token count."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from appliance.policy.model import ScreeningRules
from appliance.routing.simulation import TraceRow
from appliance.screening import ChatMessage, Screener, ScreeningSettings

_NAMES = ("items", "total", "count", "buffer", "result", "index", "value", "offset",
          "record", "parser", "client", "config", "window", "length", "cache", "queue")  # fmt: skip
_OPERATORS = ("+", "-", "*", "//", "%")
# Prompts the default screening policy would block are redrawn this many times at most.
_REDRAWS = 20


@dataclass(frozen=True)
class Scaling:
    """How the trace is cut and shrunk; recorded with the results."""

    requests: int
    rate_scale: float
    context_scale: float
    generated_scale: float
    max_generated: int
    max_prompt_tokens: int
    max_idle_s: float
    seed: int

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return asdict(self)


@dataclass(frozen=True)
class ScaledRequest:
    """One request of the replay: when it is sent, what it asks for."""

    index: int
    offset_s: float
    prompt: str
    prompt_tokens: int
    max_tokens: int
    trace_prompt_tokens: int
    trace_output_tokens: int


@dataclass(frozen=True)
class Workload:
    """The replayed requests and what preparing them took."""

    requests: list[ScaledRequest]
    scaling: Scaling
    redrawn_prompts: int

    @property
    def duration_s(self) -> float:
        """Offset of the last arrival."""
        return self.requests[-1].offset_s if self.requests else 0.0


def scaled_offsets(rows: list[TraceRow], rate_scale: float, max_idle_s: float) -> list[float]:
    """Arrival offsets divided by `rate_scale`, with each idle gap cut to `max_idle_s` (the
    trace's sample has minutes-long lulls that would only make the run longer)."""
    offsets: list[float] = []
    previous_trace = previous = 0.0
    for row in rows:
        gap = min((row.offset_s - previous_trace) / rate_scale, max_idle_s)
        previous = previous + gap if offsets else 0.0
        previous_trace = row.offset_s
        offsets.append(previous)
    return offsets


def build_workload(rows: list[TraceRow], scaling: Scaling, model_dir: Path) -> Workload:
    """The first `scaling.requests` rows of a trace as seeded, scaled requests."""
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    screener = Screener.load(ScreeningSettings())
    rules = ScreeningRules()  # what every tenant gets unless its policy says otherwise
    rng = random.Random(scaling.seed)
    chosen = rows[: scaling.requests]
    offsets = scaled_offsets(chosen, scaling.rate_scale, scaling.max_idle_s)
    requests: list[ScaledRequest] = []
    redrawn = 0
    for index, (row, offset) in enumerate(zip(chosen, offsets, strict=True)):
        wanted = round(row.prompt_tokens * scaling.context_scale)
        wanted = max(1, min(wanted, scaling.max_prompt_tokens))
        budget = round(row.output_tokens * scaling.generated_scale)
        budget = max(1, min(budget, scaling.max_generated))
        prompt, tokens = synthetic_prompt(rng, tokenizer, wanted)
        for _ in range(_REDRAWS):
            verdict = screener.screen(
                [ChatMessage(role="user", content=prompt)],
                threshold=rules.threshold,
                action=rules.action,
            )
            if verdict.action != "block":
                break
            redrawn += 1
            prompt, tokens = synthetic_prompt(rng, tokenizer, wanted)
        requests.append(
            ScaledRequest(
                index, offset, prompt, tokens, budget, row.prompt_tokens, row.output_tokens
            )
        )
    return Workload(requests, scaling, redrawn)


def synthetic_prompt(rng: random.Random, tokenizer: Any, tokens: int) -> tuple[str, int]:
    """Python-like source text (the trace is a code-completion service) cut to `tokens`
    tokens of `tokenizer`; returns the text and its token count re-encoded."""
    # A function header first: a prompt of one token is then a word, not indentation
    # (the daemon refuses a blank prompt).
    lines = [f"def {rng.choice(_NAMES)}_{rng.randrange(100)}():"]
    text = ""
    while len(tokenizer.encode(text).ids) < tokens:
        lines.extend(_code_line(rng) for _ in range(max(1, tokens // 8)))
        text = "\n".join(lines) + "\n"
    text = tokenizer.decode(tokenizer.encode(text).ids[:tokens])
    return text, len(tokenizer.encode(text).ids)


def _code_line(rng: random.Random) -> str:
    first, second = rng.sample(_NAMES, 2)
    match rng.randrange(6):
        case 0:
            return f"def {first}_{rng.randrange(100)}({second}, {first}=None):"
        case 1:
            return f"    {first} = {second} {rng.choice(_OPERATORS)} {rng.randrange(1000)}"
        case 2:
            return f"    for {first} in range(len({second})):"
        case 3:
            return f"        if {first} > {second}:"
        case 4:
            return f"            return {first}.get({second!r})"
        case _:
            return f"    # update the {first} from the {second}"
