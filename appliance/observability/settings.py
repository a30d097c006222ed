"""Where metrics are served, and whether traces are exported."""

from __future__ import annotations

import ipaddress
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MetricsSettings(_Frozen):
    """The Prometheus endpoint (`GET /metrics`)."""

    address: str | None = Field(
        default="127.0.0.1:9464",
        pattern=r"^[^:]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$",
        description="host:port to serve /metrics on; null turns metrics off. Anything but "
        "loopback needs tls_certificate, tls_key and tls_client_ca (mTLS).",
    )
    tls_certificate: Path | None = Field(default=None, description="Server certificate (PEM).")
    tls_key: Path | None = Field(default=None, description="Server private key (PEM).")
    tls_client_ca: Path | None = Field(
        default=None, description="Scrapers must present a certificate from this CA."
    )

    @property
    def host(self) -> str:
        """The host part, without IPv6 brackets."""
        assert self.address is not None
        return self.address.rpartition(":")[0].strip("[]")

    @property
    def port(self) -> int:
        """The port part (0: any free port, logged at start-up)."""
        assert self.address is not None
        return int(self.address.rpartition(":")[2])

    @property
    def tls(self) -> bool:
        """Serve over mTLS."""
        return self.tls_certificate is not None

    @model_validator(mode="after")
    def _exposed_needs_mtls(self) -> MetricsSettings:
        files = (self.tls_certificate, self.tls_key, self.tls_client_ca)
        if any(f is not None for f in files) and not all(f is not None for f in files):
            raise ValueError("tls_certificate, tls_key and tls_client_ca go together")
        if self.address is not None and self.port > 65535:
            raise ValueError(f"metrics port {self.port} is above 65535")
        if self.address is not None and not self.tls and not _is_loopback(self.host):
            raise ValueError(
                f"metrics on {self.address} would be exposed without TLS: use a loopback "
                "address or set tls_certificate, tls_key and tls_client_ca"
            )
        return self


class TracingSettings(_Frozen):
    """OpenTelemetry traces: one span per request, children per stage."""

    otlp_endpoint: str | None = Field(
        default=None,
        description="OTLP/gRPC collector, e.g. 'http://127.0.0.1:4317'. Null: spans are "
        "still made (and trace ids logged) but exported nowhere.",
    )


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
