"""Requests waiting in the router for capacity: FIFO within a class, realtime first.

The caller tries the head of each due class; when the head still cannot be placed the class
is held until its next retry time, so later requests of the class do not overtake it and a
long queue costs one routing decision per class per retry, not one per request. Requests
whose deadline has passed come out of `overdue` whatever their place in line, so they can be
refused on time.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections import deque

from appliance.routing.engine_load import SLA_CLASSES, RouteRequest, SlaClass


class PendingQueue:
    """Queued requests, their classes' retry times and their deadlines."""

    def __init__(self) -> None:
        self._lines: dict[SlaClass, deque[RouteRequest]] = {name: deque() for name in SLA_CLASSES}
        self._retry_at: dict[SlaClass, float] = dict.fromkeys(SLA_CLASSES, math.inf)
        self._deadlines: list[tuple[float, int, RouteRequest]] = []
        self._live: dict[str, RouteRequest] = {}
        self._order = itertools.count()

    def __len__(self) -> int:
        return len(self._live)

    def __contains__(self, request_id: object) -> bool:
        return request_id in self._live

    def push(self, request: RouteRequest, *, retry_at_s: float, deadline_s: float) -> None:
        """Queue a request at the back of its class."""
        self._lines[request.sla_class].append(request)
        self._live[request.request_id] = request
        self._retry_at[request.sla_class] = min(self._retry_at[request.sla_class], retry_at_s)
        heapq.heappush(self._deadlines, (deadline_s, next(self._order), request))

    def hold(self, sla_class: SlaClass, retry_at_s: float) -> None:
        """The class's head could not be placed: leave the class alone until `retry_at_s`."""
        self._retry_at[sla_class] = retry_at_s

    def remove(self, request: RouteRequest) -> None:
        """The request was placed or refused."""
        self._live.pop(request.request_id, None)
        line = self._lines[request.sla_class]
        while line and line[0].request_id not in self._live:
            line.popleft()
        if not line:
            self._retry_at[request.sla_class] = math.inf

    def head(self, sla_class: SlaClass) -> RouteRequest | None:
        """The oldest queued request of a class."""
        line = self._lines[sla_class]
        while line and line[0].request_id not in self._live:
            line.popleft()
        return line[0] if line else None

    def due_classes(self, now: float) -> list[SlaClass]:
        """Classes with requests whose retry time has come, realtime first."""
        return [
            name
            for name in SLA_CLASSES
            if self._retry_at[name] <= now and self.head(name) is not None
        ]

    def overdue(self, now: float) -> list[RouteRequest]:
        """Queued requests whose deadline has passed, earliest deadline first."""
        out: list[RouteRequest] = []
        while self._deadlines and self._deadlines[0][0] <= now:
            request = heapq.heappop(self._deadlines)[2]
            if request.request_id in self._live:
                out.append(request)
        return out

    def next_due_s(self) -> float | None:
        """When something is next due (a class retry or a deadline); None when empty."""
        while self._deadlines and self._deadlines[0][2].request_id not in self._live:
            heapq.heappop(self._deadlines)
        times = [at for name, at in self._retry_at.items() if self._lines[name]]
        if self._deadlines:
            times.append(self._deadlines[0][0])
        return min(times) if times else None

    def drain(self) -> list[RouteRequest]:
        """Take everything, realtime first (shutdown, or reroute after a failure)."""
        out = [
            request
            for name in SLA_CLASSES
            for request in self._lines[name]
            if request.request_id in self._live
        ]
        for request in out:
            self.remove(request)
        return out
