"""Fuzz tests: hypothesis profiles "ci" (bounded, `make test`) and "fuzz" (long, `make fuzz`),
selected by APPLIANCE_FUZZ_PROFILE; registered on import of `tests.fuzz.profiles`."""

from __future__ import annotations

import pytest

from tests.fuzz.profiles import PROFILE_ENV, active_profile


def pytest_report_header(config: pytest.Config) -> str:
    return f"fuzz profile: {active_profile()} (set {PROFILE_ENV}=fuzz for the long run)"
