"""Checking a log: every line parses, seq counts up by one, each `prev` is the hash of the line
before, and every checkpoint is signed by the given key over the chain as it stands.

It reports the first broken place as `file:line: reason`. A changed record breaks the link to
the line after it; when that later line still links to its own successor, it is original,
so the blame goes to the record before it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from appliance.audit.chain import FIRST_SEQ, GENESIS_PREV, RECORD_KINDS, line_digest
from appliance.audit.checkpoints import signature_valid
from appliance.audit.keys import key_fingerprint, load_public_key
from appliance.audit.layout import log_files_in

_HEX64 = re.compile(r"^[0-9a-f]{64}$")


@dataclass(frozen=True)
class VerifyReport:
    """The outcome of `verify_audit_log`.

    `unsigned_tail` counts records after the last checkpoint: normal for a live log (the
    next checkpoint signs them), a warning for a closed one (its tail may have been cut).
    """

    ok: bool
    records: int
    checkpoints: int
    unsigned_tail: int
    first_error: str | None


class _Broken(Exception):
    """The first broken place: `file:line: reason`."""


@dataclass(frozen=True)
class _Line:
    where: str
    seq: int
    digest: str


def verify_audit_log(
    paths: Path | Sequence[Path], public_key: Ed25519PublicKey | Path
) -> VerifyReport:
    """Verify log files given oldest first (a directory stands for its files in seq order).

    Raises AuditKeyError when `public_key` is a path that holds no Ed25519 public key.
    """
    key = load_public_key(public_key) if isinstance(public_key, Path) else public_key
    chain = _ChainCheck(key)
    try:
        files = _files(paths)
        for path in files:
            _feed_file(chain, path)
        chain.finish()
        if chain.records + chain.checkpoints == 0:
            raise _Broken(f"{', '.join(str(p) for p in files)}: no records to verify")
    except _Broken as exc:
        return VerifyReport(False, chain.records, chain.checkpoints, chain.unsigned, str(exc))
    return VerifyReport(True, chain.records, chain.checkpoints, chain.unsigned, None)


def _files(paths: Path | Sequence[Path]) -> list[Path]:
    files: list[Path] = []
    for path in [paths] if isinstance(paths, Path) else paths:
        if path.is_dir():
            try:
                files.extend(log_files_in(path))
            except (ValueError, OSError) as exc:
                raise _Broken(str(exc)) from None
        elif path.is_file():
            files.append(path)
        elif not path.exists():
            raise _Broken(f"{path}: no such file")
        else:
            raise _Broken(f"{path}: not a regular file")
    if not files:
        raise _Broken("no audit log files given")
    return files


def _feed_file(chain: _ChainCheck, path: Path) -> None:
    try:
        with path.open("rb") as handle:
            for number, raw in enumerate(handle, start=1):
                chain.feed(f"{path}:{number}", raw, first_in_file=number == 1)
    except OSError as exc:
        raise _Broken(f"{path}: cannot read: {exc.strerror or exc}") from None


class _ChainCheck:
    """Walks the lines of a log in order and raises _Broken at the first broken place."""

    def __init__(self, key: Ed25519PublicKey) -> None:
        self._key = key
        self._fingerprint = key_fingerprint(key)
        self._last: _Line | None = None
        # (a, b): b's prev is not the hash of a. Which one changed is known one line later.
        self._suspect: tuple[_Line, _Line] | None = None
        self.records = 0
        self.checkpoints = 0
        self.unsigned = 0

    def feed(self, where: str, raw: bytes, *, first_in_file: bool) -> None:
        """Check one line (with its newline, if it has one)."""
        if not raw.endswith(b"\n"):
            self._settle(None)
            raise _Broken(
                f"{where}: the file ends mid-line: this record was cut off "
                "(a truncated file or an interrupted write)"
            )
        body = raw[:-1]
        record = _parse(where, body)
        line = _Line(where, record["seq"], line_digest(body))
        self._settle(record["prev"])
        self._check_order(line, first_in_file)
        if self._last is None:
            if record["prev"] != GENESIS_PREV:
                raise _Broken(f"{where}: the first record's prev is not 64 zeros")
        elif record["prev"] != self._last.digest:
            self._suspect = (self._last, line)
        if record["kind"] == "checkpoint":
            self._check_checkpoint(line, record)
            self.checkpoints += 1
            self.unsigned = 0
        else:
            self.records += 1
            self.unsigned += 1
        self._last = line

    def finish(self) -> None:
        """Settle a broken link on the very last line."""
        self._settle(None)

    def _settle(self, next_prev: str | None) -> None:
        if self._suspect is None:
            return
        before, after = self._suspect
        if next_prev is not None and next_prev != after.digest:
            raise _Broken(
                f"{after.where}: record was changed: it matches neither the line before it "
                "nor the prev of the line after it"
            )
        raise _Broken(
            f"{before.where}: record was changed: its SHA-256 is not the prev of the next "
            f"line ({after.where})"
        )

    def _check_order(self, line: _Line, first_in_file: bool) -> None:
        last = self._last
        if last is None:
            if line.seq != FIRST_SEQ:
                raise _Broken(
                    f"{line.where}: the log starts at seq {line.seq}, not {FIRST_SEQ}: "
                    "earlier records or files are missing"
                )
            return
        if line.seq == last.seq + 1:
            return
        follows = f"seq {line.seq} follows seq {last.seq} ({last.where})"
        if line.seq <= last.seq:
            raise _Broken(f"{line.where}: {follows}: records are out of order or repeated")
        missing = line.seq - last.seq - 1
        what = f"{missing} record{'s' if missing > 1 else ''} missing or moved"
        hint = "; a file before this one is missing or was cut short" if first_in_file else ""
        raise _Broken(f"{line.where}: {follows}: {what}{hint}")

    def _check_checkpoint(self, line: _Line, record: dict[str, Any]) -> None:
        where = line.where
        covers, head, count = record["covers_seq"], record["chain_head"], record["count"]
        fingerprint, signature = record["key_fingerprint"], record["signature"]
        if fingerprint != self._fingerprint:
            raise _Broken(
                f"{where}: checkpoint signed by key {fingerprint}, not by the given public "
                f"key {self._fingerprint}"
            )
        valid = signature_valid(
            self._key,
            covers_seq=covers,
            chain_head=head,
            fingerprint=fingerprint,
            signature=signature,
        )
        if not valid:
            raise _Broken(f"{where}: checkpoint signature does not verify: forged or edited")
        last = self._last
        if last is None:
            raise _Broken(f"{where}: a checkpoint cannot be the first record")
        if self._suspect is not None and self._suspect[1] is line:
            # The signature is genuine, so the signed head tells which side of the link changed.
            self._suspect = None
            if covers == last.seq and head == last.digest:
                raise _Broken(f"{where}: prev was changed: the signed chain head is intact")
            if covers == last.seq:
                raise _Broken(
                    f"{last.where}: record was changed: its SHA-256 is not the chain head "
                    f"signed by the checkpoint at {where}"
                )
        if covers != last.seq:
            raise _Broken(
                f"{where}: checkpoint covers seq {covers}, but the record before it is "
                f"seq {last.seq}"
            )
        if head != last.digest:
            raise _Broken(
                f"{where}: the signed chain head does not match the records before it: "
                "they were changed and re-chained"
            )
        if count != self.unsigned:
            raise _Broken(
                f"{where}: checkpoint count {count} does not match the {self.unsigned} "
                "records since the previous checkpoint"
            )


def _parse(where: str, body: bytes) -> dict[str, Any]:
    try:
        record = json.loads(body)
    except ValueError:
        raise _Broken(f"{where}: not valid JSON") from None
    if not isinstance(record, dict):
        raise _Broken(f"{where}: not a JSON object")
    if type(record.get("seq")) is not int:
        raise _Broken(f"{where}: no integer seq")
    if not isinstance(record.get("prev"), str) or not _HEX64.fullmatch(record["prev"]):
        raise _Broken(f"{where}: prev is not a hex SHA-256")
    if record.get("kind") not in RECORD_KINDS:
        raise _Broken(f"{where}: kind is not one of {', '.join(RECORD_KINDS)}")
    if not isinstance(record.get("time"), str):
        raise _Broken(f"{where}: no time")
    if record["kind"] == "checkpoint":
        _check_checkpoint_fields(where, record)
    return record


def _check_checkpoint_fields(where: str, record: dict[str, Any]) -> None:
    for name in ("covers_seq", "count"):
        if type(record.get(name)) is not int:
            raise _Broken(f"{where}: checkpoint has no integer {name}")
    for name in ("chain_head", "key_fingerprint"):
        if not isinstance(record.get(name), str) or not _HEX64.fullmatch(record[name]):
            raise _Broken(f"{where}: checkpoint {name} is not a hex SHA-256")
    if not isinstance(record.get("signature"), str):
        raise _Broken(f"{where}: checkpoint has no signature")
