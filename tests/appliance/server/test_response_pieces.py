"""A long text (a whole-only plugin chain's output may be as large as its stream buffer)
goes out as several Chunks, each inside gRPC's message limit, which is the request limit."""

from __future__ import annotations

import pytest

from appliance.engine.contract import Finished, TextDelta
from appliance.server.inference_service import _pieces, _response, chunk_chars

_LIMIT = 64 * 1024  # the smallest listen.max_request_bytes allowed


@pytest.mark.parametrize("char", ["a", "é", "€", "\U0001f600"])
def test_every_piece_of_a_long_text_fits_the_message_limit(char: str) -> None:
    size = chunk_chars(_LIMIT)
    delta = TextDelta(text=char * (3 * size + 5), token_ids=(1, 2, 3))
    pieces = _pieces(delta, size)
    assert len(pieces) == 4
    assert "".join(piece.text for piece in pieces if isinstance(piece, TextDelta)) == delta.text
    # Token ids ride with the last piece only.
    assert [piece.token_ids for piece in pieces if isinstance(piece, TextDelta)] == [
        (),
        (),
        (),
        (1, 2, 3),
    ]
    for piece in pieces:
        message = _response("r" * 128, piece, None, None, None)  # type: ignore[arg-type]
        assert message.ByteSize() <= _LIMIT


def test_short_texts_and_other_events_pass_unchanged() -> None:
    delta = TextDelta(text="hello", token_ids=(7,))
    assert _pieces(delta, chunk_chars(_LIMIT)) == [delta]
    finished = Finished(
        finish_reason="stop", prompt_tokens=1, completion_tokens=1, queue_s=0.0, ttft_s=0.0,
        total_s=0.0,
    )  # fmt: skip
    assert _pieces(finished, 1) == [finished]
