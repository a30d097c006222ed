"""Where the audit log lives, which keys sign it, and when it checkpoints, rotates and syncs."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

FsyncPolicy = Literal["always", "checkpoint", "never"]
WriteFailurePolicy = Literal["refuse", "continue"]


class AuditSettings(BaseModel):
    """The audit log's configuration; frozen once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: Path = Field(
        description="The live log file, e.g. /var/lib/appliance/audit/audit.jsonl. Rotated "
        "files sit next to it as <stem>.<first-seq>-<last-seq><suffix>."
    )
    signing_key: Path = Field(
        description="Ed25519 private key (PEM, unencrypted) that signs checkpoints. Under "
        "systemd, pass it with LoadCredential= and give '${CREDENTIALS_DIRECTORY}/...' here."
    )
    hmac_key: Path = Field(
        description="File of at least 32 random bytes: the per-install key of the keyed hashes "
        "that stand in for prompt and response text."
    )
    checkpoint_every_records: int = Field(
        default=100, ge=1, le=100_000, description="Sign a checkpoint after this many records."
    )
    checkpoint_every_s: float = Field(
        default=60.0,
        gt=0,
        le=86_400,
        description="Sign a checkpoint after this many seconds, if records came since the last.",
    )
    fsync: FsyncPolicy = Field(
        default="checkpoint",
        description="fsync after every record ('always'), after each checkpoint and rotation "
        "('checkpoint'), or leave it to the kernel ('never').",
    )
    max_file_bytes: int = Field(
        default=64 * 1024 * 1024,
        ge=4096,
        le=64 * 1024 * 1024 * 1024,
        description="Rotate the live file before it would grow past this size. A single record "
        "larger than this still gets a file of its own.",
    )
    on_write_failure: WriteFailurePolicy = Field(
        default="refuse",
        description="When a write fails: 'refuse' raises so the server refuses requests; "
        "'continue' keeps records in memory and writes them once writes work again.",
    )
    max_backlog_records: int = Field(
        default=10_000,
        ge=1,
        le=1_000_000,
        description="'continue' only: records held in memory while writes fail. When full, "
        "recording raises AuditUnavailableError rather than drop a record.",
    )
