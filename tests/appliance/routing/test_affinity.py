"""Prefix hashing and the bounded affinity map."""

from __future__ import annotations

import subprocess
import sys

import pytest

from appliance.routing import (
    CHECKPOINT_BLOCKS,
    EngineLoad,
    PrefixAffinityIndex,
    prefix_block_hashes,
)
from tests.appliance.routing.conftest import request


def test_checkpoints_are_two_per_doubling() -> None:
    assert CHECKPOINT_BLOCKS[:10] == (1, 2, 3, 4, 6, 8, 12, 16, 24, 32)


@pytest.mark.parametrize(
    ("tokens", "expected_hashes"),
    [(15, 0), (16, 1), (64, 4), (100, 5), (16 * 24, 9), (8192, 18)],
)
def test_one_hash_per_checkpoint_of_full_blocks(tokens: int, expected_hashes: int) -> None:
    assert len(prefix_block_hashes(list(range(tokens)))) == expected_hashes


def test_shared_prefix_shares_leading_hashes_only() -> None:
    shared = list(range(100))
    first = prefix_block_hashes([*shared, *range(1000, 1200)])
    second = prefix_block_hashes([*shared, *range(5000, 5200)])
    # 100 shared tokens = 6 full blocks: checkpoints 1, 2, 3, 4, 6 agree; 8 and on differ.
    agree = [a == b for a, b in zip(first, second, strict=True)]
    assert agree == [True] * 5 + [False] * (len(first) - 5)


def test_hashes_are_stable_across_processes() -> None:
    code = (
        "from appliance.routing import prefix_block_hashes;"
        "print(prefix_block_hashes(list(range(200))))"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    }
    assert len(runs) == 1


def test_map_is_bounded_and_evicts_least_recently_recorded() -> None:
    index = PrefixAffinityIndex(capacity=4)
    index.record((1, 2), "a")
    index.record((3, 4), "b")
    index.record((1,), "a")  # touch 1: now 2 is the oldest
    index.record((5,), "c")
    assert len(index) == 4
    assert (
        index.matched_tokens(request(prompt_tokens=64, prefix_hashes=(1, 2)), EngineLoad("a")) == 16
    )
    assert (
        index.matched_tokens(request(prompt_tokens=64, prefix_hashes=(3, 4)), EngineLoad("b")) == 32
    )


def test_last_server_owns_the_prefix() -> None:
    index = PrefixAffinityIndex()
    index.record((1, 2, 3), "a")
    index.record((1, 2), "b")
    req = request(prompt_tokens=48, prefix_hashes=(1, 2, 3))
    assert index.matched_tokens(req, EngineLoad("a")) == 48  # a still owns the deepest one
    assert index.matched_tokens(req, EngineLoad("b")) == 32
    index.forget_engine("a")
    assert index.matched_tokens(req, EngineLoad("a")) == 0
