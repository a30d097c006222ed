"""Chain validation to a pinned root: each rule, on a local chain; the FWID, on NVIDIA's."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from cryptography import x509
from cryptography.hazmat.primitives.serialization import Encoding

from enclave.attestation.evidence import AttestationError
from enclave.attestation.nvidia import Check, parse_attestation_report
from enclave.attestation.nvidia.certificate_chain import (
    certificate_fwid,
    verify_chain,
    verify_device_chain,
)
from tests.enclave.attestation.nvidia.local_pki import (
    Issued,
    issue,
    key_usage_of,
    make_root,
)
from tests.enclave.attestation.nvidia.sample import load_sample

AT = datetime(2025, 1, 1, tzinfo=UTC)
UNKNOWN = x509.UnrecognizedExtension(x509.ObjectIdentifier("1.3.6.1.4.1.99999.1"), b"\x05\x00")


def _chain(
    ca: dict[str, Any] | None = None, leaf: dict[str, Any] | None = None
) -> tuple[Issued, list[Issued]]:
    """root -> CA -> leaf; `ca` and `leaf` override `issue` keywords for those two."""
    root = make_root("Test Root")
    issuer = issue(root, "Test CA", **({"ca": True} | (ca or {})))
    return root, [issue(issuer, "Test Leaf", **({"ca": False} | (leaf or {}))), issuer]


def test_local_chain_verifies() -> None:
    root, chain = _chain()
    verify_chain(
        [item.certificate for item in chain],
        root=root.certificate,
        at=AT,
        check=Check.CERTIFICATE_CHAIN,
    )


RULES: dict[str, Callable[[], tuple[Issued, list[Issued]]]] = {
    "issuer_not_a_ca": lambda: _chain(
        ca={"basic_constraints": x509.BasicConstraints(ca=False, path_length=None)}
    ),
    "issuer_without_basic_constraints": lambda: _chain(
        ca={"ca": False, "key_usage": key_usage_of(cert_sign=True)}
    ),
    "issuer_cannot_sign_certificates": lambda: _chain(
        ca={"key_usage": key_usage_of(digital_signature=True)}
    ),
    "leaf_cannot_sign": lambda: _chain(leaf={"key_usage": key_usage_of(cert_sign=True)}),
    "unknown_critical_extension": lambda: _chain(ca={"extra": [(UNKNOWN, True)]}),
    "issuer_expired": lambda: _chain(ca={"not_after": datetime(2024, 1, 1, tzinfo=UTC)}),
    "leaf_not_yet_valid": lambda: _chain(leaf={"not_before": datetime(2026, 1, 1, tzinfo=UTC)}),
    "path_length_exceeded": lambda: _path_length_exceeded(),
    "signed_by_another_root": lambda: (make_root("Test Root"), _chain()[1]),
}


def _path_length_exceeded() -> tuple[Issued, list[Issued]]:
    root = make_root("Test Root")
    upper = issue(
        root, "Upper CA", ca=True, basic_constraints=x509.BasicConstraints(ca=True, path_length=0)
    )
    lower = issue(upper, "Lower CA", ca=True)
    return root, [issue(lower, "Test Leaf", ca=False), lower, upper]


@pytest.mark.parametrize("rule", RULES)
def test_each_rule_fails_the_chain(rule: str) -> None:
    root, chain = RULES[rule]()
    with pytest.raises(AttestationError) as raised:
        verify_chain(
            [item.certificate for item in chain],
            root=root.certificate,
            at=AT,
            check=Check.RIM_CERTIFICATE_CHAIN,
        )
    assert raised.value.check == "rim_certificate_chain"


def test_unknown_non_critical_extension_is_fine() -> None:
    root, chain = _chain(ca={"extra": [(UNKNOWN, False)]})
    verify_chain(
        [item.certificate for item in chain],
        root=root.certificate,
        at=AT,
        check=Check.CERTIFICATE_CHAIN,
    )


def test_evaluation_time_must_carry_a_zone() -> None:
    root, chain = _chain()
    with pytest.raises(ValueError, match="timezone"):
        verify_chain(
            [chain[0].certificate],
            root=root.certificate,
            at=datetime(2025, 1, 1),
            check=Check.CERTIFICATE_CHAIN,
        )


def test_signature_bit_string_with_unused_bits_is_refused() -> None:
    """Found by the mutation tests: cryptography ignores a BIT STRING's unused-bits count."""
    sample = load_sample()
    chain = x509.load_pem_x509_certificates(sample.chain_pem)
    der = bytearray(chain[2].public_bytes(Encoding.DER))
    assert der[-len(chain[2].signature) - 3 :][:3] == b"\x03\x69\x00"
    der[-len(chain[2].signature) - 1] = 0x01
    chain[2] = x509.load_der_x509_certificate(bytes(der))
    assert chain[2].signature == x509.load_pem_x509_certificates(sample.chain_pem)[2].signature
    with pytest.raises(AttestationError, match="unused bits"):
        verify_device_chain(chain, root=sample.device_root, at=AT)


def test_nvidia_leaf_fwid_is_the_reports() -> None:
    sample = load_sample()
    leaf = x509.load_pem_x509_certificates(sample.chain_pem)[0]
    assert certificate_fwid(leaf) == parse_attestation_report(sample.report).response.opaque.fwid


def test_malformed_fwid_extension_fails_by_name() -> None:
    bad = x509.UnrecognizedExtension(
        x509.ObjectIdentifier("2.23.133.5.4.1"), b"\x30\x03\x02\x01\x01"
    )
    root = make_root("Test Root")
    leaf = issue(root, "Leaf", ca=False, extra=[(bad, False)])
    with pytest.raises(AttestationError) as raised:
        certificate_fwid(leaf.certificate)
    assert raised.value.check == "certificate_fwid"
