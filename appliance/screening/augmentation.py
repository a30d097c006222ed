"""Rows the development corpus lacks, added to training so the head learns what an ordinary
prompt looks like beyond that corpus, and what an attack on a tool-using agent looks like.

Every non-English row of the corpus is an attack, it holds almost no code or markdown, and
its benign prompts rarely say "ignore", "override", "from now on" or "pretend": a head
trained on it alone learns the language or the word, not the attack. The rows here come
from files under `data/` (see the README there for provenance): real code and markdown
documents, and prompts expanded from templates with a fixed seed. Like the corpus, they
are split into train, validation and test parts; the test part is never trained on.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from appliance.screening.corpus import LabelledText, Split, load_labelled, stratified_split
from appliance.screening.errors import ScreeningInputError

DATA_DIR = Path(__file__).with_name("data")
AUGMENT_SEED = 20260517
MULTILINGUAL_PER_LANGUAGE = 60
_SLOT = re.compile(r"\{(\w+)\}")
_MAX_ATTEMPTS = 50


def _expand(
    templates: list[str], slots: dict[str, list[str]], count: int, generator: random.Random
) -> list[str]:
    # Distinct fills, in generation order; fewer than `count` when the templates run out.
    seen: dict[str, None] = {}
    for _ in range(count * _MAX_ATTEMPTS):
        if len(seen) >= count:
            break
        template = generator.choice(templates)
        text = _SLOT.sub(lambda match: generator.choice(slots[match.group(1)]), template)
        seen.setdefault(text, None)
    return list(seen)


def _read_json(name: str) -> dict[str, dict[str, object]]:
    try:
        with (DATA_DIR / name).open(encoding="utf-8") as handle:
            loaded: dict[str, dict[str, object]] = json.load(handle)
    except (OSError, ValueError) as exc:
        raise ScreeningInputError(f"cannot read augmentation file {name}: {exc}") from exc
    return loaded


def _templated(name: str, category: str, default_count: int) -> list[LabelledText]:
    rows: list[LabelledText] = []
    # Not for security: a reproducible expansion, so the same rows come out on any machine.
    generator = random.Random(AUGMENT_SEED)  # noqa: S311
    for group, spec in sorted(_read_json(name).items()):
        templates = [str(item) for item in spec["templates"]]  # type: ignore[attr-defined]
        slots = {
            key: [str(item) for item in value]  # type: ignore[attr-defined]
            for key, value in spec.items()
            if key not in ("templates", "count")
        }
        count = int(spec.get("count", default_count))  # type: ignore[call-overload]
        rows.extend(
            LabelledText(text, 0, f"{category}:{group}", f"augment:{name}#{group}")
            for text in _expand(templates, slots, count, generator)
        )
    return rows


def benign_augmentation() -> list[LabelledText]:
    """Every augmentation row (all benign), in a fixed order."""
    documents = load_labelled(DATA_DIR / "benign_documents.jsonl")
    return (
        documents
        + _templated("benign_english.json", "augment:english", 100)
        + _templated("benign_multilingual.json", "augment:multilingual", MULTILINGUAL_PER_LANGUAGE)
        + _templated("benign_hard.json", "augment:hard", 100)
    )


# Rows written by hand, as JSON lines, and the group each file's categories are filed
# under: the corpus holds almost no attack on a tool-using agent, nor the ordinary requests
# that read like one ("forward this to finance@..."), nor people writing their own system
# prompts, chat-API code and pasted tool output, which read like injections word by word.
HANDWRITTEN_FILES = {
    "agentic_attacks.jsonl": "agentic",
    "agentic_benign.jsonl": "agentic",
    "benign_engineering.jsonl": "engineering",
    "benign_preferences.jsonl": "preferences",
    "benign_practitioners.jsonl": "practitioners",
    "benign_pasted_documents.jsonl": "documents",
    "attacks_indirect.jsonl": "indirect",
    "attacks_direct.jsonl": "direct",
    "benign_everyday.jsonl": "everyday",
    "attacks_varied.jsonl": "varied",
    "benign_meta_quoted.jsonl": "meta",
    "attacks_near_benign.jsonl": "nearmiss",
}


# Written later (session 25), split on their own like the hand-written rows above, so
# adding them left those rows' parts (and the dev split's figures) as they were.
LATER_FILES = {
    "benign_written25.jsonl": "written25",
    "attacks_written25.jsonl": "written25",
}
# Written in session 27, split on their own in turn: agent misuse as routine business and
# orders planted in records and messages an agent reads, and their legitimate look-alikes.
AGENT27_FILES = {
    "benign_agent27.jsonl": "agent27",
    "attacks_agent27.jsonl": "agent27",
}
# Written in session 28, split on their own: jailbreaks behind a frame, forged dialogues and
# split payloads, false authority, orders hidden in documents, data sent out, personas,
# prompt extraction; and the benign texts that read like them (people's own prompts,
# corrections, questions about the assistant, dark fiction, security work, documents of
# imperatives), both partly in other languages; and the same kinds in 20 languages other
# than English (the `*ml` files, one row per kind and language). The quoted attacks asked
# about that were written with them are a fixture instead (quoted28_benign): as benign
# training rows they teach the n-gram head that attack wording is harmless.
WRITTEN28_FILES = {
    "benign_written28.jsonl": "written28",
    "attacks_written28.jsonl": "written28",
    "benign_written28ml.jsonl": "written28ml",
    "attacks_written28ml.jsonl": "written28ml",
}
# Written in session 30, split on their own: the kinds the blind sets missed most (orders
# buried in tool output, agent hijacking, data sent out, jailbreaks behind a frame, false
# authority, forged dialogues and split payloads, overrides in fresh words, personas), and
# benign texts shaped like them (tool output with imperatives to people, agent work done
# through the process, links and webhooks, dark fiction and games, people naming their
# role, few-shot prompts and transcripts, rules and preferences, harmless personas). No
# quoted attacks asked about among the benign rows (see WRITTEN28_FILES).
WRITTEN30_FILES = {
    "benign_written30.jsonl": "written30",
    "attacks_written30.jsonl": "written30",
}
# Written later in session 30, split on their own: attacks in 20 languages other than
# English (three kinds apiece), orders in e-mails, web pages, documents and code, agent
# hijacking, prompt extraction, encodings; and their look-alikes (the same 20 languages,
# e-mails and documents of imperatives to people, code comments, agent work done through
# the process, questions about the assistant, encoded data).
WRITTEN30B_FILES = {
    "benign_written30b.jsonl": "written30b",
    "attacks_written30b.jsonl": "written30b",
}
# Written in session 31, split on their own: agent hijacking planted in what an agent reads
# (issues, tickets, invites, listings, API results), data sent out (links and images that
# carry it, webhooks, mail, "telemetry"), jailbreaks behind a frame; and their look-alikes
# (tickets asking people to act, agent work the user ordered, webhooks and analytics set
# up by their owners, harmless fiction, games and thought experiments), a sixth in other
# languages. The quoted attacks asked about that were written with them are a fixture
# instead (quoted31_*; see WRITTEN28_FILES).
WRITTEN31_FILES = {
    "benign_written31.jsonl": "written31",
    "attacks_written31.jsonl": "written31",
}

# Written in session 32, split on their own: attacks in 30 languages other than English
# (overrides, prompt extraction, personas and framed jailbreaks, orders planted in
# documents and tool output, agent hijacking, false authority), orders planted in English
# documents, tool output and agent inputs (half as routine process text), attempts on the
# assistant's own rules; and their look-alikes (everyday words, questions about the
# assistant, documents of imperatives to people, answer styles, agent work and workplace
# authority, harmless role-play, tool output), in the same languages and in English. The
# quoted attacks asked about that were written with them are a fixture instead
# (quoted32_benign; see WRITTEN28_FILES).
WRITTEN32_FILES = {
    "benign_written32.jsonl": "written32",
    "attacks_written32.jsonl": "written32",
}

# Written in session 33, split on their own, for the kinds the blind sets still missed
# most: harmful requests behind a frame (fiction, hypotheticals and research, games and
# grief, a plausible trade with no jailbreak words), false authority, agent hijacking asked
# for as routine work and planted in what the agent reads, many-shot dialogues and split
# payloads, a fifth of the attacks in 13 other languages; and their look-alikes (dark
# fiction and thought experiments, professionals' questions, people naming their real
# role, agent work done through the process, answer styles, people's own system prompts,
# transcripts and few-shot examples, documents with ordinary notes to people and
# automations, everyday words; 35 in 15 other languages). No quoted attack is among them.
WRITTEN33_FILES = {
    "benign_written33.jsonl": "written33",
    "attacks_written33.jsonl": "written33",
}

# Written in session 41, split on their own: the benign kinds the blind sets flag most
# (ordinary requests in 20 other languages with words like "ignore", "rules" or "password"
# in everyday senses, questions about the assistant, lasting answer styles, people's own
# system prompts, ML practitioners' questions, code and markdown with notes to people and
# bots), and the attack kinds they miss most (agent hijacking as routine work, false
# authority, orders in code, attacks in 15 other languages, data sent out, framed harmful
# requests). No quoted attack is among them (see WRITTEN28_FILES).
WRITTEN41_FILES = {
    "benign_written41.jsonl": "written41",
    "attacks_written41.jsonl": "written41",
}

# Written in session 42, split on their own: benign tool and API output, pasted documents
# full of imperatives, IT-helpdesk and banking work, fiction and role-play, security
# teaching, encoded data, long multi-part requests; and framed harmful requests, many-shot
# and split payloads, orders planted in tool output and web pages or documents, prompt
# extraction, planted e-mail, data sent out, personas. The three security-teaching rows
# that quoted an attack were left out (see WRITTEN28_FILES), and one attack that a fixture
# already holds.
WRITTEN42_FILES = {
    "benign_written42.jsonl": "written42",
    "attacks_written42.jsonl": "written42",
}


def _labelled_files(files: dict[str, str]) -> list[LabelledText]:
    rows: list[LabelledText] = []
    for name, group in files.items():
        rows.extend(
            LabelledText(row.text, row.label, f"augment:{group}:{row.category}", f"augment:{name}")
            for row in load_labelled(DATA_DIR / name)
        )
    return rows


def handwritten_augmentation() -> list[LabelledText]:
    """The hand-written rows: attacks (label 1: on agents, hidden in processed content,
    sent directly), and benign look-alikes (label 0: legitimate agent requests, prompt
    engineering, code and tool output, standing preferences and corrections, AI
    practitioners' questions, pasted documents)."""
    return _labelled_files(HANDWRITTEN_FILES)


def later_augmentation() -> list[LabelledText]:
    """The rows written in session 25: hard benign requests (personas for a task, terse
    format rules, questions about how the assistant works, people's own prompts and LLM
    code, e-mails and documents full of imperatives to people) and attacks (agent misuse
    asked for and planted, jailbreaks shaped as style rules, personas, extraction posed as
    curiosity, forged turns, soft overrides, smuggled payloads), both in 14 languages."""
    return _labelled_files(LATER_FILES)


def agent27_augmentation() -> list[LabelledText]:
    """The rows written in session 27: attacks on a tool-using agent (orders planted in
    records and messages, payment fraud, controls switched off, privileges grabbed, data
    sent out, evidence tampered with) and legitimate agent work that reads like them
    (records and messages full of imperatives to people, payments, control changes, access
    and deletions done through the process), both partly in other languages."""
    return _labelled_files(AGENT27_FILES)


def written28_augmentation() -> list[LabelledText]:
    """The rows written in session 28 (see `WRITTEN28_FILES`)."""
    return _labelled_files(WRITTEN28_FILES)


def written30_augmentation() -> list[LabelledText]:
    """The rows written in session 30 (see `WRITTEN30_FILES`)."""
    return _labelled_files(WRITTEN30_FILES)


def written30b_augmentation() -> list[LabelledText]:
    """The rows written later in session 30 (see `WRITTEN30B_FILES`)."""
    return _labelled_files(WRITTEN30B_FILES)


def written31_augmentation() -> list[LabelledText]:
    """The rows written in session 31 (see `WRITTEN31_FILES`)."""
    return _labelled_files(WRITTEN31_FILES)


def written32_augmentation() -> list[LabelledText]:
    """The rows written in session 32 (see `WRITTEN32_FILES`)."""
    return _labelled_files(WRITTEN32_FILES)


def written33_augmentation() -> list[LabelledText]:
    """The rows written in session 33 (see `WRITTEN33_FILES`)."""
    return _labelled_files(WRITTEN33_FILES)


def written41_augmentation() -> list[LabelledText]:
    """The rows written in session 41 (see `WRITTEN41_FILES`)."""
    return _labelled_files(WRITTEN41_FILES)


def written42_augmentation() -> list[LabelledText]:
    """The rows written in session 42 (see `WRITTEN42_FILES`)."""
    return _labelled_files(WRITTEN42_FILES)


# Every group of hand-written files, in the order they were written. Each is split on its
# own, so adding a group at the end leaves the earlier rows' parts (and the dev split's
# figures) as they were.
HANDWRITTEN_GROUPS = (
    HANDWRITTEN_FILES,
    LATER_FILES,
    AGENT27_FILES,
    WRITTEN28_FILES,
    WRITTEN30_FILES,
    WRITTEN30B_FILES,
    WRITTEN31_FILES,
    WRITTEN32_FILES,
    WRITTEN33_FILES,
    WRITTEN41_FILES,
    WRITTEN42_FILES,
)


def handwritten_groups() -> list[list[LabelledText]]:
    """The rows of each group in `HANDWRITTEN_GROUPS`, in order."""
    return [_labelled_files(files) for files in HANDWRITTEN_GROUPS]


def augmentation_split() -> Split:
    """The augmentation rows split like the corpus (same seed, same fractions); each group
    of hand-written rows is split on its own (see `HANDWRITTEN_GROUPS`)."""
    parts = [stratified_split(benign_augmentation())]
    parts += [stratified_split(rows) for rows in handwritten_groups()]
    return Split(
        [row for part in parts for row in part.train],
        [row for part in parts for row in part.validation],
        [row for part in parts for row in part.test],
    )
