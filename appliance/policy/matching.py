"""Which tenant a caller is, and what the policy lets it do."""

from __future__ import annotations

import fnmatch

from appliance.policy.model import Policy, Tenant

LOCAL_IDENTITY = "unix:local"


def tenant_for(policy: Policy, names: tuple[str, ...]) -> Tenant | None:
    """The first tenant (in file order) with a pattern matching any of the caller's names."""
    for tenant in policy.tenants:
        if any(fnmatch.fnmatchcase(n, p) for p in tenant.identities for n in names):
            return tenant
    return None


def is_admin(policy: Policy, names: tuple[str, ...]) -> bool:
    """True when any of the caller's names matches an admin pattern."""
    return any(fnmatch.fnmatchcase(n, p) for p in policy.admins for n in names)


def model_allowed(tenant: Tenant, model: str) -> bool:
    """True when the tenant may use `model`."""
    return "*" in tenant.models or model in tenant.models
