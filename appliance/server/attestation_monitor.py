"""The appliance's own attestation: evidence for clients, and the self-check that decides
whether a policy demanding attestation may be served.

Evidence is collected fresh for every GetEvidence call, bound to the caller's nonce and to
what the appliance is right now (TLS key, live policy, sealing key, model digests). The
self-check runs the same collection with a nonce of its own and verifies it; it runs at
start-up, every `recheck_interval_s`, and after each policy reload.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from appliance.api import pb2
from appliance.policy.model import Policy
from appliance.policy.store import PolicyStore
from appliance.server.errors import InvalidRequestError, NotAttestedError, RateLimitedError
from enclave.attestation.binding import BindingError, BoundState, report_data
from enclave.attestation.evidence import AttestationError, EvidenceUnavailable
from enclave.attestation.registry import ConfiguredProvider, configured_provider
from enclave.attestation.settings import AttestationSettings
from enclave.sealing import SUITE_NAME, SealingKey

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SelfCheck:
    """The outcome of one self-check."""

    passed: bool
    """Every provider's evidence verified against this appliance's own report data."""
    attested: bool
    """...and every one of them is hardware-backed (no `none` provider)."""
    error: str
    checked_at: float
    claims: Mapping[str, str] = field(default_factory=dict)


class AttestationMonitor:
    """Collects evidence, checks the appliance against it, and says whether it may serve."""

    def __init__(
        self,
        settings: AttestationSettings,
        *,
        tls_public_key: bytes,
        sealing_key: SealingKey,
        policies: PolicyStore,
        model_digests: Callable[[], Mapping[str, str]],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._settings = settings
        self._providers: list[ConfiguredProvider] = [
            configured_provider(p) for p in settings.providers
        ]
        self._tls_public_key = tls_public_key
        self.sealing_key = sealing_key
        self._policies = policies
        self._model_digests = model_digests
        self._clock = clock
        self._collect_lock = asyncio.Lock()
        self._tokens = float(settings.evidence_per_minute)
        self._tokens_at = clock()
        self.last: SelfCheck | None = None

    @property
    def provider_names(self) -> list[str]:
        """Configured providers, in order."""
        return [p.name for p in self._providers]

    def _bound_state(self) -> BoundState:
        return BoundState.of(
            tls_public_key_der=self._tls_public_key,
            policy_digest=self._policies.current.digest,
            hpke_public_key=self.sealing_key.public_bytes,
            model_digests=self._model_digests().values(),
        )

    async def check(self) -> SelfCheck:
        """Collect and verify evidence for a nonce of our own; remember the outcome."""
        data = report_data(os.urandom(32), self._bound_state())
        claims: dict[str, str] = {}
        attested = True
        error = ""
        async with self._collect_lock:
            for configured in self._providers:
                try:
                    evidence = await asyncio.to_thread(configured.provider.collect, data)
                    appraisal = await asyncio.to_thread(configured.verifier.verify, evidence, data)
                except (AttestationError, EvidenceUnavailable) as exc:
                    error = f"{configured.name}: {exc}"
                    break
                except Exception as exc:  # a provider bug must fail the check, not the daemon
                    log.exception("attestation provider %s failed", configured.name)
                    error = f"{configured.name}: internal error: {exc!r}"
                    break
                attested = attested and appraisal.attested
                claims.update(appraisal.qualified_claims())
        self.last = SelfCheck(
            passed=not error,
            attested=attested and not error,
            error=error,
            checked_at=self._clock(),
            claims=claims,
        )
        if error:
            log.error("attestation self-check failed: %s", error)
        else:
            log.info(
                "attestation self-check passed (%s)",
                "attested" if attested else "UNATTESTED: provider none",
            )
        return self.last

    def refusal(self, policy: Policy) -> str | None:
        """Why `policy` may not be served now, or None when it may."""
        if policy.trust.attestation == "none":
            return None
        last = self.last
        if last is None:
            return "attestation has not been checked yet"
        if not last.passed:
            return f"attestation failed: {last.error}"
        if not last.attested:
            return "the policy requires attestation and this appliance is UNATTESTED"
        return None

    def require(self, policy: Policy) -> None:
        """Raise NotAttestedError when `policy` may not be served now."""
        reason = self.refusal(policy)
        if reason is not None:
            raise NotAttestedError(reason)

    async def evidence(self, nonce: bytes) -> pb2.Evidence:
        """Fresh evidence from every provider for the caller's nonce."""
        self._take_token()
        try:
            state = self._bound_state()
            data = report_data(nonce, state)
        except BindingError as exc:
            raise InvalidRequestError(str(exc)) from None
        reply = pb2.Evidence(
            report_data=data,
            policy_digest=state.policy_digest,
            tls_public_key=self._tls_public_key,
            hpke_public_key=self.sealing_key.public_bytes,
            hpke_suite=SUITE_NAME,
            attested=True,
        )
        for model, digest in sorted(self._model_digests().items()):
            reply.models.add(model=model, digest=digest)
        async with self._collect_lock:
            for configured in self._providers:
                try:
                    evidence = await asyncio.to_thread(configured.provider.collect, data)
                except EvidenceUnavailable as exc:
                    raise NotAttestedError(f"{configured.name}: {exc}") from None
                reply.providers.add(
                    provider=evidence.provider, attested=evidence.attested, blobs=evidence.blobs
                )
                reply.attested = reply.attested and evidence.attested
        return reply

    def status(self, policy: Policy) -> pb2.AttestationStatus:
        """The attestation part of Admin.Status."""
        last = self.last
        return pb2.AttestationStatus(
            required=policy.trust.attestation == "required",
            attested=bool(last and last.attested),
            providers=self.provider_names,
            error=(last.error if last else "not checked yet"),
            age_s=(self._clock() - last.checked_at) if last else 0.0,
            claims=dict(last.claims) if last else {},
        )

    def _take_token(self) -> None:
        rate = self._settings.evidence_per_minute / 60.0
        now = self._clock()
        capacity = float(self._settings.evidence_per_minute)
        self._tokens = min(capacity, self._tokens + (now - self._tokens_at) * rate)
        self._tokens_at = now
        if self._tokens < 1.0:
            raise RateLimitedError(
                f"more than {self._settings.evidence_per_minute} evidence requests per minute",
                retry_after_s=(1.0 - self._tokens) / rate,
            )
        self._tokens -= 1.0
