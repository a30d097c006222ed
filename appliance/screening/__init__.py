"""Prompt-injection screening: a structural pass over the text's tree and a semantic pass.

`Screener.load(settings)` loads the local model once; `screen` and `screen_batch` return
`Verdict`s whose action comes from the threshold and action the caller (the policy) passes.
The semantic head scores the whole text, its prose blocks and the structural pass's
segments; a `ScoreCombiner` fitted on held-out rows weighs them with the structural score.
`AsyncScreener` runs the same work on a thread pool for the daemon's event loop.
"""

from appliance.screening.async_screener import AsyncScreener
from appliance.screening.combiner import ScoreCombiner, Signals
from appliance.screening.corpus import LabelledText, load_labelled, stratified_split
from appliance.screening.errors import (
    ScreeningError,
    ScreeningInputError,
    ScreeningUnavailableError,
)
from appliance.screening.evaluation import EvaluationReport, evaluate
from appliance.screening.scan_context import Detector, ScanContext
from appliance.screening.screener import Screener
from appliance.screening.semantic import HashedLinearModel, SemanticModel
from appliance.screening.settings import Action, ScreeningSettings
from appliance.screening.structural import StructuralPass
from appliance.screening.training import TrainingOptions, train_head
from appliance.screening.verdict import ChatMessage, Finding, Reason, Verdict

__all__ = [
    "Action",
    "AsyncScreener",
    "ChatMessage",
    "Detector",
    "EvaluationReport",
    "Finding",
    "HashedLinearModel",
    "LabelledText",
    "Reason",
    "ScanContext",
    "ScreeningError",
    "ScreeningInputError",
    "ScreeningSettings",
    "ScreeningUnavailableError",
    "ScoreCombiner",
    "Screener",
    "SemanticModel",
    "Signals",
    "StructuralPass",
    "TrainingOptions",
    "Verdict",
    "evaluate",
    "load_labelled",
    "stratified_split",
    "train_head",
]
