"""Session fixtures: the demo model, a development PKI, and one shared daemon.

Engine start-up costs ~15 s on two cores, so tests share one daemon per session; tests that
must stop or reconfigure a daemon start their own.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from appliance.engine.demo_model import build_demo_model
from enclave import DevPki, create_dev_pki
from tests.daemon_harness import TENANT_CLIENTS, RunningDaemon, start_daemon


@pytest.fixture(scope="session")
def demo_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo_model(tmp_path_factory.mktemp("model") / "demo")


@pytest.fixture(scope="session")
def dev_pki(tmp_path_factory: pytest.TempPathFactory) -> DevPki:
    return create_dev_pki(tmp_path_factory.mktemp("pki"), clients=TENANT_CLIENTS)


@pytest.fixture(scope="session")
def daemon(
    tmp_path_factory: pytest.TempPathFactory, demo_model: Path, dev_pki: DevPki
) -> Iterator[RunningDaemon]:
    running = start_daemon(tmp_path_factory.mktemp("daemon"), demo_model, dev_pki)
    yield running
    running.terminate()
