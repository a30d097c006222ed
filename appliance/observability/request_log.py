"""One structured JSON log line per request: what an operator greps for, never prompt text
(the audit log holds text where the tenant's policy allows it)."""

from __future__ import annotations

import json
import logging

log = logging.getLogger("appliance.requests")


def log_request(fields: dict[str, object]) -> None:
    """Write the request's line at INFO (JSON object, keys sorted)."""
    if log.isEnabledFor(logging.INFO):
        log.info("%s", json.dumps(fields, sort_keys=True, separators=(",", ":")))


class JsonFormatter(logging.Formatter):
    """Every log record as one JSON object (for journald / log shippers)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as JSON; a request line's own JSON is embedded, not quoted."""
        message = record.getMessage()
        line: dict[str, object] = {
            "time": round(record.created, 6),
            "level": record.levelname,
            "logger": record.name,
        }
        if record.name == log.name:
            line["request"] = json.loads(message)
        else:
            line["message"] = message
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, separators=(",", ":"))
