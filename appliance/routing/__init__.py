"""Routing: admission control by SLA class and engine choice by weighted scorers.

`Router(settings, objectives=...)` scores every engine in rotation with one-method
`Scorer`s over `EngineLoad` snapshots, renormalising weights over the scorers whose inputs
are known, and lets `AdmissionController` admit the request to the best engine predicted to
meet its class objective, queue it (`PendingQueue`), or refuse it (`AdmissionRefused` with a
retry-after). Every `RouteDecision` carries each engine's per-scorer scores
(`format_decision` prints them). `appliance.routing.simulation` replays request traces through
the same router against simulated vLLM engines.
"""

from appliance.routing.admission import AdmissionController, AdmissionVerdict
from appliance.routing.affinity import (
    CHECKPOINT_BLOCKS,
    PrefixAffinityIndex,
    PrefixAffinityScorer,
    prefix_block_hashes,
)
from appliance.routing.decision import Outcome, RouteDecision, format_decision
from appliance.routing.engine_load import (
    DEFAULT_OBJECTIVES,
    SLA_CLASSES,
    EngineLoad,
    ObjectiveTable,
    RouteRequest,
    SlaClass,
    SlaObjective,
    as_objectives,
)
from appliance.routing.errors import (
    AdmissionRefused,
    NoEngineAvailable,
    RoutingConfigError,
    RoutingError,
    SnapshotFormatError,
)
from appliance.routing.gpu_scorers import NvlinkPressureScorer, SmUtilisationScorer
from appliance.routing.latency_scorers import PredictedTtftScorer, RecentTpotScorer
from appliance.routing.load_scorers import KvHeadroomScorer, QueueDepthScorer
from appliance.routing.pending import PendingQueue
from appliance.routing.router import Router
from appliance.routing.scorer import Scorer, WeightedScorer
from appliance.routing.settings import QueueLimits, RouterSettings, ScorerWeights
from appliance.routing.snapshot import LoadSnapshot, load_snapshot, parse_snapshot
from appliance.routing.ttft_model import OnlineTtftModel, TtftFeatures, TtftPredictor

__all__ = [
    "CHECKPOINT_BLOCKS",
    "DEFAULT_OBJECTIVES",
    "SLA_CLASSES",
    "AdmissionController",
    "AdmissionRefused",
    "AdmissionVerdict",
    "EngineLoad",
    "KvHeadroomScorer",
    "LoadSnapshot",
    "NoEngineAvailable",
    "NvlinkPressureScorer",
    "ObjectiveTable",
    "OnlineTtftModel",
    "Outcome",
    "PendingQueue",
    "PredictedTtftScorer",
    "PrefixAffinityIndex",
    "PrefixAffinityScorer",
    "QueueDepthScorer",
    "QueueLimits",
    "RecentTpotScorer",
    "RouteDecision",
    "RouteRequest",
    "Router",
    "RouterSettings",
    "RoutingConfigError",
    "RoutingError",
    "Scorer",
    "ScorerWeights",
    "SlaClass",
    "SlaObjective",
    "SmUtilisationScorer",
    "SnapshotFormatError",
    "TtftFeatures",
    "TtftPredictor",
    "WeightedScorer",
    "as_objectives",
    "format_decision",
    "load_snapshot",
    "parse_snapshot",
    "prefix_block_hashes",
]
