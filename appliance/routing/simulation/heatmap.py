"""PNG heatmaps of TTFT over time x engine, one per policy (matplotlib, imported lazily)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from appliance.routing.simulation.simulator import SimulationResult


def ttft_grid(result: SimulationResult, *, bins: int = 60) -> list[list[float]]:
    """Mean TTFT (seconds) per engine (rows) and arrival-time bin (columns); NaN: no request."""
    span = max(result.arrival_span_s, 1e-9)
    sums = [[0.0] * bins for _ in range(result.engines)]
    counts = [[0] * bins for _ in range(result.engines)]
    for record in result.records:
        if record.ttft_s is None or record.engine < 0:
            continue
        column = min(int(record.arrival_s / span * bins), bins - 1)
        sums[record.engine][column] += record.ttft_s
        counts[record.engine][column] += 1
    return [
        [total / count if count else math.nan for total, count in zip(row, numbers, strict=True)]
        for row, numbers in zip(sums, counts, strict=True)
    ]


def write_heatmaps(
    results: Sequence[SimulationResult], directory: Path, *, bins: int = 60, tag: str = ""
) -> list[Path]:
    """One `ttft_heatmap_<policy><tag>.png` per result, on a shared colour scale."""
    import matplotlib  # heavy, optional: only when heatmaps are asked for

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    directory.mkdir(parents=True, exist_ok=True)
    grids = [ttft_grid(result, bins=bins) for result in results]
    finite = [value for grid in grids for row in grid for value in row if not math.isnan(value)]
    top = max(finite, default=1.0)
    # Grey: no request arrived in that bin for that engine.
    colours = matplotlib.colormaps["viridis"].with_extremes(bad="lightgrey")
    paths: list[Path] = []
    for result, grid in zip(results, grids, strict=True):
        figure, axes = plt.subplots(figsize=(10, 1.0 + 0.4 * result.engines))
        image = axes.imshow(
            grid,
            aspect="auto",
            interpolation="nearest",
            cmap=colours,
            vmin=0.0,
            vmax=top,
            extent=(0.0, result.arrival_span_s, result.engines - 0.5, -0.5),
        )
        axes.set_xlabel("arrival time (s)")
        axes.set_ylabel("engine")
        axes.set_title(f"mean TTFT by engine over arrival time: {result.policy} (grey: none)")
        figure.colorbar(image, ax=axes, label="TTFT (s)")
        figure.tight_layout()
        path = directory / f"ttft_heatmap_{result.policy}{tag}.png"
        figure.savefig(path, dpi=100)
        plt.close(figure)
        paths.append(path)
    return paths
