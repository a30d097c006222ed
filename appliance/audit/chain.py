"""The hash chain: how a record becomes a line, and where the chain stands after it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Literal

from appliance.audit.errors import AuditRecordError

RecordKind = Literal["request", "event", "checkpoint"]
RECORD_KINDS: tuple[RecordKind, ...] = ("request", "event", "checkpoint")

# `prev` of the very first record: there is no line before it.
GENESIS_PREV = "0" * 64
FIRST_SEQ = 1
# Fields every record carries; payloads never use these names.
ENVELOPE_FIELDS = frozenset({"seq", "time", "kind", "prev"})


@dataclass(frozen=True)
class ChainState:
    """Where the chain stands: the next record's seq and prev, and the live file's shape."""

    next_seq: int
    prev: str
    live_size: int
    live_first_seq: int | None
    since_checkpoint: int

    @classmethod
    def genesis(cls) -> ChainState:
        """The state before the first record of a new chain."""
        return cls(FIRST_SEQ, GENESIS_PREV, 0, None, 0)

    def after(self, line: bytes, kind: RecordKind) -> ChainState:
        """The state once `line` (holding seq `next_seq`) is appended to the live file."""
        return ChainState(
            next_seq=self.next_seq + 1,
            prev=line_digest(line),
            live_size=self.live_size + len(line) + 1,
            live_first_seq=self.next_seq if self.live_first_seq is None else self.live_first_seq,
            since_checkpoint=0 if kind == "checkpoint" else self.since_checkpoint + 1,
        )


def line_digest(line: bytes) -> str:
    """Hex SHA-256 of a line's exact bytes, without its newline: the next record's `prev`."""
    return hashlib.sha256(line).hexdigest()


def utc_timestamp(now: datetime | None = None) -> str:
    """RFC 3339 UTC time with microseconds, e.g. 2025-01-31T12:00:00.000001Z."""
    moment = (now or datetime.now(UTC)).astimezone(UTC)
    return moment.isoformat(timespec="microseconds").replace("+00:00", "Z")


def encode_record(
    kind: RecordKind, payload: Mapping[str, object], *, seq: int, prev: str, time: str
) -> bytes:
    """One record as its line (no newline): compact JSON, sorted keys, ASCII only.

    ASCII with escapes means the bytes on disk never depend on an encoding, and a newline in
    any text is escaped, so one record is always exactly one line.
    """
    clash = ENVELOPE_FIELDS & payload.keys()
    if clash:
        raise AuditRecordError(f"record payload may not set {sorted(clash)}")
    fields = {**payload, "seq": seq, "time": time, "kind": kind, "prev": prev}
    try:
        text = json.dumps(
            fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
        )
    except (TypeError, ValueError) as exc:
        raise AuditRecordError(f"{kind} record is not plain JSON data: {exc}") from exc
    return text.encode("ascii")
