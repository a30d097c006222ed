"""Bound the CPU time of a call in the test process, so a parser that hangs fails the
property instead of hanging the fuzzer.

Uses the process's virtual (user CPU) timer and SIGVTALRM: CPU time does not stretch when
the shared machine is busy, and pytest-timeout's SIGALRM wall-clock timer is left alone.
Python's regex engine and bytecode loop both check for signals, so a runaway match is
interrupted too. Main thread only (where pytest runs tests).
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from types import FrameType
from typing import TypeVar

T = TypeVar("T")


class CpuLimitExceeded(Exception):
    """The call used more CPU time than it was given."""


def _interrupt(signum: int, frame: FrameType | None) -> None:
    raise CpuLimitExceeded


def within_cpu_seconds(seconds: float, call: Callable[[], T]) -> T:
    """`call()`, or CpuLimitExceeded once it has used `seconds` of user CPU time."""
    previous = signal.signal(signal.SIGVTALRM, _interrupt)
    signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, previous)
