"""Inference engines: the contract the server uses, vLLM behind it, and the demo model."""

from appliance.engine.contract import (
    ChatTurn,
    Engine,
    EngineInfo,
    EngineState,
    EngineStats,
    Finished,
    GenerationEvent,
    GenerationRequest,
    Sampling,
    Started,
    TextDelta,
)
from appliance.engine.demo_model import DemoModelSpec, build_demo_model
from appliance.engine.errors import (
    EngineDeadError,
    EngineError,
    EngineRequestError,
    EngineUnavailableError,
    InvalidGenerationError,
    QueueFullError,
)
from appliance.engine.vllm_engine import VllmEngine

__all__ = [
    "ChatTurn",
    "DemoModelSpec",
    "Engine",
    "EngineDeadError",
    "EngineError",
    "EngineInfo",
    "EngineRequestError",
    "EngineState",
    "EngineStats",
    "EngineUnavailableError",
    "Finished",
    "GenerationEvent",
    "GenerationRequest",
    "InvalidGenerationError",
    "QueueFullError",
    "Sampling",
    "Started",
    "TextDelta",
    "VllmEngine",
    "build_demo_model",
]
