"""File names of a log on disk: the live file, rotated files, and their order in a directory."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# Zero-padded so that names sort in seq order in `ls` too; seq ranges decide the real order.
_SEQ_DIGITS = 12
_ROTATED = re.compile(r"^(?P<stem>.+?)\.(?P<first>\d+)-(?P<last>\d+)(?P<suffix>(?:\.[^.]+)?)$")


@dataclass(frozen=True)
class RotatedFile:
    """A rotated log file and the seq range its name claims."""

    path: Path
    first_seq: int
    last_seq: int


def rotated_path(live: Path, first_seq: int, last_seq: int) -> Path:
    """Where the live file goes on rotation: <stem>.<first-seq>-<last-seq><suffix>."""
    return live.with_name(
        f"{live.stem}.{first_seq:0{_SEQ_DIGITS}d}-{last_seq:0{_SEQ_DIGITS}d}{live.suffix}"
    )


def parse_rotated(path: Path) -> tuple[str, RotatedFile] | None:
    """The live file name and seq range of a rotated file name; None for other names."""
    match = _ROTATED.fullmatch(path.name)
    if match is None:
        return None
    live_name = match["stem"] + match["suffix"]
    return live_name, RotatedFile(path, int(match["first"]), int(match["last"]))


def rotated_files(live: Path) -> list[RotatedFile]:
    """The rotated files next to `live`, oldest first."""
    if not live.parent.is_dir():
        return []
    found = []
    for entry in live.parent.iterdir():
        parsed = parse_rotated(entry)
        if parsed is not None and parsed[0] == live.name and entry.is_file():
            found.append(parsed[1])
    return sorted(found, key=lambda r: (r.first_seq, r.last_seq))


def log_files_in(directory: Path) -> list[Path]:
    """The files of the one log in `directory`: rotated files by seq range, then the live one.

    Raises ValueError when the directory holds no log or several.
    """
    files = sorted(p for p in directory.iterdir() if p.is_file() and not p.name.startswith("."))
    live_names = {parsed[0] for p in files if (parsed := parse_rotated(p)) is not None}
    if not live_names:
        live_names = {p.name for p in files if p.suffix == ".jsonl"}
    if not live_names:
        raise ValueError(f"{directory}: no audit log files (*.jsonl) here")
    if len(live_names) > 1:
        names = ", ".join(sorted(live_names))
        raise ValueError(f"{directory}: holds several logs ({names}); pass the files in order")
    live = directory / live_names.pop()
    ordered = [r.path for r in rotated_files(live)]
    return [*ordered, live] if live.is_file() else ordered
