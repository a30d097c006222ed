"""Policy files: the security team's rules, validated with located errors, reloaded
atomically, enforced per tenant."""

from appliance.policy.explain import describe_changes, describe_tenant, explain_identity
from appliance.policy.limiter import TenantLimiter, TenantLimitError
from appliance.policy.loader import LoadedPolicy, load_policy, parse_policy, policy_digest
from appliance.policy.matching import LOCAL_IDENTITY, is_admin, model_allowed, tenant_for
from appliance.policy.model import Policy, Tenant, TenantLimits
from appliance.policy.store import PolicyPrepareError, PolicyStore, ReloadResult

__all__ = [
    "LOCAL_IDENTITY",
    "LoadedPolicy",
    "Policy",
    "PolicyPrepareError",
    "PolicyStore",
    "ReloadResult",
    "Tenant",
    "TenantLimitError",
    "TenantLimiter",
    "TenantLimits",
    "describe_changes",
    "describe_tenant",
    "explain_identity",
    "is_admin",
    "load_policy",
    "model_allowed",
    "parse_policy",
    "policy_digest",
    "tenant_for",
]
