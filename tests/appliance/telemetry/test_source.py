"""Every source implements the one protocol and says why it is not live."""

from __future__ import annotations

import pytest

from appliance.telemetry import NvmlSource, SourceStatus, TelemetrySource, UprobeSource


def sources() -> list[TelemetrySource]:
    return [UprobeSource(), NvmlSource()]


@pytest.mark.parametrize("source", sources(), ids=lambda source: source.name)
def test_unstarted_source_is_not_live_and_samples_empty(source: TelemetrySource) -> None:
    assert source.status() == SourceStatus(live=False, reason="not started")
    sample = source.sample()
    assert sample.source == source.name
    assert sample.status == source.status()
    assert (sample.processes, sample.devices) == ((), ())
    source.close()
    source.close()  # idempotent


def test_names_are_distinct() -> None:
    assert [source.name for source in sources()] == ["uprobes", "nvml"]
