"""The live policy: swapped atomically on reload, never half-applied, never failed open."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass
from pathlib import Path

from appliance.config.located_yaml import LocatedYamlError
from appliance.policy.loader import LoadedPolicy, load_policy

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ReloadResult:
    """What a reload did: the digest now live, and the errors if the new file was refused."""

    applied: bool
    digest: str
    errors: tuple[str, ...] = ()


class PolicyStore:
    """Holds the live policy. A request reads `current` once and keeps that object, so it
    finishes under the policy it started with."""

    def __init__(self, path: Path, initial: LoadedPolicy) -> None:
        self._path = path
        self._current = initial
        self._lock = asyncio.Lock()
        self.loaded_at = time.time()
        self.last_error = ""
        self.reload_failures = 0

    @classmethod
    def open(cls, path: Path) -> PolicyStore:
        """Load the first policy; LocatedYamlError if it is invalid (the daemon won't start)."""
        return cls(path, load_policy(path))

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
            except LocatedYamlError as exc:
                self.reload_failures += 1
                self.last_error = str(exc)
                errors = tuple(str(e) for e in exc.errors)
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
