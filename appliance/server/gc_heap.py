"""Keep the garbage collector's full passes off the serving path.

vLLM, torch, the tokenizer and the screening model leave some 670,000 long-lived objects in
the daemon. A full collection walks all of them: 355 ms on this 2-core machine, often enough
under load to show as 300-400 ms stalls of every stream at once. Frozen objects are left out
of collections (reference counting still frees them), so a full pass only walks what serving
allocated since. vLLM's own API server does the same after start-up.
"""

from __future__ import annotations

import gc
import logging
import time

log = logging.getLogger(__name__)


def freeze_heap(reason: str) -> None:
    """Collect what is garbage now, then freeze everything still alive."""
    started = time.perf_counter()
    gc.collect()
    gc.freeze()
    log.info(
        "gc: froze %d objects after %s (the collection before took %.0f ms)",
        gc.get_freeze_count(),
        reason,
        (time.perf_counter() - started) * 1000.0,
    )
