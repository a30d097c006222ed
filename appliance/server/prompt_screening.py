"""Which parts of a request a tenant's policy screens, and what a verdict does to the call."""

from __future__ import annotations

from appliance.engine.contract import GenerationRequest
from appliance.policy.model import ScreeningRules
from appliance.screening import AsyncScreener, ChatMessage, Verdict
from appliance.server.errors import BlockedError

# System messages are the application's own instructions, not user input: screening them
# would flag every "You are a helpful assistant". Earlier user and assistant turns are the
# history, where injected text from a previous turn can hide.
_HISTORY_ROLES = frozenset({"user", "assistant"})


def parts_to_screen(request: GenerationRequest, rules: ScreeningRules) -> list[ChatMessage]:
    """The messages the policy wants screened: the prompt (the text, or the last user turn),
    the chat history (earlier user and assistant turns), tool outputs (role "tool").
    System messages come from the application and are not screened."""
    wanted = set(rules.screen)
    if request.text is not None:
        return [ChatMessage(role="user", content=request.text)] if "prompt" in wanted else []
    last_user = max(
        (i for i, turn in enumerate(request.messages) if turn.role == "user"), default=-1
    )
    chosen = []
    for index, turn in enumerate(request.messages):
        if turn.role == "tool":
            part = "tool_outputs"
        elif index == last_user:
            part = "prompt"
        elif turn.role in _HISTORY_ROLES:
            part = "chat_history"
        else:
            continue
        if part in wanted:
            chosen.append(ChatMessage(role=turn.role, content=turn.content))
    return chosen


async def screen_generation(
    screener: AsyncScreener, request: GenerationRequest, rules: ScreeningRules
) -> Verdict | None:
    """Screen what the policy asks for; None when it asks for nothing in this request."""
    messages = parts_to_screen(request, rules)
    if not messages:
        return None
    return await screener.screen(messages, threshold=rules.threshold, action=rules.action)


def raise_if_blocked(verdict: Verdict | None) -> None:
    """BlockedError (PROMPT_INJECTION) when the verdict's action is block; the message names
    the score and the kinds of finding, never the prompt."""
    if verdict is not None and verdict.action == "block":
        kinds = sorted({reason.kind for reason in verdict.reasons})
        raise BlockedError(
            f"the prompt was blocked by screening (score {verdict.score:.2f}"
            + (f"; {', '.join(kinds)})" if kinds else ")"),
            reason="PROMPT_INJECTION",
        )
