"""The tamper-evident audit log: hash-chained JSON lines, signed checkpoints, verification.

Each record holds the SHA-256 of the line before it; every so often an Ed25519-signed
checkpoint covers the chain so far. `verify_audit_log` finds the first edited, removed,
reordered or forged line. Prompt and response text appear only as keyed hashes by default.
"""

from appliance.audit.errors import (
    AuditError,
    AuditKeyError,
    AuditRecordError,
    AuditUnavailableError,
)
from appliance.audit.keys import (
    AuditKeyFiles,
    generate_audit_keys,
    key_fingerprint,
    load_hmac_key,
    load_public_key,
    load_signing_key,
)
from appliance.audit.records import RequestAudit
from appliance.audit.settings import AuditSettings
from appliance.audit.verify import VerifyReport, verify_audit_log
from appliance.audit.writer import AuditLog

__all__ = [
    "AuditError",
    "AuditKeyError",
    "AuditKeyFiles",
    "AuditLog",
    "AuditRecordError",
    "AuditSettings",
    "AuditUnavailableError",
    "RequestAudit",
    "VerifyReport",
    "generate_audit_keys",
    "key_fingerprint",
    "load_hmac_key",
    "load_public_key",
    "load_signing_key",
    "verify_audit_log",
]
