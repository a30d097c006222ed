"""vLLM's own `vllm:*` Prometheus metrics, for every engine of the daemon at once.

Each `AsyncLLM` registers its collectors in prometheus_client's default registry, labelled
`engine="0"`, after unregistering every `vllm:*` collector already there: with two engines
in one process, the first engine's metrics would vanish and the second's would claim to be
engine 0. So when an engine has started (engines start one at a time), `adopt` moves its
collectors out of the default registry, and one collector serves them all, a single family
per metric name, with the `engine` label set to the engine's name in the daemon config (the
label the appliance's own per-engine metrics use).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator

from prometheus_client import REGISTRY, CollectorRegistry
from prometheus_client.metrics_core import Metric
from prometheus_client.registry import Collector

_PREFIX = "vllm:"


class EngineMetrics(Collector):
    """The `vllm:*` collectors of each running engine, served under the engine's name."""

    def __init__(self, registry: CollectorRegistry = REGISTRY) -> None:
        self._registry = registry
        self._lock = threading.Lock()
        self._engines: dict[str, list[Collector]] = {}
        self._registered = False

    def adopt(self, engine: str) -> None:
        """Take the `vllm:*` collectors now in the registry (the engine that just started)
        as `engine`'s, replacing those of an earlier start of the same engine."""
        with self._lock:
            # prometheus_client has no public listing; vLLM's own unregister_vllm_metrics
            # reads the same mapping.
            found = [
                collector
                for collector, names in list(self._registry._collector_to_names.items())
                if collector is not self and any(name.startswith(_PREFIX) for name in names)
            ]
            for collector in found:
                self._registry.unregister(collector)
            self._engines[engine] = found
            if not self._registered:
                self._registry.register(self)
                self._registered = True

    def release(self, engine: str) -> None:
        """Stop serving `engine`'s metrics (it was shut down)."""
        with self._lock:
            self._engines.pop(engine, None)

    def describe(self) -> Iterable[Metric]:
        """Nothing: the names change as engines come and go, so the registry must not
        reserve them."""
        return ()

    def collect(self) -> Iterator[Metric]:
        """One family per metric name, every engine's samples in it."""
        with self._lock:
            engines = sorted((name, list(found)) for name, found in self._engines.items())
        families: dict[str, Metric] = {}
        for engine, collectors in engines:
            for collector in collectors:
                for family in collector.collect():
                    merged = families.get(family.name)
                    if merged is None:
                        merged = Metric(family.name, family.documentation, family.type, family.unit)
                        families[family.name] = merged
                    merged.samples.extend(
                        sample._replace(labels={**sample.labels, "engine": engine})
                        for sample in family.samples
                    )
        yield from families.values()


ENGINE_METRICS = EngineMetrics()
