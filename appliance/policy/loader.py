"""Load a policy file: parse with locations, validate, refuse what this build cannot enforce,
and compute the digest that status and every audit record carry."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from appliance.config.located_yaml import (
    LocatedDocument,
    LocatedError,
    LocatedYamlError,
    load_yaml_file,
    parse_yaml,
    validate_document,
)
from appliance.policy.model import PluginRef, Policy


@dataclass(frozen=True)
class LoadedPolicy:
    """A validated policy and where it came from."""

    policy: Policy
    digest: str
    source: str

    def resolve(self, relative: str) -> Path:
        """A path written in the policy, relative to the policy file."""
        path = Path(relative)
        return path if path.is_absolute() else Path(self.source).parent / path

    @property
    def short_digest(self) -> str:
        """The first 12 hex digits, for logs."""
        return self.digest.removeprefix("sha256:")[:12]


def policy_digest(policy: Policy) -> str:
    """SHA-256 of the canonical form: sorted-key compact JSON of the validated policy."""
    canonical = json.dumps(
        policy.model_dump(mode="json"), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def load_policy(path: Path) -> LoadedPolicy:
    """Read, validate and capability-check a policy file; LocatedYamlError on any problem."""
    return _from_document(load_yaml_file(path))


def parse_policy(text: bytes, source: str) -> LoadedPolicy:
    """The same as `load_policy`, from bytes already read."""
    return _from_document(parse_yaml(text, source))


def _from_document(document: LocatedDocument) -> LoadedPolicy:
    policy = validate_document(document, Policy)
    loaded = LoadedPolicy(policy=policy, digest=policy_digest(policy), source=document.file)
    errors = _unpinned_modules(loaded, document)
    errors.extend(_unreadable_signer_files(loaded, document))
    if errors:
        raise LocatedYamlError(errors)
    return loaded


def _unpinned_modules(loaded: LoadedPolicy, document: LocatedDocument) -> list[LocatedError]:
    """Plugin modules that are missing or do not hash to their pinned digest."""
    found = []
    for t_index, tenant in enumerate(loaded.policy.tenants):
        for p_index, plugin in enumerate(tenant.plugins):
            path = loaded.resolve(plugin.module)
            where = ("tenants", t_index, "plugins", p_index, "module")
            try:
                actual = "sha256:" + hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as exc:
                found.append(
                    LocatedError(
                        document.locate(where), f"cannot read {path}: {exc.strerror}", where
                    )
                )
                continue
            if actual != plugin.digest:
                found.append(
                    LocatedError(
                        document.locate(where),
                        f"{path} hashes to {actual}, not the pinned {plugin.digest}",
                        where,
                    )
                )
            elif plugin.signers:
                found.extend(_unsigned_plugin(loaded, document, plugin, path, where[:-1]))
    return found


def _unsigned_plugin(
    loaded: LoadedPolicy,
    document: LocatedDocument,
    plugin: PluginRef,
    module: Path,
    where: tuple[str | int, ...],
) -> list[LocatedError]:
    """A signed plugin whose directory does not verify against its pinned signers."""
    from enclave.signing import ModelRefused, SigningUnavailable, verify_model_dir

    if plugin.signature is None:
        at = (*where, "signers")
        return [LocatedError(document.locate(at, key=True), "signers need a signature", at)]
    try:
        verify_model_dir(
            module.parent,
            loaded.resolve(plugin.signature),
            plugin.signers,
            base_dir=Path(loaded.source).parent,
        )
    except (ModelRefused, SigningUnavailable) as exc:
        at = (*where, "signature")
        return [LocatedError(document.locate(at), f"plugin {plugin.name!r}: {exc}", at)]
    return []


def _unreadable_signer_files(loaded: LoadedPolicy, document: LocatedDocument) -> list[LocatedError]:
    """Signer public keys and roots that are missing or unreadable."""
    found = []
    for m_index, model in enumerate(loaded.policy.models):
        for s_index, signer in enumerate(model.signers):
            for field in ("public_key", "root"):
                value = getattr(signer, field)
                if value is None:
                    continue
                path = loaded.resolve(value)
                if not os.access(path, os.R_OK) or not path.is_file():
                    where = ("models", m_index, "signers", s_index, field)
                    found.append(LocatedError(document.locate(where), f"cannot read {path}", where))
    return found
