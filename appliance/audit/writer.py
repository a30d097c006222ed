"""`AuditLog`: the asyncio face of the audit log. File I/O runs on one worker thread.

One thread keeps records in submission order and keeps disk waits (fsync, a slow or full
disk) off the event loop; `await` returns once the worker has written the record.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from appliance.audit.appender import Appender
from appliance.audit.errors import AuditKeyError, AuditUnavailableError
from appliance.audit.keys import load_hmac_key, load_signing_key
from appliance.audit.logfile import LiveFile
from appliance.audit.records import RequestAudit, event_payload, request_payload, text_digest
from appliance.audit.resume import resume_chain
from appliance.audit.settings import AuditSettings

log = logging.getLogger("appliance.audit")

_T = TypeVar("_T")
# How often a failing log retries on its own, even when no records arrive (refuse mode
# refuses requests, so no records arrive to retry with).
_RETRY_INTERVAL_S = 1.0


class AuditLog:
    """The tamper-evident audit log. Create it with `await AuditLog.open(settings)`."""

    def __init__(
        self,
        settings: AuditSettings,
        appender: Appender,
        hmac_key: bytes,
        executor: concurrent.futures.ThreadPoolExecutor,
    ) -> None:
        self._settings = settings
        self._appender = appender
        self._hmac_key = hmac_key
        self._executor = executor
        self._closed = False
        self._ticker = asyncio.get_running_loop().create_task(
            self._tick_forever(), name="audit-log-ticker"
        )

    @classmethod
    async def open(cls, settings: AuditSettings) -> AuditLog:
        """Read the keys, continue the chain of an existing log (or start one), open the file."""
        executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="audit-writer"
        )
        try:
            loop = asyncio.get_running_loop()
            appender, hmac_key = await loop.run_in_executor(executor, _open_files, settings)
        except BaseException:
            executor.shutdown(wait=False)
            raise
        return cls(settings, appender, hmac_key, executor)

    @property
    def healthy(self) -> bool:
        """Whether writes work; False from a failed write until a write succeeds again."""
        return not self._appender.error

    @property
    def last_error(self) -> str:
        """Why writes fail, or "" while they work."""
        return self._appender.error

    def digest_text(self, text: str) -> str:
        """The keyed hash that stands in for `text` in the log: `hmac-sha256:<hex>`."""
        return text_digest(self._hmac_key, text)

    async def record_request(self, audit: RequestAudit) -> None:
        """Append a request record; returns once written (or held, in 'continue' mode)."""
        await self._run(functools.partial(self._submit_request, audit))

    async def record_event(self, name: str, detail: Mapping[str, object] | None = None) -> None:
        """Append a daemon event record (start, stop, policy reload, ...)."""
        payload = event_payload(name, detail)
        await self._run(functools.partial(self._appender.submit, "event", payload))

    async def close(self) -> None:
        """Sign a last checkpoint and close; raises AuditUnavailableError if records stayed
        unwritten. Later calls do nothing."""
        if self._closed:
            return
        self._closed = True
        self._ticker.cancel()
        await asyncio.wait([self._ticker])
        try:
            await asyncio.get_running_loop().run_in_executor(self._executor, self._appender.close)
        finally:
            self._executor.shutdown(wait=False)

    def _submit_request(self, audit: RequestAudit) -> None:
        # On the worker thread: hashing a long prompt stays off the event loop too.
        self._appender.submit("request", request_payload(audit, self._hmac_key))

    async def _run(self, call: Callable[[], _T]) -> _T:
        if self._closed:
            raise AuditUnavailableError("the audit log is closed")
        future = asyncio.get_running_loop().run_in_executor(self._executor, call)
        try:
            # Shielded: a request cancelled while its record is queued still gets recorded.
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            future.add_done_callback(_log_orphaned_failure)
            raise

    async def _tick_forever(self) -> None:
        interval = min(self._settings.checkpoint_every_s, _RETRY_INTERVAL_S)
        while True:
            await asyncio.sleep(interval)
            try:
                await self._run(self._appender.tick)
            except Exception:
                # The ticker must outlive any one failure: it is how a failed log recovers.
                log.exception("audit log background checkpoint or retry failed")


def _open_files(settings: AuditSettings) -> tuple[Appender, bytes]:
    try:
        signing_key = load_signing_key(settings.signing_key)
        hmac_key = load_hmac_key(settings.hmac_key)
    except AuditKeyError as exc:
        raise AuditUnavailableError(str(exc)) from exc
    directory = settings.path.parent
    try:
        directory.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError as exc:
        raise AuditUnavailableError(f"cannot create audit directory {directory}: {exc}") from exc
    state = resume_chain(settings.path)
    live = LiveFile(settings.path, state.live_size)
    try:
        live.open()  # fail at start, not at the first request
    except OSError as exc:
        raise AuditUnavailableError(f"cannot open audit log {settings.path}: {exc}") from exc
    return Appender(settings, signing_key, live, state), hmac_key


def _log_orphaned_failure(future: asyncio.Future[Any]) -> None:
    # Nobody awaits this result any more; a failure must still reach the log.
    if not future.cancelled() and (exc := future.exception()) is not None:
        log.error("audit record of a cancelled caller failed: %s", exc)
