"""Freezing the heap takes live objects out of the collector's passes; garbage made before
is collected first, and frozen objects are still freed by reference counting."""

from __future__ import annotations

import gc
import logging
import weakref
from collections.abc import Iterator

import pytest

from appliance.server.gc_heap import freeze_heap


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()


@pytest.mark.usefixtures("unfrozen")
def test_freeze_collects_cycles_first_then_freezes_the_rest(
    caplog: pytest.LogCaptureFixture,
) -> None:
    cycle = Node()
    cycle.other = Node()
    cycle.other.other = cycle
    gone = weakref.ref(cycle)
    del cycle  # garbage held only by its cycle: the collection before freezing frees it
    kept = Node()
    with caplog.at_level(logging.INFO, logger="appliance.server.gc_heap"):
        freeze_heap("test")
    assert gone() is None
    assert gc.get_freeze_count() > 0
    assert "gc: froze" in caplog.text
    assert "after test" in caplog.text
    # Frozen, but reference counting still frees it.
    kept_ref = weakref.ref(kept)
    del kept
    assert kept_ref() is None
