"""How model files are hashed. From policy or configuration, never from a signature."""

from __future__ import annotations

import os
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

HashAlgorithm = Literal["sha256", "blake2", "blake3"]

# The names the OpenSSF format records for each algorithm (`hash_type`, and the algorithm of
# each file digest); "blake2" is BLAKE2b with 64-byte digests.
_RECORDED_NAMES: dict[str, str] = {"sha256": "sha256", "blake2": "blake2b", "blake3": "blake3"}


def _default_workers() -> int:
    return max(1, min(16, os.cpu_count() or 1))


class HashingSettings(BaseModel):
    """Hashing for signing and verification. A signature made with other settings is
    refused (`HashingMismatch`): an attacker who supplies the signature must not choose how
    the model is hashed."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    algorithm: HashAlgorithm = Field(
        default="sha256",
        description="Digest of each file or shard. sha256 is the model-signing default and "
        "what its CLI verifies; blake3 is several times faster per core.",
    )
    shard_size: int | None = Field(
        default=None,
        ge=4096,
        le=1 << 40,
        description="Bytes per shard: one digest per shard, so one large file hashes on many "
        "threads. None: one digest per file. Not with blake3, which is parallel inside a "
        "file already (the library ignores sharding for it).",
    )
    workers: int = Field(
        default_factory=_default_workers,
        ge=1,
        le=256,
        description="Threads reading, hashing (and, when staging, copying) files and shards "
        "at once. Default: the CPU count, at most 16.",
    )

    @model_validator(mode="after")
    def _no_sharded_blake3(self) -> HashingSettings:
        if self.algorithm == "blake3" and self.shard_size is not None:
            raise ValueError("blake3 is not sharded; leave shard_size unset")
        return self

    @property
    def method(self) -> Literal["files", "shards"]:
        """The serialization method the signature records."""
        return "files" if self.shard_size is None else "shards"

    @property
    def hash_type(self) -> str:
        """The `hash_type` the signature records."""
        return _RECORDED_NAMES[self.algorithm]

    @property
    def digest_algorithm(self) -> str:
        """The algorithm name each recorded digest carries."""
        if self.shard_size is None:
            return self.hash_type
        return f"{self.hash_type}-sharded-{self.shard_size}"

    def describe(self) -> str:
        """For messages: "sha256 per file", "sha256 per 1073741824-byte shard"."""
        if self.shard_size is None:
            return f"{self.hash_type} per file"
        return f"{self.hash_type} per {self.shard_size}-byte shard"
