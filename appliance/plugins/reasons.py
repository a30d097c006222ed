"""Why a plugin failed to load or to run: one enum value, one stable reason code each."""

from __future__ import annotations

from enum import StrEnum


class FailureReason(StrEnum):
    """A plugin failure. The value is the stable reason code logged, audited and returned."""

    TRAP = "trap"
    TIMEOUT = "timeout"
    OUT_OF_FUEL = "out_of_fuel"
    MEMORY_LIMIT = "memory_limit"
    BAD_POINTER = "bad_pointer"
    OUTPUT_TOO_LARGE = "output_too_large"
    INVALID_UTF8 = "invalid_utf8"
    INVALID_JSON = "invalid_json"
    BAD_OUTPUT = "bad_output"
    PLUGIN_ERROR = "plugin_error"
    ABI_MISMATCH = "abi_mismatch"
    MISSING_EXPORT = "missing_export"
    LINK_ERROR = "link_error"
    INVALID_MODULE = "invalid_module"
    DIGEST_MISMATCH = "digest_mismatch"
