"""pii_redact on realistic text, its false-positive traps, and streaming split safety."""

from __future__ import annotations

import asyncio

import pytest

from appliance.plugins import Action, PluginHost, RequestMeta
from tests.appliance.plugins.conftest import Loader

META = RequestMeta(tenant="bank", model="demo", request_id="r-1")
EMAIL = "jane.doe+billing@example.co.uk"
CARD = "4111 1111 1111 1111"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"Write to {EMAIL} today.", "Write to [EMAIL] today."),
        ("Call +44 20 7946 0958 or (415) 555-0100.", "Call [PHONE] or [PHONE]."),
        (f"Card {CARD} expires 04/29.", "Card [CARD] expires 04/29."),
        ("Card 5500-0000-0000-0004 on file.", "Card [CARD] on file."),
        ("Pay to DE89 3704 0044 0532 0130 00 by Friday.", "Pay to [IBAN] by Friday."),
        ("IBAN GB82WEST12345698765432.", "IBAN [IBAN]."),
        # traps: nothing here is personal data
        ("Order 4111 1111 1111 1112 shipped.", "Order 4111 1111 1111 1112 shipped."),
        ("Order #4111111111111112 shipped.", "Order #4111111111111112 shipped."),
        ("Meeting on 2024-05-17 10:30 in room 4.", "Meeting on 2024-05-17 10:30 in room 4."),
        ("Due 17.05.2024 12:00.", "Due 17.05.2024 12:00."),
        (
            "IBAN DE89 3704 0044 0532 0130 01 is wrong.",
            "IBAN DE89 3704 0044 0532 0130 01 is wrong.",
        ),
        ("Version 1.2.3 at user@localhost only.", "Version 1.2.3 at user@localhost only."),
        ("Revenue grew 12,500,000 in 2023.", "Revenue grew 12,500,000 in 2023."),
    ],
)
def test_redacts_values_and_leaves_lookalikes(
    host: PluginHost, load_example: Loader, text: str, expected: str
) -> None:
    result = host.run_sync(load_example("pii_redact"), text, META)
    assert result.failure is None
    assert result.text == expected
    assert result.action is (Action.PASS if expected == text else Action.MODIFY)


def test_findings_point_at_placeholders(host: PluginHost, load_example: Loader) -> None:
    result = host.run_sync(load_example("pii_redact"), f"a {EMAIL} b {CARD} c", META)
    kinds = [(f.kind, result.text.encode()[f.start : f.end].decode()) for f in result.findings]
    assert kinds == [("email", "[EMAIL]"), ("card", "[CARD]")]


def _stream(host: PluginHost, plugin_chunks: list[str], load_example: Loader) -> list[str]:
    async def run() -> list[str]:
        stream = host.open_stream([load_example("pii_redact")], META)
        emitted = [await stream.feed(chunk) for chunk in plugin_chunks]
        emitted.append(await stream.finish())
        return emitted

    return asyncio.run(run())


@pytest.mark.parametrize("secret", [EMAIL, CARD, "+44 20 7946 0958", "DE89370400440532013000"])
def test_stream_never_leaks_a_value_split_anywhere(
    host: PluginHost, load_example: Loader, secret: str
) -> None:
    text = f"Details: {secret}, thanks."
    start = text.index(secret)
    for cut in range(start, start + len(secret) + 1):
        emitted = _stream(host, [text[:cut], text[cut:]], load_example)
        joined = "".join(emitted)
        assert secret not in joined, cut
        # no chunk on its own carries a readable piece of the value either
        for chunk in emitted:
            assert secret[:6] not in chunk, (cut, chunk)
            assert secret[-6:] not in chunk, (cut, chunk)
        assert joined.startswith("Details: [")
        assert joined.endswith("], thanks.")


def test_stream_with_both_values_split_at_every_position(
    host: PluginHost, load_example: Loader
) -> None:
    text = f"Mail {EMAIL} and card {CARD}."
    for cut_a in range(0, len(text), 3):
        for cut_b in range(cut_a, len(text), 7):
            emitted = _stream(host, [text[:cut_a], text[cut_a:cut_b], text[cut_b:]], load_example)
            joined = "".join(emitted)
            assert joined == "Mail [EMAIL] and card [CARD].", (cut_a, cut_b)


def test_stream_one_character_at_a_time(host: PluginHost, load_example: Loader) -> None:
    text = f"Mail {EMAIL}, card {CARD}, IBAN GB82 WEST 1234 5698 7654 32, order 2024-05-17."
    emitted = _stream(host, list(text), load_example)
    whole = host.run_sync(load_example("pii_redact"), text, META)
    assert "".join(emitted) == whole.text
    assert all(EMAIL not in c and "1111" not in c for c in emitted)
