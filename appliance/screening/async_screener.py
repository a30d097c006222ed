"""Screening from asyncio code: short inputs on the calling loop (the hand-off to a thread
costs more than screening them), longer ones on a thread pool, and so are short ones that
need the embedding head's second opinion (a transformer forward pass, 4-40 ms, must not hold
the loop)."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

from appliance.screening.screener import Screener
from appliance.screening.settings import Action
from appliance.screening.verdict import ChatMessage, Verdict


class AsyncScreener:
    """Wraps a loaded Screener for the daemon's event loop."""

    def __init__(self, screener: Screener) -> None:
        self._screener = screener
        self._pool = ThreadPoolExecutor(
            max_workers=screener.settings.workers, thread_name_prefix="screening"
        )

    async def screen(
        self,
        text: str | Sequence[ChatMessage],
        *,
        threshold: float = 0.5,
        action: Action = "block",
    ) -> Verdict:
        """Screener.screen: at once if the input is short (`inline_max_chars`) and its score
        needs no second opinion, else on the pool."""
        screener = self._screener
        call = functools.partial(screener.screen, text, threshold=threshold, action=action)
        if _chars(text) <= screener.settings.inline_max_chars:
            first = screener.screen(text, threshold=threshold, action=action, consult=False)
            band = screener.second_opinion_band
            # A conversation's verdict is its worst turn's, so a turn in the band can hide
            # under a worse one: every conversation whose worst score reaches the band is
            # screened again in full.
            if band is None or first.score < band[0]:
                return first
            if isinstance(text, str) and first.score > band[1]:
                return first
        return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    async def screen_batch(
        self, texts: Sequence[str], *, threshold: float = 0.5, action: Action = "block"
    ) -> list[Verdict]:
        """Screener.screen_batch on the pool."""
        call = functools.partial(
            self._screener.screen_batch, texts, threshold=threshold, action=action
        )
        return await asyncio.get_running_loop().run_in_executor(self._pool, call)

    def close(self) -> None:
        """Stop the pool; calls in flight finish first."""
        self._pool.shutdown(wait=True)


def _chars(text: str | Sequence[ChatMessage]) -> int:
    if isinstance(text, str):
        return len(text)
    return sum(len(message.content) for message in text)
