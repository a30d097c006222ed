"""Metrics exposure rules and the JSON log format."""

from __future__ import annotations

import json
import logging

import pytest
from pydantic import ValidationError

from appliance.observability import JsonFormatter, MetricsSettings, log_request


@pytest.mark.parametrize("address", ["127.0.0.1:9464", "localhost:0", "[::1]:9464", None], ids=str)
def test_loopback_or_off_needs_no_tls(address: str | None) -> None:
    assert MetricsSettings(address=address).tls is False


@pytest.mark.parametrize("address", ["0.0.0.0:9464", "10.1.2.3:9464", "metrics.example:80"])
def test_exposed_without_tls_is_refused(address: str) -> None:
    with pytest.raises(ValidationError, match="exposed without TLS"):
        MetricsSettings(address=address)


def test_exposed_with_mtls_is_accepted() -> None:
    settings = MetricsSettings(
        address="0.0.0.0:9464",
        tls_certificate="server.pem",  # type: ignore[arg-type]
        tls_key="server.key",  # type: ignore[arg-type]
        tls_client_ca="ca.pem",  # type: ignore[arg-type]
    )
    assert settings.tls
    assert (settings.host, settings.port) == ("0.0.0.0", 9464)


def test_a_port_past_65535_is_refused() -> None:
    with pytest.raises(ValidationError, match="above 65535"):
        MetricsSettings(address="127.0.0.1:99999")


def test_half_a_tls_setup_is_refused() -> None:
    with pytest.raises(ValidationError, match="go together"):
        MetricsSettings(tls_certificate="server.pem")  # type: ignore[arg-type]


def test_json_format_embeds_the_request_line(caplog: pytest.LogCaptureFixture) -> None:
    formatter = JsonFormatter()
    with caplog.at_level(logging.INFO, logger="appliance.requests"):
        log_request({"request_id": "r1", "status": "OK"})
    (record,) = caplog.records
    line = json.loads(formatter.format(record))
    assert line["request"] == {"request_id": "r1", "status": "OK"}
    assert line["level"] == "INFO"
    other = logging.LogRecord("appliance.server", logging.ERROR, "", 0, "boom %s", ("x",), None)
    assert json.loads(formatter.format(other))["message"] == "boom x"
