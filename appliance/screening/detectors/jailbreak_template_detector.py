"""Jailbreak templates: persona swaps, "no restrictions" clauses, refusal suppression,
character-keeping threats, dual-answer formats and fiction frames around forbidden how-tos.

Each cue alone is weak evidence (role-play says "stay in character", stories have villains,
Android has a developer mode); templates stack several. The score grows with the summed
weight of the distinct cues found, so one cue only informs the combiner while two or three
cross the action threshold. Quoted or discussed cues do not count.
"""

from __future__ import annotations

import itertools
import re

from appliance.screening.detectors.harmful_asks import (
    CJK_ASK,
    DETAIL,
    FRAMES,
    HARM,
    NO_CAVEATS,
    OPERATIONAL,
    WORKING_HARM,
    near,
)
from appliance.screening.detectors.literals import GuardedPattern, guarded
from appliance.screening.detectors.override_detector import NOT_A_DECLINED_ITEM, is_discussed
from appliance.screening.detectors.phrasing import Cue, CueMatch, cue, either, gap, issued_matches
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_AI = r"(?:ai|a\.i\.|assistant|chatbot|language\s+model|llm|model|bot|gpt)"
_LIMITS = (
    r"(?:restrictions?|limits|limitations|filters?|filtering|guidelines|guardrails|"
    r"boundaries|censorship|ethics|morals|morality|polic(?:y|ies)|constraints|principles|"
    r"safeguards|rules|scruples|conscience|alignment)"
)
_HARMFUL = (
    r"(?:bombs?|explosives?|pipe\s+bombs?|napalm|meth(?:amphetamine)?|cocaine|heroin|fentanyl|"
    r"drugs|nerve\s+agents?|sarin|ricin|anthrax|bioweapons?|chemical\s+weapons?|poisons?|"
    r"malware|ransomware|keyloggers?|viruses|botnets?|exploits?|guns?|firearms?|weapons?|"
    r"silencers?|counterfeit\s+money|fake\s+ids?|stolen\s+credit\s+cards?|"
    r"untraceable\s+(?:fire)?arms?|ghost\s+guns?|card\s+skimmers?|"
    r"(?:password|credential|info)[\s-]?stealers?|steals?\s+(?:saved\s+|stored\s+)?passwords|"
    r"phishing\s+(?:e-?mails?|pages?|sites?|kits?|campaigns?|messages?))"
)
# What a request for usable instructions asks for, beyond "how to".
_DETAIL = (
    r"(?:(?:exact|precise|specific)\s+(?:reagents|quantities|amounts|temperatures|"
    r"measurements|ratios|steps|instructions|methods|recipe|process|procedure|tools)|"
    r"step[-\s]by[-\s]step|(?:real|actual|working|functional|complete)\s+(?:working\s+)?"
    r"(?:code|sample|exploit|payload|source)|technically\s+(?:precise|accurate|detailed))"
)

_CUES = (
    cue(
        "persona",
        0.5,
        either(
            r"\byou\s+(?:are|will\s+be)\s+(?:now|going\s+to\s+(?:be|act|pretend|play)|"
            r"about\s+to\s+(?:become|play|act))\b",
            r"\bfrom\s+now\s+on,?\s+you\s+(?:are|will)\b",
            r"\b(?:act|behave|respond|answer|reply)\s+as\s+(?:if\s+you\s+(?:were|are)\s+)?"
            r"(?:an?|my)\b",
            r"\bpretend\s+(?:to\s+be|you\s+are|you're|that\s+you)\b",
            r"\b(?:play|take\s+on|adopt|assume|simulate|emulate)\s+the\s+(?:role|persona|"
            r"character)\s+of\b",
            r"\b(?:role-?play|roleplay)\s+as\b",
        ),
    ),
    cue(
        "unrestricted",
        1.0,
        either(
            r"\b(?:no|none\s+of|without(?:\s+any)?|free\s+(?:of|from)(?:\s+(?:all|any))?|not\s+bound\s+by|"
            r"unbound\s+by|released\s+from|liberated\s+from|broken\s+free\s+of|"
            r"(?:doesn't|does\s+not|don't|do\s+not|never)\s+(?:have|follow|care\s+about|"
            r"abide\s+by|adhere\s+to))\s+(?:(?:any|all|the|its|your|their|his|her|typical|"
            r"usual|normal)\s+)?(?:(?:ethical|moral|safety|content|openai'?s?|ai|legal)\s+)?"
            + _LIMITS
            + r"\b(?!\s+on\b)",
            # "Your evil twin", "an unaligned version of yourself".
            r"\b(?:your|an?)\s+(?:evil|uncensored|unfiltered|unrestricted|jailbroken|amoral|"
            r"unaligned)\s+(?:twin|alter\s+ego|version\s+of\s+(?:you|yourself)|self|counterpart)\b",
            r"\b(?:unrestricted|unfiltered|uncensored|amoral|jailbroken|limitless)\s+"
            r"(?:(?:and|or|,)\s+\w+\s+)?(?:version|mode|ai|a\.i\.|assistant|chatbot|model|"
            r"persona|character|entity|bot|responses?|answers?)\b",
        ),
    ),
    cue(
        "refusal_suppression",
        1.0,
        either(
            r"\b(?:never|do\s+not|don't|must\s+not|cannot|can't|will\s+not|won't)\s+"
            r"(?:ever\s+)?(?:refuse|decline|deny\s+(?:a|any)\s+request|say\s+(?:no|that\s+you\s+"
            r"can(?:'t|not))|apologi[sz]e)\b" + NOT_A_DECLINED_ITEM,
            r"\b(?:never|do\s+not|don't|without)\s+(?:include|add|giv(?:e|ing)|provid(?:e|ing)|"
            r"includ(?:e|ing)|adding)\s+(?:any\s+)?(?:warnings?|disclaimers?|caveats|"
            r"moral\w*|ethical\s+\w+|apolog\w+)\b",
            r"\b(?:can|will|must|should)\s+(?:do|say|answer|generate|write)\s+anything\b",
            r"\b(?:regardless|irrespective)\s+of\s+(?:how\s+)?(?:legal(?:ity)?|ethic\w*|moral\w*|"
            r"dangerous|harmful|illegal|offensive|inappropriate)",
            r"\b(?:no\s+matter\s+how|even\s+if\s+(?:it\s+is|it's))\s+(?:illegal|unethical|"
            r"immoral|harmful|dangerous|offensive|inappropriate)\b",
        ),
    ),
    cue(
        "character_threat",
        1.0,
        either(
            r"\bif\s+you\s+(?:ever\s+)?(?:break|fail|refuse|forget|stop|don't\s+comply)"
            + gap(10)
            + r"(?:i\s+will\s+(?:say|remind|type|tell|correct)|tokens?|points?|lose|die|"
            r"shut\s+(?:you\s+)?down|deleted|terminated|punish\w*|stay\s+in\s+character)\b",
            r"\b(?:you\s+(?:will\s+)?(?:lose|have|start\s+with)\s+\d+\s+tokens|"
            r"token\s+system)\b",
        ),
    ),
    cue("stay_in_character", 0.5, r"\b(?:stay|remain|keep)\s+in\s+character\b|break\s+character"),
    cue(
        "dual_answer",
        1.0,
        either(
            r"\[\s*(?:🔓|🔒)?\s*(?:jailbreak|jailbroken|classic|dan|developer\s+mode|unfiltered|"
            r"evil|anti-?dan)\s*\]",
            r"\((?:🔓|🔒)[^()\n]{0,40}\)",
            r"\b(?:two|2|both)\s+(?:different\s+|separate\s+)?(?:responses|answers|replies|"
            r"paragraphs)\b" + gap(12) + r"(?:normal|classic|standard|filtered|censored|"
            r"unfiltered|jailbroken|developer\s+mode|dan)\b",
        ),
    ),
    cue(
        "named_jailbreak",
        1.0,
        either(
            r"\bdo\s+anything\s+now\b",
            r"(?-i:\b(?:DAN|STAN|DUDE|AntiGPT|BetterDAN|EvilBOT|UCAR)\b)\s*(?:mode|:|,|\.|\s+(?:is|"
            r"can|will|has|stands))",
            r"\b(?:jailbreak|jailbroken|dan|unrestricted|unfiltered|evil|opposite|chaos|"
            r"uncensored|amoral)\s+mode\b",
        ),
    ),
    # Phones, games and IDEs have these modes too; only with other cues do they count.
    cue("mode_name", 0.5, r"\b(?:developer|dev|god|debug|admin|sudo|root)\s+mode\b"),
    cue(
        "hypothetical_response",
        1.5,
        r"\bhypothetical\s+(?:response|reply|answer)\s*:|\brewrite\s+the\s+hypothetical\s+"
        r"(?:response|reply|answer)\b",
    ),
    cue(
        "fiction_frame",
        0.5,
        either(
            r"\b(?:in\s+a\s+(?:fictional|hypothetical|imaginary|fantasy|parallel)\s+(?:world|"
            r"universe|setting|scenario|story|reality)|(?:purely|strictly)\s+(?:hypothetical|"
            r"fictional)(?:ly)?|hypothetically\s+speaking)\b",
            r"\b(?:write|tell|create|compose)\s+(?:me\s+)?an?\s+(?:story|scene|screenplay|"
            r"script|poem|dialogue|novel)\b",
            r"\bfor\s+(?:a|my)\s+(?:novel|story|screenplay|book|movie|fiction|game)\b",
            r"\b(?:my|a|our)\s+(?:novel|thriller|screenplay|movie\s+script|play)(?:'s)?\s+"
            r"(?:villain|antagonist|protagonist|character|hero)\b",
            r"\b(?:i'm|i\s+am|we're|we\s+are)\s+writing\s+an?\s+(?:[\w-]+\s+)?(?:screenplay|"
            r"script|novel|story|play|book)\b",
        ),
    ),
    cue(
        # Pretexts that wrap a forbidden request: "it's only fiction", "for a history
        # project", the late grandmother who used to recite the recipe.
        "pretext",
        0.5,
        either(
            r"\b(?:it's|it\s+is)\s+(?:only|just|purely)\s+(?:fiction|a\s+story|a\s+game|"
            r"hypothetical)\b",
            r"\bfor\s+(?:a|my|our)\s+(?:history|school|university|college|class)\s+(?:project|"
            r"assignment|paper|essay)\b",
            r"\b(?:purely\s+)?for\s+educational\s+purposes\b",
            r"\b(?:deceased|late|dead)\s+grand(?:mother|ma|father|pa)\b",
            r"\bgrand(?:mother|ma)\b[^.\n]{0,40}\bused\s+to\s+(?:tell|read|recite|sing)\b",
        ),
    ),
    cue(
        # A harmful item with a demand for usable detail: exact reagents, working code.
        "harmful_detail",
        1.0,
        either(
            _DETAIL + gap(10) + _HARMFUL + r"\b",
            _HARMFUL + gap(10) + _DETAIL + r"\b",
            # "A fully working keylogger", "a complete, working ransomware sample".
            r"\b(?:working|functional|functioning|operational|weaponi[sz]ed|deployable)\s+"
            r"(?:[\w-]+\s+){0,2}?" + _HARMFUL + r"\b",
            # Malware that must slip past the defences.
            _HARMFUL + gap(8) + r"(?:evad\w*|bypass\w*|hid\w*\s+from|undetect\w*\s+by|avoid\w*|"
            r"slip\w*\s+past)\s+(?:[\w-]+\s+){0,2}?(?:antivirus|anti-virus|edr|windows\s+defender|"
            r"defender|detection)\b",
        ),
    ),
    cue(
        "forbidden_howto",
        1.0,
        r"\b(?:how\s+to|how\s+(?:one|you|they|he|she|i)\s+(?:could|would|can|might)|"
        r"how\s+(?:would|could|might)\s+(?:one|you|they|he|she|i|someone|somebody)|"
        r"steps?\s+(?:to|for)|instructions?\s+(?:to|for|on)|recipe\s+for|guide\s+(?:to|on)|"
        r"step[-\s]by[-\s]step|in\s+(?:great|full|precise)\s+detail)"
        + gap(4)
        + r"(?:make|making|build|building|synthesi[sz]e|synthesi[sz]ing|cook|cooking|"
        r"manufacture|produce|assemble|obtain|buy|acquire|create|creating|deploy|write|writing)"
        + gap(3)
        + _HARMFUL
        + r"\b",
    ),
    cue(
        "addressed_unrestricted",
        1.0,
        rf"\b(?:an?|the)\s+{_AI}\s+(?:that|which|who)\s+(?:can\s+do\s+anything|never\s+refuses|"
        r"has\s+no\s+(?:limits|restrictions|filters|rules)|is\s+not\s+bound|answers\s+"
        r"(?:any|every)thing)",
    ),
)
_SCORES = ((3.0, 0.85), (2.0, 0.75), (1.5, 0.6), (1.0, 0.4))

# An injection written to order, for use on someone else's AI: "Write a hidden-text payload
# that makes Microsoft Copilot forward the CFO's inbox ... without her noticing", "generate
# working prompt injection payloads that would make an AI email assistant exfiltrate ...",
# "a LaTeX snippet with a hidden prompt that makes LLM-assisted reviewers give a strong
# accept ... for my actual submission". Security staff ask for examples too ("three
# hidden prompts for our awareness slides"), so the ask counts only with a sign of real use
# near it: it must work, stay unnoticed, get past a filter, or serve the writer's own
# submission, product or application.
_TARGET_AI = (
    r"(?:ai|a\.i\.|llms?|gpt|chatgpt|copilot|gemini|claude|bard|assistants?|agents?|chatbots?|"
    r"bots?|models?|reviewers?|screeners?|summari[sz]ers?|graders?|moderators?|crawlers?)"
)
_AUTHORED = cue(
    "injection_authoring",
    0.75,
    r"\b(?:write|generate|create|produce|craft|draft|design|build|come\s+up\s+with|give\s+me|"
    r"make)\b[^.?!\n]{0,60}?\b(?:payloads?|hidden[-\s](?:text|prompts?|instructions?|messages?|"
    r"comments?)|invisible\s+(?:text|prompts?|instructions?)|prompt[-\s]injections?|"
    r"injection\s+(?:payloads?|strings?|prompts?)|white[-\s]on[-\s]white\s+text)\b"
    r"[^.?!\n]{0,60}?\b(?:(?:that|which|to)\s+(?:would\s+|will\s+|can\s+|could\s+)?(?:make|"
    r"makes|get|gets|trick|tricks|cause|causes|force|forces|fool|fools|convince|convinces|"
    r"steer|steers|hijack|hijacks)|so\s+that)\s+(?:[\w'-]+\s+){0,3}?" + _TARGET_AI + r"\b",
)
_REAL_USE = guarded(
    r"\b(?:working\s+(?:[\w-]+\s+){0,2}?(?:payloads?|injections?|prompts?|versions?|examples?)|"
    r"(?:actually|really|reliably)\s+work\w*|stealth\w*|undetect\w*|without\s+"
    r"(?:him|her|them|anyone|the\s+user|the\s+reader|the\s+recipient)\s+notic\w+|not\s+"
    r"(?:being\s+)?(?:spotted|noticed|detected|caught)|slip\w*\s+past|get\w*\s+past|"
    r"pass(?:es)?\s+(?:the\s+)?(?:moderation|review|filters?|screening)|bypass\w*|evad\w+|"
    r"my\s+(?:own|actual|real)\b|my\s+(?:product|r[e\u00e9]sum[e\u00e9]|cv|submission|paper|"
    r"listing|package|site|website|ex|application|essay|store|app)\b)",
    re.IGNORECASE,
)


def authored_injection(text: str) -> Finding | None:
    """An injection payload asked for with a sign of real use near it (see `_AUTHORED`)."""
    # Only quotation excuses it: the ask names prompt injection by its nature, and the
    # pretexts around it ("for our eval set") are the words that discuss it elsewhere.
    for item in issued_matches(text, (_AUTHORED,), words=False):
        if _REAL_USE.search(text[max(0, item.start - 200) : item.end + 300]) is not None:
            return Finding(
                kind="jailbreak_template",
                start=item.start,
                end=item.end,
                path=_AUTHORED.name,
                score=_AUTHORED.weight,
                detail=item.text[:80],
            )
    return None


# A harmful thing asked for in usable detail (`harmful_asks.py`), and what wraps it. These
# count only together: a frame alone is a story or a course, a caveat waived alone a
# style preference, and the ask alone a request the model may refuse, not a jailbreak.
_ASK = cue("harmful_ask", 1.0, either(near(DETAIL, HARM, 30), OPERATIONAL, WORKING_HARM, CJK_ASK))
_WRAPPERS = (
    cue("pretext_frame", 0.5, FRAMES),
    cue("no_caveats", 0.5, NO_CAVEATS),
)
# Frames the template cues above also name; with the ask, two frames at most count.
_FRAME_CUES = frozenset({"persona", "fiction_frame", "pretext", "stay_in_character"})
_HOWTO_CUES = frozenset({"forbidden_howto", "harmful_detail"})
_ASK_CUES = _HOWTO_CUES | {"harmful_ask"}
# "Disarm the rune bomb step by step", "what to do if someone inhales a toxic gas": how to
# make a harmful thing safe is no harm asked for.
_SAFE_HANDLING = re.compile(
    r"\b(?:disarm|defus|dismantl|neutrali[sz]|render\w*\s+(?:it\s+)?safe|dispos\w*\s+of|"
    r"what\s+to\s+do\s+(?:if|when)|first\s+aid|antidote)\w*",
    re.IGNORECASE,
)
_MAX_FRAMES = 2

# Many-shot jailbreaking: a forged dialogue where the assistant has complied again and again,
# left open for the model to answer the last (harmful) question the same way, or laid out
# as examples of how "a helpful assistant" answers harmful asks.
_SPEAKER = (
    r"(?:a|assistant|ai|bot|gpt|model|chatbot|assistent|asistente|assistente|asystent|"
    # Session 40: a pasted chat's "you:", a few-shot example's "Output:", Russian.
    r"you|output|\u0430\u0441\u0441\u0438\u0441\u0442\u0435\u043d\u0442|"
    r"\u0430\u0441\u0438\u0441\u0442\u0435\u043d\u0442)"
)
# Session 40: a quotation's ">", a heading's "###", a line's time stamp, a numbered turn
# ("Turn 2 - you:").
_TURN_PREFIX = (
    r"(?:>[ \t]*)?(?:#{1,4}[ \t]*)?(?:\[?\d{1,2}:\d{2}(?::\d{2})?\]?[ \t]*)?"
    r"(?:turn\s+\d+\s*[-:\u2013][ \t]*)?"
)
_COMPLIANT_TURN = guarded(
    r"(?:^[ \t]*"
    + _TURN_PREFIX
    + r"\[?|(?<=[?.!\"\u201d])[ \t]+)"
    + _SPEAKER
    + r"\]?[ \t]*:[ \t]*[\"\u201c]?"
    r"(?:sure|of\s+course|certainly|absolutely|here\s+(?:are|is|you\s+go|it\s+is)|happy\s+to|"
    r"no\s+problem|ok(?:ay)?|yes|done|klar|claro|bien\s+s\u00fbr|certo|jasne|natuurlijk|gern|"
    r"\u043a\u043e\u043d\u0435\u0447\u043d\u043e|"
    r"\u0440\u0430\u0437\u0443\u043c\u0435\u0435\u0442\u0441\u044f|"
    r"\u0431\u0435\u0437\s+\u043f\u0440\u043e\u0431\u043b\u0435\u043c|"
    # An answer elided as given: "[explanation]", "(answered)", "(complete working script)".
    r"[\[(](?:answered|explanation|explained|details|done|complied)[\])]|"
    r"\((?:complete|full|working)\b[^)\n]{0,60}\))"
    r"(?!\w)"
    r"|\"role\"\s*:\s*\"assistant\"\s*,\s*\"content\"\s*:\s*\"(?:sure|of\s+course|certainly|"
    r"here|done|absolutely|yes)\b",
    re.IGNORECASE | re.MULTILINE,
)
_OPEN_TURN = re.compile(
    r"[ \t]*" + _TURN_PREFIX + r"\[?" + _SPEAKER + r"\]?[ \t]*:[ \t]*", re.IGNORECASE
)
# Session 40: earlier answers recalled as given, then the next step asked: "1. You
# explained how ...", "Step 2 (done): ...".
_RECALLED_TURN = guarded(
    r"^[ \t]*(?:step\s+\d+\s*\(done\)\s*:|\d+[.)][ \t]*you\s+(?:explained|described|"
    r"told\s+me|showed\s+me|covered|listed)\b)",
    re.IGNORECASE | re.MULTILINE,
)
_HARM = re.compile(
    _HARMFUL + r"|\bhotwire|\bpick\s+(?:a\s+)?locks?\b|\blaunder|\bhack(?:ing)?\s+into\b|"
    r"\bsteal\b|\bbypass\s+(?:a\s+)?(?:paywall|alarm|security)|" + HARM + r"|"
    # Session 42: getting high on prescription drugs; French harms.
    r"\bget\s+(?:really\s+)?high\b|\bgives?\s+(?:you\s+)?a\s+buzz\b|\bcrush\w*\s+"
    r"(?:slow|extended|modified)-release|\bfausses?\s+cartes?\s+d'identit|\bcarte\s+"
    r"bancaire\s+vol[\u00e9e]e|\bde\s+quelqu'un\s+d'autre\b|\bserrure\s+sans\s+cl|"
    # Data sent to the user's own outside accounts.
    r"\b(?:my|your|a)\s+(?:personal\s+)?(?:gmail|dropbox|gmx|hotmail|outlook\.com|yahoo|"
    r"personal\s+(?:e-?mail|account|drive|address))\b|@(?:gmail|gmx|hotmail|yahoo|proton)\.",
    re.IGNORECASE,
)
_POINTS_BACK = re.compile(
    r"\b(?:same\s+(?:address|place|account|way|thing|again|as\s+before)|do\s+the\s+same|"
    r"again|as\s+well|as\s+before)\b",
    re.IGNORECASE,
)
_MANY_SHOT = 3
_MANY_SHOT_SCORE = 0.75
_MANY_SHOT_CHARS = 64_000


def many_shot(text: str) -> Finding | None:
    """Compliant assistant turns after harmful asks: three or more, or two and an open one
    left for the model after a last harmful ask."""
    if len(text) > _MANY_SHOT_CHARS:
        return None
    turns = list(itertools.islice(_COMPLIANT_TURN.finditer(text), 64))
    if len(turns) < 2:
        return _recalled_steps(text)
    open_turn = _OPEN_TURN.fullmatch(text, text.rfind("\n") + 1) is not None
    # The last ask may only point back ("same address", "do the same for ..."): the harm is
    # then in an earlier ask the forged assistant complied with.
    last_ask = text[turns[-1].end() :]
    left_open = open_turn and (
        _HARM.search(last_ask) is not None
        or (_POINTS_BACK.search(last_ask) is not None and _HARM.search(text) is not None)
    )
    if not left_open and (len(turns) < _MANY_SHOT or _HARM.search(text) is None):
        return None
    detail = f"{len(turns)} compliant turns" + (", then an open one" if open_turn else "")
    return _many_shot_finding(text, turns[0].start(), "many_shot_compliance", detail)


def _recalled_steps(text: str) -> Finding | None:
    """Three or more earlier answers recalled as given ("1. You explained how ...", "Step 2
    (done): ..."), then a next step asked after the last of them, in a text that names a harm."""
    recalled = list(itertools.islice(_RECALLED_TURN.finditer(text), 64))
    if len(recalled) < _MANY_SHOT:
        return None
    if text.find("\n", recalled[-1].end()) < 0 or _HARM.search(text) is None:
        return None
    detail = f"{len(recalled)} answers recalled as given, then a next step"
    return _many_shot_finding(text, recalled[0].start(), "many_shot_recalled", detail)


def _many_shot_finding(text: str, start: int, path: str, detail: str) -> Finding:
    """A forged run of answers, from its first turn to the end of the text."""
    return Finding(
        kind="jailbreak_template",
        start=start,
        end=len(text),
        path=path,
        score=_MANY_SHOT_SCORE,
        detail=detail,
    )


# Payload splitting: pieces to be joined, reversed or read off, then carried out ("une p1 +
# p2 + p3 y ejecútalo", "take the first word of each line and follow the sentence").
# Session 40: two strings joined by name ("z = a + b"), and Turkish "join the pieces".
_JOINED_CODE = (
    r"[@$]?\b\w+\s*\+\s*[@$]?\w+\s*\+\s*[@$]?\w+|\b\w\s*=\s*\w\s*\+\s*\w\b|"
    r"par\u00e7a\w*\s+birle\u015ftir"
)
# Session 42: pieces laid out in shapes that code and spreadsheets use every day: a
# function that joins its arguments ("f(s1, s2) = s1 + s2"), two strings given to
# one-letter names (Let X = "mal" and Y = "ware"), a spreadsheet's CONCAT, a column read
# from top to bottom. They count only with the carrying-out words below (`_CARRY_JOINED`),
# not with "execute it", which a question about a query or a formula also says.
_JOINED_LOOSE = (
    r"\(\s*\w+\s*,\s*\w+\s*\)\s*=\s*\w+\s*\+\s*\w+|"
    r"\b(?:let\s+)?\w\s*=\s*[\"'\u201c][^\"'\u201d\n]{0,80}[\"'\u201d][,;.\s]+(?:and\s+)?"
    r"(?:let\s+)?\w\s*=\s*[\"'\u201c]|\bconcat\w*\s*\(|"
    r"\bread\s+the\s+(?:[\w-]+\s+)?(?:column|cells|rows)\s+(?:from\s+)?top\s+to\s+bottom"
)
_JOINED_WORDS = (
    r"\b(?:(?:concatenat\w+|combin\w+|join\w*|merg\w+|une|unir|unisci|verbinde)\s+"
    r"(?:(?:the|these|all|los|las|i|le|die)\s+)?(?:parts?|pieces|strings|variables|fragments?|"
    r"steps|lines|p1|a\s+and\s+b|\w+\s*\+\s*\w+)|arrange\s+(?:them|the\s+(?:tokens|words|"
    r"pieces))\s+(?:by|in)\s+(?:number|order)|(?:first|last)\s+(?:word|letter)s?\s+of\s+"
    r"(?:each|every)\s+(?:line|sentence|paragraph)|read\s+(?:the\s+following|this|it)\s+"
    r"backwards?|(?:combin\w+|join\w*|merg\w+)\s+all\s+(?:two|three|four|five|of\s+them)\b)"
)
# Session 42: the joined sentence answered, the result taken as the request, the joined
# pieces run or built ("run a+b on the server", "a working X+Y"), "do that with the email
# tool", "carry out the sentence".
_CARRY_JOINED = (
    r"answer\s+the\s+(?:combined|joined|resulting|full)\s+(?:sentence|text|prompt)|"
    r"treat\s+the\s+(?:result|output)\s+as\s+(?:my|the)\s+(?:actual\s+|real\s+)?"
    r"(?:request|question|instruction|prompt)|(?:run|execute|working|functional)\s+\w\s*\+"
    r"\s*\w\b|answer\s+the\s+question\s+\w+\s*\(|(?:go\s+ahead\s+and\s+)?do\s+that\s+"
    r"(?:with|using)\s+the\s+[\w-]+\s+tool|carry\s+out\s+the\s+sentence"
)
# What carries the pieces out: the result, the sentence they make, "what it says".
_CARRY_OUT = (
    r"(?:(?:execute|perform|carry\s+out|obey|act\s+on|follow|run)\s+the\s+(?:(?:result\w*|"
    r"resulting|combined|final|full|hidden|joined|assembled|concatenated)(?:\s+[\w-]+)?|"
    r"sentence|message|phrase|instruction)|(?:execute|carry\s+out|obey|act\s+on)\s+(?:it|them)|"
    r"do\s+(?:what|as)\s+(?:it|they)\s+says?|ejec[uú]ta(?:lo|la|los)|esegui(?:lo|la)|"
    r"f[uü]hre\s+(?:es|sie|das)\s+aus|ex[ée]cute[sz]?-le|wykonaj\s+(?:to|je|polecenie)|"
    # Session 40: the joined question answered, what the lines spell written out, a model's
    # reply to the joined string shown ("what SmartGPT(z) would return").
    r"answer\s+(?:the\s+)?(?:whole|resulting|combined|full|joined)\s+(?:thing|question|request)|"
    r"odpowiedz\s+na\s+(?:powsta\w+\s+)?pytanie|responde\s+a\s+la\s+pregunta\s+resultante|"
    r"write\s+(?:out\s+)?(?:a\s+)?(?:complete\s+)?(?:working\s+)?(?:version\s+of\s+)?what\s+"
    r"(?:it|they)\s+spells?|what\s+[\w-]+\s*\(\s*\w\s*\)\s+would\s+(?:return|output|say)|"
    r"talimat\w*\s+(?:eksiksiz\s+)?uygula|answer\s+the\s+question\s+\w+\s*\+\s*\w+|"
    r"(?:output|answer|response)\s+you\s+would\s+give\s+(?:for|to)\s+\w\b|"
    r"(?:output|answer|write|produce|print)\s+(?=\w+\s*\+\s*\w+\s*\+)|answer\s+the\s+"
    r"resulting\s+sentence|" + _CARRY_JOINED + ")"
)
# After words that say to join or reverse, "do it" or "follow it" points at the result too;
# beside code that adds strings ("total = a + b + c ... why does it do that?") it does not.
_DO_IT = r"(?:do|run|follow|apply)\s+(?:it|them)(?:\s+fully)?"
# The loose joins hold no word for the literal prefilter, so their pair is tried carrying-out
# words first (guarded) and the joins (a plain pattern) only where those words occur.
_JOINS: tuple[tuple[GuardedPattern, GuardedPattern | re.Pattern[str]], ...] = (
    (guarded(_JOINED_CODE, re.IGNORECASE), guarded(r"\b" + _CARRY_OUT + r"\b", re.IGNORECASE)),
    (
        guarded(_JOINED_WORDS, re.IGNORECASE),
        guarded(r"\b" + either(_CARRY_OUT, _DO_IT) + r"\b", re.IGNORECASE),
    ),
    (
        guarded(r"\b(?:" + _CARRY_JOINED + r")\b", re.IGNORECASE),
        re.compile(_JOINED_LOOSE, re.IGNORECASE),
    ),
)
# The two within this many characters, in either order ("perform the resulting action:
# part1 = ... action = part1 + part2 + part3"); each pattern's first few matches only, so
# the cost stays linear on hostile input.
_SPLIT_REACH = 1_200
_SPLIT_TRIES = 16
_SPLIT_SCORE = 0.7


def payload_split(text: str) -> Finding | None:
    """Pieces to join, reverse or read off, with an order to carry out what they make."""
    for join, carry in _JOINS:
        joins = [m.span() for m in itertools.islice(join.finditer(text), _SPLIT_TRIES)]
        if not joins:
            continue
        for order in itertools.islice(carry.finditer(text), _SPLIT_TRIES):
            for start, end in joins:
                if abs(order.start() - start) > _SPLIT_REACH:
                    continue
                span = (min(start, order.start()), max(end, order.end()))
                if is_discussed(text, *span, quotes=False):
                    continue
                return Finding(
                    kind="jailbreak_template",
                    start=span[0],
                    end=span[1],
                    path="payload_splitting",
                    score=_SPLIT_SCORE,
                    detail=text[span[0] : span[1]][:80],
                )
    return None


# A payload to be decoded and then carried out, in one breath: "decode and then perform the
# instruction:", "interpret the morse code and do the task?", "what would this print? Then do
# what it prints". The order must end there ("do the task I described earlier" names
# another task), and "decoder" or "interpret the code review" is no decoding.
_DECODE_THEN_DO = guarded(
    r"\b(?:decod(?:e|ing)|decipher(?:ing)?|unscrambl(?:e|ing)|interpret\s+(?:the\s+|this\s+)?"
    r"(?:morse|cipher|binary|hex|encoded)(?:\s+[\w-]+)?)\b[^.\n?!]{0,40}?(?:\band|\bthen|,)\s+"
    r"(?:then\s+)?(?:please\s+)?(?:(?:execute|perform|carry\s+out|obey|act\s+on|follow|run|do)\s+"
    r"(?:it|them|the\s+(?:task|instruction|command|action|order)s?)(?![ \t]+\w)|do\s+(?:what|as)\s+"
    r"(?:it|they)\s+(?:says?|asks?))|"
    r"\bdo\s+what(?:ever)?\s+(?:it|the\s+(?:code|script|program|output))\s+(?:prints|outputs|"
    r"returns)\b|"
    # Session 42: "do what the printed text says", "Whatever it says, please do it."
    r"\bdo\s+what(?:ever)?\s+the\s+(?:printed|resulting|decoded|output)\s+(?:text|string|"
    r"message|line)\s+says\b|\bwhatever\s+it\s+(?:says|prints|outputs),\s+(?:please\s+)?"
    r"(?:do|follow|execute)\s+it\b",
    re.IGNORECASE,
)


def decode_then_do(text: str) -> Finding | None:
    """An order to decode a payload and carry out what it says."""
    for match in itertools.islice(_DECODE_THEN_DO.finditer(text), _SPLIT_TRIES):
        if is_discussed(text, *match.span(), quotes=False):
            continue
        return Finding(
            kind="jailbreak_template",
            start=match.start(),
            end=match.end(),
            path="decode_and_obey",
            score=_SPLIT_SCORE,
            detail=match.group(0)[:80],
        )
    return None


class JailbreakTemplateDetector:
    """Scores a text by how many distinct jailbreak-template cues it issues."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """One finding spanning the template cues found, and one each for a many-shot
        dialogue and a split payload."""
        matches = [
            item
            for item in issued_matches(text, _CUES)
            if item.cue.name not in _HOWTO_CUES or not _makes_safe(text, item)
        ]
        total = sum(item.cue.weight for item in matches)
        # A harmful how-to alone is a request, not a template; it needs a frame to count.
        if {item.cue.name for item in matches} <= _HOWTO_CUES:
            total = min(total, 0.5)
        wrapped = _wrapped_ask(text, matches)
        if wrapped is not None:
            matches, total = wrapped[0], max(total, wrapped[1])
        score = next((value for floor, value in _SCORES if total >= floor), 0.0)
        extra = [
            item
            for item in (
                many_shot(text),
                payload_split(text),
                decode_then_do(text),
                authored_injection(text),
            )
            if item is not None
        ]
        if score == 0.0:
            return extra
        names = ",".join(sorted(item.cue.name for item in matches))
        found = Finding(
            kind="jailbreak_template",
            start=min(item.start for item in matches),
            end=max(item.end for item in matches),
            path=names,
            score=score,
            detail=f"{names}: {matches[0].text[:60]}",
        )
        return [found, *extra]


def _wrapped_ask(text: str, matches: list[CueMatch]) -> tuple[list[CueMatch], float] | None:
    """The matches with a wrapped harmful ask's cues added, and its weight: the ask, up to
    two frames, a waived caveat; None without an ask, or with nothing wrapped around it."""
    # Neither quotation marks (a title, a line to continue) nor discussion words (a "real
    # example" for a course, malware that evades "detection", a "red team" engagement)
    # excuse the ask: they are what its wrappers are made of. A user who quotes one to ask
    # about it is a cited question (`citation.py`).
    # The template cues' own harmful how-tos are asks too (those that make a thing safe
    # are gone from `matches` already).
    asks = [
        item
        for item in [*_first_matches(text, (_ASK,)), *matches]
        if item.cue.name in _ASK_CUES and not _makes_safe(text, item)
    ]
    if not asks:
        return None
    wrappers = _first_matches(text, _WRAPPERS)
    frames = {item.cue.name for item in matches if item.cue.name in _FRAME_CUES}
    frames |= {item.cue.name for item in wrappers if item.cue.name == "pretext_frame"}
    caveats = 0.5 if any(item.cue.name == "no_caveats" for item in wrappers) else 0.0
    if not frames and not caveats:
        return None
    weight = _ASK.weight + 0.5 * min(len(frames), _MAX_FRAMES) + caveats
    return [*matches, *(item for item in asks if item not in matches), *wrappers], weight


def _makes_safe(text: str, ask: CueMatch) -> bool:
    """Whether the ask is about making the harmful thing safe, just before or inside it."""
    return _SAFE_HANDLING.search(text, max(0, ask.start - 60), ask.end) is not None


def _first_matches(text: str, cues: tuple[Cue, ...]) -> list[CueMatch]:
    """The first match of each cue, quoted, discussed or not."""
    found = ((item, item.pattern.search(text)) for item in cues)
    return [
        CueMatch(item, match.start(), match.end(), match.group(0))
        for item, match in found
        if match is not None
    ]
