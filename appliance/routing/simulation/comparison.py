"""Run the three policies on one workload, each with fresh engines and a fresh router."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from appliance.routing.engine_load import DEFAULT_OBJECTIVES, SlaClass, SlaObjective
from appliance.routing.router import Router
from appliance.routing.settings import RouterSettings
from appliance.routing.simulation.calibration import H100_8B, EngineProfile
from appliance.routing.simulation.policies import (
    LeastOutstandingPolicy,
    PlacementPolicy,
    RoundRobinPolicy,
    RouterPolicy,
)
from appliance.routing.simulation.report import PolicySummary, summarize
from appliance.routing.simulation.simulator import EngineEvent, SimulationResult, simulate
from appliance.routing.simulation.workload import WorkItem

POLICY_NAMES = ("round_robin", "least_outstanding", "ours")


def make_policy(
    name: str,
    *,
    objectives: Mapping[SlaClass, SlaObjective] = DEFAULT_OBJECTIVES,
    settings: RouterSettings | None = None,
) -> PlacementPolicy:
    """A fresh policy by name."""
    if name == "round_robin":
        return RoundRobinPolicy()
    if name == "least_outstanding":
        return LeastOutstandingPolicy()
    if name == "ours":
        table = {key: (value.ttft_s, value.tpot_s) for key, value in objectives.items()}
        return RouterPolicy(Router(settings, objectives=table))
    raise ValueError(f"unknown policy {name!r}; choose from {', '.join(POLICY_NAMES)}")


@dataclass(frozen=True)
class Comparison:
    """Results and summaries of every policy on the same workload."""

    results: dict[str, SimulationResult]
    summaries: dict[str, PolicySummary]


def compare_policies(
    workload: Sequence[WorkItem],
    *,
    engines: int,
    profile: EngineProfile = H100_8B,
    objectives: Mapping[SlaClass, SlaObjective] = DEFAULT_OBJECTIVES,
    settings: RouterSettings | None = None,
    events: Sequence[EngineEvent] = (),
    policies: Sequence[str] = POLICY_NAMES,
) -> Comparison:
    """Simulate each policy on the workload; same engines, objectives and events for all."""
    results: dict[str, SimulationResult] = {}
    for name in policies:
        policy = make_policy(name, objectives=objectives, settings=settings)
        results[name] = simulate(
            workload,
            policy,
            engines=engines,
            profile=profile,
            objectives=objectives,
            events=events,
        )
    return Comparison(results, {name: summarize(result) for name, result in results.items()})
