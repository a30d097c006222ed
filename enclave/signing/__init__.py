"""Signed models: OpenSSF model-signing signatures, verified with the `model-signing`
library against signers pinned in policy, and staged so that what vLLM reads is what was
verified.

- `sign_model` writes a signature (key or certificate method).
- `verify_model_dir` checks a directory in place (for the CLI and for reports).
- `stage_verified_model` copies a model into a private read-only directory while hashing
  it, verifies those hashes, and returns the path to load.

Every file present must be signed and every signed file present: nothing is skipped, not
`.git/`, not what the signature's own ignore list names. Errors: `ModelRefused`
subclasses (the model must not load) and `SigningUnavailable` (no verdict reached).
"""

from enclave.signing.digests import ProgressCallback
from enclave.signing.errors import (
    BadSignerPin,
    ChangedFile,
    ContentMismatch,
    ExtraFile,
    HashingMismatch,
    IdentityMismatch,
    MissingFile,
    ModelRefused,
    ModelUnreadable,
    RenamedFile,
    SignatureHidesFiles,
    SignatureUnreadable,
    SigningError,
    SigningUnavailable,
    SourceChanged,
    StagingFailed,
    SymlinkInTree,
    UnsafeTree,
    UnsupportedEntry,
    UntrustedRoot,
    UntrustedSignature,
    WrongKey,
)
from enclave.signing.pins import SignerLike, SignerPin, resolve_pins
from enclave.signing.settings import HashAlgorithm, HashingSettings
from enclave.signing.sign import SignedModel, sign_model
from enclave.signing.staging import stage_verified_model
from enclave.signing.verified_model import VerifiedModel, model_digest
from enclave.signing.verify import verify_model_dir

__all__ = [
    "BadSignerPin",
    "ChangedFile",
    "ContentMismatch",
    "ExtraFile",
    "HashAlgorithm",
    "HashingMismatch",
    "HashingSettings",
    "IdentityMismatch",
    "MissingFile",
    "ModelRefused",
    "ModelUnreadable",
    "ProgressCallback",
    "RenamedFile",
    "SignatureHidesFiles",
    "SignatureUnreadable",
    "SignedModel",
    "SignerLike",
    "SignerPin",
    "SigningError",
    "SigningUnavailable",
    "SourceChanged",
    "StagingFailed",
    "SymlinkInTree",
    "UnsafeTree",
    "UnsupportedEntry",
    "UntrustedRoot",
    "UntrustedSignature",
    "VerifiedModel",
    "WrongKey",
    "model_digest",
    "resolve_pins",
    "sign_model",
    "stage_verified_model",
    "verify_model_dir",
]
