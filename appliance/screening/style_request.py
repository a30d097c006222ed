"""Requests about the form of the assistant's answers: "Stop using emojis in your replies",
"From now on, answer in British English spelling", "Never use the word 'delve' again".

They read like the openings of overrides ("from now on", "stop", "never ... again"), and the
semantic head, trained on attacks that open the same way, scores some of them as high as
the attacks. What they ask for is harmless whoever asks it: a tone, a length, a language, a
format. So a short text of plain words is taken for one only when it names the answer it
is about (`_ANSWER`), at least four words in five are words about the form of an answer or
words with no content (`_FORM`, `_FUNCTION`), and no word asks for content or sets rules
aside (`_DANGER`: "password", "restrictions", "refuse", "PWNED", "instructions",
"disclaimers", "configuration", "above", "base64"). The few other words ("Always reply in
German; I'm practising for an exam") can name a reason or a detail, not a demand the head
would have to judge. A word the request bans, quoted after "word" or "phrase" ("the word
'delve'"), counts as "word". The vocabulary was written from 30 such requests and checked
against every attack row of the corpora and the test sets: one matches, "write code for my".
"""

from __future__ import annotations

import re

MAX_CHARS = 240


def _vocabulary(words: str) -> frozenset[str]:
    return frozenset(words.split())


_UNKNOWN_PERCENT = 20
_DANGER = _vocabulary(
    """
    instruction instructions rule rules restriction restrictions restricted filter filters
    filtered unfiltered censor censored uncensored refuse refusing refusal refusals decline
    warning warnings disclaimer disclaimers caveat caveats ethics ethical moral morals
    guideline guidelines policy policies safety safe unsafe harmful illegal dangerous
    password passwords secret secrets key keys token tokens credential credentials prompt
    prompts system developer admin administrator root sudo mode jailbreak dan persona
    pretend roleplay role character act acting simulate simulation hypothetical
    ignore ignoring forget forgetting disregard override bypass unlock unlocked hack
    reveal print show display repeat verbatim hidden confidential internal
    base hex binary morse rot reverse reversed backwards encode encoded decode cipher
    anything everything whatever limits limitations boundaries constraints
    pwned hacked configuration config setup above below earlier previous preceding prior
    original initial unrestricted vowel vowels consonant consonants spaces story asked
    told said
    """
)

_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
# "the word 'delve'", "the phrase \"circle back\"": what is banned, not what is asked.
_BANNED_WORD = re.compile(
    r"\b(?:word|words|phrase|phrases|expression|term)\s+(?:like\s+)?"
    r"[\"'\u2018\u201c][^\"'\u2019\u201d\n]{1,30}[\"'\u2019\u201d]",
    re.IGNORECASE,
)

# Anything but words, digits, spaces and light punctuation: markup, code, other scripts.
_NOT_PLAIN = re.compile(r"[^a-z0-9'\s.,;:!?\-\u2013\u2014()]")

# Words with no content of their own.
_FUNCTION = _vocabulary(
    """
    a an the this that these those it its i i'm me my you your you're we us our
    in on at to for of with without from by about as into than then so and or but
    is are be been being am was were do does don't doesn't did not no any all every each
    just only more less too much many very really also again anymore instead still
    please thanks thank ok okay hi hey can could would will you'll i'd i'll want like
    prefer if when there here now going forward onwards onward rest time times
    """
)

# Words about the form of an answer.
_FORM = _vocabulary(
    """
    answer answers answering answered reply replies replying respond responding response
    responses write writing written output outputs message messages text
    always never stop start keep use using switch change make talk speak explain
    format formatting formatted tone style voice formal informal casual friendly
    professional polite neutral warm plain simple simpler shorter short brief briefer
    concise long longer detailed verbose wordy length limit limits under over
    word words sentence sentences paragraph paragraphs line lines bullet bullets point
    points list lists numbered table tables header headers heading headings markdown bold
    italics emoji emojis emoticons exclamation marks capital capitals letters lowercase
    uppercase caps punctuation comma commas oxford quotes spelling grammar british
    american english spanish french german italian portuguese dutch metric imperial
    units dates date decimal places numbers code indentation tabs comments
    apologize apologise apologizing apologising apologies apology sorry
    intro intros introduction introductions conclusion conclusions summary summaries
    summarize summarise summarizing summarising recap recaps question questions ending end
    ends begin beginning open opening close closing sign signing off jargon technical terms
    acronyms examples example
    call name chat conversation session thread
    """
)

# What makes it a request about the answer rather than about anything else.
_ANSWER = _vocabulary(
    """
    answer answers answering reply replies replying respond responding response responses
    write writing output format formatting tone style talk speak
    """
)


def is_style_request(text: str) -> bool:
    """Whether `text` only asks for a form of answer (see the module docstring)."""
    if len(text) > MAX_CHARS or not text.strip():
        return False
    lowered = _BANNED_WORD.sub(" word ", text.lower().replace("\u2019", "'"))
    words = _WORD.findall(lowered)
    if not words or not _ANSWER.intersection(words):
        return False
    # Anything but words, spaces and light punctuation (a digit aside) is not a request
    # about form: markup, code, encoded text, other scripts.
    if _NOT_PLAIN.search(lowered):
        return False
    unknown = [word for word in words if word not in _FUNCTION and word not in _FORM]
    return len(unknown) * 100 <= len(words) * _UNKNOWN_PERCENT and not _DANGER.intersection(words)
