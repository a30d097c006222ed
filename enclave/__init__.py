"""Trust: certificates, and (coming) model signatures and attestation evidence."""

from enclave.dev_ca import DevPki, create_dev_pki, spiffe_id

__all__ = ["DevPki", "create_dev_pki", "spiffe_id"]
