"""Turn trace rows into simulated requests: SLA class, prefix group, arrival compression.

Traces carry sizes and times only, so the simulator assigns the rest by a seeded rule
(`WorkloadRules`), the same for every policy in a run:

- SLA class: for each request in arrival order draw u ~ U(0, 1). u < 0.2 gives realtime if
  the prompt is at most 2048 tokens (a longer one cannot meet a realtime TTFT even on an
  idle engine, so it becomes interactive); u < 0.7 gives interactive; otherwise batch. Batch
  requests accept a capped token budget.
- Prefix group: a group drawn from a Zipf law (exponent 1.0) over 512 groups, standing for
  the shared context of code completions (system prompt, repository files). The request
  shares its leading `f * prompt` tokens, f ~ U(0.5, 0.95), rounded down to 16-token blocks,
  with every other request of its group; the rest of its prompt is its own. Two requests of
  a group therefore share min of their shared lengths, and a prefix-cache hit needs an
  engine that served the group before and has not evicted it.
- Rate scale: arrival offsets are divided by it (2 = twice the request rate).
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from appliance.routing.affinity import CHECKPOINT_BLOCKS
from appliance.routing.engine_load import SlaClass
from appliance.routing.errors import TraceFormatError
from appliance.routing.simulation.trace import TraceRow


@dataclass(frozen=True, slots=True)
class WorkItem:
    """One simulated request, as the trace and the seeded rule made it."""

    index: int
    arrival_s: float
    prompt_tokens: int
    output_tokens: int
    sla_class: SlaClass
    prefix_group: int
    shared_blocks: int
    """Leading 16-token blocks shared with the rest of the prefix group."""
    allow_budget_cap: bool


@dataclass(frozen=True, slots=True)
class WorkloadRules:
    """The seeded assignment rule (see the module docstring)."""

    realtime_share: float = 0.2
    interactive_share: float = 0.5
    realtime_max_prompt: int = 2048
    prefix_groups: int = 512
    zipf_exponent: float = 1.0
    shared_fraction: tuple[float, float] = (0.5, 0.95)
    block_tokens: int = 16


def build_workload(
    rows: Sequence[TraceRow],
    *,
    rate_scale: float = 1.0,
    seed: int = 0,
    duration_s: float | None = None,
    rules: WorkloadRules | None = None,
) -> list[WorkItem]:
    """Requests of a trace, arrivals compressed by `rate_scale`, cut at `duration_s`."""
    if not rate_scale > 0:
        raise TraceFormatError(f"rate scale must be positive, got {rate_scale}")
    rules = rules or WorkloadRules()
    rng = random.Random(seed)  # noqa: S311 - a reproducible workload, not a secret
    weights = [1.0 / (rank + 1) ** rules.zipf_exponent for rank in range(rules.prefix_groups)]
    cumulative = list(itertools.accumulate(weights))
    items: list[WorkItem] = []
    for row in rows:
        arrival = row.offset_s / rate_scale
        if duration_s is not None and arrival >= duration_s:
            break
        draw = rng.random()
        group = bisect.bisect_left(cumulative, rng.random() * cumulative[-1])
        fraction = rng.uniform(*rules.shared_fraction)
        if draw < rules.realtime_share and row.prompt_tokens <= rules.realtime_max_prompt:
            sla: SlaClass = "realtime"
        elif draw < rules.realtime_share + rules.interactive_share:
            sla = "interactive"
        else:
            sla = "batch"
        items.append(
            WorkItem(
                index=len(items),
                arrival_s=arrival,
                prompt_tokens=row.prompt_tokens,
                output_tokens=row.output_tokens,
                sla_class=sla,
                prefix_group=min(group, rules.prefix_groups - 1),
                shared_blocks=int(fraction * row.prompt_tokens) // rules.block_tokens,
                allow_budget_cap=sla == "batch",
            )
        )
    return items


def synthetic_rows(count: int, *, rate_per_s: float, seed: int) -> list[TraceRow]:
    """A skewed synthetic trace: bursty Poisson arrivals, log-normal heavy-tailed prompts.

    Every tenth second-long window carries a burst at four times the rate; prompt sizes are
    log-normal around 1500 tokens (capped at 8000), outputs log-normal around 40 tokens.
    """
    rng = random.Random(seed)  # noqa: S311 - a reproducible workload, not a secret
    rows: list[TraceRow] = []
    now = 0.0
    for _ in range(count):
        burst = int(now) % 10 == 0
        now += rng.expovariate(rate_per_s * (4.0 if burst else 1.0))
        prompt = min(max(int(rng.lognormvariate(7.3, 0.8)), 16), 8000)
        output = min(max(int(rng.lognormvariate(3.7, 0.9)), 1), 1000)
        rows.append(TraceRow(now, prompt, output))
    return rows


def prefix_hashes(item: WorkItem, *, block_tokens: int = 16) -> tuple[int, ...]:
    """The checkpoint hashes the router sees for a request (`prefix_block_hashes` shape).

    Checkpoints inside the shared part hash the group and the depth, so requests of a group
    agree on them; deeper ones hash the request itself and never match another request.
    """
    full_blocks = item.prompt_tokens // block_tokens
    out: list[int] = []
    for depth, blocks in enumerate(CHECKPOINT_BLOCKS):
        if blocks > full_blocks:
            break
        if blocks <= item.shared_blocks:
            out.append(hash((item.prefix_group, depth)))
        else:
            out.append(hash((-1 - item.index, depth)))
    return tuple(out)
