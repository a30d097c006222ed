"""The notify protocol on a real datagram socket, the way systemd listens."""

from __future__ import annotations

import os
import socket
import uuid
from pathlib import Path

from appliance.server.systemd_notify import SystemdNotifier


def receive(sock: socket.socket) -> list[str]:
    sock.settimeout(2)
    return sock.recv(4096).decode().splitlines()


def test_messages_reach_the_socket(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        notifier = SystemdNotifier({"NOTIFY_SOCKET": str(path)})
        assert notifier.enabled
        assert notifier.ready("serving demo")
        assert receive(sock) == ["READY=1", "STATUS=serving demo", f"MAINPID={os.getpid()}"]
        assert notifier.extend_timeout(1.5)
        assert receive(sock) == ["EXTEND_TIMEOUT_USEC=1500000"]
        assert notifier.stopping("draining")
        assert receive(sock) == ["STOPPING=1", "STATUS=draining"]


def test_abstract_socket() -> None:
    name = f"appliance-test-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        assert SystemdNotifier({"NOTIFY_SOCKET": "@" + name}).watchdog()
        assert receive(sock) == ["WATCHDOG=1"]


def test_without_systemd_nothing_is_sent() -> None:
    notifier = SystemdNotifier({})
    assert not notifier.enabled
    assert notifier.ready("x") is False
    assert notifier.watchdog_interval_s is None


def test_vanished_socket_never_raises(tmp_path: Path) -> None:
    assert SystemdNotifier({"NOTIFY_SOCKET": str(tmp_path / "gone")}).ready("x") is False


def test_watchdog_interval_honours_watchdog_pid() -> None:
    mine = SystemdNotifier({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())})
    assert mine.watchdog_interval_s == 30.0
    other = SystemdNotifier({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"})
    assert other.watchdog_interval_s is None


def test_a_full_receiver_never_blocks_the_sender(tmp_path: Path) -> None:
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))  # nobody reads: the queue fills up
        notifier = SystemdNotifier({"NOTIFY_SOCKET": str(path)})
        results = [notifier.watchdog() for _ in range(5000)]
    assert results[0] is True
    assert results[-1] is False  # dropped with a warning instead of waiting
