"""Durations as operators type them: `90s`, `30m`, `1h`, `2d`, `1w`."""

from __future__ import annotations

import re
from datetime import timedelta

_DURATION = re.compile(r"^\s*(?P<amount>\d+(?:\.\d+)?)\s*(?P<unit>s|m|h|d|w)\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800}


def parse_duration(text: str) -> timedelta:
    """`30m` → 30 minutes. Raises ValueError (with the accepted forms) for anything else."""
    match = _DURATION.fullmatch(text.lower())
    if match is None:
        raise ValueError(f"{text!r} is not a duration: use a number and s, m, h, d or w (30m, 1h)")
    seconds = float(match["amount"]) * _UNIT_SECONDS[match["unit"]]
    if seconds <= 0:
        raise ValueError(f"{text!r}: the duration must be longer than zero")
    return timedelta(seconds=seconds)
