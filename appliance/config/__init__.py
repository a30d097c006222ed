"""Daemon configuration: a validated, frozen model loaded from YAML with located errors."""

from appliance.config.located_yaml import (
    LocatedDocument,
    LocatedError,
    LocatedYamlError,
    Location,
    load_yaml_file,
    parse_yaml,
    validate_document,
)
from appliance.config.settings import (
    DaemonConfig,
    EngineConfig,
    ListenConfig,
    RequestLimits,
    StreamIntervals,
    TlsConfig,
    load_config,
)

__all__ = [
    "DaemonConfig",
    "EngineConfig",
    "ListenConfig",
    "LocatedDocument",
    "LocatedError",
    "LocatedYamlError",
    "Location",
    "RequestLimits",
    "StreamIntervals",
    "TlsConfig",
    "load_config",
    "load_yaml_file",
    "parse_yaml",
    "validate_document",
]
