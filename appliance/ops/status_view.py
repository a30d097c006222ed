"""The `appliance status` view: what an operator asks first, as rich tables.

Every value that comes from the daemon goes in as `Text`, never as markup: an engine error
or a claim could hold `[...]`, which rich would otherwise read as style tags.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from datetime import UTC, datetime

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from appliance.api import pb2
from appliance.ops.daemon_status import DaemonStatus
from appliance.telemetry.source import SourceStatus

TELEMETRY_NOT_REPORTED = "not reported by this daemon"

_STATE_STYLES = {
    "ready": "green",
    "starting": "yellow",
    "draining": "yellow",
    "failed": "bold red",
    "stopped": "dim",
}


def status_view(
    snapshot: DaemonStatus,
    *,
    telemetry: Mapping[str, SourceStatus] | None = None,
    now: float | None = None,
) -> RenderableType:
    """The whole status screen for one look at the daemon.

    `telemetry` None: the sources the daemon reports in its status; a daemon that reports
    none is said to, rather than shown an empty (and misleading) list.
    """
    status = snapshot.status
    parts: list[RenderableType] = [_headline(snapshot)]
    if status is None:
        parts.append(Text(f"details not shown: {snapshot.error}", style="yellow"))
        return Group(*parts)
    if telemetry is None and status.telemetry:
        telemetry = {t.name: SourceStatus(t.live, t.reason) for t in status.telemetry}
    clock = time.time() if now is None else now
    parts += [engines_table(status), models_table(status), _state_table(status, telemetry, clock)]
    return Group(*parts)


def engines_table(status: pb2.StatusResponse) -> RenderableType:
    """One row per engine: state, load, totals, processes; engine errors follow the table
    (a long error in a column would squeeze every other column on an 80-column terminal)."""
    # Short headers keep the table inside 80 columns; the caption spells them out.
    table = Table(
        title="Engines",
        title_justify="left",
        caption="run/wait: vLLM's queues; held: admitted by the appliance, not finished; "
        "unfin.: requests vLLM still tracks; total: requests ever handed over",
        caption_justify="left",
    )
    for header in ("engine", "model", "state"):
        table.add_column(header, no_wrap=True)
    for header in ("run", "wait", "held", "unfin.", "KV", "total"):
        table.add_column(header, justify="right", no_wrap=True)
    table.add_column("pids")
    errors = Text()
    for engine in status.engines:
        table.add_row(
            Text(engine.name, style="bold"),
            Text(engine.model),
            Text(engine.state, style=_STATE_STYLES.get(engine.state, "")),
            Text(str(engine.running_requests)),
            Text(str(engine.waiting_requests)),
            Text(str(engine.outstanding_requests)),
            Text(str(engine.unfinished_requests)),
            Text(f"{engine.kv_cache_usage * 100:.1f}%"),
            Text(str(engine.requests_total)),
            Text(" ".join(str(pid) for pid in engine.process_ids) or "-", style="dim"),
        )
        if engine.error:
            errors.append("\n" if errors else "")
            errors.append(f"{engine.name}: ", style="bold red")
            errors.append(engine.error, style="red")
    if not status.engines:
        table.add_row(Text("(no engines)", style="yellow"), *([Text("")] * 9))
    return Group(table, errors) if errors else table


def models_table(status: pb2.StatusResponse) -> Table:
    """One row per served model: its verified digest, signer and staged path."""
    table = Table(title="Models (verified)", title_justify="left")
    table.add_column("model")
    table.add_column("digest", overflow="fold")
    table.add_column("signer", overflow="fold")
    table.add_column("path", overflow="fold", style="dim")
    for model in status.models:
        table.add_row(
            Text(model.model, style="bold"),
            Text(model.digest),
            Text(model.signer) if model.signer else Text("unsigned", style="yellow"),
            Text(model.path),
        )
    if not status.models:
        table.add_row(Text("(no models reported)", style="yellow"), Text(""), Text(""), Text(""))
    return table


def attestation_text(attestation: pb2.AttestationStatus) -> Text:
    """Attested or not, by which providers, how long ago, and whether the policy requires it."""
    providers = ", ".join(attestation.providers) or "none configured"
    if attestation.attested:
        text = Text("attested", style="bold green")
    elif attestation.required:
        text = Text("NOT ATTESTED", style="bold red")
    else:
        text = Text("not attested", style="yellow")
    text.append(f" by {providers}; checked {format_duration(attestation.age_s)} ago; ")
    text.append("required by policy" if attestation.required else "not required by policy")
    if attestation.error:
        text.append("\nlast check failed: ", style="red")
        text.append(attestation.error, style="red")
    for name in sorted(attestation.claims):
        text.append(f"\n  {name} = ", style="dim")
        text.append(attestation.claims[name], style="dim")
    return text


def telemetry_text(telemetry: Mapping[str, SourceStatus] | None) -> Text:
    """Each source live or not, with the reason; a plain statement when none are reported."""
    if telemetry is None:
        return Text(TELEMETRY_NOT_REPORTED, style="dim italic")
    if not telemetry:
        return Text("no sources configured", style="dim")
    text = Text()
    for index, name in enumerate(sorted(telemetry)):
        source = telemetry[name]
        if index:
            text.append("\n")
        text.append(f"{name}: ")
        text.append(
            "live" if source.live else "unavailable", style="green" if source.live else "yellow"
        )
        if source.reason:
            text.append(f" ({source.reason})", style="dim")
    return text


def policy_text(status: pb2.StatusResponse, now: float) -> Text:
    """The live policy's digest, when it loaded, and the last refused reload."""
    text = Text(status.policy_digest or "(none)")
    if status.policy_loaded_at > 0:
        loaded = datetime.fromtimestamp(status.policy_loaded_at, UTC)
        ago = format_duration(max(0.0, now - status.policy_loaded_at))
        text.append(f"\nloaded {loaded:%Y-%m-%d %H:%M:%S} UTC ({ago} ago)", style="dim")
    failures = status.policy_reload_failures
    text.append(f"\nreload failures: {failures}", style="red" if failures else "dim")
    if status.policy_error:
        text.append("\nlast reload refused: ", style="bold red")
        text.append(status.policy_error, style="red")
    return text


def audit_text(status: pb2.StatusResponse) -> Text:
    """Whether the audit log can be written, and why not."""
    if status.audit_healthy:
        return Text("healthy", style="green")
    text = Text("NOT WRITABLE", style="bold red")
    if status.audit_error:
        text.append(f": {status.audit_error}", style="red")
    return text


def format_duration(seconds: float) -> str:
    """A short human duration: 42 s, 5 min, 3 h 12 min, 2 d 4 h."""
    whole = int(max(0.0, seconds))
    if whole < 120:
        return f"{whole} s"
    minutes, hours, days = whole // 60, whole // 3600, whole // 86_400
    if hours < 2:
        return f"{minutes} min"
    if days < 2:
        return f"{hours} h {minutes % 60} min"
    return f"{days} d {hours % 24} h"


def _headline(snapshot: DaemonStatus) -> Text:
    style = "bold green" if snapshot.serving else "bold red"
    text = Text("health: ")
    text.append(snapshot.health, style=style)
    status = snapshot.status
    if status is None:
        return text
    text.append(f"   version: {status.version or '?'}")
    text.append(f"   uptime: {format_duration(status.uptime_s)}")
    metrics = status.metrics_address or "off"
    text.append(f"   metrics: {metrics}")
    return text


def _state_table(
    status: pb2.StatusResponse, telemetry: Mapping[str, SourceStatus] | None, now: float
) -> Table:
    table = Table(title="Trust and state", title_justify="left", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("state", overflow="fold")
    table.add_row("attestation", attestation_text(status.attestation))
    table.add_row("telemetry", telemetry_text(telemetry))
    table.add_row("policy", policy_text(status, now))
    table.add_row("audit log", audit_text(status))
    return table
