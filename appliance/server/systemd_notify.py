"""The systemd notify protocol (sd_notify) without libsystemd: READY, STOPPING, STATUS,
EXTEND_TIMEOUT_USEC and WATCHDOG over the datagram socket named by NOTIFY_SOCKET."""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger(__name__)


class SystemdNotifier:
    """Sends notify messages when run under systemd; does nothing otherwise."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        # An abstract-namespace socket is written with a leading '@'.
        self._address = "\0" + address[1:] if address.startswith("@") else address
        self._watchdog_s: float | None = None
        usec = env.get("WATCHDOG_USEC")
        pid = env.get("WATCHDOG_PID")
        if usec and usec.isdigit() and (not pid or pid == str(os.getpid())):
            self._watchdog_s = int(usec) / 1e6

    @property
    def enabled(self) -> bool:
        """True when NOTIFY_SOCKET is set."""
        return bool(self._address)

    @property
    def watchdog_interval_s(self) -> float | None:
        """How often systemd expects a WATCHDOG=1 ping, or None when it expects none."""
        return self._watchdog_s

    def notify(self, *fields: str) -> bool:
        """Send `fields` as one message. Never raises and never blocks: a vanished or stuck
        systemd must not take the daemon down or freeze its event loop (a datagram send to
        a full receive queue would otherwise wait forever)."""
        if not self._address:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.setblocking(False)
                sock.sendto("\n".join(fields).encode(), self._address)
            return True
        except OSError as exc:
            log.warning("sd_notify failed: %s", exc)
            return False

    def ready(self, status: str) -> bool:
        """Tell systemd the service is up."""
        return self.notify("READY=1", f"STATUS={status}", f"MAINPID={os.getpid()}")

    def stopping(self, status: str) -> bool:
        """Tell systemd the service is shutting down."""
        return self.notify("STOPPING=1", f"STATUS={status}")

    def status(self, status: str) -> bool:
        """Update the status line `systemctl status` shows."""
        return self.notify(f"STATUS={status}")

    def extend_timeout(self, seconds: float) -> bool:
        """Ask for more start-up (or stop) time while models load."""
        return self.notify(f"EXTEND_TIMEOUT_USEC={int(seconds * 1e6)}")

    def watchdog(self) -> bool:
        """Ping the watchdog."""
        return self.notify("WATCHDOG=1")
