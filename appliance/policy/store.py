"""The live policy: swapped atomically on reload, never half-applied, never failed open."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from appliance.config.located_yaml import LocatedYamlError
from appliance.policy.loader import LoadedPolicy, load_policy

log = logging.getLogger(__name__)


class PolicyPrepareError(Exception):
    """A valid policy file whose resources (plugin modules) could not be readied."""


@dataclass(frozen=True)
class ReloadResult:
    """What a reload did: the digest now live, and the errors if the new file was refused."""

    applied: bool
    digest: str
    errors: tuple[str, ...] = ()


class PolicyStore:
    """Holds the live policy. A request reads `current` once and keeps that object, so it
    finishes under the policy it started with."""

    def __init__(
        self,
        path: Path,
        initial: LoadedPolicy,
        prepare: Callable[[LoadedPolicy], Awaitable[None]] | None = None,
    ) -> None:
        self._path = path
        # Readies what a policy needs beyond its file (compiled plugin modules); a policy
        # whose preparation fails is refused like an invalid file.
        self._prepare = prepare
        self._current = initial
        self._lock = asyncio.Lock()
        self.loaded_at = time.time()
        self.last_error = ""
        self.reload_failures = 0

    @classmethod
    def open(
        cls, path: Path, prepare: Callable[[LoadedPolicy], Awaitable[None]] | None = None
    ) -> PolicyStore:
        """Load the first policy; LocatedYamlError if it is invalid (the daemon won't start).
        `prepare` runs on it at `start` and on every reloaded candidate."""
        return cls(path, load_policy(path), prepare)

    async def start(self) -> None:
        """Prepare the first policy; PolicyPrepareError stops the daemon's start."""
        if self._prepare is not None:
            await self._prepare(self._current)

    @property
    def current(self) -> LoadedPolicy:
        """The policy new requests use."""
        return self._current

    @property
    def path(self) -> Path:
        """The policy file reloads read."""
        return self._path

    async def reload(self) -> ReloadResult:
        """Re-read the file; swap only if it validates fully. Reloads run one at a time."""
        async with self._lock:
            try:
                candidate = await asyncio.to_thread(load_policy, self._path)
                if self._prepare is not None:
                    await self._prepare(candidate)
            except (LocatedYamlError, PolicyPrepareError) as exc:
                self.reload_failures += 1
                self.last_error = str(exc)
                errors = (
                    tuple(str(e) for e in exc.errors)
                    if isinstance(exc, LocatedYamlError)
                    else (str(exc),)
                )
                log.error(
                    "policy reload refused; keeping %s live: %s",
                    self._current.short_digest,
                    "; ".join(errors),
                )
                return ReloadResult(applied=False, digest=self._current.digest, errors=errors)
            previous = self._current
            self._current = candidate
            self.loaded_at = time.time()
            self.last_error = ""
            log.info("policy reloaded: %s -> %s", previous.short_digest, candidate.short_digest)
            return ReloadResult(applied=True, digest=candidate.digest)
