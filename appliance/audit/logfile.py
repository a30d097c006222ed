"""The live log file: whole-line appends, partial writes cut away, fsync, rotation.

Used only from the writer's worker thread. Every method raises OSError on failure and leaves
the file ending at a line boundary (or marked to be cut back to one when it is next opened).
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


class LiveFile:
    """Appends lines to the live log file, which holds exactly `size` bytes of whole lines."""

    def __init__(self, path: Path, size: int) -> None:
        self.path = path
        self.size = size
        self._fd: int | None = None

    def open(self) -> None:
        """Open (or create, mode 0600) the file; cut away bytes past `size` from a failed write."""
        if self._fd is not None:
            return
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            actual = os.fstat(fd).st_size
            if actual < self.size:
                # Someone else cut the file: appending now would hide the loss. Stay failed.
                raise OSError(
                    f"{self.path} shrank from {self.size} to {actual} bytes behind the writer"
                )
            if actual > self.size:
                os.ftruncate(fd, self.size)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def append(self, line: bytes, *, sync: bool) -> None:
        """Append one line and its newline; on failure, cut the file back to `size`."""
        self.open()
        assert self._fd is not None
        data = memoryview(line + b"\n")
        try:
            while data:
                # os.write may write part of the data (a full disk, a file size limit).
                data = data[os.write(self._fd, data) :]
            if sync:
                os.fsync(self._fd)
        except BaseException:
            self._abandon()
            raise
        self.size += len(line) + 1

    def rotate_to(self, target: Path, *, sync: bool) -> None:
        """Close the live file and rename it to `target`; the next append starts a new file.

        Safe to call again after a failure part-way: a rename already done is not repeated.
        """
        if self._fd is not None:
            if sync:
                os.fsync(self._fd)
            self.close()
        if target.exists() and not self.path.exists():
            pass  # renamed by an earlier try whose directory fsync failed
        elif target.exists():
            raise OSError(f"cannot rotate {self.path}: {target} already exists")
        else:
            os.rename(self.path, target)
        if sync:
            _fsync_directory(self.path.parent)
        self.size = 0

    def close(self) -> None:
        """Close the file descriptor, if open."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def _abandon(self) -> None:
        # Cut a partial line now if the file lets us; either way close, so that the next open
        # cuts it (open() truncates to `size`) before anything else is appended.
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(fd, self.size)
        with contextlib.suppress(OSError):
            os.close(fd)


def _fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
