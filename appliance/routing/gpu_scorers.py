"""Scorers over GPU counters: SM use and NVLink collective traffic."""

from __future__ import annotations

from appliance.routing.engine_load import EngineLoad, RouteRequest


class SmUtilisationScorer:
    """Less busy streaming multiprocessors is better: 1 - SM use."""

    __slots__ = ()

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """The idle share of the engine's GPU SMs."""
        used = load.sm_utilisation
        if used is None:
            return None
        return 1.0 - used if 0.0 <= used <= 1.0 else (1.0 if used < 0.0 else 0.0)


class NvlinkPressureScorer:
    """Less collective traffic against link capacity is better: 1 - rate / capacity.

    Tensor-parallel engines all-reduce over NVLink every layer; an engine whose links are
    near capacity (its own collectives, or a neighbour's on a shared switch) slows down.
    """

    __slots__ = ("_capacity",)

    def __init__(self, *, capacity_bytes_per_s: float = 900e9) -> None:
        self._capacity = capacity_bytes_per_s

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """The unused share of the engine's NVLink bandwidth."""
        rate = load.nvlink_bytes_per_s
        if rate is None:
            return None
        share = rate / self._capacity
        return 1.0 - share if 0.0 <= share <= 1.0 else (1.0 if share < 0.0 else 0.0)
