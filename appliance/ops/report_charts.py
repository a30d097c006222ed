"""PNG charts for the report (matplotlib on the Agg backend, imported only when drawing).

Labels come from audit records, so mathtext is off for every text drawn: a `$...$` in a
label must print as typed, not be parsed (and maybe fail) as TeX.
"""

from __future__ import annotations

import io
import math
from typing import Any

from appliance.ops.audit_summary import TtftGrid


def heatmap_png(grid: TtftGrid) -> bytes:
    """The grid as a PNG: time across, one row per engine, mean TTFT as colour (grey: none)."""
    plt, dates, colormaps = _pyplot()
    finite = [value for row in grid.values for value in row if not math.isnan(value)]
    top = max(finite, default=1.0) or 1.0
    colours = colormaps["viridis"].with_extremes(bad="lightgrey")
    rows = len(grid.engines)
    figure, axes = plt.subplots(figsize=(10, 1.6 + 0.45 * rows))
    try:
        start, end = dates.date2num(grid.start), dates.date2num(grid.end)
        image = axes.imshow(
            [list(row) for row in grid.values],
            aspect="auto",
            interpolation="nearest",
            cmap=colours,
            vmin=0.0,
            vmax=top,
            extent=(start, end, rows - 0.5, -0.5),
        )
        axes.xaxis_date()
        axes.xaxis.set_major_formatter(dates.DateFormatter("%m-%d %H:%M"))
        axes.set_yticks(range(rows), list(grid.engines), parse_math=False)
        axes.set_xlabel("time (UTC)", parse_math=False)
        axes.set_title(
            f"mean TTFT per engine over time: {grid.sla_class} (grey: no requests)",
            parse_math=False,
        )
        figure.colorbar(image, ax=axes, label="TTFT (s)")
        figure.autofmt_xdate()
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=90)
    finally:
        plt.close(figure)
    return buffer.getvalue()


def _pyplot() -> tuple[Any, Any, Any]:
    import matplotlib  # heavy: only when a report is drawn

    matplotlib.use("Agg")
    import matplotlib.dates as dates
    import matplotlib.pyplot as plt

    return plt, dates, matplotlib.colormaps
