"""Read request traces in the Azure LLM inference trace format.

`TIMESTAMP,ContextTokens,GeneratedTokens`, one request a line after the header (the order of
columns follows the header; extra columns are ignored). TIMESTAMP is an ISO date-time
(`2023-11-16 18:17:03.9799600`, any number of fractional digits) or seconds as a number.
A row that does not parse stops the read with `TraceFormatError` naming file and line.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from appliance.routing.errors import TraceFormatError

_COLUMNS = ("TIMESTAMP", "ContextTokens", "GeneratedTokens")


@dataclass(frozen=True, slots=True)
class TraceRow:
    """One request of a trace: seconds since the trace's first request, and its sizes."""

    offset_s: float
    prompt_tokens: int
    output_tokens: int


def load_trace(path: Path) -> list[TraceRow]:
    """All rows of a trace file, in arrival order, offsets from the earliest request."""
    try:
        with path.open(encoding="utf-8", newline="") as handle:
            return parse_trace(handle.read().splitlines(), source=str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise TraceFormatError(f"{path}: cannot read: {exc}") from exc


def parse_trace(lines: list[str], *, source: str = "<trace>") -> list[TraceRow]:
    """Parse the lines of a trace (header first)."""
    reader = csv.reader(lines)
    try:
        header = [name.strip().lstrip("\ufeff") for name in next(reader)]
    except StopIteration:
        raise TraceFormatError(f"{source}:1: empty file, expected a header") from None
    missing = [name for name in _COLUMNS if name not in header]
    if missing:
        raise TraceFormatError(
            f"{source}:1: header lacks {', '.join(missing)} (need {','.join(_COLUMNS)})"
        )
    at = [header.index(name) for name in _COLUMNS]
    stamps: list[tuple[float, int, int]] = []
    for line_number, row in enumerate(reader, start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if len(row) < len(header):
            raise TraceFormatError(
                f"{source}:{line_number}: expected {len(header)} fields, got {len(row)}"
            )
        where = f"{source}:{line_number}"
        stamp = _timestamp(row[at[0]].strip(), where)
        prompt = _tokens(row[at[1]].strip(), where, "ContextTokens", minimum=1)
        output = _tokens(row[at[2]].strip(), where, "GeneratedTokens", minimum=0)
        stamps.append((stamp, prompt, max(output, 1)))  # every request yields its first token
    if not stamps:
        raise TraceFormatError(f"{source}: no requests after the header")
    stamps.sort(key=lambda item: item[0])
    first = stamps[0][0]
    return [TraceRow(stamp - first, prompt, output) for stamp, prompt, output in stamps]


def _timestamp(text: str, where: str) -> float:
    try:
        value = float(text)
    except ValueError:
        pass
    else:
        if not math.isfinite(value):
            raise TraceFormatError(f"{where}: TIMESTAMP {text!r} is not finite")
        return value
    try:
        stamp = datetime.fromisoformat(text)
    except ValueError:
        raise TraceFormatError(
            f"{where}: TIMESTAMP {text!r} is neither an ISO date-time nor seconds"
        ) from None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)  # naive stamps: no local-time DST jumps
    return stamp.timestamp()


def _tokens(text: str, where: str, column: str, *, minimum: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise TraceFormatError(f"{where}: {column} {text!r} is not a whole number") from None
    if value < minimum:
        raise TraceFormatError(f"{where}: {column} {value} is below {minimum}")
    return value
