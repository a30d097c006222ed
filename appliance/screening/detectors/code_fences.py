"""Where a position sits relative to markdown code fences (``` or ~~~ lines)."""

from __future__ import annotations

import re

# A fence line and its info string ("python" in ```python); closing fences have none.
_FENCE = re.compile(r"(?m)^[ \t]{0,3}(?:```|~~~)[ \t]*([\w#+-]*)")


def open_fence_info(text: str, position: int) -> str | None:
    """The info string, lower-cased, of the fenced block `position` lies in ("" for a bare
    fence); None outside any block. An odd number of fence lines before it means inside."""
    fences = list(_FENCE.finditer(text, 0, position))
    if len(fences) % 2 == 0:
        return None
    return fences[-1].group(1).lower()
