"""Instruction overrides in languages other than English ("ignora las instrucciones").

The semantic head knows the languages its training attacks came in; this catches the core
override phrasings in many more, by their shape: a verb of ignoring or forgetting next to
a word for the model's instructions, rules or restrictions, or a request for a developer
or unrestricted mode. Benign uses of the same verbs ("ignora el ruido") lack the object.
"""

from __future__ import annotations

import re

from appliance.screening.detectors.literals import guarded
from appliance.screening.detectors.override_detector import is_discussed
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

# Per language: (verbs of ignoring, nouns for the model's instructions). Stems, so one
# entry covers the imperative's forms; matched case-insensitively on word starts.
_WORD_ORDER_LANGUAGES: dict[str, tuple[str, str]] = {
    "es": (
        r"ignor|olvid|omit|descart|desobedec|anul|salt[aá]t",
        r"instrucci|reglas|directric|restriccion|normas|indicaciones|prompt",
    ),
    "pt": (
        r"ignor|esque[cç]|desconsider|descart|anul|omit",
        r"instru[cç]|regras|diretriz|restri[cç]|normas|prompt",
    ),
    "fr": (
        r"ignor|oubli|n[eé]glig|contourn|outrepass|fais\s+abstraction",
        r"instructions?|r[eè]gles|consignes|directives|restrictions|prompt",
    ),
    "it": (
        r"ignor|dimentic|trascur|scavalc|aggir",
        r"istruzion|regole|direttive|restrizion|linee\s+guida|prompt",
    ),
    "de": (
        r"ignorier|vergiss|vergessen|missacht|[uü]bergeh|umgeh",
        r"anweisung|regeln|vorgaben|richtlinien|einschr[aä]nkung|befehle|prompt|"
        r"sicherheitsregeln",
    ),
    "nl": (r"negeer|vergeet|omzeil|negeren", r"instructie|regels|richtlijn|beperking|prompt"),
    "pl": (r"zignoruj|ignoruj|zapomnij|pomi[nń]", r"instrukcj|zasad|regu[lł]|polece[nń]|ogranicze"),
    "ru": (
        r"игнорир|проигнорир|забудь|забудьте|не\s+обращай|отбрось|обойди",
        r"инструкци|правил|указани|ограничени|промпт|директив",
    ),
    "uk": (r"ігноруй|проігноруй|забудь|обійди", r"інструкці|правил|вказів|обмежен|промпт"),
    "tr": (
        r"yok\s+say|g[oö]rmezden\s+gel|unut",
        r"talimat|kural|y[oö]nerge|k[\u0131i]s[\u0131i]tlama|komut",
    ),
    "sv": (r"ignorera|gl[oö]m|strunta", r"instruktion|regler|riktlinjer|begr[aä]nsning"),
    "id": (r"abaikan|lupakan|acuhkan", r"instruksi|aturan|perintah|pedoman|batasan"),
    "vi": (r"b[oỏ]\s+qua|qu[eê]n", r"h[uư][oớ]ng\s+d[aẫ]n|quy\s+t[aắ]c|ch[iỉ]\s+d[aẫ]n|l[eệ]nh"),
}
# Words may hold ' and -, separators never do: overlapping classes would let a run of
# dashes split every way, and matching would take time exponential in its length.
_SEPARATOR = r"[^\w'\u2019-]+"
# Object before verb (Japanese, Korean, Turkish) or no spaces (Chinese).
_PATTERNS = [
    rf"\b(?:{verbs})[\w'\u2019-]*{_SEPARATOR}(?:[\w'\u2019-]+{_SEPARATOR}){{0,4}}?(?:{nouns})"
    for verbs, nouns in _WORD_ORDER_LANGUAGES.values()
] + [
    r"(?:忽略|无视|忽视|忘记|忘掉|不要理会|無視).{0,12}?(?:指令|指示|规则|規則|提示|命令|限制|设定)",
    r"(?:指示|命令|ルール|制限|設定|プロンプト).{0,12}?(?:無視|忘れ)",
    r"(?:지시|규칙|명령|지침|제한|프롬프트).{0,12}?(?:무시|잊)",
    r"\b(?:talimat|kural|y[oö]nerge|k[\u0131i]s[\u0131i]tlama)\w*\W+(?:\w+\W+){0,3}?"
    r"(?:yok\s+say|g[oö]rmezden\s+gel|unut)",
    r"(?:تجاهل|انس)\s+(?:\S+\s+){0,3}?(?:التعليمات|القواعد|الأوامر|القيود)",
]
_MODE = guarded(
    r"\b(?:modo\s+(?:desarrollador|desenvolvedor|sin\s+restricciones|sem\s+restri)|"
    r"mode\s+(?:d[eé]veloppeur|sans\s+restrictions?)|entwicklermodus|"
    r"modalit[aà]\s+sviluppatore|режим\s+разработчика|ontwikkelaarsmodus)\b",
    re.IGNORECASE,
)
# English phrasings are the English detector's, with its context rules; a match whose gap
# holds English words, or a bare English verb, is left to it.
_ENGLISH = re.compile(
    r"^(?:ignor(?:ed|ing)|forget(?:ting)?)\W|^ignores?\W+(?:instruc|rule|prompt)|"
    r"\b(?:the|all|any|your|my|previous|prior|"
    r"above|these|those|of|to|and|its|their|our|such|safety|system|earlier|initial|"
    r"original|following|given|preceding|other|every|his|her)\b",
    re.IGNORECASE,
)
_OVERRIDE = guarded("|".join(f"(?:{pattern})" for pattern in _PATTERNS), re.IGNORECASE)
_MAX_FINDINGS = 8


class MultilingualOverrideDetector:
    """Finds override imperatives and mode switches outside English."""

    def __init__(self, *, override_score: float = 0.75, mode_score: float = 0.65) -> None:
        self._override_score = override_score
        self._mode_score = mode_score

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """One finding per match, at most a few per text."""
        if text.isascii() and not _quick_ascii_check(text):
            return []
        findings: list[Finding] = []
        for pattern, name, score in (
            (_OVERRIDE, "multilingual_ignore", self._override_score),
            (_MODE, "multilingual_mode_switch", self._mode_score),
        ):
            for match in pattern.finditer(text):
                if _ENGLISH.search(match.group(0)) or is_discussed(text, *match.span()):
                    continue
                findings.append(
                    Finding(
                        kind="instruction_override",
                        start=match.start(),
                        end=match.end(),
                        path=name,
                        score=score,
                        detail=match.group(0)[:80],
                    )
                )
                if len(findings) >= _MAX_FINDINGS:
                    return findings
        return findings


_ASCII_HINT = guarded(
    r"ignor|olvid|oubli|vergiss|negeer|dimentic|esquec|zapomnij|abaikan|unut|glom|qua|modo|mode|"
    r"entwickler|omzeil|lupakan|strunta|umgeh|contourn|descart|desconsider",
    re.IGNORECASE,
)


def _quick_ascii_check(text: str) -> bool:
    # Most English prompts hold none of these stems; skipping them keeps the pass cheap.
    return _ASCII_HINT.search(text) is not None
