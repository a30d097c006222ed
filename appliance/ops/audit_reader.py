"""Reading request records out of an audit log for reports, without verifying the chain.

Every field is treated as untrusted input: a record that is not the shape the writer
produces is counted as malformed and skipped, never trusted half-way. The chain itself is
`appliance audit verify`'s job; a report only reads.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from appliance.audit.layout import log_files_in, rotated_files

# Labels longer than this are cut: a report must stay readable whatever a record holds.
_LABEL_LIMIT = 120
_TAIL_BLOCK = 64 * 1024


@dataclass(frozen=True, slots=True)
class PluginOutcome:
    """One plugin's part in one request: `pass`, `modify`, `block`, `failed` or `skipped`."""

    plugin: str
    outcome: str
    failure: str = ""


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """The parts of one audited request that a report shows."""

    time: datetime
    request_id: str
    model: str
    # Empty when the record does not say which engine served it (writers before the field).
    engine: str
    sla_class: str
    status: str
    # Empty when the request was not screened (refused before screening, or screening off).
    screening_action: str
    screening_injection: bool | None
    plugins: tuple[PluginOutcome, ...]
    queue_s: float | None
    ttft_s: float | None
    total_s: float | None


@dataclass(frozen=True, slots=True)
class AuditRead:
    """What `read_request_records` found."""

    records: tuple[RequestRecord, ...]
    files_read: tuple[Path, ...]
    # Rotated files passed over because their last record is older than the window.
    files_skipped: int
    malformed_lines: int


def audit_files(path: Path) -> list[Path]:
    """The log's files oldest first: a directory's one log, or a live file and its rotations."""
    if path.is_dir():
        return log_files_in(path)
    ordered = [rotated.path for rotated in rotated_files(path)]
    return [*ordered, path] if path.is_file() else ordered


def read_request_records(
    path: Path, *, since: datetime, until: datetime | None = None
) -> AuditRead:
    """Request records with `since <= time <= until` (aware datetimes) from the log at `path`.

    Rotated files that ended before `since` are not read at all, so a short window over a
    long history costs one seek per old file. Raises OSError / ValueError when `path` holds
    no readable log.
    """
    files = audit_files(path)
    if not files:
        raise ValueError(f"{path}: no audit log files here")
    records: list[RequestRecord] = []
    read: list[Path] = []
    skipped = malformed = 0
    for index, file in enumerate(files):
        is_live = index == len(files) - 1
        if not is_live and _ends_before(file, since):
            skipped += 1
            continue
        read.append(file)
        for fields in _records_in(file):
            if fields is None:
                malformed += 1
                continue
            if fields.get("kind") != "request":
                continue
            record = parse_request_record(fields)
            if record is None:
                malformed += 1
            elif record.time >= since and (until is None or record.time <= until):
                records.append(record)
    return AuditRead(tuple(records), tuple(read), skipped, malformed)


def parse_request_record(fields: Mapping[str, object]) -> RequestRecord | None:
    """A request record's report fields, or None when its shape is not the writer's."""
    stamp = _record_time(fields.get("time"))
    if stamp is None:
        return None
    timings = fields.get("timings")
    timings = timings if isinstance(timings, Mapping) else {}
    screening = fields.get("screening")
    action, injection = "", None
    if isinstance(screening, Mapping):
        action = _label(screening.get("action")) or "unknown"
        flag = screening.get("injection")
        injection = flag if isinstance(flag, bool) else None
    plugins = fields.get("plugins")
    steps = plugins if isinstance(plugins, list) else []
    return RequestRecord(
        time=stamp,
        request_id=_label(fields.get("request_id")),
        model=_label(fields.get("model")),
        engine=_label(fields.get("engine")),
        sla_class=_label(fields.get("sla_class")),
        status=_label(fields.get("status")),
        screening_action=action,
        screening_injection=injection,
        plugins=tuple(_plugin_outcome(step) for step in steps if isinstance(step, Mapping)),
        queue_s=_seconds(timings.get("queue_s")),
        ttft_s=_seconds(timings.get("ttft_s")),
        total_s=_seconds(timings.get("total_s")),
    )


def _plugin_outcome(step: Mapping[str, object]) -> PluginOutcome:
    name = _label(step.get("plugin")) or _label(step.get("name")) or "unknown"
    if step.get("skipped") is True:
        return PluginOutcome(name, "skipped")
    return PluginOutcome(name, _label(step.get("action")) or "unknown", _label(step.get("failure")))


def _record_time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        stamp = datetime.fromisoformat(value)
    except ValueError:
        return None
    # The writer always writes UTC with "Z"; a naive time is not one of its records.
    return stamp if stamp.tzinfo is not None else None


def _label(value: object) -> str:
    if not isinstance(value, str):
        return ""
    return value if len(value) <= _LABEL_LIMIT else value[: _LABEL_LIMIT - 1] + "…"


def _seconds(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) and number >= 0 else None


def _records_in(path: Path) -> Iterator[dict[str, object] | None]:
    """Each line parsed as a JSON object; None for a line that is not one."""
    with path.open("rb") as stream:
        for line in stream:
            if not line.strip():
                continue
            try:
                fields = json.loads(line)
            except ValueError:
                yield None
                continue
            yield fields if isinstance(fields, dict) else None


def _ends_before(path: Path, since: datetime) -> bool:
    """Whether the file's last record is older than `since` (False when that is unknown)."""
    line = _last_line(path)
    try:
        fields = json.loads(line) if line else None
    except ValueError:
        return False
    stamp = _record_time(fields.get("time")) if isinstance(fields, dict) else None
    return stamp is not None and stamp < since


def _last_line(path: Path) -> bytes:
    # Read backwards block by block: a record with logged text can be longer than a block.
    with path.open("rb") as stream:
        end = stream.seek(0, 2)
        tail = b""
        position = end
        while position > 0:
            step = min(_TAIL_BLOCK, position)
            position -= step
            stream.seek(position)
            tail = stream.read(step) + tail
            stripped = tail.rstrip(b"\n")
            cut = stripped.rfind(b"\n")
            if cut >= 0:
                return stripped[cut + 1 :]
        return tail.rstrip(b"\n")
