"""What the overload bench reports and judges: each call's outcome, the per-class table,
the daemon's memory over time, and the overload criteria as PASS/FAIL checks."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench._process_memory import MemorySampler

CLASSES = ("realtime", "interactive", "batch")
# The policy's objectives (the defaults, written out so the checks below can name them).
OBJECTIVES = {
    "realtime": {"ttft_s": 1.0, "tpot_s": 0.1},
    "interactive": {"ttft_s": 3.0, "tpot_s": 0.2},
    "batch": {"ttft_s": 30.0, "tpot_s": 0.5},
}
# Enough tokens that the engine, not the daemon or this client, is what saturates: on a GPU
# server the engine is the bottleneck, and here the client shares the CPU with both.
MAX_TOKENS = 64
# Call deadlines: what the class objective allows for the whole stream, plus a second. A
# batch request may thus wait in the router until its TTFT objective runs out and be
# refused then, rather than run into its deadline.
DEADLINE_S = {
    sla: rule["ttft_s"] + MAX_TOKENS * rule["tpot_s"] + 1.0 for sla, rule in OBJECTIVES.items()
}
# The daemon may finish with a call this long after its deadline before it counts as
# holding it past the deadline.
DEADLINE_MARGIN_S = 0.5
EXPECTED_CODES = ("OK", "RESOURCE_EXHAUSTED", "DEADLINE_EXCEEDED")


@dataclass
class Outcome:
    """One call as the client saw it."""

    sla: str
    code: str
    latency_s: float
    deadline_s: float
    ttft_s: float | None = None
    tokens: int = 0
    retry_delay_s: float | None = None
    details: str = ""
    request_id: str = ""

    @property
    def overrun_s(self) -> float:
        return self.latency_s - self.deadline_s

    @property
    def tpot_s(self) -> float | None:
        """Seconds per output token after the first, for a served call."""
        if self.ttft_s is None or self.tokens < 2:
            return None
        return (self.latency_s - self.ttft_s) / (self.tokens - 1)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of `values`; NaN when there are none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def print_table(outcomes: Sequence[Outcome]) -> None:
    """Per class: what happened to the calls, and latency of the served and the refused."""
    print(
        f"{'class':<12}{'deadline':>9}{'sent':>7}{'OK':>7}{'RE':>7}{'RE+retry':>9}"
        f"{'DEADLINE':>9}{'other':>6}{'TTFT p50':>9}{'p95':>7}{'TPOT p95':>9}"
        f"{'refused after p50':>18}{'max over':>9}"
    )
    for sla in CLASSES:
        mine = [o for o in outcomes if o.sla == sla]
        if not mine:
            continue
        ok = [o for o in mine if o.code == "OK"]
        refused = [o for o in mine if o.code == "RESOURCE_EXHAUSTED"]
        late = [o for o in mine if o.code == "DEADLINE_EXCEEDED"]
        ttfts = [o.ttft_s for o in ok if o.ttft_s is not None]
        tpots = [o.tpot_s for o in ok if o.tpot_s is not None]
        print(
            f"{sla:<12}{DEADLINE_S[sla]:>8.1f}s{len(mine):>7}{len(ok):>7}{len(refused):>7}"
            f"{sum(1 for o in refused if o.retry_delay_s):>9}{len(late):>9}"
            f"{len(mine) - len(ok) - len(refused) - len(late):>6}"
            f"{percentile(ttfts, 0.5):>9.3f}{percentile(ttfts, 0.95):>7.3f}"
            f"{percentile(tpots, 0.95):>9.3f}"
            f"{percentile([o.latency_s for o in refused], 0.5):>18.3f}"
            f"{max(o.overrun_s for o in mine):>9.3f}"
        )
    for code in sorted({o.code for o in outcomes} - set(EXPECTED_CODES)):
        these = [o for o in outcomes if o.code == code]
        overruns = [o.overrun_s for o in these]
        print(
            f"other: {code} x{len(these)} ({Counter(o.sla for o in these)}), ended "
            f"{min(overruns):+.3f} to {max(overruns):+.3f} s from their deadlines, "
            f"e.g. {these[0].details!r}"
        )
    reasons = Counter(o.details.split(":")[-1].strip() for o in outcomes if o.details)
    for reason, count in reasons.most_common(4):
        print(f"  {count:>6} x {reason}")


def print_memory(memory: MemorySampler, start: float, end: float) -> None:
    """Resident memory of the daemon and its engine over the run, every few seconds."""
    step = max(1.0, (end - start) / 12)
    marks = []
    at = start
    while at <= end:
        window = memory.between(at - step / 2, at + step / 2)
        if window:
            marks.append(f"{at - start:+.0f}s {_mib(max(window))}")
        at += step
    print("daemon+engine RSS: " + ", ".join(marks))


def daemon_outcomes(log_path: Path, client: Sequence[Outcome]) -> list[Outcome]:
    """The same calls as the daemon logged them (one appliance.requests line per Generate):
    its status, time from its arrival to the end and to the first token. This view leaves
    out the client's own lateness; the RetryInfo delay is the one the client received."""
    sent = {outcome.request_id: outcome for outcome in client}
    out: list[Outcome] = []
    for line in log_path.read_text(errors="replace").splitlines():
        _, marker, payload = line.partition("appliance.requests: ")
        record = json.loads(payload) if marker else {}
        mine = sent.get(str(record.get("request_id")))
        if mine is None:
            continue
        out.append(
            Outcome(
                sla=mine.sla,
                code=str(record.get("status")),
                latency_s=float(record.get("total_s", 0.0)),
                deadline_s=mine.deadline_s,
                ttft_s=record.get("ttft_s"),
                tokens=int(record.get("completion_tokens", 0)),
                retry_delay_s=mine.retry_delay_s,
                request_id=mine.request_id,
            )
        )
    return out


@dataclass
class Check:
    name: str
    passed: bool
    detail: str


def load_checks(
    client: Sequence[Outcome], daemon: Sequence[Outcome], memory: MemorySampler, window: Window
) -> list[Check]:
    """The overload criteria. What the client saw decides the status codes and retry
    delays; the daemon's own record decides timings (the client shares two cores with the
    daemon and the engine here, and its lateness is not the daemon's)."""
    worst = max(daemon, key=lambda o: o.overrun_s, default=None)
    logged = {o.request_id for o in daemon}
    unlogged = sum(1 for o in client if o.request_id not in logged)
    refused = [o for o in client if o.code == "RESOURCE_EXHAUSTED"]
    without_delay = [o for o in refused if not o.retry_delay_s or o.retry_delay_s <= 0]
    other = sorted({o.code for o in client} - set(EXPECTED_CODES))
    shed = {sla: _shed_share(daemon, sla) for sla in CLASSES}
    realtime = [o for o in daemon if o.sla == "realtime" and o.code == "OK"]
    ttft_p95 = percentile([o.ttft_s for o in realtime if o.ttft_s is not None], 0.95)
    tpot_p95 = percentile([o.tpot_s for o in realtime if o.tpot_s is not None], 0.95)
    objective = OBJECTIVES["realtime"]
    baseline = max(memory.between(window.baseline_from, window.start) or [memory.rss_bytes()])
    peak = max(memory.between(window.start, window.end) or [0])
    quarter = (window.end - window.start) / 4
    early = _median(memory.between(window.start + quarter, window.start + 2 * quarter), peak)
    late = _median(memory.between(window.end - quarter, window.end), peak)
    return [
        Check(
            "the daemon holds no call past its deadline",
            worst is not None and worst.overrun_s <= DEADLINE_MARGIN_S,
            f"worst {worst.overrun_s if worst else float('nan'):+.3f} s from its deadline "
            f"({worst.request_id if worst else 'none'}; margin {DEADLINE_MARGIN_S} s)",
        ),
        Check(
            "excess is shed with RESOURCE_EXHAUSTED and a retry delay",
            bool(refused) and not without_delay,
            f"{len(refused)} refused, {len(without_delay)} without a positive RetryInfo delay",
        ),
        Check(
            "no other status, every call reaches the daemon",
            not other and not unlogged,
            f"other: {', '.join(other) or 'none'}; {unlogged} calls the daemon never logged",
        ),
        Check(
            "batch is shed first",
            shed["batch"] >= max(shed["interactive"], shed["realtime"]),
            "share the daemon shed (RESOURCE_EXHAUSTED or DEADLINE_EXCEEDED, of the calls it "
            "logged that the client did not cancel): "
            + ", ".join(f"{sla} {share:.1%}" for sla, share in shed.items()),
        ),
        Check(
            "served realtime requests meet their objective (p95, daemon's clock)",
            bool(realtime)
            and ttft_p95 <= objective["ttft_s"]
            and not tpot_p95 > objective["tpot_s"],  # nan (too few tokens) passes
            f"{len(realtime)} served: TTFT p95 {ttft_p95:.3f} s (objective "
            f"{objective['ttft_s']} s), TPOT p95 {tpot_p95:.3f} s ({objective['tpot_s']} s)",
        ),
        Check(
            "memory stays bounded",
            peak <= baseline * 1.5 + 256 * 2**20 and late <= early * 1.1 + 64 * 2**20,
            f"before {_mib(baseline)}, peak {_mib(peak)}, median of the 2nd quarter "
            f"{_mib(early)}, of the last {_mib(late)}",
        ),
    ]


@dataclass(frozen=True)
class Window:
    """When the overload ran, and from when the samples before it count as the baseline."""

    baseline_from: float
    start: float
    end: float


def _shed_share(outcomes: Sequence[Outcome], sla: str) -> float:
    """The share of a class's calls the daemon refused or ran out of time for. Calls the
    client cancelled are left out: the client gave up on them (it shares the CPUs), the
    daemon did not shed them."""
    mine = [o for o in outcomes if o.sla == sla and o.code != "CANCELLED"]
    shed = sum(1 for o in mine if o.code in ("RESOURCE_EXHAUSTED", "DEADLINE_EXCEEDED"))
    return shed / len(mine) if mine else 0.0


def _median(values: Sequence[int], default: int) -> float:
    return statistics.median(values) if values else float(default)


def _mib(value: float) -> str:
    return f"{value / 2**20:.0f} MiB"
