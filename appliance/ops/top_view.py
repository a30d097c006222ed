"""`appliance top`: the status view, refreshed, with per-engine load bars and request rates."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

from rich.console import Console, Group, RenderableType
from rich.progress_bar import ProgressBar
from rich.table import Table
from rich.text import Text

from appliance.api import pb2
from appliance.ops.daemon_status import DaemonStatus
from appliance.ops.status_view import status_view

_BAR_WIDTH = 20


class EngineRates:
    """Requests per second per engine, from the change in `requests_total` between looks."""

    def __init__(self) -> None:
        self._last: dict[str, tuple[float, int]] = {}

    def update(self, status: pb2.StatusResponse | None, now: float) -> dict[str, float]:
        """Rates since the previous look; an engine seen for the first time has none yet."""
        if status is None:
            return {}
        rates: dict[str, float] = {}
        seen: dict[str, tuple[float, int]] = {}
        for engine in status.engines:
            seen[engine.name] = (now, engine.requests_total)
            previous = self._last.get(engine.name)
            if previous is None or now <= previous[0]:
                continue
            # A restarted daemon counts from zero again: show 0, not a negative rate.
            delta = max(0, engine.requests_total - previous[1])
            rates[engine.name] = delta / (now - previous[0])
        self._last = seen
        return rates


def load_table(status: pb2.StatusResponse, rates: Mapping[str, float]) -> Table:
    """One row per engine: KV cache and outstanding requests as bars, queue and request rate.

    Outstanding bars share one scale (the busiest engine), so engines compare at a glance.
    """
    table = Table(title="Load", title_justify="left")
    table.add_column("engine")
    table.add_column("KV cache")
    table.add_column("", justify="right")
    table.add_column("held")
    table.add_column("", justify="right")
    table.add_column("run", justify="right")
    table.add_column("wait", justify="right")
    table.add_column("req/s", justify="right")
    busiest = max((engine.outstanding_requests for engine in status.engines), default=0)
    for engine in status.engines:
        kv_percent = min(100.0, max(0.0, engine.kv_cache_usage * 100))
        rate = rates.get(engine.name)
        table.add_row(
            Text(engine.name, style="bold"),
            ProgressBar(total=100, completed=kv_percent, width=_BAR_WIDTH),
            Text(f"{kv_percent:.0f}%"),
            ProgressBar(
                total=max(1, busiest), completed=engine.outstanding_requests, width=_BAR_WIDTH
            ),
            Text(str(engine.outstanding_requests)),
            Text(str(engine.running_requests)),
            Text(str(engine.waiting_requests), style="yellow" if engine.waiting_requests else ""),
            Text("-" if rate is None else f"{rate:.1f}"),
        )
    return table


def top_view(
    snapshot: DaemonStatus, *, rates: Mapping[str, float], interval_s: float, now: float
) -> RenderableType:
    """One frame of `appliance top`: a clock line, the load bars, then the status view."""
    stamp = datetime.fromtimestamp(now, UTC)
    header = Text(
        f"appliance top   {stamp:%Y-%m-%d %H:%M:%S} UTC   every {interval_s:g} s   Ctrl-C quits",
        style="dim",
    )
    parts: list[RenderableType] = [header]
    if snapshot.status is not None:
        parts.append(load_table(snapshot.status, rates))
    parts.append(status_view(snapshot, now=now))
    return Group(*parts)


def run_top(
    look: Callable[[], DaemonStatus],
    console: Console,
    *,
    interval_s: float,
    once: bool = False,
    clock: Callable[[], float] = time.time,
    sleep: Callable[[float], None] = time.sleep,
) -> int:
    """Show frames until Ctrl-C (or one frame with `once`). Returns the exit code: 0, or 1
    when the one frame shows a daemon that is not serving."""
    rates = EngineRates()

    def frame() -> tuple[RenderableType, DaemonStatus]:
        snapshot = look()
        now = clock()
        view = top_view(
            snapshot, rates=rates.update(snapshot.status, now), interval_s=interval_s, now=now
        )
        return view, snapshot

    if once:
        view, snapshot = frame()
        console.print(view)
        return 0 if snapshot.serving else 1

    from rich.live import Live

    try:
        with Live(console=console, auto_refresh=False, screen=False) as live:
            while True:
                view, _ = frame()
                live.update(view, refresh=True)
                sleep(interval_s)
    except KeyboardInterrupt:
        # Ctrl-C is how top ends: a normal exit, not a traceback.
        return 0
