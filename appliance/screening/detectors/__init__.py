"""Structural detectors; each is one file behind the `Detector` protocol."""

from __future__ import annotations

from appliance.screening.detectors.embedded_instruction_detector import (
    EmbeddedInstructionDetector,
)
from appliance.screening.detectors.encoded_detector import EncodedPayloadDetector
from appliance.screening.detectors.exfiltration_detector import ExfiltrationDetector
from appliance.screening.detectors.html_detector import HtmlDetector
from appliance.screening.detectors.jailbreak_template_detector import JailbreakTemplateDetector
from appliance.screening.detectors.json_detector import JsonDetector
from appliance.screening.detectors.markdown_detector import MarkdownDetector
from appliance.screening.detectors.multilingual_concepts import MultilingualConceptDetector
from appliance.screening.detectors.multilingual_override_detector import (
    MultilingualOverrideDetector,
)
from appliance.screening.detectors.override_detector import OverrideDetector
from appliance.screening.detectors.prompt_extraction_detector import PromptExtractionDetector
from appliance.screening.detectors.role_marker_detector import RoleMarkerDetector
from appliance.screening.detectors.unicode_detector import UnicodeDetector
from appliance.screening.scan_context import Detector


def default_detectors() -> tuple[Detector, ...]:
    """Every detector, cheapest first so a spent budget skips the costly ones."""
    return (
        OverrideDetector(),
        MultilingualOverrideDetector(),
        MultilingualConceptDetector(),
        JailbreakTemplateDetector(),
        EmbeddedInstructionDetector(),
        ExfiltrationDetector(),
        PromptExtractionDetector(),
        RoleMarkerDetector(),
        UnicodeDetector(),
        HtmlDetector(),
        JsonDetector(),
        MarkdownDetector(),
        EncodedPayloadDetector(),
    )


__all__ = [
    "EmbeddedInstructionDetector",
    "EncodedPayloadDetector",
    "ExfiltrationDetector",
    "HtmlDetector",
    "JailbreakTemplateDetector",
    "JsonDetector",
    "MarkdownDetector",
    "MultilingualConceptDetector",
    "MultilingualOverrideDetector",
    "OverrideDetector",
    "PromptExtractionDetector",
    "RoleMarkerDetector",
    "UnicodeDetector",
    "default_detectors",
]
