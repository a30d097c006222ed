"""Discrete-event simulation of vLLM-like engines behind the appliance's router.

`build_workload(load_trace(path), rate_scale=..., seed=...)` turns an Azure-format trace into
requests with seeded SLA classes and prefix groups; `compare_policies` runs round-robin,
least-outstanding and ours (the production `Router`) on the same workload and summarises
each (`PolicySummary`). Calibration values and sources: `calibration`.
"""

from appliance.routing.simulation.calibration import H100_8B, EngineProfile
from appliance.routing.simulation.comparison import (
    POLICY_NAMES,
    Comparison,
    compare_policies,
    make_policy,
)
from appliance.routing.simulation.heatmap import ttft_grid, write_heatmaps
from appliance.routing.simulation.policies import (
    LeastOutstandingPolicy,
    Placement,
    PlacementPolicy,
    RoundRobinPolicy,
    RouterPolicy,
)
from appliance.routing.simulation.report import (
    ClassSummary,
    PolicySummary,
    comparison_dict,
    format_ratios,
    format_summary,
    percentile,
    ratios,
    summarize,
)
from appliance.routing.simulation.simulator import (
    EngineEvent,
    RequestRecord,
    SimulationResult,
    simulate,
)
from appliance.routing.simulation.trace import TraceRow, load_trace, parse_trace
from appliance.routing.simulation.workload import (
    WorkItem,
    WorkloadRules,
    build_workload,
    prefix_hashes,
    synthetic_rows,
)

__all__ = [
    "H100_8B",
    "POLICY_NAMES",
    "ClassSummary",
    "Comparison",
    "EngineEvent",
    "EngineProfile",
    "LeastOutstandingPolicy",
    "Placement",
    "PlacementPolicy",
    "PolicySummary",
    "RequestRecord",
    "RoundRobinPolicy",
    "RouterPolicy",
    "SimulationResult",
    "TraceRow",
    "WorkItem",
    "WorkloadRules",
    "build_workload",
    "compare_policies",
    "comparison_dict",
    "format_ratios",
    "format_summary",
    "load_trace",
    "make_policy",
    "parse_trace",
    "percentile",
    "prefix_hashes",
    "ratios",
    "simulate",
    "summarize",
    "synthetic_rows",
    "ttft_grid",
    "write_heatmaps",
]
