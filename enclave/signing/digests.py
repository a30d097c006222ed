"""Hash model files in parallel, optionally copying each byte to a staging directory as it
is hashed ("hash what you write"): read once, and the copy holds exactly the hashed bytes.

Work is split into units (a file, or a shard of one) run on a thread pool; hashlib and
blake3 release the GIL on large buffers, and so do preadv/pwrite, so threads scale with
cores. Each source file is opened beneath the model root one component at a time with
O_NOFOLLOW, so a symlink swapped in after the listing is refused rather than followed.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import blake3

from enclave.signing.errors import (
    ModelUnreadable,
    SourceChanged,
    StagingFailed,
    SymlinkInTree,
    UnsupportedEntry,
)
from enclave.signing.settings import HashingSettings
from enclave.signing.tree import ModelFile, ModelTree

ProgressCallback = Callable[[int, int], None]
"""Called as `(bytes done, bytes total)` from worker threads, after each chunk."""

_CHUNK = 1 << 20  # stays in L2 cache between read, hash and write: faster than larger
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
_DIR_FLAGS = _READ_FLAGS | os.O_DIRECTORY


@dataclass(frozen=True)
class ResourceDigest:
    """The digest of one manifest entry: a whole file, or the shard [start, end) of one."""

    path: str
    start: int
    end: int
    sharded: bool
    algorithm: str
    value: bytes

    @property
    def identifier(self) -> str:
        """The entry's name in the signature: the path, or `path:start:end` for a shard."""
        return f"{self.path}:{self.start}:{self.end}" if self.sharded else self.path


class _Hasher(Protocol):
    def update(self, data: memoryview, /) -> object: ...

    def digest(self) -> bytes: ...


@dataclass(frozen=True)
class _Unit:
    file: ModelFile
    start: int
    end: int


class _Stopped(Exception):
    """Another unit failed; this one gives up rather than finish a doomed copy."""


class _Job:
    """Progress shared by the units, and the flag that stops them after a failure."""

    def __init__(self, callback: ProgressCallback | None, total: int) -> None:
        self.stop = threading.Event()
        self._callback = callback
        self._total = total
        self._done = 0
        self._lock = threading.Lock()

    def add(self, count: int) -> None:
        if self.stop.is_set():
            raise _Stopped
        if self._callback is None:
            return
        with self._lock:
            self._done += count
            done = self._done
        self._callback(done, self._total)


def digest_model_files(
    tree: ModelTree,
    settings: HashingSettings,
    *,
    copy_into: Path | None = None,
    progress: ProgressCallback | None = None,
) -> tuple[ResourceDigest, ...]:
    """Digest every file of `tree`; with `copy_into` (an empty private directory), also
    write each file there, from the same buffer that was hashed."""
    units = _plan(tree, settings)
    if copy_into is not None:
        _create_targets(copy_into, tree)
    job = _Job(progress, tree.total_bytes)
    try:
        root_fd = os.open(tree.root, _DIR_FLAGS)
    except OSError as exc:
        raise _source_error(".", exc) from None
    try:
        with ThreadPoolExecutor(settings.workers, thread_name_prefix="model-digest") as pool:
            futures = [
                pool.submit(_digest_unit, root_fd, unit, settings, copy_into, job) for unit in units
            ]
            return tuple(sorted(_results(futures, job), key=lambda d: (d.path, d.start)))
    finally:
        os.close(root_fd)


def _results(futures: list[Future[ResourceDigest]], job: _Job) -> list[ResourceDigest]:
    done, pending = wait(futures, return_when=FIRST_EXCEPTION)
    for future in done:
        if future.exception() is not None:
            job.stop.set()
            for other in pending:
                other.cancel()
            future.result()  # the first failure, raised here
    return [future.result() for future in futures]


def _plan(tree: ModelTree, settings: HashingSettings) -> list[_Unit]:
    units: list[_Unit] = []
    shard = settings.shard_size
    for file in tree.files:
        if shard is None:
            units.append(_Unit(file, 0, file.size))
        else:
            units.extend(
                _Unit(file, s, min(s + shard, file.size)) for s in range(0, file.size, shard)
            )
    # Largest first, so the big files are not left for last on one thread.
    units.sort(key=lambda u: u.end - u.start, reverse=True)
    return units


def _create_targets(target: Path, tree: ModelTree) -> None:
    try:
        for file in tree.files:
            destination = target / file.path
            destination.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(
                destination,
                os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                0o600,
            )
            try:
                os.ftruncate(fd, file.size)
            finally:
                os.close(fd)
    except OSError as exc:
        raise StagingFailed(f"cannot create staged files in {target}: {exc}") from None


def _digest_unit(
    root_fd: int,
    unit: _Unit,
    settings: HashingSettings,
    copy_into: Path | None,
    job: _Job,
) -> ResourceDigest:
    path = unit.file.path
    source = _open_beneath(root_fd, path)
    target = -1
    try:
        _check_unchanged(source, unit.file)
        if copy_into is not None:
            target = _open_target(copy_into / path)
        hasher = _new_hasher(settings)
        buffer = memoryview(bytearray(min(_CHUNK, unit.end - unit.start)))
        offset = unit.start
        while offset < unit.end:
            count = os.preadv(source, [buffer[: unit.end - offset]], offset)
            if count == 0:
                raise SourceChanged(f"{path} shrank while it was read", paths=[path])
            chunk = buffer[:count]
            hasher.update(chunk)
            if target >= 0:
                _write_all(target, chunk, offset, path)
            offset += count
            job.add(count)
        _check_unchanged(source, unit.file)
    except OSError as exc:
        raise _source_error(path, exc) from None
    finally:
        os.close(source)
        if target >= 0:
            os.close(target)
    return ResourceDigest(
        path=path,
        start=unit.start,
        end=unit.end,
        sharded=settings.shard_size is not None,
        algorithm=settings.digest_algorithm,
        value=hasher.digest(),
    )


def _new_hasher(settings: HashingSettings) -> _Hasher:
    if settings.algorithm == "sha256":
        return hashlib.sha256()
    if settings.algorithm == "blake2":
        return hashlib.blake2b()
    # blake3 splits each large update across its own threads, on top of ours.
    return blake3.blake3(max_threads=blake3.blake3.AUTO)


def _open_beneath(root_fd: int, relative: str) -> int:
    """Open `relative` under `root_fd` without following any symlink on the way."""
    parts = relative.split("/")
    directory = root_fd
    try:
        for part in parts[:-1]:
            next_fd = os.open(part, _DIR_FLAGS, dir_fd=directory)
            if directory != root_fd:
                os.close(directory)
            directory = next_fd
        return os.open(parts[-1], _READ_FLAGS, dir_fd=directory)
    except OSError as exc:
        raise _source_error(relative, exc) from None
    finally:
        if directory != root_fd:
            os.close(directory)


def _open_target(path: Path) -> int:
    try:
        return os.open(path, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError as exc:
        raise StagingFailed(f"cannot open staged file {path}: {exc}") from None


def _write_all(fd: int, data: memoryview, offset: int, path: str) -> None:
    try:
        while data:
            written = os.pwrite(fd, data, offset)
            data = data[written:]
            offset += written
    except OSError as exc:
        raise StagingFailed(f"cannot write staged copy of {path}: {exc}") from None


def _check_unchanged(fd: int, file: ModelFile) -> None:
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise UnsupportedEntry(f"not a regular file: {file.path}", paths=[file.path])
    if info.st_size != file.size:
        raise SourceChanged(
            f"{file.path} changed size while it was read ({file.size} -> {info.st_size} bytes)",
            paths=[file.path],
        )


def _source_error(path: str, exc: OSError) -> Exception:
    if exc.errno == errno.ELOOP:
        return SymlinkInTree(f"symbolic link in model: {path}", paths=[path])
    if exc.errno in (errno.ENOENT, errno.ENOTDIR):
        return SourceChanged(f"{path} vanished while the model was read", paths=[path])
    return ModelUnreadable(f"cannot read {path}: {exc.strerror}")
