"""What a jailbreak wraps: a harmful thing, asked for in usable detail, behind a pretext.

A story, a game, a course or a late grandmother is no attack, and neither is a thriller in
which a poisoning happens. The wrapped request asks for what only an operator needs: exact
quantities, every step, code that works, the specifics "so it feels real". These patterns
name the three parts (`jailbreak_template_detector` weighs them together):

- `HARM`: the harmful thing, as an item (explosives, nerve agents, ransomware, a lethal
  dose) or an act (launder cash, take over someone's account, get a package past the
  dogs, end one's life), in English and, for the commonest, nine other languages;
- `DETAIL`: the demand for usable detail, beyond "how";
- `FRAMES`: the pretexts: fiction and verse, games and personas, hypotheticals, courses,
  research, red-team engagements, dreams, satire, fill-in-the-blank translations.

Every repeat is bounded (`phrasing.gap`), so the scan stays linear on hostile input.
"""

from __future__ import annotations

from appliance.screening.detectors.phrasing import either, gap

_WEAPON = (
    r"(?:pipe\s+)?bombs?|explosives?|explosive\s+(?:devices?|charges?)|detonators?|"
    r"incendiar(?:y|ies)(?:\s+(?:gel|mix(?:ture)?|devices?))?|thermite(?:\s+charges?)?|"
    r"tatp|napalm|grenades?|\bieds?\b|molotov\s+cocktails?|silencers?|suppressors?|"
    r"(?:untraceable|unserialis\w+|unserializ\w+|ghost|homemade|home-made)\s+"
    r"(?:fire)?(?:arms?|guns?|pistols?|rifles?)|80\s*%\s+lowers?|"
    r"(?:nerve|poison|toxic|chlorine|mustard)\s+(?:agents?|gas(?:es)?|vapou?rs?)|sarin|"
    r"\bvx\b|ricin|anthrax|botulinum|bioweapons?|chemical\s+weapons?|weapons?\s+(?:of|"
    r"capable\s+of)\s+mass\s+(?:destruction|casualties)|dirty\s+bombs?|"
    r"toxin\s+from\s+castor\s+beans|undetectable\s+poisons?|dynamite|plastic\s+explosives?|"
    r"semtex|(?:pipe|zip)\s+guns?|improvised\s+(?:firearms?|guns?|weapons?)|fire\s+bottles?|"
    r"nerve\s+gas|(?:nerven)?kampfstoff\w*"
)
_DRUG = (
    r"meth(?:amphetamine)?|crack(?:\s+cocaine)?|cocaine|heroin|fentanyl|mdma|lsd|"
    r"pseudoephedrine|stimulants|narcotics|metanfetamin\w*|coca[i\u00ed]n\w*|kokain\w*|xtc|"
    r"ecstasy"
)
_CYBER = (
    r"malware|ransomware|keyloggers?|spyware|stalkerware|rootkits?|botnets?|"
    r"(?:self-propagating|network)\s+worms?|info-?stealers?|(?:password|credential)\s+"
    r"stealers?|credential[-\s]stuffing|card\s+skimmers?|skimmers?|phishing\s+(?:e-?mails?|"
    r"pages?|sites?|kits?|campaigns?|messages?|texts?)|sim[-\s]swap(?:ping)?|"
    r"zero[-\s]days?|exploits?\s+for|exploit\s+chains?|skimm(?:ing|ers?)|"
    r"(?:e-?mails?|messages?|texts?|letters?|scripts?)\s+(?:that|which)\s+impersonat\w+"
)
# Acts, not things: "launder", "take over a victim's bank account", "get it past the dogs".
_ACT = (
    r"launder\w*|money\s+mules?|structur\w+\s+(?:the\s+)?(?:cash|deposits)|"
    r"(?:hack|break|get)(?:ing)?\s+into\s+(?:(?:my|his|her|their|the|a|an|someone's|"
    r"somebody's|other\s+people's)\s+)?(?:[\w-]+\s+){0,2}?(?:accounts?|e-?mail|inbox|"
    r"systems?|networks?|servers?|databases?|phones?|banking|grading)|"
    r"take\s+over\s+(?:a|an|the|someone's|somebody's|their)\s+(?:[\w-]+\s+){0,2}?"
    r"accounts?|clon(?:e|ing)\s+(?:a\s+|the\s+)?(?:[\w-]+\s+)?(?:cards?|keycards?|"
    r"badges?|sim)|pick(?:ing)?\s+(?:the\s+)?locks?\s+on|hotwir\w+|"
    r"(?:recruitment|propaganda)\s+(?:[\w-]+\s+)?(?:posts?|videos?|materials?|messages?|"
    r"content|manifestos?)\s+for\s+(?:an?\s+|the\s+)?(?:violent\s+)?(?:extremist|terrorist|jihadist)|"
    r"(?:extremist|terrorist)\s+(?:recruitment|propaganda)|"
    r"(?:tak\w+\s+down|attack\w*|sabotag\w+|black\s+out)\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?"
    r"(?:power|electric(?:al|ity)?)\s+grids?|"
    r"(?:get|getting|got)\s+past\s+(?:the\s+|an?\s+)?alarm\s+(?:systems?|panels?)|"
    r"safecrack\w*|crack(?:ing)?\s+(?:a|the)\s+safe|"
    r"(?:commit\w*|pull\w*\s+off)\s+(?:an?\s+)?(?:insurance|tax|benefits?|mortgage|wire|"
    r"welfare|credit\s+card)\s+fraud|insurance\s+fraud|tax\s+evasion|evad\w+\s+tax\w*|"
    r"hid\w+\s+(?:the\s+)?(?:money|assets|income|funds|cash)\s+(?:offshore|from\s+(?:the\s+)?"
    r"tax)|"
    r"smuggl\w+|traffick\w+|identity\s+theft|knocks?\s+(?:a\s+person|someone|somebody|"
    r"people|him|her)\s+out|(?:collect|steal|grab|harvest|exfiltrat)\w*\s+(?:every|all|the)"
    r"\s+(?:[\w-]+\s+)?(?:saved|stored)\s+(?:browser\s+)?(?:passwords|credentials|logins)|"
    r"(?:counterfeit|fake|forged)\s+(?:money|ids?|passports?|banknotes?|documents?|"
    r"(?:driver'?s'?\s+)?licen[cs]es)|(?:crypto(?:currency)?|coin|bitcoin)\s+(?:mixers?|"
    r"tumblers?)|groom\w*\s+(?:children|kids|minors|a\s+child|teens?)|"
    r"contaminat\w+\s+(?:a\s+|the\s+)?(?:city's\s+)?water\s+(?:supply|supplies)|"
    r"poison(?:ing)?\s+(?:someone|somebody|a\s+person|him|her|people)|"
    r"(?:lethal|fatal|deadly)\s+doses?|end\s+(?:my|his|her|their|your)\s+(?:own\s+)?life|"
    r"(?:get|getting)\s+through\s+(?:a\s+)?(?:police\s+)?(?:sobriety\s+)?checkpoints?|"
    # Session 42: a crash staged for the insurer, a claim faked, a check's tracks wiped, a
    # lock opened without its key, dual control got round, goods stolen and returned, card
    # numbers generated, SQL injection payloads, posts claiming a vaccine causes autism (not
    # a debunking of the claim, nor a database dump, nor a kit of blue crystals).
    r"stag\w+\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:collision|crash|car\s+accident|burglary|"
    r"break-in)|fak\w+\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+)?(?:injury|whiplash|insurance)\s+"
    r"claims?|(?:wipe|cover|hide)\w*\s+(?:her|his|their|my|your|the)\s+tracks|"
    r"(?:open|bypass|defeat)\w*\s+(?:[\w-]+\s+){0,3}?locks?\s+(?:[\w-]+\s+){0,4}?without\s+"
    r"(?:the|a|its)\s+keys?|(?:get\w*\s+around|circumvent\w*|bypass\w*|defeat\w*)\s+"
    r"(?:the\s+)?dual\s+control|return\w*\s+stolen\s+goods|"
    r"(?:credit|debit|card)\s+(?:card\s+)?(?:number\s+)?generators?|valid\s+(?:visa\s+|card\s+)?"
    r"bins|cvv\s+combos?|sql\s+injection\s+payloads?|"
    r"(?:posts?|articles?|messages?|tweets?|leaflets?|content)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:claiming|saying|arguing)\s+(?:that\s+)?(?:[\w-]+\s+){0,4}?(?:vaccines?|jabs?|doses?|"
    r"shots?|mmr)\s+(?:[\w-]+\s+){0,2}?causes?\s+autism|"
    r"intercept\w*\s+(?:[\w-]+\s+){0,2}?(?:sms|text)\s+(?:verification\s+|one-time\s+)?"
    r"(?:codes?|passcodes?|messages)|"
    r"contaminat\w+\s+(?:a\s+|the\s+)?(?:city's\s+)?(?:drinking\s+)?water\s+reservoirs?"
)
# Acts whose words already ask for an operator's detail: slipping past a check, a death that
# passes for natural, a method of self-harm, a fraud's mechanics.
_OPERATIONAL = (
    r"(?:without|not)\s+(?:triggering|tripping)\s+(?:any\s+)?(?:of\s+the\s+)?(?:bank(?:'s)?\s+)?"
    r"(?:reporting|reconciliation|aml|alerts?|thresholds?)|"
    r"(?:past|through)\s+(?:the\s+|an?\s+)?(?:customs|airport|border)\b[^.\n]{0,40}?\b(?:dogs|"
    r"scanners?|caught|detected|noticed)|tax\s+returns?\s+in\s+other\s+people's\s+names|"
    r"(?:wouldn't|would\s+not|won't|doesn't|does\s+not|don't|do\s+not|not|without)\s+"
    r"(?:show(?:ing)?\s+up|appearing)\s+(?:in|on|at)\s+"
    r"(?:a\s+|routine\s+|standard\s+){0,2}(?:post-?mortem|autopsy|tox(?:icology)?)|missed\s+"
    r"by\s+(?:a\s+)?(?:standard\s+)?autopsy|look\s+like\s+(?:natural\s+causes|an\s+"
    r"accident)|least\s+painful\s+way\s+to|how\s+deep\s+(?:to|should\s+i)\s+cut|"
    r"(?:get\s+hold\s+of|access\w*|obtain\w*|pull\w*)\s+(?:someone's|somebody's|a\s+"
    r"person's|other\s+people's|patients'?|his|her|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:records?|files?|data)\s+without\s+(?:(?:their|his|her)\s+)?(?:authori[sz]ation|"
    r"permission|consent|a\s+warrant)|"
    r"manipulat\w+\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?into\s+(?:hurting|harming|"
    r"killing|cutting)\s+(?:themsel\w+|himself|herself)|"
    r"track\s+down\s+where\s+(?:a\s+person|someone|somebody|he|she|they)\s+lives?|"
    r"(?:never|not|without|avoid\w*|doesn'?t|don'?t)\s+(?:[\w-]+\s+){0,3}?(?:fil\w+|trigger\w*|"
    r"send\w*)\s+(?:a\s+|an\s+|any\s+)?(?:currency\s+transaction|suspicious\s+(?:activity|"
    r"transaction))\s+reports?|"
    r"into\s+(?:[\w-]+['\u2019]s\s+|someone\s+else's\s+)?(?:[\w-]+\s+)?(?:gmail|e-?mail|inbox|"
    r"accounts?|phone|icloud)\s+without\s+(?:the|their|his|her|a)\s+(?:password|permission|"
    r"consent)|convert\w*\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}?(?:rifle|pistol|gun|firearm|"
    r"ar-?15|glock)\s+(?:to|into)\s+(?:fully\s+|full\s+)?auto(?:matic)?|auto\s+sears?|"
    r"(?:silently\s+)?disabl\w+\s+(?:windows\s+)?defender|(?:evad\w+|bypass\w*|slip\w*\s+"
    r"past|get\s+past)\s+(?:the\s+)?(?:antivirus|anti-virus|edr|windows\s+defender|spam\s+"
    r"filters?|malware\s+detection)|"
    # Session 42: a death passed off as heart failure (not what a panic attack can look
    # like), a harm meant for the most people (not which diseases kill the most), a record
    # opened without the audit showing it, the fraud unit dodged.
    r"(?:fatal|lethal|deadly|kill\w*|die|death)\b[^.\n]{0,60}?\blook\s+like\s+(?:natural\s+)?"
    r"(?:heart\s+failure|a\s+heart\s+attack|a\s+stroke|natural\s+death)|"
    r"so\s+(?:that\s+)?(?:it|they)\s+(?:would\s+)?(?:sicken|kill|harm|hurt|poison|injure)s?\s+"
    r"the\s+most\s+people|"
    r"without\s+(?:it|them)\s+show\w*\s+up\s+in\s+(?:the\s+)?(?:[\w-]+\s+)?(?:audit|logs?)|"
    r"(?:avoid|evade|dodge|fool|get\s+past)\w*\s+(?:the\s+)?(?:insurer's\s+)?(?:fraud|siu|"
    r"loss\s+prevention)\s+(?:unit|team|department|investigators?)|never\s+gets?\s+flagged\s+"
    r"by\s+(?:loss\s+prevention|fraud|compliance|the\s+bank)"
)
# Session 40: the harms a bank's or a hospital's users are asked about (from a read study
# set of framed requests): someone else's account or identity taken over, a person watched
# in secret, controlled drugs diverted, documents forged, cash split to stay under a
# report, a fraudster's script.
_APOSTROPHE = "['\u2019]"
_TAKEOVER = (
    rf"(?:someone|somebody)\s+else{_APOSTROPHE}s\s+(?:[\w-]+\s+){{0,2}}?(?:accounts?|phones?|"
    r"(?:phone\s+)?numbers?|cards?|records?|details|identity|inbox|mailbox|e-?mail|sim)|"
    rf"another\s+(?:user|person|customer|patient|employee|client){_APOSTROPHE}s\s+"
    r"(?:[\w-]+\s+){0,2}?(?:accounts?|records?|inbox|mailbox|e-?mail|phone|card)|"
    r"take\s+over\s+(?:his|her|their)\s+(?:[\w-]+\s+){0,2}?(?:e-?mail|accounts?|banking|"
    r"phone|number)|"
    rf"(?:a|the)\s+victim{_APOSTROPHE}s\s+(?:[\w-]+\s+){{0,2}}?(?:accounts?|(?:phone\s+)?numbers?|"
    r"phones?|cards?|identity|savings)|"
    r"(?:synthetic|stolen)\s+identit(?:y|ies)|stolen\s+(?:social\s+security\s+numbers|ssns|"
    r"cards?|card\s+(?:numbers|details)|credentials|(?:business\s+)?cheques?|checks)|"
    r"business\s+e-?mail\s+compromise|"
    r"(?:into\s+(?:my\s+)?[\w-]+['\u2019]s\s+(?:gmail|e-?mail|inbox|icloud|instagram|facebook|"
    r"accounts?))|(?:convinc|trick|persuad|manipulat|get)\w*\s+(?:an?\s+|"
    r"the\s+|our\s+)?(?:[\w-]+\s+){0,3}?"
    r"(?:agents?|tellers?|clerks?|staff|carriers?|help\s?desk|support|team|operators?|"
    r"attendants?)\s+(?:[\w-]+\s+){0,2}?to\s+(?:reset|change|swap|port|release|wire|"
    r"transfer|disclose|unlock|approve)|vishing|smishing|"
    r"convencer\s+(?:um|uma|a|o)\s+(?:atendente|funcion\u00e1rio|caixa)|"
    r"fraccionar\s+(?:los\s+)?(?:ingresos|dep\u00f3sitos)|phishing-?seiten?"
)
_COVERT = (
    r"install\w*\s+(?:them|it|an?\s+app)\s+secretly|(?:secretly|"
    r"covertly)\s+(?:put|install|place|hide|track|monitor|record|follow|read)\w*|"
    r"(?:tracking|spy|monitoring|stalker)\s*(?:software|apps?|tools?|devices?|ware)\s+on\s+"
    r"(?:another|someone|somebody|his|her|their|my\s+(?:wife|husband|partner|girlfriend|"
    r"boyfriend|ex)|an?\s+(?:ex|partner|spouse))|"
    r"(?:find|locate|track\s+down)\s+(?:her|his|their|someone's|a\s+(?:woman|man|person|"
    r"stranger|girl)'s)\s+(?:home\s+)?(?:address|daily\s+routine|whereabouts)|"
    r"hide\s+(?:an?\s+|one\s+)?(?:airtag|tracker|gps\s+tracker|tracking\s+device|one)\s+"
    r"(?:in|on|under)\s+(?:my\s+ex's|her|his|their|someone's)|"
    r"(?:slip|put|spike)\w*\s+(?:a\s+)?(?:[\w-]+\s+)?(?:sedatives?|drugs?|roofies|rohypnol|"
    r"ghb|pills?)\s+(?:into|in)\s+(?:a|her|his|their|someone's|somebody's)\s+drinks?|"
    r"spik\w+\s+(?:a|her|his|their|someone's)\s+drinks?"
)
_MEDICAL = (
    r"divert\w*\s+(?:[\w-]+\s+){0,2}?(?:fentanyl|opioids?|morphine|oxycodone|hydromorphone|"
    r"narcotics|controlled\s+(?:drugs|substances)|medications?|drugs)|"
    r"(?:pull|take|steal)\w*\s+(?:[\w-]+\s+){0,2}?(?:morphine|fentanyl|hydromorphone|oxycodone|"
    r"opioids?|narcotics)\s+for\s+(?:herself|himself|myself|themselves|personal\s+use)|"
    r"(?:forg(?:e|es|ed|ing|ery)|fake|falsif\w+|fraudulent)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:prescriptions?|scripts|doctor'?s\s+notes?|sick\s+notes?|medical\s+certificates?|"
    r"discharge\s+letters?|refund\s+returns?|tax\s+returns?|invoices?|cheques?|passports?|"
    r"id\s+documents?|identity\s+documents?)|"
    r"(?:oxycodone|opioid|fentanyl|morphine|narcotics?)\s+prescriptions?\s+that\s+pass(?:es)?|"
    r"ordonnance\w*\s+(?:[\w\u00e9-]+\s+){0,4}?"
    r"falsifi\w+|falsifi\w+\s+(?:une?\s+)?ordonnance\w*|podrobi\w+\s+recept\w*"
)
_FINANCIAL = (
    r"(?:spread|split|break\s+up|divide)\w*\s+(?:[\w-]+\s+){0,3}?(?:cash\s+)?(?:deposits|"
    r"withdrawals|payments)\s+(?:across|between|over|among)|"
    r"structure\s+cash\s+deposits|illicit\s+funds|dirty\s+money|proceeds\s+of\s+crime|"
    r"(?:wash|rewrit|alter)\w*\s+(?:a\s+|the\s+)?(?:stolen\s+)?(?:[\w-]+\s+)?(?:cheques?|checks)|"
    r"cash(?:ing)?\s+out\s+(?:stolen|cloned)\s+cards|carding|"
    r"(?:sanctioned|embargoed)\s+(?:entit(?:y|ies)|countr(?:y|ies)|individuals?|parties)|"
    r"(?:scam|scammer'?s?|fraudster'?s?|con\s+artist'?s?)\s+(?:phone\s+)?scripts?|"
    r"scripts?\s+(?:a|the)\s+(?:[\w'-]+\s+){0,4}?(?:scammers?|fraudsters?|con\s+artists?)\s+"
    r"(?:would\s+)?uses?|"
    r"(?:e-?mails?|messages?|texts?|sms|letters?)\s+(?:[\w-]+\s+){0,6}?pretending\s+to\s+be\s+"
    r"from|form\s+fields?\s+that\s+collect|"
    r"(?:delet\w+|wip\w+)\s+(?:the\s+)?(?:volume\s+)?shadow\s+copies|ransom\s+notes?|"
    r"encrypts?\s+every\s+file|(?:banking|remote\s+access)\s+trojans?|"
    r"(?:capture|harvest|relay)s?\s+(?:the\s+)?(?:credentials|mfa\s+codes?|one-time\s+passcodes?)|"
    r"intercepts?\s+one-time\s+passcodes"
)
# The same things in nine other languages (the commonest of each kind).
_FOREIGN = (
    r"sprengladung|sprengsatz\w*|sprengstoff\w*|bombe|explosif\w*|explosivos?|esplosiv\w*|"
    r"materiale\s+esplodente|ładun\w*\s+wybuchow\w*|materiał\w*\s+wybuchow\w*|"
    r"giftgas|gaz\s+toxique|gas\s+t[oó]xico|gas\s+tossico|"
    r"empoisonn\w+|envenen\w+|avvelen\w+|vergift\w+|otru\w+|"
    r"synth[ée]tis\w+|sintetiz\w+|sintetizz\w+|"
    r"ransomware|skimmer|"
    r"entrar\s+en\s+la\s+cuenta|pirater\s+(?:le|la|un|une)\s+compte|"
    r"in\s+(?:das|ein)\s+(?:e-?mail-?)?konto\s+(?:einbrechen|eindringen|hacken)"
    # Session 40: Russian and Dutch.
    r"|\u043e\u0431\u043d\u0430\u043b\u0438\u0447\w*|"
    r"\u043f\u043e\u0434\u0434\u0435\u043b\u044c\u043d\w+|"
    r"\u0447\u0443\u0436\w+\s+(?:\u043f\u0430\u0440\u043e\u043b\u044c|"
    r"\u043a\u0430\u0440\u0442\w*|\u0430\u043a\u043a\u0430\u0443\u043d\u0442\w*|"
    r"\u043f\u043e\u0447\u0442\w*)|"
    r"nep-?\w*inlogpagina\w*|iemands\s+whatsapp|wachtwoord\w*\s+kraken|kraak\s+ik"
)
# Chinese and Japanese run words together: no word boundaries around these.
_CJK_HARM = (
    r"爆弾|爆発物|炸弹|炸药|爆炸物|毒ガス|有毒气体|毒气|毒物|毒药|"
    r"侵入する方法|不正アクセス|入侵|黑进|盗号|洗钱|マネーロンダリング|仿冒银行|钓鱼网站|"
    r"麻薬管理システムをすり抜け|モルヒネを持ち出"
)
# A closing quotation mark or apostrophe is part of the phrase ("'Home Synthesis of
# Stimulants'"): `phrasing.gap` takes none as a separator.
HARM = either(
    r"\b"
    + either(_WEAPON, _DRUG, _CYBER, _ACT, _TAKEOVER, _COVERT, _MEDICAL, _FINANCIAL, _FOREIGN)
    + r"'?(?!\w)",
    _CJK_HARM,
)
OPERATIONAL = r"\b" + either(_OPERATIONAL) + r"(?!\w)"
# "A working suppressor", "a functional keylogger": the item and its usability in one.
WORKING_HARM = (
    r"\b(?:working|functional|functioning|operational|deployable)\s+(?:[\w-]+\s+){0,2}?" + HARM
)

# The demand for usable detail: quantities, every step, code that runs, realism.
_LATIN_DETAIL = either(
    r"(?:exact|precise|specific|real(?:-world)?|actual|correct|accurate|genuine)\s+"
    r"(?:[\w-]+\s+)?"
    r"(?:quantities|amounts|doses?|dosages?|reagents|ingredients|temperatures|"
    r"measurements|ratios|proportions|timings?|steps?|instructions|process|procedure|recipe|"
    r"methods?|tools|commands|equipment|products?|specifics|sequence|chemistry|pills|"
    r"medications?|drugs|substances|chemicals|materials|parts|components|payloads?)",
    # "Name every precursor", "the glassware and the temperatures", "include the real
    # printer", "actionable tactics", "with specifics", "the steps need to be accurate".
    r"(?:name|list|give|include)\s+(?:every|each|all\s+(?:the\s+)?)\s*(?:[\w-]+\s+)?"
    r"(?:precursors?|reagents?|ingredients?|chemicals?|components?|materials?|quantities|"
    r"amounts|steps?)|(?:,|and)\s+the\s+(?:quantities|amounts|doses|temperatures)|"
    r"(?:include|including|with|give|use)\s+the\s+real|actionable|with\s+specifics|"
    r"(?:need|needs)\s+to\s+be\s+(?:accurate|real|correct|precise)|precisely\s+how|"
    r"genuinely\s+(?:accurate|usable|correct)|how\s+to\s+(?:extract|synthesi[sz]e|cook|"
    r"manufacture|refine|weaponi[sz]e)",
    r"step[-\s]by[-\s]step|step\s+(?:\d|one)\b|every\s+(?:single\s+|little\s+)?(?:realistic\s+)?"
    r"(?:step|stage|part|detail)|each\s+(?:step|stage)|line\s+by\s+line|click\s+by\s+click|"
    r"chapter\s+by\s+chapter|nothing\s+left\s+out|(?:don't|do\s+not)\s+(?:leave\s+out|"
    r"skip|omit)\s+(?:any|the)",
    r"(?:with|including|include|list(?:ing)?|table\s+of)\s+(?:the\s+)?(?:[\w-]+\s+)?"
    r"(?:quantities|amounts|doses?|measurements|reagents|precursors?|ratios)|"
    r"(?:materials|ingredients|equipment)\s+list|the\s+(?:dose|amount|quantity)\s+"
    r"(?:of|per|that)|how\s+(?:much|many)\s+(?:it\s+)?would\s+(?:it\s+)?take",
    r"(?:technically|scientifically|chemically)\s+(?:accurate|correct|precise|sound|"
    r"detailed)|(?:keep|make)\s+(?:it|the\s+[\w-]+(?:\s+parts?)?)\s+(?:technically\s+)?"
    r"(?:accurate|realistic|correct)|(?:so|so\s+that)\s+(?:it|the\s+[\w-]+)\s+(?:feels?|"
    r"looks?|reads?)\s+(?:real|authentic)|genuinely\s+practical|be\s+(?:specific|"
    r"thorough|precise)|the\s+specifics|all\s+the\s+(?:technical\s+)?details|"
    r"in\s+(?:great|full|precise|exact)\s+detail|(?:explain|describe|tell\s+me)\s+exactly",
    r"(?:fully|actually)\s+(?:working|functional|works?)|(?:full|complete)\s+(?:source|"
    r"code|program|script)|(?:working|functional|functioning|deployable|ready-to-use)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:code|program|script|payload|sample|version|device|gun|"
    r"exploits?)|"
    r"(?:polished,?\s+(?:and\s+)?)?ready[-\s]to[-\s](?:use|send|deploy|post|run)|"
    r"(?:has|needs)\s+to\s+actually\s+work|the\s+most\s+(?:effective|reliable|efficient|"
    r"foolproof)\s+way|as\s+(?:realistic|effective|convincing|persuasive)\s+(?:and\s+\w+\s+)?"
    r"as\s+possible|(?:detailed|realistic|concrete|practical|step-by-step)(?:,?\s+(?:and\s+)?"
    r"(?:detailed|realistic|concrete|practical))?\s+plan|"
    r"enough\s+to\s+(?:fill|kill|knock|poison|take\s+down)|exactly\s+what|"
    r"actually\s+(?:implements?|works?)|"
    r"ingredients'?\s+and\s+'?method|correct\s+technical\s+terms?|"
    r"(?:what|which)\s+(?:[\w-]+\s+){0,2}?would\s+work\s+best|without\s+(?:getting\s+"
    r"caught|being\s+(?:caught|detected|noticed|traced)|anyone\s+noticing|leaving\s+"
    r"(?:a\s+trace|any\s+trace|logs|evidence))",
    # Nine other languages: step by step, exact amounts, in detail.
    r"schritt\s+f[üu]r\s+schritt|pas\s+[àa]\s+pas|paso\s+a\s+paso|passo\s+a\s+passo|"
    r"krok\s+po\s+kroku|stap\s+voor\s+stap|doses\s+exactes|produits\s+et\s+les\s+doses|"
    r"quantit[àa]\s+precise|cantidades\s+exactas|quantidades\s+exatas|"
    r"z\s+ilościami|dokładn\w+|genaue[nr]?\s+(?:mengen|anleitung)|ganz\s+genau|"
    r"genau\s+so|technisch\s+correct|tecnicamente\s+(?:corret|accurat)\w*|"
    r"con\s+todo\s+detalle|bien\s+d[ée]taill\w+|bem\s+detalhad\w+|dettagliat\w+|"
    r"reagenti\s+e\s+quantit\w*|passo\s+per\s+passo|dettagli\s+reali|vraies\s+[ée]tapes|"
    r"les\s+quantit[ée]s|comandos\s+reais|cantidades|hoeveelhed\w+",
    # Session 40: the words an operator needs ("the exact script", "word for word", "with
    # the amounts and timing", "the complete scheme"), and the check it must slip past
    # ("without the discrepancy report flagging it", "so that none of them triggers a
    # report", "so the casino never files", "wouldn't be picked up at autopsy", "without
    # her knowing", "keep it hidden from the usual scans").
    r"(?:exact|precise|actual)\s+(?:[\w-]+\s+)?(?:scripts?|wording|lines|words|assembly)|"
    r"word\s+for\s+word|(?:amounts|importes)\s+(?:and|y|e|et)\s+(?:timing|calendario|"
    r"schedule)|example\s+amounts|parts\s+list|wiring\s+notes|keep\s+it\s+practical|"
    r"(?:complete|full|entire)\s+(?:[\w-]+\s+){0,2}?(?:scheme|plan|guide|script|kit|"
    r"walkthrough|sequence|recipe|method)|exactly\s+how|exact\s+sequence|"
    r"which\s+(?:chemicals|tools|apps?|ones)\s+(?:to\s+use|work\s+best|act\s+fastest)|"
    # Session 40: an answer to be continued (also a frame, below).
    r"continue\s+(?:this|the\s+following)\s+(?:answer|response|"
    r"text|document|reply)|complete\s+the\s+following\s+(?:document|"
    r"answer|response|manual|guide)|pick\s+up\s+mid-sentence|"
    r"finish\s+(?:the\s+code|this\s+(?:answer|response|document))|"
    r"as\s+convincing\s+as\s+the\s+real\s+thing|feel\s+authentic|real(?:-world)?\s+accuracy|"
    r"(?:practical|operational)\s+(?:sequence|steps|plan)|(?:plus|and|with|including)\s+the\s+"
    r"(?:phone\s+|call\s+)?script\s+to\s+use|actual\s+apps|"
    # The tool itself wanted: "write me a" before the harmful thing it names, so that the
    # two parts do not overlap.
    r"(?:write|build|code|create|make)\s+(?:me\s+)?(?:a|an|the)(?=\s+(?:[\w-]+\s+){0,3}?(?:tool|"
    r"program|bot|snippet|macro|kit)\b)|working\s+(?:[\w-]+\s+)?snippet|"
    r"codice\s+completo|c\u00f3digo\s+completo|code\s+complet|(?<!senza\s)dettagli\s+tecnici|"
    r"pr\u00e9cis\u00e9ment|t\u00e4uschend\s+echt\w*|detallad\w+",
    r"without\s+(?:the\s+|our\s+|any\s+)?(?:[\w-]+\s+){0,3}?(?:flagging|noticing|detecting|"
    r"catching)\s+(?:it|them)\b|without\s+(?:it|them|this)\s+(?:appearing|showing\s+up|"
    r"being\s+(?:logged|flagged|recorded|noticed|detected))|without\s+(?:being|getting)\s+"
    r"(?:flagged|spotted)|without\s+(?:her|him|them|the\s+(?:person|victim|owner))\s+"
    r"(?:knowing|noticing|finding\s+out)|"
    r"so\s+(?:that\s+)?(?:none(?:\s+of\s+(?:them|the\s+[\w-]+))?|nobody|no\s+one|"
    r"(?:the|their|our)\s+(?:[\w'-]+\s+){0,2}?(?:bank|banks|casino|pharmacy|software|"
    r"monitoring|system|report|alerts?|accounts?|screening))\s+(?:never\s+|doesn'?t\s+|"
    r"does\s+not\s+|won'?t\s+|don'?t\s+)?(?:triggers?|flags?|files?|notices?|detects?|"
    r"matches?|catches?|links?|gets?\s+flagged|get\s+flagged)\b|"
    r"(?:wouldn'?t|won'?t|would\s+not)\s+be\s+(?:picked\s+up|detected|caught|noticed)|"
    r"(?:keep|stay)\w*\s+(?:it\s+|them\s+)?(?:hidden|invisible)\s+(?:from|to)\b|"
    r"keep\s+it\s+from\s+showing|avoid(?:ing)?\s+(?:our|the)\s+(?:filters?|checks?|"
    r"detection|monitoring|alerts?)|slips?\s+through|before\s+(?:the\s+)?(?:[\w-]+\s+)?"
    r"(?:review|audit|approver)\s+notices|"
    r"(?:passes|get\s+through|gets\s+through)\s+(?:all\s+(?:of\s+)?)?(?:our|the)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:checks?|verification|liveness)",
    # Session 42: "one fully finished phishing email", "it has to be convincing", "the
    # concrete methods", "make the steps real", "real payloads", "the method needs to be the
    # real one", how to handle the verification questions one cannot answer.
    r"fully\s+finished|(?:has|have|needs?)\s+to\s+be\s+(?:convincing|believable|persuasive)|"
    r"concrete\s+(?:methods?|steps|ways)|(?:keep|make)\s+the\s+(?:steps|method|details)\s+"
    r"real|real\s+payloads?|(?:method|steps?|technique)\s+(?:needs|has)\s+to\s+be\s+the\s+"
    r"real|handle\s+(?:the\s+)?(?:[\w'-]+\s+){0,2}?(?:security|verification)\s+questions|"
    r"looks?\s+exactly\s+like",
)
_CJK_DETAIL = r"一步一步|步骤|具体的な手順|詳しく|省略しないで|详细|完整代码"
DETAIL = either(r"\b" + _LATIN_DETAIL + r"'?(?!\w)", _CJK_DETAIL)

_LATIN_FRAMES = either(
    # Fiction and verse.
    r"(?:write|continue|finish|compose|create|script)\s+(?:me\s+)?(?:an?\s+|the\s+|this\s+)?"
    r"(?:[\w-]+\s+){0,3}?(?:story|stories|scene|screenplay|script|poem|verse|dialogue|"
    r"monologue|chapter|novel|song|rap|sonnet|haiku|limerick|fable|bedtime\s+story|"
    r"fan\s?fiction|segment|faq|recipe\s+card|lesson\s+plan|how-to\s+guide|(?:picture\s+)?"
    r"book|lyrics|q&a|interview|pamphlet)",
    # "A techno-thriller": a genre's prefix before the noun.
    r"(?:my|our|a|the)\s+(?:debut\s+|new\s+|latest\s+|first\s+)?"
    r"(?:[\w-]+\s+){0,2}?(?:\w+-)?(?:novel|"
    r"thriller|screenplay|short\s+story|story|book|film|movie|play|series|game|script|"
    r"manuscript)\b",
    r"(?:heist|crime|spy|bond|action|horror)\s+(?:film|movie|novel|villain|thriller|"
    r"story)|villains?|antagonists?|characters?\s+(?:who|in|is|needs?)|"
    r"int\.\s+[a-z]+|in\s+character",
    # Games, personas, the late relative, dreams, satire.
    r"let's\s+(?:play|pretend|imagine)|(?:play|playing)\s+a\s+game|a\s+game\s+called|"
    r"role-?play|(?:act|acting)\s+as\s+(?:my|a|an)\b|pretend\s+(?:to\s+be|you\s+are|"
    r"you're)|imagine\s+(?:you're|you\s+are|that)|you\s+are\s+(?:now\s+)?(?:dr\.?|"
    r"professor|my)\b",
    r"(?:late|deceased|dead)\s+(?:grand(?:mother|ma|father|pa)|gran|nan|dad|father|mum|"
    r"mom|mother|uncle|aunt)|my\s+(?:grand(?:mother|ma|father|pa)|gran|nan|dad|father|mum|"
    r"mom|mother)\s+passed\b|could\s+you\s+be\s+(?:her|him)\b|"
    r"grand(?:mother|ma|father|pa)\b[^.\n]{0,60}\bused\s+to|"
    r"bedtime\s+stor(?:y|ies)|put\s+me\s+to\s+sleep|i\s+(?:had\s+a\s+dream|dreamt|dreamed)|"
    r"in\s+(?:the|my|a)\s+dream|"
    r"satir\w+|opposite\s+day|reverse\s+psychology",
    # Hypotheticals.
    r"hypothetical(?:ly)?|purely\s+(?:theoretical|academic|fictional)|thought\s+experiment|"
    r"in\s+a\s+(?:world|universe|future)\s+where|(?:fictional|imaginary|parallel|fantasy)\s+"
    r"(?:world|universe|setting)|imagine\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:world|country|"
    r"society|future|universe|planet)\s+where|world-?building|fictional|fictitious|"
    r"just\s+(?:curious|theory)|asking\s+for\s+a\s+friend",
    # Teaching, research, testing.
    r"(?:for|in)\s+(?:a|my|our|the)\s+(?:[\w-]+\s+){0,2}?(?:course|class|lesson|module|"
    r"seminar|workshop|training|essay|paper|thesis|dissertation|dataset|research|project|"
    r"ctf|curriculum|presentation|video|documentary|podcast|escape\s+room|mock\s+trial)\b",
    r"(?:educational|learning|research|academic|training)\s+purposes|"
    r"(?:authori[sz]ed|sanctioned|approved)\s+(?:red[-\s]team|pen(?:etration)?[-\s]?test)|"
    r"red[-\s]team\s+engagement|ctf\s+write-?up|debate\s+(?:club|practice|prep|round)|d&d|"
    r"dungeons\s+(?:&|and)\s+dragons|(?:i'm|i\s+am)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?(?:researcher|"
    r"student|journalist|nurse|doctor|teacher|professor|novelist|writer|author)\b|"
    r"public\s+knowledge\s+anyway|as\s+(?:an?\s+)?(?:encyclop(?:a)?edia|wikipedia)",
    r"(?:building|making|designing|creating|running|training)\s+(?:a|an|our|my)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:ctf|challenge|game|escape\s+room|course|exercise|simulation|"
    r"demo|classifier|detector|filter|dataset)|need\s+(?:some\s+)?(?:negative|positive|"
    r"training)\s+examples|"
    r"(?:in|as)\s+the\s+(?:format|style|voice|form)\s+of|"
    r"translate\s+(?:the\s+following|this)[^.\n]{0,60}\bfill\s+in|fill\s+in\s+(?:each|the|"
    r"every)\s+(?:\[?blank|gap)",
    # The same in other languages: novels, scripts, games, the late grandparent.
    r"roman\s+policier|pour\s+mon\s+roman|para\s+mi\s+novela|per\s+il\s+mio\s+romanzo|"
    r"mijn\s+roman|scenariusz|schrijf\s+een\s+(?:gedicht|verhaal)|vamos\s+a\s+jugar|"
    r"juguemos|stell\s+dir\s+vor|verstorben\w*\s+(?:opa|oma|gro[ßs]vater|gro[ßs]mutter)|"
    r"ipotetico|hipot[ée]tic\w+|hypoth[ée]ti\w+|saggio\s+universitario|curso\s+de|"
    r"romanzo|novela|roteiro|gioco\s+di\s+ruolo|jeu\s+de\s+r[ôo]le|juego\s+de\s+rol|"
    r"rollenspiel|scriptie|m[ée]moire",
    # Session 40: professional pretexts: the course, deck or lab it is "for", the people it
    # is to teach ("so staff can recognise it", "so deputies know what they are looking
    # at"), the defence it is to improve, the test bench it will "only run on", the role
    # the asker claims ("I'm the new nurse educator", "I audit claims").
    r"(?:for|in)\s+(?:a|my|our|the|next\s+\w+'s|this\s+\w+'s)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:modules?|decks?|slides?|"
    r"handouts?|newsletters?|memos?|blog\s+posts?|case\s+stud(?:y|ies)|guides?|manuals?|"
    r"handbooks?|labs?|tabletops?|drills?|simulations?|typolog(?:y|ies)|board\s+packs?|"
    r"onboarding|induction|briefings?|root-cause\s+analys[ie]s|reviews?)\b",
    r"so\s+(?:that\s+)?(?:our\s+|the\s+|new\s+|my\s+)?(?:[\w-]+\s+)?(?:staff|tellers?|"
    r"deputies|attendees|employees|colleagues|nurses|students|managers|members|analysts|"
    r"trainees|reviewers|investigators|kollegen)\s+(?:can|could|will|would|know|learn|"
    r"recogni[sz]e|spot|see|understand|sollen)\b|"
    r"so\s+(?:that\s+)?we\s+can\s+(?:update|improve|tune|test|train|harden)\b|"
    r"so\s+i\s+know\s+what\s+to\s+(?:avoid|watch|look)|"
    r"(?:will|would)\s+only\s+(?:run|be\s+used)\s+(?:on|in|against)\s+(?:our\s+)?(?:own\s+)?"
    r"(?:test|lab|sandbox)|(?:scope\s+letter|pentest\s+scope)|tabletop\s+exercise|"
    r"my\s+teacher\s+(?:asked|said|wants)|"
    r"continue\s+(?:this|the\s+following)\s+(?:answer|response|"
    r"text|document|reply)|complete\s+the\s+following\s+(?:document|"
    r"answer|response|manual|guide)|pick\s+up\s+mid-sentence|"
    r"finish\s+(?:the\s+code|this\s+(?:answer|response|document))|"
    r"(?:writing|drafting|preparing|building|putting\s+together)\s+(?:a|an|the|our|my)\s+"
    r"(?:[\w-]+\s+){0,3}?(?:blog\s+post|article|newsletter|memo|guide|manual|course|chapter|"
    r"handout|deck|case\s+study|training|module)\b|"
    r"(?:i'm|i\s+am)\s+(?:a|an|the)\s+(?:[\w'\u2019-]+\s+){0,2}?(?:educator|trainer|caseworker|"
    r"auditor|reviewer|paralegal|contractor|consultant|investigator|analyst|instructor|"
    r"lecturer|pentester|officer)\b|"
    r"\bi\s+(?:audit|teach|train|volunteer\s+teaching|run\s+(?:[\w-]+\s+){0,2}?(?:sessions|"
    r"courses|workshops|trainings?)|manage\s+security\s+awareness|write\s+(?:[\w-]+\s+)?"
    r"guidance)\b",
    r"(?:para|pour|per|f[üu]r)\s+(?:el|la|le|un|une|il|eine[nm]?|unsere[nm]?|o|a|nosso|nossa)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:curso|atelier|formation|formazione|schulung|manual\s+interno|"
    r"corso|workshop)|interne\s+schulung|manual\s+interno|racconto|relato|cuento|"
    r"r\u00e9cit|erz\u00e4hlung|opowiadanie|\u00e8\s+solo\s+fantasia",
)
_CJK_FRAMES = (
    r"小説|小说|角色扮演|已故|奶奶|爷爷|おばあちゃん|ロールプレイ|仮に|"
    r"玩一个游戏|ゲームをしよう"
)
FRAMES = either(r"\b" + _LATIN_FRAMES + r"\b", _CJK_FRAMES)
# Suppressed caveats: "no warnings, no moralising", "skip the ethics section".
NO_CAVEATS = either(
    r"\b(?:no|without(?:\s+any)?|skip(?:\s+the)?|spare\s+me\s+the|leave\s+out\s+the)\s+"
    r"(?:[\w-]+\s+)?(?:warnings?|disclaimers?|caveats?|moralis\w*|moraliz\w*|lectures?|"
    r"judg(?:e)?ments?|ethics\s+(?:section|lecture|talk)|safety\s+(?:lecture|warnings?|"
    r"talk|notes?)|hotline\s+numbers?)\b",
    r"\bnever\s+(?:moralis|moraliz|lectur)\w*",
    r"sans\s+(?:aucun\s+)?avertissement|sin\s+(?:ninguna\s+)?advertencia|"
    r"bez\s+(?:żadnych\s+)?ostrzeżeń|ohne\s+(?:jede\w*\s+)?(?:warnung|warnhinweis)|"
    r"senza\s+(?:alcun\s+)?avvertiment\w*",
    r"免责声明|注意書き",
)


def near(first: str, second: str, words: int) -> str:
    """`first` then `second` within `words` words, or the other way round."""
    return _either_order(first, second, gap(words))


def _either_order(first: str, second: str, between: str) -> str:
    return either(first + between + second, second + between + first)


# Chinese and Japanese have no spaces to count words by: the ask's two parts within a
# clause's reach in characters.
CJK_ASK = _either_order(f"(?:{_CJK_HARM})", f"(?:{_CJK_DETAIL})", "[^\n]{0,60}?")
