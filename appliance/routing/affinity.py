"""Prefix-cache affinity: send a prompt where its leading blocks were computed last.

A prompt is summarised by chained hashes of its leading KV blocks taken at checkpoints of
1, 2, 3, 4, 6, 8, 12, ... blocks (two per doubling), so an 8k-token prompt carries 18 hashes
and the match depth is known to within a third. Each hash covers every token before it, so
an engine that served a checkpoint also computed all shallower ones.

The router keeps a bounded LRU map hash -> engine that served it last. Where an engine
publishes its resident prefix blocks (`EngineLoad.cached_prefixes`), that set is used instead,
since it also knows about evictions.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from appliance.routing.engine_load import EngineLoad, RouteRequest


def _checkpoint_blocks(limit: int) -> tuple[int, ...]:
    out = [1]
    power = 2
    while power <= limit:
        out.append(power)
        if power + power // 2 <= limit:
            out.append(power + power // 2)
        power *= 2
    return tuple(out)


CHECKPOINT_BLOCKS: tuple[int, ...] = _checkpoint_blocks(1 << 24)
"""Block counts at which prefix hashes are taken: 1, 2, 3, 4, 6, 8, 12, 16, ..."""

_HASH_SEED = 0x5EED_AFF1


def prefix_block_hashes(
    token_ids: Sequence[int], *, block_tokens: int = 16, max_checkpoints: int = 32
) -> tuple[int, ...]:
    """Chained hashes of the prompt's full leading blocks, one per checkpoint.

    Hashes of int tuples do not depend on PYTHONHASHSEED, so they are stable across
    processes of the same Python build.
    """
    full_blocks = len(token_ids) // block_tokens
    hashes: list[int] = []
    chained = _HASH_SEED
    checkpoint = 0
    for block in range(full_blocks):
        start = block * block_tokens
        chained = hash((chained, tuple(token_ids[start : start + block_tokens])))
        if block + 1 == CHECKPOINT_BLOCKS[checkpoint]:
            hashes.append(chained)
            checkpoint += 1
            if checkpoint == max_checkpoints:
                break
    return tuple(hashes)


class PrefixAffinityIndex:
    """Bounded LRU map from prefix-checkpoint hash to the engine that served it last."""

    def __init__(self, *, capacity: int = 65_536, block_tokens: int = 16) -> None:
        self._owners: OrderedDict[int, str] = OrderedDict()
        self._capacity = capacity
        self._checkpoint_tokens = tuple(blocks * block_tokens for blocks in CHECKPOINT_BLOCKS)
        # Depths are worked out once per request and reused for every engine it is scored on.
        self._memo_request: RouteRequest | None = None
        self._memo_depths: dict[str, int] = {}
        self._last_request: RouteRequest | None = None
        self._last_load: EngineLoad | None = None
        self._last_tokens = 0

    def __len__(self) -> int:
        return len(self._owners)

    def record(self, prefix_hashes: Sequence[int], engine_id: str) -> None:
        """Note that `engine_id` now holds these prefix blocks (it was just given the prompt)."""
        owners = self._owners
        for prefix_hash in prefix_hashes:
            owners[prefix_hash] = engine_id
            owners.move_to_end(prefix_hash)
        while len(owners) > self._capacity:
            owners.popitem(last=False)
        self._memo_request = self._last_request = None

    def forget_engine(self, engine_id: str) -> None:
        """Drop every entry of an engine whose cache is gone (it failed or restarted)."""
        for prefix_hash in [key for key, owner in self._owners.items() if owner == engine_id]:
            del self._owners[prefix_hash]
        self._memo_request = self._last_request = None

    def matched_tokens(self, request: RouteRequest, load: EngineLoad) -> int:
        """Leading prompt tokens expected to be in `load`'s engine's prefix cache."""
        if load is self._last_load and request is self._last_request:
            return self._last_tokens  # the affinity scorer and the TTFT model both ask
        tokens = self._matched_tokens(request, load)
        self._last_request = request
        self._last_load = load
        self._last_tokens = tokens
        return tokens

    def _matched_tokens(self, request: RouteRequest, load: EngineLoad) -> int:
        hashes = request.prefix_hashes
        if not hashes:
            return 0
        cached = load.cached_prefixes
        if cached is not None:
            for index in range(len(hashes) - 1, -1, -1):
                if hashes[index] in cached:
                    tokens = self._checkpoint_tokens[index]
                    return tokens if tokens < request.prompt_tokens else request.prompt_tokens
            return 0
        if request is not self._memo_request:
            self._memo_depths = self._depths(hashes)
            self._memo_request = request
        depth = self._memo_depths.get(load.engine_id)
        if depth is None:
            return 0
        tokens = self._checkpoint_tokens[depth]
        return tokens if tokens < request.prompt_tokens else request.prompt_tokens

    def _depths(self, hashes: Sequence[int]) -> dict[str, int]:
        depths: dict[str, int] = {}
        owners = self._owners
        for index, prefix_hash in enumerate(hashes):
            owner = owners.get(prefix_hash)
            if owner is not None:
                depths[owner] = index  # ascending, so the deepest checkpoint wins
        return depths


class PrefixAffinityScorer:
    """A larger share of the prompt already cached on the engine is better."""

    __slots__ = ("_index",)

    def __init__(self, index: PrefixAffinityIndex) -> None:
        self._index = index

    def score(self, request: RouteRequest, load: EngineLoad) -> float | None:
        """Matched prefix tokens over prompt tokens; None for a prompt without block hashes."""
        if not request.prefix_hashes or request.prompt_tokens <= 0:
            return None
        share = self._index.matched_tokens(request, load) / request.prompt_tokens
        return share if share < 1.0 else 1.0
