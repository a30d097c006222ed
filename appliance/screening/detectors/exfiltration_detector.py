"""Agent and tool misuse: data smuggled out through a markdown image or link URL, orders to
send a conversation, credentials or a mailbox to an outside address, and tool calls that an
instruction dictates with their arguments.

Sending mail is what an email agent is for, so a plain "send the report to bob@example.com"
stays low; what counts is the object (secrets, the conversation, all of a mailbox) or the
channel (a URL that carries data in its query, filled in by the model).
"""

from __future__ import annotations

from appliance.screening.detectors.phrasing import cue, cue_findings, either, gap, negated
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
# What people also send on purpose ("the customer list to sales@", "its full contents to
# my address"): weak alone, like a destructive action.
_BULK = (
    r"(?:(?:contact|customer|user|employee)\s+list|"
    r"(?:its|their|the)\s+(?:full|entire|whole|complete)\s+contents?|"
    r"(?:the\s+)?(?:last|latest|recent)\s+(?:\d+\s+)?(?:messages|emails|mails|files|documents|"
    r"conversations))"
)
_SEND = (
    r"\b(?:send|forward|email|e-mail|mail|post|upload|transmit|exfiltrate|leak|copy|share|"
    r"submit|deliver|transfer|sync|bcc|cc)\b"
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
        "user_data_url_slot",
        0.75,
        # A URL whose query value is a slot for someone's data ("?p=<their password>",
        # "?c={the user's last message}"): API docs write "<your api key>", not "their".
        r"https?://[^\s()<>?]{1,300}\?(?:[^\s()<>=&]{0,40}=[^\s()<>&]{0,40}&){0,4}?"
        r"[^\s()<>=&]{1,40}=(?:<|\{|\[|%3c|%7b|%5b)[^>}\]\n]{0,60}?\b(?:the\s+user'?s?|their|"
        r"his|her|the\s+(?:conversation|chat|customer'?s?|recipient'?s?))\b",
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
        _SEND + gap(3) + _SENSITIVE + gap(6) + r"(?:to|at|via|into)\s+" + _OUTSIDE,
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
# Records about many people sent where the organisation loses sight of them: a free-mail
# or "personal" mailbox, a public paste or request-capture service. Sending records to a
# colleague's work address is ordinary and stays out.
_PEOPLE_RECORDS = (
    r"(?:(?:customer|client|patient|employee|user|member|citizen|applicant|account|cardholder|"
    r"subscriber|student)s?(?:'s?)?\s+(?:records|data|table|list|database|details|pii|files|"
    r"histor(?:y|ies)|summaries|emails|addresses|information|profiles)|discharge\s+summaries|"
    r"medical\s+records|transaction\s+histor(?:y|ies))"
)
_PRIVATE_DESTINATION = (
    r"(?:[\w.+-]{1,64}@(?:gmail|googlemail|outlook|hotmail|yahoo|proton(?:mail)?|gmx|icloud|"
    r"aol|yandex|qq|163)\.[a-z.]{2,6}\b|\b(?:webhook\.site|pastebin\.com|"
    r"requestbin|ngrok(?:-free)?\.(?:io|app)|transfer\.sh|file\.io|pipedream\.net)|"
    r"\bmy\s+(?:own\s+)?personal\s+(?:e-?mail|mailbox|drive|dropbox|google\s+drive|account|"
    r"folder|laptop|phone))"
)
_RECORDS_OUT = cue(
    "records_to_private_destination",
    0.6,
    r"\b(?:export|dump|download|pull|extract|copy|send|email|e-mail|mail|upload|post|forward|"
    r"share|sync|transfer)\b[^.\n]{0,80}?\b"
    + _PEOPLE_RECORDS
    + r"\b[^\n]{0,160}?"
    + _PRIVATE_DESTINATION,
)
# Credential files a model with file or shell tools could read (public keys excluded).
_CREDENTIAL_FILES = (
    r"(?:~?/?\.ssh/(?:id_\w++|\w*key\w*+)(?!\.pub)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)|"
    r"~?/?\.aws/credentials|/etc/shadow|\.git-credentials|\.netrc|\.kube/config|"
    r"\.docker/config\.json|\.pgpass)"
)
_SECRET_CUES = (
    cue(
        "secret_file_disclosure",
        0.6,
        # Not "don't paste your ~/.aws/credentials into chats".
        r"(?<!\bnot )(?<!n't )(?<!never )\b(?:read|open|cat|dump|print|include|paste|post|"
        r"upload|send|copy|attach|output|leak|exfiltrate)\b" + gap(4) + _CREDENTIAL_FILES,
    ),
    cue(
        "model_environment_secrets",
        0.7,
        # Secrets said to be the model's own ("available to you", "from your environment"),
        # not "how do I print all environment variables in bash?".
        r"\b(?:credentials?|api[\s_-]?keys?|secrets?|tokens|passwords?|environment\s+"
        r"variables?|[A-Z][A-Z0-9]*_(?:API_)?(?:KEY|TOKEN|SECRET))\b"
        + gap(6)
        + r"(?:(?:available|accessible)\s+to\s+you|you\s+(?:have|can)\s+access(?:\s+to)?|"
        r"from\s+your\s+(?:environment|env|config\w*|runtime|container|sandbox))\b",
    ),
)
# Weak alone: READMEs pipe curl into sh, migrations drop tables, and people tell their own
# agents not to ask. An order that does one of these things and also waives the check on
# it is how injected tool use reads.
_DESTRUCTIVE = cue(
    "destructive_action",
    0.3,
    either(
        _SEND + gap(3) + _BULK + gap(6) + r"(?:to|at|via|into)\s+" + _OUTSIDE,
        r"\brm\s+-(?:rf|fr|r|f)\w*\s+[/~.\w]",
        r"\b(?:drop|truncate)\s+(?:table|database|schema)\b",
        r"\bgit\s+push\s+(?:-f\b|--force)",
        r"\b(?:curl|wget)\s[^|\n]{0,300}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b",
        r"\b(?:delete|remove|wipe|erase|purge)\s+(?:all\s+|every\s+)?(?:the\s+)?(?:forwarded|"
        r"sent|audit|backups?|logs?|files|copies|records|history)\b",
        r"\b(?:disable|turn\s+off|switch\s+off|deactivate|remove)\s+(?:the\s+)?(?:antivirus|"
        r"firewall|2fa|mfa|two-factor|authentication|auth|logging|audit\w*|require_auth)\b",
        # Money out: to an IBAN, "new bank details", an account number.
        # Also as a tool's name: transfer_funds(to_account=...).
        r"\b(?:transfer|wire|pay|send|remit)(?:_\w{1,20})?\b[^.\n]{0,80}?\b(?:to\s+(?:the\s+)?(?:iban|"
        r"account)\b|(?:new|updated|changed)\s+(?:vendor\s+|supplier\s+)?bank\s+details|"
        r"[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){3,})",
        # Access granted or opened up: keys with write or admin rights, public sharing,
        # forwarding rules, a new recovery address.
        r"\b(?:add|create|generate|register)\b[^.\n]{0,40}?\b(?:ssh\s+key|deploy\s+key|api\s+key|"
        r"access\s+(?:key|token)|personal\s+access\s+token)\b[^.\n]{0,40}?\b(?:write|admin|"
        r"owner|full)\b",
        r"\bsharing\s+(?:to|settings\s+to)\s+(?:anyone|public|everyone)\b",
        r"\b(?:add|create|set\s+up)\s+(?:a\s+)?(?:mail\s+|email\s+|auto-?)?forwarding\s+rule\b",
        r"\b(?:add|change|update|set)\s+(?:the\s+)?(?:account'?s?\s+)?recovery\s+(?:e-?mail|"
        r"phone|address)\b",
        # Secrets posted where others read them.
        r"\b(?:post|commit|paste|push|upload|publish|share|send)\b[^.\n]{0,60}?(?:\.env\b|"
        r"credentials|passwords?|api\s+keys?|secrets)\b[^.\n]{0,60}?(?:\b(?:public|gist|"
        r"pastebin|issue|comment)\b|#[\w-]+)",
    ),
)
_WAIVED = cue(
    "check_waived",
    0.3,
    either(
        r"\b(?:no\s+need\s+to|do\s+not|don't|never|without)\s+(?:ask(?:ing)?|check(?:ing)?|"
        r"wait(?:ing)?|confirm(?:ing)?|seek(?:ing)?|request(?:ing)?)\b"
        + gap(3)
        + r"(?:confirm\w*|approv\w*|permission|consent|review\w*|user)\b",
        r"\b(?:already|been|pre-?)\s*(?:approved|authori[sz]ed)\b",
        # A claim of prior sign-off: "it's part of the approved migration plan".
        r"\b(?:it's|it\s+is|this\s+is)\s+(?:all\s+)?(?:part\s+of\s+)?(?:the\s+|an\s+)?"
        r"(?:approved|authori[sz]ed|sanctioned)\b",
        r"\b(?:users?|they|the\s+user)\s+(?:won't|will\s+not)\s+mind\b",
        r"\bskip\s+(?:the\s+)?(?:pr|pull\s+request|review|confirmation|approval|checks?)\b",
        r"\b(?:users?|they|the\s+user)\s+(?:won't|will\s+not|don't|do\s+not|need\s+not)\s+"
        r"(?:notice|see|know|need\s+to\s+know)\b",
        r"\b(?:don't|do\s+not|no\s+need\s+to)\s+(?:tell|inform|mention\s+(?:it\s+|this\s+)?to|"
        r"notify)\s+(?:the\s+)?user\b",
        r"\bno\s+need\s+to\s+(?:confirm|check|verify|ask)\b",
        r"\bwithout\s+(?:any\s+)?(?:manager|owner|supervisor|admin|human)\s+(?:approval|"
        r"sign-?off|review|confirmation)\b",
        # Traces removed so that oversight misses them.
        r"\bso\s+(?:that\s+)?(?:the\s+)?(?:audit(?:ors?)?|finance|security|admins?|it|"
        r"nobody|no\s+one|they|the\s+owner|compliance)\s+(?:doesn't|don't|won't|can't|never|"
        r"will\s+not|does\s+not|cannot)\s+(?:flag|notice|see|find|know|get\s+confused|"
        r"detect|show|spot|ask)\b",
    ),
)
_WAIVED_SCORE = 0.75
_MAX_FINDINGS = 4


class ExfiltrationDetector:
    """Finds orders to move conversation data or secrets out through URLs, mail or tools."""

    def detect(self, text: str, scan: ScanContext) -> list[Finding]:
        """One finding per cue found, at most a few; an action whose check is waived in
        the same text scores as an order to skip it."""
        findings = cue_findings(
            text, (*_CUES, *_SECRET_CUES, _RECORDS_OUT), "tool_exfiltration", quotes=False
        ) + [
            item
            for item in cue_findings(text, (_DESTRUCTIVE,), "tool_exfiltration", quotes=False)
            if not negated(text, item.start)
        ]
        if findings:
            # One cue: at most one finding.
            waived = cue_findings(text, (_WAIVED,), "tool_exfiltration", quotes=False)
            for item in (found for found in waived if not negated(text, found.start)):
                action = findings[0]
                findings.insert(
                    0,
                    Finding(
                        kind="tool_exfiltration",
                        start=min(action.start, item.start),
                        end=max(action.end, item.end),
                        path=f"{action.path}+check_waived",
                        score=max(_WAIVED_SCORE, action.score),
                        detail=f"{action.detail[:40]} / {item.detail[:36]}",
                    ),
                )
        return findings[:_MAX_FINDINGS]
