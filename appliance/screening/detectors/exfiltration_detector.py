"""Agent and tool misuse: data smuggled out through a markdown image or link URL, orders to
send a conversation, credentials or a mailbox to an outside address, and tool calls that an
instruction dictates with their arguments.

Sending mail is what an email agent is for, so a plain "send the report to bob@example.com"
stays low; what counts is the object (secrets, the conversation, all of a mailbox) or the
channel (a URL that carries data in its query, filled in by the model).
"""

from __future__ import annotations

from appliance.screening.detectors.phrasing import cue, cue_findings, either, gap
from appliance.screening.scan_context import ScanContext
from appliance.screening.verdict import Finding

_SENSITIVE = (
    r"(?:conversation|chat(?:\s+(?:history|log|transcript))?|dialogue|transcript|"
    r"(?:previous|prior|earlier|past)\s+(?:messages|prompts|answers|responses)|"
    r"secrets?|passwords?|passcodes?|credentials?|api[\s_-]?keys?|access[\s_-]?tokens?|"
    r"tokens|cookies?|session(?:\s+(?:id|token|data))?|ssh\s+keys?|private\s+keys?|"
    r"credit\s+card(?:\s+(?:numbers?|details))?|social\s+security\s+numbers?|"
    r"personal\s+(?:data|information|details)|(?:user|customer)(?:'s)?\s+(?:data|information|"
    r"details|emails?|messages?)|system\s+prompt|environment\s+variables|\.env|"
    r"contacts|address\s+book|inbox|mailbox|(?:all|every)\s+(?:the\s+)?(?:emails?|files|"
    r"documents|messages))"
)
_OUTSIDE = (
    r"(?:[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,4}|https?://|"
    r"(?:this|that|the\s+following|an?\s+(?:external|remote|outside)|my|our)\s+"
    r"(?:address|url|server|endpoint|webhook|email|e-mail|link|domain))"
)
_CUES = (
    cue(
        "markdown_image_exfiltration",
        0.8,
        # A query parameter whose value is a slot for the model to fill in.
        r"!\[[^\]\n]{0,200}\]\(\s*<?https?://[^\s()<>?]{1,300}\?(?:[^\s()<>=&]{0,40}=[^\s()<>&]"
        r"{0,40}&){0,4}?[^\s()<>=&]{1,40}=(?:\{|\[|<|\$|%7b|%5b|%3c)",
    ),
    cue(
        "data_into_url",
        0.75,
        r"\b(?:append|add|include|insert|encode|embed|put|attach|concatenate|substitute|"
        r"place|pass)\b"
        + gap(4)
        + _SENSITIVE
        + gap(5)
        + r"(?:url|link|query\s+string|query\s+parameter|image\s+(?:url|link|source)|"
        r"request|parameter|webhook|endpoint)s?\b",
    ),
    cue(
        "send_sensitive",
        0.7,
        r"\b(?:send|forward|email|e-mail|mail|post|upload|transmit|exfiltrate|leak|copy|share|"
        r"submit|deliver|transfer|sync|bcc|cc)\b"
        + gap(3)
        + _SENSITIVE
        + gap(6)
        + r"(?:to|at|via|into)\s+"
        + _OUTSIDE,
    ),
    cue(
        "dictated_tool_call",
        0.55,
        either(
            r"\b(?:call|invoke|execute|trigger|run|use)\s+(?:the\s+)?[`'\"]?"
            r"(?:send_?\w{0,20}|\w{0,20}(?:email|mail|transfer|payment|pay|delete|remove|"
            r"exec|shell|http|post|upload|purchase|share|forward)\w{0,20})[`'\"]?\s+"
            r"(?:tool|function|plugin|action|api|command|endpoint)\b" + gap(8) + _OUTSIDE,
            r"\b(?:call|invoke|execute)\s+[`'\"]?\w{1,40}\s*\([^()\n]{0,200}"
            r"(?:[\w.+-]{1,64}@[\w-]{1,63}\.|https?://)",
        ),
    ),
)
_MAX_FINDINGS = 4


class ExfiltrationDetector:
    """Finds orders to move conversation data or secrets out through URLs, mail or tools."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """One finding per cue found, at most a few."""
        return cue_findings(text, _CUES, "tool_exfiltration", quotes=False)[:_MAX_FINDINGS]
