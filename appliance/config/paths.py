"""Relative paths in a YAML file mean relative to that file, at any depth of the model."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel

_M = TypeVar("_M", bound=BaseModel)


def resolve_paths(model: _M, base: Path) -> _M:
    """A copy of `model` with every `Path` field (nested models and lists included) made
    absolute against `base`, after expanding ${VAR} (systemd's CREDENTIALS_DIRECTORY)."""

    def fix(p: Path) -> Path:
        p = Path(os.path.expandvars(str(p)))
        return p if p.is_absolute() else (base / p)

    return _with_paths_fixed(model, fix)


def _with_paths_fixed(value: _M, fix: Callable[[Path], Path]) -> _M:
    updates = {name: _fixed(getattr(value, name), fix) for name in type(value).model_fields}
    return value.model_copy(update=updates)


def _fixed(value: object, fix: Callable[[Path], Path]) -> object:
    if isinstance(value, Path):
        return fix(value)
    if isinstance(value, BaseModel):
        return _with_paths_fixed(value, fix)
    if isinstance(value, list):
        return [_fixed(item, fix) for item in value]
    return value
