"""Read a JSON snapshot of engine loads and one request, for `appliance route explain`.

```json
{
  "request": {"sla_class": "interactive", "prompt_tokens": 1200, "max_tokens": 256,
              "prefix_hashes": [11, 12], "arrival_s": 0.0},
  "now_s": 0.0,
  "objectives": {"realtime": [1.0, 0.1], "interactive": [3.0, 0.2], "batch": [30, 0.5]},
  "affinity": {"gpu0": [11, 12]},
  "engines": [{"engine_id": "gpu0", "running": 4, "waiting": 1, "kv_cache_usage": 0.4,
               "queued_prefill_tokens": 3000, "sm_utilisation": 0.7,
               "nvlink_bytes_per_s": null, "recent_ttft_s": 0.2, "recent_tpot_s": 0.02,
               "healthy": true, "draining": false}]
}
```

Only `engines` and the request's `sla_class` and `prompt_tokens` are required; `objectives`
defaults to DEFAULT_OBJECTIVES; `affinity` seeds the router's prefix map (engine -> hashes it
served last). Errors name the offending field, e.g. `engines[2].kv_cache_usage`.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from appliance.routing.engine_load import (
    DEFAULT_OBJECTIVES,
    SLA_CLASSES,
    EngineLoad,
    RouteRequest,
    SlaClass,
)
from appliance.routing.errors import SnapshotFormatError

_ENGINE_FIELDS = {
    "engine_id", "running", "waiting", "kv_cache_usage", "queued_prefill_tokens",
    "cached_prefixes", "sm_utilisation", "nvlink_bytes_per_s", "recent_ttft_s",
    "recent_tpot_s", "healthy", "draining",
}  # fmt: skip
_REQUEST_FIELDS = {
    "request_id", "sla_class", "prompt_tokens", "max_tokens", "arrival_s", "prefix_hashes",
    "deadline_s", "allow_budget_cap",
}  # fmt: skip


@dataclass(frozen=True)
class LoadSnapshot:
    """Everything one explained decision needs."""

    request: RouteRequest
    loads: list[EngineLoad]
    objectives: dict[str, tuple[float, float]]
    affinity: dict[str, list[int]]
    now_s: float


def load_snapshot(path: Path) -> LoadSnapshot:
    """Parse a snapshot file; SnapshotFormatError names the file and the field."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise SnapshotFormatError(f"{path}: cannot read: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise SnapshotFormatError(f"{path}:{exc.lineno}:{exc.colno}: {exc.msg}") from exc
    try:
        return parse_snapshot(document)
    except SnapshotFormatError as exc:
        raise SnapshotFormatError(f"{path}: {exc}") from exc


def parse_snapshot(document: Any) -> LoadSnapshot:
    """Validate a decoded snapshot document."""
    root = _object(document, "snapshot")
    engines = root.get("engines")
    if not isinstance(engines, list) or not engines:
        raise SnapshotFormatError("engines: expected a non-empty list of engine objects")
    loads = [_engine(item, f"engines[{index}]") for index, item in enumerate(engines)]
    ids = [load.engine_id for load in loads]
    if len(set(ids)) != len(ids):
        raise SnapshotFormatError(f"engines: engine_id values repeat: {ids}")
    request = _request(root.get("request"), "request")
    now = _number(root.get("now_s", request.arrival_s), "now_s")
    return LoadSnapshot(
        request=request,
        loads=loads,
        objectives=_objectives(root.get("objectives")),
        affinity=_affinity(root.get("affinity")),
        now_s=now,
    )


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SnapshotFormatError(f"{where}: expected an object")
    return value


def _number(value: Any, where: str, *, low: float = -math.inf, high: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise SnapshotFormatError(f"{where}: expected a number, got {value!r}")
    if not low <= value <= high:
        raise SnapshotFormatError(f"{where}: {value!r} is outside {low}..{high}")
    return float(value)


def _count(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SnapshotFormatError(f"{where}: expected a whole number >= 0, got {value!r}")
    return value


def _optional(
    item: dict[str, Any], key: str, where: str, *, high: float = math.inf
) -> float | None:
    value = item.get(key)
    return None if value is None else _number(value, f"{where}.{key}", low=0.0, high=high)


def _optional_count(item: dict[str, Any], key: str, where: str) -> int | None:
    value = item.get(key)
    return None if value is None else _count(value, f"{where}.{key}")


def _flag(item: dict[str, Any], key: str, where: str, default: bool) -> bool:
    value = item.get(key, default)
    if not isinstance(value, bool):
        raise SnapshotFormatError(f"{where}.{key}: expected true or false, got {value!r}")
    return value


def _hashes(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(item, int) and not isinstance(item, bool) for item in value
    ):
        raise SnapshotFormatError(f"{where}: expected a list of integers")
    return value


def _engine(value: Any, where: str) -> EngineLoad:
    item = _object(value, where)
    unknown = sorted(set(item) - _ENGINE_FIELDS)
    if unknown:
        raise SnapshotFormatError(f"{where}: unknown fields {unknown}")
    engine_id = item.get("engine_id")
    if not isinstance(engine_id, str) or not engine_id:
        raise SnapshotFormatError(f"{where}.engine_id: expected a non-empty string")
    cached = item.get("cached_prefixes")
    return EngineLoad(
        engine_id=engine_id,
        running=_optional_count(item, "running", where),
        waiting=_optional_count(item, "waiting", where),
        kv_cache_usage=_optional(item, "kv_cache_usage", where, high=1.0),
        queued_prefill_tokens=_optional_count(item, "queued_prefill_tokens", where),
        cached_prefixes=None
        if cached is None
        else frozenset(_hashes(cached, f"{where}.cached_prefixes")),
        sm_utilisation=_optional(item, "sm_utilisation", where, high=1.0),
        nvlink_bytes_per_s=_optional(item, "nvlink_bytes_per_s", where),
        recent_ttft_s=_optional(item, "recent_ttft_s", where),
        recent_tpot_s=_optional(item, "recent_tpot_s", where),
        healthy=_flag(item, "healthy", where, True),
        draining=_flag(item, "draining", where, False),
    )


def _request(value: Any, where: str) -> RouteRequest:
    item = _object(value, where)
    unknown = sorted(set(item) - _REQUEST_FIELDS)
    if unknown:
        raise SnapshotFormatError(f"{where}: unknown fields {unknown}")
    sla_class = item.get("sla_class")
    if sla_class not in SLA_CLASSES:
        raise SnapshotFormatError(f"{where}.sla_class: expected one of {', '.join(SLA_CLASSES)}")
    klass: SlaClass = sla_class
    if "prompt_tokens" not in item:
        raise SnapshotFormatError(f"{where}.prompt_tokens: required")
    deadline = item.get("deadline_s")
    return RouteRequest(
        request_id=str(item.get("request_id", "explain")),
        sla_class=klass,
        prompt_tokens=_count(item["prompt_tokens"], f"{where}.prompt_tokens"),
        max_tokens=_count(item.get("max_tokens", 256), f"{where}.max_tokens"),
        arrival_s=_number(item.get("arrival_s", 0.0), f"{where}.arrival_s"),
        prefix_hashes=tuple(_hashes(item.get("prefix_hashes", []), f"{where}.prefix_hashes")),
        deadline_s=None if deadline is None else _number(deadline, f"{where}.deadline_s"),
        allow_budget_cap=_flag(item, "allow_budget_cap", where, False),
    )


def _objectives(value: Any) -> dict[str, tuple[float, float]]:
    if value is None:
        return {name: (item.ttft_s, item.tpot_s) for name, item in DEFAULT_OBJECTIVES.items()}
    table = _object(value, "objectives")
    out: dict[str, tuple[float, float]] = {}
    for name, pair in table.items():
        where = f"objectives.{name}"
        if not isinstance(pair, list) or len(pair) != 2:
            raise SnapshotFormatError(f"{where}: expected [ttft_s, tpot_s]")
        out[name] = (_number(pair[0], where, low=0.0), _number(pair[1], where, low=0.0))
    return out


def _affinity(value: Any) -> dict[str, list[int]]:
    if value is None:
        return {}
    table = _object(value, "affinity")
    return {str(engine): _hashes(hashes, f"affinity.{engine}") for engine, hashes in table.items()}
