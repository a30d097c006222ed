"""Hypothesis profiles of the fuzz tests, chosen by APPLIANCE_FUZZ_PROFILE.

"ci" (the default) is what `make test` runs: bounded, derandomised so a run is repeatable,
writing no example database into the checkout, and reporting a failing example as found
(no shrinking, which through the daemon can take minutes; the printed blob replays it).
"fuzz" is `make fuzz`: fifty times the examples, fresh randomness each run, failures
shrunk, kept in .hypothesis/ and replayed first.
Each test asks for a share of its profile's examples (`fuzz_settings`), so an expensive
property (a call to the daemon) runs fewer than a cheap one (a parse).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

PROFILE_ENV = "APPLIANCE_FUZZ_PROFILE"
_SLOW_INPUTS = (HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example)

settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    phases=(Phase.explicit, Phase.generate),
    print_blob=True,
    suppress_health_check=_SLOW_INPUTS,
)
settings.register_profile(
    "fuzz",
    max_examples=5000,
    deadline=None,
    print_blob=True,
    suppress_health_check=_SLOW_INPUTS,
)


def active_profile() -> str:
    """The profile named by APPLIANCE_FUZZ_PROFILE, "ci" when unset."""
    return os.environ.get(PROFILE_ENV, "ci")


def fuzz_settings(share: float) -> settings:
    """The active profile with `share` of its examples (at least one)."""
    profile = settings.get_profile(active_profile())
    return settings(profile, max_examples=max(1, round(profile.max_examples * share)))
