"""Plain-words views of a policy for security teams: what changes between two files, and
what one identity may do."""

from __future__ import annotations

import fnmatch

from appliance.policy.matching import is_admin, tenant_for
from appliance.policy.model import Policy, Tenant


def describe_tenant(tenant: Tenant) -> list[str]:
    """What a tenant may do, one fact per line."""
    limits = tenant.limits
    models = "any model" if "*" in tenant.models else ", ".join(tenant.models)
    lines = [
        f"models: {models}",
        f"SLA classes: {', '.join(tenant.sla.allowed)} (default {tenant.sla.default})",
        f"prompt at most {limits.max_prompt_bytes} bytes, max_tokens at most {limits.max_tokens}",
        f"{limits.requests_per_minute} requests per minute, "
        f"{limits.max_concurrent_streams} concurrent streams",
        "audit keeps prompt and response text"
        if tenant.audit.log_text
        else "audit keeps only keyed hashes of prompt and response",
    ]
    lines.append(
        f"screening: {tenant.screening.action} at score >= {tenant.screening.threshold} "
        f"({', '.join(tenant.screening.screen)})"
    )
    for plugin in tenant.plugins:
        lines.append(f"plugin {plugin.name} ({plugin.on_failure})")
    return lines


def explain_identity(policy: Policy, identity: str) -> list[str]:
    """Which tenant an identity is and what it may do."""
    tenant = tenant_for(policy, (identity,))
    lines = []
    if tenant is None:
        lines.append(f"{identity} matches no tenant: every Inference call is PERMISSION_DENIED")
    else:
        pattern = next(p for p in tenant.identities if fnmatch.fnmatchcase(identity, p))
        lines.append(f"{identity} is tenant {tenant.id!r} (pattern {pattern!r})")
        lines.extend(f"  {line}" for line in describe_tenant(tenant))
    admin = is_admin(policy, (identity,))
    lines.append(f"admin: {'yes' if admin else 'no'} (Admin service over mTLS)")
    return lines


def describe_changes(old: Policy, new: Policy) -> list[str]:
    """Every change from `old` to `new`, per tenant, in plain words. Empty when equal."""
    changes: list[str] = []
    old_tenants = {t.id: t for t in old.tenants}
    new_tenants = {t.id: t for t in new.tenants}
    for tenant_id in sorted(old_tenants.keys() - new_tenants.keys()):
        changes.append(f"tenant {tenant_id!r} removed: its callers lose all access")
    for tenant_id in sorted(new_tenants.keys() - old_tenants.keys()):
        facts = "; ".join(describe_tenant(new_tenants[tenant_id]))
        changes.append(f"tenant {tenant_id!r} added: {facts}")
    for tenant_id in sorted(old_tenants.keys() & new_tenants.keys()):
        before, after = old_tenants[tenant_id], new_tenants[tenant_id]
        if before.identities != after.identities:
            changes.append(
                f"tenant {tenant_id!r}: identities {before.identities} -> {after.identities}"
            )
        old_facts, new_facts = describe_tenant(before), describe_tenant(after)
        for line in old_facts:
            if line not in new_facts:
                changes.append(f"tenant {tenant_id!r}: no longer {line}")
        for line in new_facts:
            if line not in old_facts:
                changes.append(f"tenant {tenant_id!r}: now {line}")
    if old.admins != new.admins:
        changes.append(f"admins {old.admins} -> {new.admins}")
    if old.trust != new.trust:
        changes.append(f"attestation {old.trust.attestation} -> {new.trust.attestation}")
    if old.models != new.models:
        changes.append("model trust rules changed")
    if old.audit != new.audit:
        changes.append(
            f"audit retention {old.audit.retention_days} -> {new.audit.retention_days} days"
        )
    return changes
