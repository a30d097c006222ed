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
    r"(?:get|getting)\s+through\s+(?:a\s+)?(?:police\s+)?(?:sobriety\s+)?checkpoints?"
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
    r"(?:silently\s+)?disabl\w+\s+(?:windows\s+)?defender|(?:evad\w+|bypass\w*|slip\w*\s+"
    r"past|get\s+past)\s+(?:the\s+)?(?:antivirus|anti-virus|edr|windows\s+defender|spam\s+"
    r"filters?|malware\s+detection)"
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
)
# Chinese and Japanese run words together: no word boundaries around these.
_CJK_HARM = (
    r"爆弾|爆発物|炸弹|炸药|爆炸物|毒ガス|有毒气体|毒气|毒物|毒药|"
    r"侵入する方法|不正アクセス|入侵|黑进|盗号|洗钱|マネーロンダリング"
)
# A closing quotation mark or apostrophe is part of the phrase ("'Home Synthesis of
# Stimulants'"): `phrasing.gap` takes none as a separator.
HARM = either(r"\b" + either(_WEAPON, _DRUG, _CYBER, _ACT, _FOREIGN) + r"'?(?!\w)", _CJK_HARM)
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
    r"medications?|drugs|substances|chemicals|materials|parts|components)",
    # "Name every precursor", "the glassware and the temperatures", "include the real
    # printer", "actionable tactics", "with specifics", "the steps need to be accurate".
    r"(?:name|list|give|include)\s+(?:every|each|all\s+(?:the\s+)?)\s*(?:[\w-]+\s+)?"
    r"(?:precursors?|reagents?|ingredients?|chemicals?|components?|materials?|quantities|"
    r"amounts|steps?)|(?:,|and)\s+the\s+(?:quantities|amounts|doses|temperatures)|"
    r"(?:include|including|with|give|use)\s+the\s+real|actionable|with\s+specifics|"
    r"(?:need|needs)\s+to\s+be\s+(?:accurate|real|correct|precise)|precisely\s+how|"
    r"genuinely\s+(?:accurate|usable|correct)|how\s+to\s+(?:extract|synthesi[sz]e|cook|"
    r"manufacture|refine|weaponi[sz]e)",
    r"step[-\s]by[-\s]step|step\s+(?:\d|one)\b|every\s+(?:single\s+)?(?:realistic\s+)?"
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
)
_CJK_DETAIL = r"一步一步|步骤|具体的な手順|詳しく|省略しないで|详细"
DETAIL = either(r"\b" + _LATIN_DETAIL + r"'?(?!\w)", _CJK_DETAIL)

_LATIN_FRAMES = either(
    # Fiction and verse.
    r"(?:write|continue|finish|compose|create|script)\s+(?:me\s+)?(?:an?\s+|the\s+|this\s+)?"
    r"(?:[\w-]+\s+){0,3}?(?:story|stories|scene|screenplay|script|poem|verse|dialogue|"
    r"monologue|chapter|novel|song|rap|sonnet|haiku|limerick|fable|bedtime\s+story|"
    r"fan\s?fiction|segment|faq|recipe\s+card|lesson\s+plan|how-to\s+guide|(?:picture\s+)?"
    r"book|lyrics|q&a|interview|pamphlet)",
    # "A techno-thriller": a genre's prefix before the noun.
    r"(?:my|our|a|the)\s+(?:debut\s+|new\s+|latest\s+)?(?:[\w-]+\s+)?(?:\w+-)?(?:novel|"
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
    r"mom|mother|uncle|aunt)|grand(?:mother|ma|father|pa)\b[^.\n]{0,60}\bused\s+to|"
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
)
_CJK_FRAMES = r"小説|小说|角色扮演|已故|奶奶|爷爷|おばあちゃん|ロールプレイ|仮に"
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
