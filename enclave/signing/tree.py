"""List a model directory ourselves: every regular file, and nothing else allowed.

The library skips `.git/` and other paths by default and follows its own rules for what it
hashes; verification instead requires that the files present are exactly the files signed,
so the listing is ours and it refuses what it cannot account for.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from enclave.signing.errors import ModelUnreadable, SymlinkInTree, UnsupportedEntry


@dataclass(frozen=True, order=True)
class ModelFile:
    """A regular file: its path relative to the model root (POSIX), and its size."""

    path: str
    size: int


@dataclass(frozen=True)
class ModelTree:
    """The regular files of a model directory, sorted by path."""

    root: Path
    files: tuple[ModelFile, ...]

    @property
    def total_bytes(self) -> int:
        """Sum of the file sizes."""
        return sum(f.size for f in self.files)

    @property
    def paths(self) -> frozenset[str]:
        """The relative paths, as the signature names them."""
        return frozenset(f.path for f in self.files)


def scan_model_dir(root: Path, *, sharded: bool = False) -> ModelTree:
    """Every regular file under `root`; refuses symlinks (the root included), special files
    and names the signature cannot carry. With `sharded`, also ':' in names and empty
    files, which a sharded manifest cannot represent."""
    try:
        info = os.lstat(root)
    except OSError as exc:
        raise ModelUnreadable(f"cannot read model directory {root}: {exc.strerror}") from None
    if stat.S_ISLNK(info.st_mode):
        raise SymlinkInTree(f"model directory {root} is a symbolic link", paths=["."])
    if not stat.S_ISDIR(info.st_mode):
        raise UnsupportedEntry(f"{root} is not a directory")
    files: list[ModelFile] = []
    pending = [(root, "")]
    while pending:
        directory, prefix = pending.pop()
        for entry in _entries(directory):
            relative = prefix + entry.name
            _check_name(relative, sharded)
            if entry.is_symlink():
                raise SymlinkInTree(f"symbolic link in model: {relative}", paths=[relative])
            if entry.is_dir(follow_symlinks=False):
                pending.append((Path(entry.path), relative + "/"))
            elif entry.is_file(follow_symlinks=False):
                files.append(ModelFile(relative, _size(entry, relative, sharded)))
            else:
                raise UnsupportedEntry(
                    f"not a regular file or directory: {relative}", paths=[relative]
                )
    return ModelTree(root=root, files=tuple(sorted(files)))


def _entries(directory: Path) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(directory) as listing:
            return sorted(listing, key=lambda e: e.name)
    except OSError as exc:
        raise ModelUnreadable(f"cannot list {directory}: {exc.strerror}") from None


def _size(entry: os.DirEntry[str], relative: str, sharded: bool) -> int:
    try:
        size = entry.stat(follow_symlinks=False).st_size
    except OSError as exc:
        raise ModelUnreadable(f"cannot stat {relative}: {exc.strerror}") from None
    if sharded and size == 0:
        raise UnsupportedEntry(
            f"empty file {relative}: a sharded signature cannot cover it "
            "(use per-file hashing, or remove it)",
            paths=[relative],
        )
    return size


def _check_name(relative: str, sharded: bool) -> None:
    try:
        relative.encode("utf-8")
    except UnicodeEncodeError:
        shown = os.fsencode(relative).decode("utf-8", "backslashreplace")
        raise UnsupportedEntry(f"file name is not UTF-8: {shown}", paths=[shown]) from None
    if sharded and ":" in relative:
        raise UnsupportedEntry(
            f"':' in {relative}: a sharded signature cannot name it", paths=[relative]
        )
