"""No model reaches vLLM unverified: each engine's model is checked against the policy's
signers and staged (copied while hashed, then read-only) before its engine starts, and vLLM
loads the staged copy, so a file swapped after the check never reaches it.

A policy reload that would change who may have signed a loaded model, or how it is hashed,
is refused: the model was verified under the old rules, and only a restart re-verifies it.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from pathlib import Path

from appliance.config.settings import EngineConfig
from appliance.policy.loader import LoadedPolicy
from appliance.policy.model import ModelHashingRules, Signer
from appliance.policy.store import PolicyPrepareError
from enclave.signing import HashingSettings, ProgressCallback, stage_verified_model
from enclave.signing.errors import ModelRefused, SigningUnavailable
from enclave.signing.verified_model import remove_tree

log = logging.getLogger(__name__)

_PROGRESS_EVERY_S = 5.0


class UnsignedModelRefused(ModelRefused):
    """The policy pins no signer for this model and refuses unsigned models."""


@dataclass(frozen=True)
class AdmittedModel:
    """An engine's configuration pointing at what may be loaded, and what vouched for it."""

    config: EngineConfig
    digest: str
    """Manifest digest ('sha256:...'), or '' for an unsigned model the policy allows."""
    signer: str
    rules: tuple[tuple[Signer, ...], ModelHashingRules, str]
    """The policy rules it was admitted under (signers, hashing, unsigned_models)."""


class ModelGate:
    """Verifies and stages models for engines, and guards reloads against changed rules."""

    def __init__(self, staging_root: Path) -> None:
        self._staging_root = staging_root
        self._admitted: dict[str, AdmittedModel] = {}

    @property
    def admitted(self) -> dict[str, AdmittedModel]:
        """Admitted models by engine name."""
        return dict(self._admitted)

    def admit(self, config: EngineConfig, loaded: LoadedPolicy) -> AdmittedModel:
        """Verify and stage `config`'s model (blocking: run it in a thread). Raises
        ModelRefused (the model must not load) or SigningUnavailable (no verdict)."""
        rules = _rules_for(config.model, loaded)
        signers, hashing_rules, unsigned = rules
        if not signers:
            if unsigned != "allow":
                raise UnsignedModelRefused(
                    f"model {config.model!r} has no signers under `models` in the policy, "
                    "and trust.unsigned_models is 'refuse'"
                )
            log.warning(
                "engine %s: model %s loads UNSIGNED (policy allows it)", config.name, config.model
            )
            admitted = AdmittedModel(config, "", "unsigned", rules)
        else:
            engine_root = self._staging_root / config.name
            _remove_previous(engine_root)
            engine_root.mkdir(parents=True, exist_ok=True, mode=0o700)
            hashing = HashingSettings(
                algorithm=hashing_rules.algorithm, shard_size=hashing_rules.shard_size
            )
            verified = stage_verified_model(
                config.model_path,
                config.signature_path,
                signers,
                hashing,
                engine_root,
                base_dir=Path(loaded.source).parent,
                progress=_progress_logger(config.name),
            )
            admitted = AdmittedModel(
                config.model_copy(update={"model_path": verified.path}),
                verified.digest,
                verified.signer,
                rules,
            )
            log.info(
                "engine %s: model %s verified (%s, signed by %s), %d files, %.1f MB staged",
                config.name,
                config.model,
                verified.digest,
                verified.signer,
                len(verified.files),
                verified.total_bytes / 1e6,
            )
        self._admitted[config.name] = admitted
        return admitted

    async def check_reload(self, loaded: LoadedPolicy) -> None:
        """PolicyPrepareError when `loaded` changes the rules a loaded model was admitted
        under (a policy hook: the reload is refused and the live policy stays)."""
        for engine, admitted in self._admitted.items():
            if _rules_for(admitted.config.model, loaded) != admitted.rules:
                raise PolicyPrepareError(
                    f"engine {engine}: the signers, hashing or unsigned_models rule for model "
                    f"{admitted.config.model!r} changed; the model was verified under the old "
                    "rules, restart the appliance to verify it under the new ones"
                )


def _rules_for(
    model: str, loaded: LoadedPolicy
) -> tuple[tuple[Signer, ...], ModelHashingRules, str]:
    trust = loaded.policy.trust
    signers: tuple[Signer, ...] = ()
    for rule in loaded.policy.models:
        if rule.name == model:
            signers = tuple(rule.signers)
    return signers, trust.model_hashing, trust.unsigned_models


def _remove_previous(engine_root: Path) -> None:
    """Staged copies of earlier runs: each start verifies afresh."""
    if engine_root.is_dir():
        for old in engine_root.iterdir():
            remove_tree(old)


def _progress_logger(engine: str) -> ProgressCallback:
    last = [time.monotonic()]

    def progress(done: int, total: int) -> None:
        now = time.monotonic()
        if now - last[0] >= _PROGRESS_EVERY_S or done == total:
            last[0] = now
            log.info(
                "engine %s: verifying model %.0f%% (%d of %d MB)",
                engine,
                100 * done / max(total, 1),
                done >> 20,
                total >> 20,
            )

    return progress


__all__ = [
    "AdmittedModel",
    "ModelGate",
    "ModelRefused",
    "SigningUnavailable",
    "UnsignedModelRefused",
]
