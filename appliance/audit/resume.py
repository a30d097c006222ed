"""Continuing an existing log: read the tail of its newest file to learn where the chain stands.

A tail that is cut mid-line or does not parse is never continued: appending after it would
chain new records to a line nobody can check. The operator decides what to do with it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from appliance.audit.chain import RECORD_KINDS, ChainState, line_digest
from appliance.audit.errors import AuditUnavailableError
from appliance.audit.layout import rotated_files

_CHUNK = 64 * 1024


@dataclass(frozen=True)
class _Tail:
    first_seq: int
    last_seq: int
    last_digest: str
    unsigned: int  # records after the last checkpoint in this file
    signed: bool  # whether a checkpoint was found in this file


class _TailError(Exception):
    def __init__(self, offset: int, reason: str) -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason


def resume_chain(live: Path) -> ChainState:
    """Where the chain stands after the live file and its rotated files; genesis when none.

    Raises AuditUnavailableError naming file:line when the newest tail is cut or unparseable.
    """
    try:
        if live.exists() and not live.is_file():
            raise AuditUnavailableError(f"audit log {live} is not a regular file")
        live_size = live.stat().st_size if live.exists() else 0
        files = [r.path for r in rotated_files(live)]
        if live_size > 0:
            files.append(live)
        if not files:
            return ChainState.genesis()
        tail = _read_tail(files[-1])
        unsigned = tail.unsigned
        signed = tail.signed
        # No checkpoint in the newest file (a crash right after rotation): count back further,
        # so the next checkpoint's `count` still says how many records it newly covers.
        for older in reversed(files[:-1]):
            if signed:
                break
            earlier = _read_tail(older)
            unsigned += earlier.unsigned
            signed = earlier.signed
    except OSError as exc:
        raise AuditUnavailableError(f"cannot read audit log {live}: {exc}") from exc
    return ChainState(
        next_seq=tail.last_seq + 1,
        prev=tail.last_digest,
        live_size=live_size,
        live_first_seq=tail.first_seq if live_size > 0 else None,
        since_checkpoint=unsigned,
    )


def _read_tail(path: Path) -> _Tail:
    with path.open("rb") as handle:
        try:
            return _scan(handle)
        except _TailError as exc:
            line = _line_number(handle, exc.offset)
            raise AuditUnavailableError(
                f"{path}:{line}: {exc.reason}; refusing to continue this log. Check it with "
                "`appliance audit verify`, then repair the file or move it aside."
            ) from None


def _scan(handle: BinaryIO) -> _Tail:
    size = handle.seek(0, 2)
    if size == 0:
        raise _TailError(0, "the file is empty")
    handle.seek(size - 1)
    if handle.read(1) != b"\n":
        raise _TailError(size, "the last line is incomplete (no newline): the file was cut")
    handle.seek(0)
    first_seq, _ = _parse(handle.readline().rstrip(b"\n"), 0)
    unsigned = 0
    last: tuple[int, str] | None = None
    later_seq: int | None = None
    for offset, line in _lines_backward(handle, size):
        seq, kind = _parse(line, offset)
        if later_seq is not None and seq != later_seq - 1:
            raise _TailError(offset, f"seq {seq} comes before seq {later_seq}")
        later_seq = seq
        if last is None:
            last = (seq, line_digest(line))
        if kind == "checkpoint":
            return _Tail(first_seq, last[0], last[1], unsigned, signed=True)
        unsigned += 1
    assert last is not None
    return _Tail(first_seq, last[0], last[1], unsigned, signed=False)


def _parse(line: bytes, offset: int) -> tuple[int, str]:
    try:
        record = json.loads(line)
    except ValueError:
        raise _TailError(offset, "the line is not valid JSON") from None
    if not isinstance(record, dict):
        raise _TailError(offset, "the line is not a JSON object")
    seq, kind = record.get("seq"), record.get("kind")
    if type(seq) is not int or kind not in RECORD_KINDS:
        raise _TailError(offset, "the line is not an audit record (no int seq or known kind)")
    return seq, str(kind)


def _lines_backward(handle: BinaryIO, size: int) -> Iterator[tuple[int, bytes]]:
    """(offset, line without newline) from the last line to the first of a file ending in \\n."""
    position = size - 1  # the buffer holds bytes [position, size - 1): all but the last newline
    buffer = b""
    while True:
        cut = buffer.rfind(b"\n")
        if cut >= 0:
            yield position + cut + 1, buffer[cut + 1 :]
            buffer = buffer[:cut]
        elif position == 0:
            yield 0, buffer
            return
        else:
            step = min(_CHUNK, position)
            position -= step
            handle.seek(position)
            buffer = handle.read(step) + buffer


def _line_number(handle: BinaryIO, offset: int) -> int:
    handle.seek(0)
    newlines, remaining = 0, offset
    while remaining > 0:
        chunk = handle.read(min(_CHUNK, remaining))
        if not chunk:
            break
        newlines += chunk.count(b"\n")
        remaining -= len(chunk)
    return newlines + 1
