"""Hypothesis strategies for the appliance.v1 request messages, built field by field, and for
the bytes on the wire: random bytes and mutated serialisations of generated messages.

A request is drawn with every field plausible except a few "wild" ones, drawn from the
whole range (absurd numbers, NaN, unknown enum values, random text, empty or oversized
collections): one wrong field at a time reaches each check on its own, and a request with
no wild field gets past validation to the router, screening and the engine. Plausible
requests keep max_tokens at 4 or below, so a fuzz run does not keep the engine busy.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from google.protobuf import text_format
from google.protobuf.message import Message
from hypothesis import strategies as st

from appliance.api import pb2
from enclave.sealing import seal_request
from tests.fuzz.hostile_text import CHARACTERS, hostile_text, non_blank, unicode_text, weighted

MessageT = TypeVar("MessageT", bound=Message)

_SHOWN_CHARS = 400


class Shown(Generic[MessageT]):
    """A generated message whose repr is one line, cut short: a failing example with a
    megabyte prompt stays readable (the printed @reproduce_failure blob replays it)."""

    __slots__ = ("message",)

    def __init__(self, message: MessageT) -> None:
        self.message = message

    def __repr__(self) -> str:
        text = text_format.MessageToString(self.message, as_one_line=True)
        if len(text) > _SHOWN_CHARS:
            text = f"{text[:_SHOWN_CHARS]} ... ({len(text)} chars)"
        return f"{type(self.message).__name__}({text})"


class Wire(bytes):
    """Request bytes whose repr is cut short, like `Shown`."""

    __slots__ = ()

    def __repr__(self) -> str:
        if len(self) <= _SHOWN_CHARS // 4:
            return bytes.__repr__(self)
        return f"Wire({len(self)} bytes: {bytes.__repr__(self[: _SHOWN_CHARS // 4])} ...)"


INT32 = st.integers(-(2**31), 2**31 - 1)
INT64 = st.integers(-(2**63), 2**63 - 1)
ROLES = ("system", "user", "assistant", "tool")
# Special values first: they are what validation must refuse.
ANY_FLOAT = st.one_of(
    st.sampled_from([float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 1e-45, 3.4e38]),
    st.floats(allow_nan=True, allow_infinity=True),
)
GENERATE_FIELDS = ("request_id", "model", "input", "sampling", "sla_class", "audit_labels")
SCREEN_FIELDS = ("input", "threshold")


def wild_fields(fields: tuple[str, ...]) -> st.SearchStrategy[frozenset[str]]:
    """Which fields to draw from their whole range: none, one (most often), or any."""
    return weighted(
        (3, st.just(frozenset[str]())),
        (5, st.sampled_from(fields).map(lambda name: frozenset({name}))),
        (2, st.frozensets(st.sampled_from(fields))),
    )


def request_ids(*, wild: bool) -> st.SearchStrategy[str]:
    """Empty or well-formed idempotency keys; wild: too long ones and arbitrary text."""
    valid = st.one_of(st.just(""), st.from_regex(r"[A-Za-z0-9._:-]{1,40}", fullmatch=True))
    if not wild:
        return valid
    return st.one_of(st.from_regex(r"[A-Za-z0-9._:-]{120,140}", fullmatch=True), unicode_text(40))


def prompts(*, wild: bool) -> st.SearchStrategy[str]:
    """Short non-blank prompts, hostile or not; wild: also huge, blank, past the context."""
    valid = st.one_of(unicode_text(60), hostile_text(max_pieces=4, large=False)).map(non_blank)
    if not wild:
        return valid
    return weighted(
        (4, valid),
        (1, hostile_text()),
        (1, st.sampled_from(["", " ", "\n\t ", "\u3000"])),
        (1, st.sampled_from(["a" * 1_100_000, "bank " * 5000])),
    )


def chat_messages(*, wild: bool) -> st.SearchStrategy[pb2.ChatMessages]:
    """A few turns of known roles; wild: unknown roles, no turns, too many, blank ones."""
    role = weighted((6, st.sampled_from(ROLES)), (1, unicode_text(12))) if wild else None
    turn = st.builds(
        lambda r, c: pb2.ChatMessage(role=r, content=c),
        role if role is not None else st.sampled_from(ROLES),
        prompts(wild=wild),
    )
    if not wild:
        return st.lists(turn, min_size=1, max_size=4).map(_chat)
    cap = weighted((4, st.just(6)), (1, st.just(300)))
    return cap.flatmap(lambda most: st.lists(turn, max_size=most).map(_chat))


def _chat(turns: list[pb2.ChatMessage]) -> pb2.ChatMessages:
    return pb2.ChatMessages(messages=turns)


def sealed_inputs(public_key: bytes | None, *, wild: bool) -> st.SearchStrategy[pb2.SealedInput]:
    """A real sealing (given the appliance's HPKE key) of a SealedPrompt; wild: random
    ciphertext, and sealings of random bytes or of prompts without input."""
    random_ciphertext = st.binary(max_size=200).map(lambda data: pb2.SealedInput(ciphertext=data))
    if public_key is None:
        return random_ciphertext
    prompt = st.one_of(
        prompts(wild=wild).map(lambda text: pb2.SealedPrompt(text=text).SerializeToString()),
        chat_messages(wild=wild).map(lambda c: pb2.SealedPrompt(messages=c).SerializeToString()),
    )
    if wild:
        prompt = st.one_of(prompt, st.binary(max_size=64), st.just(b""))
    sealed = prompt.map(lambda plain: _sealed(public_key, plain))
    return st.one_of(sealed, random_ciphertext) if wild else sealed


def _sealed(public_key: bytes, plain: bytes) -> pb2.SealedInput:
    ciphertext, _ = seal_request(public_key, plain)
    return pb2.SealedInput(ciphertext=ciphertext)


def max_tokens(*, wild: bool) -> st.SearchStrategy[int | None]:
    """Unset (the engine default, 16 here) or 1-4; wild: anywhere in int32."""
    if not wild:
        return weighted((1, st.none()), (6, st.integers(1, 4)))
    return st.one_of(st.integers(-(2**31), 0), st.integers(2049, 2**31 - 1), INT32)


@st.composite
def sampling_params(draw: st.DrawFn, *, wild: bool) -> pb2.SamplingParams:
    """Each optional field set or not; wild: one or more of them out of range."""
    params = pb2.SamplingParams()
    # In a wild draw, each field is wild with probability one half, and at least one is.
    wild_ones = draw(st.frozensets(st.integers(0, 5), min_size=1)) if wild else frozenset()
    tokens = draw(max_tokens(wild=0 in wild_ones))
    if tokens is not None:
        params.max_tokens = tokens
    setters: list[tuple[str, st.SearchStrategy[float] | st.SearchStrategy[int]]] = [
        ("temperature", ANY_FLOAT.map(_as_float32) if 1 in wild_ones else st.floats(0.0, 2.0)),
        ("top_p", ANY_FLOAT.map(_as_float32) if 2 in wild_ones else st.floats(0.01, 1.0)),
        ("top_k", INT32 if 3 in wild_ones else st.integers(-1, 50)),
        ("seed", INT64 if 4 in wild_ones else st.integers(0, 2**32)),
    ]
    for index, (name, values) in enumerate(setters, start=1):
        if index in wild_ones or draw(st.booleans()):
            setattr(params, name, draw(values))
    if 5 in wild_ones:
        stop = st.one_of(st.just(""), unicode_text(10), st.text(CHARACTERS, max_size=300))
        cap = draw(weighted((2, st.just(3)), (1, st.just(12))))
    else:
        stop = unicode_text(8, min_size=1)
        cap = 2
    params.stop.extend(draw(st.lists(stop, max_size=cap)))
    return params


def _as_float32(value: float) -> float:
    # A proto float field takes any double and rounds it; out of range becomes infinity.
    return float(pb2.SamplingParams(temperature=value).temperature)


def audit_labels(*, wild: bool) -> st.SearchStrategy[dict[str, str]]:
    """A few short labels; wild: empty or long keys and values, too many labels."""
    if not wild:
        return st.dictionaries(
            st.from_regex(r"[a-z_]{1,20}", fullmatch=True), unicode_text(40), max_size=3
        )
    cap = weighted((2, st.just(4)), (1, st.just(40)))
    return cap.flatmap(
        lambda most: st.dictionaries(unicode_text(70), unicode_text(300), max_size=most)
    )


def _sla_classes(*, wild: bool) -> st.SearchStrategy[int]:
    return INT32 if wild else st.integers(0, 3)


@st.composite
def generate_requests(draw: st.DrawFn, hpke_public_key: bytes | None = None) -> pb2.GenerateRequest:
    """A GenerateRequest: request_id, model, input (text, messages, sealed or none),
    sampling, SLA class and audit labels, a few of them wild."""
    wild = draw(wild_fields(GENERATE_FIELDS))
    request = pb2.GenerateRequest()
    request.request_id = draw(request_ids(wild="request_id" in wild))
    request.model = draw(st.one_of(unicode_text(30), st.just(""))) if "model" in wild else "demo"
    wild_input = "input" in wild
    kinds = ["text", "text", "messages", "sealed"] + (["none"] if wild_input else [])
    match draw(st.sampled_from(kinds)):
        case "text":
            request.text = draw(prompts(wild=wild_input))
        case "messages":
            request.messages.CopyFrom(draw(chat_messages(wild=wild_input)))
        case "sealed":
            request.sealed.CopyFrom(draw(sealed_inputs(hpke_public_key, wild=wild_input)))
    if "sampling" in wild or draw(st.booleans()):
        request.sampling.CopyFrom(draw(sampling_params(wild="sampling" in wild)))
    request.sla_class = draw(_sla_classes(wild="sla_class" in wild))  # type: ignore[assignment]
    request.audit_labels.update(draw(audit_labels(wild="audit_labels" in wild)))
    return request


@st.composite
def screen_requests(draw: st.DrawFn) -> pb2.ScreenRequest:
    """A ScreenRequest: text or messages (wild: nothing, blank, huge) and a threshold in
    [0, 1] or unset (wild: NaN, infinities, out of range)."""
    wild = draw(wild_fields(SCREEN_FIELDS))
    request = pb2.ScreenRequest()
    kinds = ["text", "text", "messages"] + (["none"] if "input" in wild else [])
    match draw(st.sampled_from(kinds)):
        case "text":
            request.text = draw(prompts(wild="input" in wild))
        case "messages":
            request.messages.CopyFrom(draw(chat_messages(wild="input" in wild)))
    if "threshold" in wild:
        request.threshold = draw(ANY_FLOAT)
    elif draw(st.booleans()):
        request.threshold = draw(st.floats(0.0, 1.0))
    return request


def evidence_requests() -> st.SearchStrategy[pb2.EvidenceRequest]:
    """Nonces of every length around the 16-64 bytes allowed."""
    return st.binary(max_size=100).map(lambda nonce: pb2.EvidenceRequest(nonce=nonce))


@st.composite
def mutated(draw: st.DrawFn, data: bytes) -> bytes:
    """`data` with a few byte-level edits: flips, inserts, deletes, truncation, and appended
    fields (known numbers with the wrong wire type, unknown numbers, bad lengths)."""
    out = bytearray(data)
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["flip", "insert", "delete", "truncate", "append"]))
        at = draw(st.integers(0, len(out)))
        if kind == "flip" and out:
            out[min(at, len(out) - 1)] ^= draw(st.integers(1, 255))
        elif kind == "insert":
            out[at:at] = draw(st.binary(min_size=1, max_size=8))
        elif kind == "delete":
            del out[at : at + draw(st.integers(1, 8))]
        elif kind == "truncate":
            del out[at:]
        else:
            field = draw(st.integers(1, 12) | st.integers(1, 2**29 - 1))
            wire_type = draw(st.integers(0, 7))
            out += _varint(field << 3 | wire_type) + draw(st.binary(max_size=12))
    return bytes(out)


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | 0x80 if value else low)
        if not value:
            return bytes(out)


def wire_bytes(messages: st.SearchStrategy[bytes]) -> st.SearchStrategy[Wire]:
    """Random bytes, or serialised messages from `messages` with byte-level mutations."""
    raw = st.one_of(st.binary(max_size=300), messages.flatmap(lambda data: mutated(data)))
    return raw.map(Wire)
