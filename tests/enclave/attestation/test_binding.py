"""Report data: one value per (nonce, TLS key, policy, HPKE key, models), and bounds."""

from __future__ import annotations

import pytest

from enclave.attestation import BindingError, BoundState, report_data


def state(**overrides: object) -> BoundState:
    fields: dict[str, object] = {
        "tls_public_key_der": b"tls-key",
        "policy_digest": "sha256:" + "a" * 64,
        "hpke_public_key": b"k" * 32,
        "model_digests": ["sha256:" + "1" * 64, "sha256:" + "2" * 64],
    }
    fields.update(overrides)
    return BoundState.of(**fields)  # type: ignore[arg-type]


NONCE = b"n" * 32


def test_deterministic_and_64_bytes() -> None:
    assert report_data(NONCE, state()) == report_data(NONCE, state())
    assert len(report_data(NONCE, state())) == 64


def test_model_order_does_not_matter() -> None:
    reordered = state(model_digests=["sha256:" + "2" * 64, "sha256:" + "1" * 64])
    assert report_data(NONCE, reordered) == report_data(NONCE, state())


@pytest.mark.parametrize(
    "changed",
    [
        {"tls_public_key_der": b"other-key"},
        {"policy_digest": "sha256:" + "b" * 64},
        {"hpke_public_key": b"j" * 32},
        {"model_digests": ["sha256:" + "1" * 64]},
        # Moving bytes between fields must change the value too (length prefixes).
        {"model_digests": ["sha256:" + "1" * 64 + "sha256:" + "2" * 64]},
    ],
)
def test_every_bound_field_changes_the_value(changed: dict[str, object]) -> None:
    assert report_data(NONCE, state(**changed)) != report_data(NONCE, state())


def test_another_nonce_changes_the_value() -> None:
    assert report_data(b"m" * 32, state()) != report_data(NONCE, state())


@pytest.mark.parametrize("length", [0, 15, 65, 1000])
def test_nonce_out_of_bounds(length: int) -> None:
    with pytest.raises(BindingError, match="nonce must be 16 to 64 bytes"):
        report_data(b"x" * length, state())
