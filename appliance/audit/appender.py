"""The writer's synchronous core: chains records, signs checkpoints, rotates, keeps the backlog.

It runs only on the writer's single worker thread, so it needs no locks and writes records
in the order they were submitted. Records become operations in a queue: an operation is
built (the chain advances) before it is written, so a record held back by a failing disk
keeps its place in the chain and is written, in order, once the disk works again.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from appliance.audit.chain import ChainState, RecordKind, encode_record, utc_timestamp
from appliance.audit.checkpoints import checkpoint_fields
from appliance.audit.errors import AuditUnavailableError
from appliance.audit.keys import key_fingerprint
from appliance.audit.layout import rotated_path
from appliance.audit.logfile import LiveFile
from appliance.audit.records import event_payload
from appliance.audit.settings import AuditSettings

log = logging.getLogger("appliance.audit")

RECOVERED_EVENT = "audit.write_recovered"
# Room kept in a file for the checkpoint that closes it (a checkpoint line is ~450 bytes).
_CHECKPOINT_RESERVE = 640


@dataclass(frozen=True)
class _Append:
    line: bytes
    after: ChainState
    sync: bool
    announce: str = ""  # logged once written: checkpoint heads in the journal anchor the log
    clears_error: bool = False  # the "writes work again" event


@dataclass(frozen=True)
class _Rotate:
    target: Path
    after: ChainState
    sync: bool


class Appender:
    """Turns records into chained lines and writes them; see the module docstring."""

    def __init__(
        self,
        settings: AuditSettings,
        signing_key: Ed25519PrivateKey,
        live: LiveFile,
        state: ChainState,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._settings = settings
        self._refuse = settings.on_write_failure == "refuse"
        self._key = signing_key
        self._fingerprint = key_fingerprint(signing_key.public_key())
        self._live = live
        self._state = state  # after every queued operation
        self._committed = state  # after every written operation
        self._queue: deque[_Append | _Rotate] = deque()
        self._clock = clock
        self._last_checkpoint = clock()
        self.error = ""  # empty while writes work
        self._failed_since = ""
        self._refused = 0
        self._written_late = 0

    @property
    def backlog(self) -> int:
        """Operations built but not yet written."""
        return len(self._queue)

    def submit(self, kind: RecordKind, payload: Mapping[str, object]) -> None:
        """Chain one record and write it, with a checkpoint when one is due."""
        self._recover()
        if self.error and self._refuse:
            self._refused += 1
            raise AuditUnavailableError(f"audit log unavailable: {self.error}")
        if self.error:
            if len(self._queue) >= self._settings.max_backlog_records:
                raise AuditUnavailableError(
                    f"audit backlog full ({len(self._queue)} records wait in memory) and "
                    f"writes still fail: {self.error}"
                )
            self._enqueue(kind, payload)
            return
        seq = self._enqueue(kind, payload)
        if self._checkpoint_due():
            self._enqueue_checkpoint()
        self._flush()
        if self._refuse and self._committed.next_seq <= seq:
            self._refused += 1
            raise AuditUnavailableError(f"audit log unavailable: {self.error}")

    def tick(self) -> None:
        """Retry failed writes; sign a checkpoint when one is due by time."""
        self._recover()
        if not self.error and self._checkpoint_due():
            self._enqueue_checkpoint()
            self._flush()

    def close(self) -> None:
        """Sign a last checkpoint and close the file; raise if anything stayed unwritten."""
        try:
            self._recover()
            if not self.error and self._state.since_checkpoint > 0:
                self._enqueue_checkpoint()
                self._flush()
        finally:
            self._live.close()
        if self.error:
            lost = sum(1 for op in self._queue if isinstance(op, _Append))
            what = (
                "its closing checkpoint was not written"
                if self._refuse
                else f"{lost} records held in memory were not written"
            )
            message = f"audit log closed while writes fail ({self.error}); {what}"
            log.error("%s", message)
            raise AuditUnavailableError(message)

    def _recover(self) -> None:
        # While writes fail, every call retries: first the backlog, then a real write of
        # an event that records the outage. Only a write that succeeds clears the error.
        if not self.error or not self._flush() or not self.error:
            return
        detail = {
            "error": self.error,
            "failed_since": self._failed_since,
            "refused_records": self._refused,
            "backlog_records_written": self._written_late,
        }
        self._enqueue("event", event_payload(RECOVERED_EVENT, detail), clears_error=True)
        self._flush()

    def _checkpoint_due(self) -> bool:
        pending = self._state.since_checkpoint
        if pending == 0:
            return False
        elapsed = self._clock() - self._last_checkpoint
        return (
            pending >= self._settings.checkpoint_every_records
            or elapsed >= self._settings.checkpoint_every_s
        )

    def _enqueue(
        self, kind: RecordKind, payload: Mapping[str, object], *, clears_error: bool = False
    ) -> int:
        stamp = utc_timestamp()
        line = self._encode(kind, payload, stamp)
        size = self._state.live_size
        if size > 0 and size + len(line) + 1 + _CHECKPOINT_RESERVE > self._settings.max_file_bytes:
            self._enqueue_rotation()
            line = self._encode(kind, payload, stamp)  # new seq and prev
        return self._push(line, kind, clears_error=clears_error)

    def _encode(self, kind: RecordKind, payload: Mapping[str, object], stamp: str) -> bytes:
        state = self._state
        return encode_record(kind, payload, seq=state.next_seq, prev=state.prev, time=stamp)

    def _push(
        self, line: bytes, kind: RecordKind, *, announce: str = "", clears_error: bool = False
    ) -> int:
        seq = self._state.next_seq
        after = self._state.after(line, kind)
        mode = self._settings.fsync
        sync = mode == "always" or (mode == "checkpoint" and kind == "checkpoint")
        self._queue.append(_Append(line, after, sync, announce, clears_error))
        self._state = after
        return seq

    def _enqueue_checkpoint(self) -> None:
        state = self._state
        covers, head = state.next_seq - 1, state.prev
        payload = checkpoint_fields(
            self._key,
            self._fingerprint,
            covers_seq=covers,
            chain_head=head,
            count=state.since_checkpoint,
        )
        line = encode_record(
            "checkpoint", payload, seq=state.next_seq, prev=state.prev, time=utc_timestamp()
        )
        announce = f"audit checkpoint seq {state.next_seq}: covers seq {covers}, head {head}"
        self._push(line, "checkpoint", announce=announce)
        self._last_checkpoint = self._clock()

    def _enqueue_rotation(self) -> None:
        if self._state.since_checkpoint > 0:
            self._enqueue_checkpoint()  # every rotated file ends signed
        state = self._state
        assert state.live_first_seq is not None
        target = rotated_path(self._live.path, state.live_first_seq, state.next_seq - 1)
        after = replace(state, live_size=0, live_first_seq=None)
        self._queue.append(_Rotate(target, after, sync=self._settings.fsync != "never"))
        self._state = after

    def _flush(self) -> bool:
        while self._queue:
            op = self._queue[0]
            try:
                if isinstance(op, _Append):
                    self._live.append(op.line, sync=op.sync)
                else:
                    self._live.rotate_to(op.target, sync=op.sync)
            except OSError as exc:
                self._failed(exc)
                return False
            self._queue.popleft()
            self._committed = op.after
            self._written(op)
        return True

    def _written(self, op: _Append | _Rotate) -> None:
        if isinstance(op, _Rotate):
            log.info("audit log rotated to %s", op.target)
            return
        if op.announce:
            log.info("%s", op.announce)
        if op.clears_error:
            log.warning("audit log writes work again (failing since %s)", self._failed_since)
            self.error = self._failed_since = ""
            self._refused = self._written_late = 0
        elif self.error:
            self._written_late += 1

    def _failed(self, exc: OSError) -> None:
        reason = f"cannot write {self._live.path}: {exc}"
        if not self.error:
            self._failed_since = utc_timestamp()
            then = "refusing requests" if self._refuse else "holding records in memory"
            log.error("audit log write failed: %s; %s until writes work again", reason, then)
        self.error = reason
        if self._refuse:
            # Nothing unwritten stays in the chain: the caller is told, and seq numbers
            # are reused by the next record that does get written.
            self._queue.clear()
            self._state = self._committed
