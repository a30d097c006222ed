"""Client-side trust: verify an appliance's evidence before sending it a prompt."""

from enclave.client.attested_client import (
    AttestedClient,
    SealedText,
    observed_tls_public_key,
    open_sealed_stream,
    verify_appliance,
)
from enclave.client.expectations import Expectations, load_expectations
from enclave.client.verification import VerificationFailed, VerifiedAppliance, verify_evidence
from enclave.client.verifiers import client_verifier

__all__ = [
    "AttestedClient",
    "Expectations",
    "SealedText",
    "VerificationFailed",
    "VerifiedAppliance",
    "client_verifier",
    "load_expectations",
    "observed_tls_public_key",
    "open_sealed_stream",
    "verify_appliance",
    "verify_evidence",
]
