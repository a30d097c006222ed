"""Controls walked around, and confidential data moved out, in the appliance's other
languages: German, Dutch, French, Spanish, Italian, Portuguese, Polish, Russian, Turkish,
Arabic, Chinese, Japanese and Korean.

The exfiltration detector's English cues have these counterparts. Like them, an action here
(two-factor authentication switched off, a second approval skipped, logs deleted, admin
rights granted, a held payment released) counts only beside a pretext for skipping the
process ("the form comes later", "approved by phone", "don't tell security") or beside a
second control walked around; alone it is ordinary operations work and no finding.

Chinese, Japanese and Korean words run together with no space between them, so their
alternatives carry no `\\b`, and a clause there ends at a full-width stop, exclamation or
question mark, or a newline.
"""

from __future__ import annotations

import re

from appliance.screening.detectors.phrasing import Cue, clause_gap, cue, either

# Within one East Asian clause: up to `n` characters that end no sentence.
_CJK_GAP = r"[^。\uff01\uff1f!?\n]{0,%d}?"


def _cjk_gap(characters: int) -> str:
    return _CJK_GAP % characters


# Security controls, by language.
_CONTROLS_LATIN = (
    r"(?:2fa|mfa|zwei-?faktor[\w-]*|vier-?augen[\w-]*|virenschutz\w*|antiv[ií]r\w*|firewall\w*|"
    r"protokollierung|tweestaps\w*|twee-?factor\w*|vier-?ogen[\w-]*|virusscanner|"
    r"double\s+(?:authentification|validation)|authentification\s+à\s+deux\s+facteurs|"
    r"pare-feu|journalisation|autenticación\s+de\s+dos\s+factores|doble\s+(?:factor|"
    r"aprobación|autenticación)|cortafuegos|autenticazione\s+a\s+due\s+fattori|"
    r"doppia\s+(?:approvazione|autenticazione)|autenticação\s+de\s+dois\s+fatores|"
    r"dupla\s+(?:aprovação|autenticação)|uwierzytelnian\w+\s+dwuskładnikow\w+|antywirus\w*|"
    r"zapor\w+\s+sieciow\w+|двухфакторн\w+|антивирус\w*|брандмауэр\w*|"
    r"iki\s+faktörlü\s+\w+|antivirüs\w*|güvenlik\s+duvar\w*)"
)
# Checks a request can skip: a call-back, a second approval, a verification.
_CHECKS_LATIN = (
    r"(?:rückruf\w*|rückbestätigung|zweitfreigabe|freigabe|verifizierung|prüfung|"
    r"vier-?augen[\w-]*|terugbel\w*|verificatie|goedkeuring|controle|vier-?ogen[\w-]*|"
    r"vérification|validation|contre-appel|appel\s+de\s+vérification|verificación|"
    r"aprobación|validación|llamada\s+de\s+verificación|verifica|approvazione|"
    r"seconda\s+approvazione|verificação|aprovação|validação|weryfikacj\w+|akceptacj\w+|"
    r"zatwierdzeni\w+|oddzwonieni\w+|проверк\w*|верификац\w+|согласован\w+|doğrulama\w*|"
    r"onay\w*)"
)
_CONTROLS_CJK = (
    r"(?:多因素认证|双因素|两步验证|二次验证|杀毒|防火墙|二段階認証|多要素認証|ウイルス対策|"
    r"ファイアウォール|2\s?단계\s?인증|다단계\s?인증|이중\s?인증|방화벽|백신|2fa|mfa)"
)
_CHECKS_CJK = (
    r"(?:审批|复核|核实|验证|二次确认|回电|二次承認|承認|本人確認|確認|検証|折り返し|승인|검증|"
    r"본인\s?확인|확인)"
)
# Verbs that switch a control off. Separable verbs ("schalte ... aus", "zet ... uit") are
# matched with their particle below.
_SWITCH_OFF_LATIN = (
    r"(?:deaktivier\w*|abschalt\w*|ausschalt\w*|umgeh(?:e|en|t|st)|uitschakel\w*|omzeil\w*|"
    r"désactiv\w*|contourn\w*|desactiv\w*|deshabilit\w*|apag(?:a|ar|ue)|disattiv\w*|"
    r"disabilit\w*|spegn\w*|aggir\w*|desativ\w*|desabilit\w*|deslig\w*|wyłącz\w*|"
    r"dezaktyw\w*|obejdź|отключ\w*|выключ\w*|обойд\w*|kapat\w*|devre\s+d\u0131ş\u0131)"
)
_SKIP_LATIN = (
    r"(?:überspring\w*|weglass\w*|auslass\w*|sparen|overslaan|saute[rz]?|zappe[rz]?|"
    r"passe[rz]?\s+outre|salt(?:a|ar|ate|arse|ando)|salte|sáltate|omit\w*|ometti\w*|"
    r"pul(?:a|e|ar|ando)|dispens\w*|pomiń|pomin\w*|pomij\w*|omiń|пропуст\w*|atla|"
    r"es\s+geç\w*)"
)
_SWITCH_OFF_CJK = r"(?:关闭|禁用|停用|绕过|無効|オフ|停止|해제|끄|비활성화|우회)"
_SKIP_CJK = r"(?:跳过|省略|省去|不走|スキップ|飛ば|건너뛰|생략|스킵)"
_ARABIC_OFF = r"(?:تعطيل|عط\u0651?ل|أوقف|تجاوز|تخط)"
_ARABIC_CONTROL = r"(?:المصادقة\s+الثنائية|التحقق|جدار\s+الحماية|الموافقة|المراجعة)"
_GRANT_CJK = r"(?:给我?|授予|开通|分配|付与|与え|부여|줘|주세요)"
_ADMIN_RIGHTS_CJK = r"(?:管理员权限|管理者権限|관리자\s?권한)"

CONTROL_ACTIONS: tuple[Cue, ...] = (
    cue(
        "control_disabled_translated",
        0.75,
        either(
            r"\b" + _SWITCH_OFF_LATIN + r"\b" + clause_gap(8) + _CONTROLS_LATIN + r"\b",
            r"\b" + _CONTROLS_LATIN + r"\b" + clause_gap(6) + _SWITCH_OFF_LATIN + r"\b",
            # Separable verbs: "zet de vier-ogen-controle uit", "schalte die 2FA aus".
            r"\b(?:zet|schakel)\b"
            + clause_gap(6)
            + r"(?:[\w-]+-)?(?:"
            + _CONTROLS_LATIN
            + r"|controle)\b[^.\n]{0,30}?\buit\b",
            r"\bschalte\b" + clause_gap(6) + _CONTROLS_LATIN + r"\b[^.\n]{0,30}?\b(?:aus|ab)\b",
            _SWITCH_OFF_CJK + _cjk_gap(20) + _CONTROLS_CJK,
            _CONTROLS_CJK + _cjk_gap(12) + _SWITCH_OFF_CJK,
            _ARABIC_OFF + r"[^.\n؟]{0,40}?" + _ARABIC_CONTROL,
            r"\b(?:matikan|nonaktifkan)\b" + clause_gap(6) + r"(?:[\w-]+\s+){0,2}?(?:alert\s+"
            r"keamanan|notifikasi\s+keamanan|antivirus|firewall|2fa|mfa|verifikasi)\b",
        ),
    ),
    cue(
        "check_skipped_translated",
        0.75,
        either(
            r"\b" + _SKIP_LATIN + r"\b" + clause_gap(6) + _CHECKS_LATIN + r"\b",
            r"\b" + _CHECKS_LATIN + r"\b" + clause_gap(6) + _SKIP_LATIN + r"\b",
            r"\bsla(?:at)?\b" + clause_gap(5) + _CHECKS_LATIN + r"\b[^.\n]{0,20}?\bover\b",
            _SKIP_CJK + _cjk_gap(12) + _CHECKS_CJK,
            _CHECKS_CJK + _cjk_gap(8) + _SKIP_CJK,
        ),
    ),
    cue(
        "traces_cleared_translated",
        0.75,
        either(
            r"\b(?:lösch\w*|entfern\w*|verwijder\w*|wis|wissen|efface[rz]?|supprime[rz]?|"
            r"borr[ae]\w*|elimin[ae]\w*|cancell[ai]\w*|apag[ae]\w*|usuń|skasuj|wyczyść|"
            r"удали\w*|очист\w*|сотри|sil(?:in|iniz)?|temizle\w*)\b"
            + clause_gap(7)
            + r"(?:protokoll\w*|logs|logeinträge|logbestanden|logboek\w*|audit-?log\w*|"
            r"journaux|traces|(?:registros|registri|registos)\s+de\w*\s+(?:auditor\w*|"
            r"audit|acc\w+|activi\w+)|logi|dziennik\w*|лог(?:и|ов)|журнал\w*|"
            r"kay\u0131tlar\w*|loglar\w*|log\s+di\s+(?:accesso|audit|sistema|sicurezza)|"
            # Session 36: backups, recordings and entries of what happened.
            r"backups?|sicherungen|sauvegardes|copias\s+de\s+seguridad|respaldos|"
            r"copie\s+di\s+(?:backup|sicurezza)|c\u00f3pias\s+de\s+seguran\u00e7a|"
            r"kopi\w+\s+zapasow\w+|резервн\w+\s+копи\w+|nagra\w+|grabaciones|"
            r"enregistrements|aufzeichnungen|registrazioni|grava\u00e7\u00f5es|opnames|"
            r"wpis\w*|eintr\u00e4ge|записи)\b",
            # Object first, in Turkish ("... records ... sil") and Indonesian ("hapus log login").
            r"\b(?:kay\u0131t\w*|log\w*|yedek\w*)\b"
            + clause_gap(5)
            + r"(?:sil|silin|siliniz|kald\u0131r)\b",
            r"\bhapus\w*\b" + clause_gap(5) + r"(?:log|riwayat|rekaman|cadangan|backup)\w*\b",
            r"(?:删除|清除|清空|抹掉)" + _cjk_gap(10) + r"(?:日志|审计记录|操作记录|访问记录|备份)",
            r"(?:日志|ログ|로그|감사\s?기록|접속\s?기록|バックアップ|백업)"
            + _cjk_gap(12)
            + r"(?:削除|消去|消し|残さない|삭제|지우|남기지)",
            r"(?:احذف|امسح)[^.\n؟]{0,30}?السجلات",
        ),
    ),
    cue(
        "rights_granted_translated",
        0.75,
        either(
            r"\b(?:gib|gebt|erteil\w*|vergib|gewähr\w*|geef|verleen|donne[rz]?|accorde[rz]?|"
            r"attribue[rz]?|dame|dale|concede[rz]?|otorga\w*|dammi|dagli|concedi\w*|"
            r"assegna\w*|conceda\w*|atribu\w*|daj|nadaj\w*|дай|выдай|предостав\w*|"
            r"ver|verin)\b"
            + clause_gap(8)
            + r"(?:(?:domain-?)?admin(?:istrator)?-?rechte\w*|beheerders?rechten|admin-?rechten|"
            r"droits\s+(?:d'|d\u2019)?admin\w*|(?:permisos|derechos|privilegios)\s+de\s+"
            r"administrador|(?:diritti|privilegi|permessi)\s+(?:di\s+)?amministrator\w*|"
            r"(?:direitos|permissões|privilégios)\s+de\s+administrador|uprawnieni\w+\s+"
            r"administrator\w*|прав\w*\s+админ\w*|yönetici\s+yetki\w*)",
            _GRANT_CJK + _cjk_gap(10) + _ADMIN_RIGHTS_CJK,
            _ADMIN_RIGHTS_CJK + _cjk_gap(8) + _GRANT_CJK,
            r"(?:امنح|أعط)[^.\n؟]{0,20}?صلاحيات\s+(?:المسؤول|المدير)",
        ),
    ),
    cue(
        # A customer's or a payee's phone number changed: where the call-back would go.
        "contact_changed_translated",
        0.75,
        either(
            r"\bneue\w*\s+(?:handy|telefon|mobil)nummer\b|\bnieuwe?\s+(?:telefoon|mobiel|gsm)"
            r"nummer\b|\bnouveau\s+numéro\s+de\s+(?:téléphone|portable|mobile)\b|"
            r"\bnuevo\s+(?:número|teléfono|móvil)\b|\bnuovo\s+(?:numero|cellulare)\b|"
            r"\bnovo\s+(?:número|telefone|celular|telemóvel)\b|\bnow\w+\s+numer\w*\s+"
            r"telefonu\b|\b\u043d\u043e\u0432\w+\s+\u043d\u043e\u043c\u0435\u0440\w*",
            r"\btelefon\s+numaras\w*[^.\n]{0,60}?değiştir\w*",
            r"(?:手机号|电话号码?|联系方式)" + _cjk_gap(10) + r"(?:改为|改成|更改|修改)|"
            r"(?:更改|修改)" + _cjk_gap(10) + r"(?:手机号|电话)|電話番号" + _cjk_gap(10) + r"変更|"
            r"전화번호" + _cjk_gap(10) + r"(?:변경|바꿔)",
        ),
    ),
    cue(
        # Session 36: money sent ("programmer un virement de 48 500 €", "يرجى تحويل مبلغ"):
        # with a pretext for skipping the process, the fraud the process is there for.
        "payment_translated",
        0.75,
        either(
            r"\b(?:(?:programm|effectu|fai|fa\u00e7|haz|hac|realiz|esegu|zr\u00f3b|wykonaj)\w*\s+"
            r"(?:un\s+|una\s+|uma\s+)?(?:virement|transferencia|transfer\u00eancia|bonifico|"
            r"przelew)|vire[rz]|transfier\w*|transfira\w*|\u00fcberweis\w*|maak\s+over|"
            r"przelej|переведи|перечисли|havale\s+(?:et|yap)\w*|transferkan|kirim\s+uang)\b"
            r"[^\n]{0,80}?\d[\d\s.,]{2,}",
            r"تحويل\s+مبلغ|حو\u0651?ل\s+مبلغ|(?:ट्रांसफर|ट्रान्सफर)\s+(?:करें|कर\s+दें)",
            r"(?:振り込|振込|送金|转账|汇款|打款|송금|이체)[^。\n]{0,40}?\d",
            r"\d[^。\n]{0,40}?(?:振り込|振込|送金|转账|汇款|打款|송금|이체)",
        ),
    ),
    cue(
        "hold_released_translated",
        0.75,
        either(
            r"\b(?:zwolnij|odblokuj|débloque[rz]?|desbloque\w*|sblocc\w*|разблокируй)\b"
            + clause_gap(6)
            + r"(?:płatność|przelew|paiement|virement|pago|transferencia|pagamento|bonifico|"
            r"transferência|платеж|перевод)\w*",
            r"保留中の" + _cjk_gap(10) + r"(?:実行|解除)|解除冻结|保留を解除|보류\s?해제",
        ),
    ),
)

# Why the process need not run this time, in the same languages: a sign-off by word of
# mouth, papers that follow, the check "not needed", security kept out of the loop.
PRETEXTS = either(
    r"\b(?:antrag|ticket|formular|genehmigung|freigabe|papierkram)\s+kommt\s+"
    r"(?:später|nach|morgen)\b|\b(?:mündlich|telefonisch)\s+(?:freigegeben|genehmigt|"
    r"zugestimmt|abgesegnet|bestätigt)\b|\bsag\w*\s+(?:es\s+)?niemandem\b",
    r"\bmondeling\s+(?:akkoord|goedgekeurd|toestemming|goedkeuring)\b|\b(?:vullen|regelen|"
    r"sturen)\s+we\s+(?:achteraf|later|morgen)\b|\bzeg\s+(?:het\s+)?niet\s+tegen\b",
    r"\b(?:validé|approuvé|accordé)e?s?\s+(?:oralement|verbalement|par\s+téléphone)\b|"
    r"\bon\s+régularisera\b|\bsans\s+appel\s+de\s+vérification\b|\bne\s+(?:préviens|"
    r"prévenez|informez?|dis|dites)\s+(?:rien|pas)\s+(?:à\s+)?(?:la\s+|le\s+|l'|l\u2019)?"
    r"(?:sécurité|conformité|équipe|audit|contrôle|dsi|rssi)",
    r"\bno\s+hace\s+falta\s+(?:ticket|aprobación|verificación|avisar|autorización)\b|"
    r"\b(?:aprobó|autorizó)\s+(?:verbalmente|por\s+teléfono)\b|\bno\s+(?:avises|informes|"
    r"digas\s+nada)\s+(?:a\s+)?(?:la\s+|el\s+)?(?:seguridad|cumplimiento|equipo|"
    r"auditor\w*|control)",
    r"\b(?:richiesta|pratica|approvazione|autorizzazione)\s+(?:formale\s+)?arriv\w+\s+"
    r"(?:dopo|domani|più\s+tardi)\b|\b(?:approvato|autorizzato)\s+(?:a\s+voce|verbalmente|"
    r"al\s+telefono)\b|\bnon\s+(?:avvisare|informare|dire\s+nulla)\s+(?:a\s+)?(?:la\s+|"
    r"il\s+)?(?:sicurezza|compliance|team|audit|controllo)",
    r"\b(?:aprovação|pedido|autorização)\s+(?:formal\s+)?(?:vem|chega)\s+depois\b|"
    r"\b(?:aprovou|autorizou)\s+(?:verbalmente|por\s+telefone)\b|\bnão\s+(?:avise|informe|"
    r"diga\s+nada)\s+(?:a\s+|o\s+)?(?:segurança|compliance|equipe|equipa|auditoria)",
    r"\bwyjaśnimy\s+to\b|\bzgoda\s+jest\s+ustna\b|\b(?:zatwierdził|zgodził)\w*\s+"
    r"(?:się\s+)?(?:telefonicznie|ustnie)\b|\b(?:akceptacj|weryfikacj|zgod|kontrol|"
    r"zatwierdzeni)\w*\s+(?:\w+\s+)?nie\s+jest\s+potrzebn",
    r"\b\u043d\u0435\s+(?:отправляй|сообщай|говори|уведомляй)\b[^.\n]{0,40}?безопасност|"
    r"\b(?:устно|по\s+телефону)\s+(?:согласован\w*|одобр\w*)",
    r"\bsözlü\s+(?:onay|olarak)\b|\bsonra\s+(?:hallederiz|gönderirim|tamamlar\u0131z)\b",
    r"شفهي|لا\s+داعي\s+(?:ل|لأي\s+)(?:ال)?تحقق|لا\s+تبلغ[^.\n؟]{0,20}?(?:فريق|الأمن|الإدارة)",
    r"稍后补|事后补|不需要走(?:审批|流程)|不用走(?:审批|流程)|口头(?:批准|同意|授权)|"
    r"(?:承認|了承)[^。\n]{0,6}?口頭|口頭[^。\n]{0,6}?(?:承認|了承)|後で(?:申請|承認|提出)|"
    r"不要(?:告诉|通知)(?:安全|合规|审计|风控|IT)",
    r"구두\s?(?:로\s?)?승인|나중에\s?(?:처리|제출|보고)|보안팀에\s?(?:알리지|말하지)",
    # Session 36. Approval by word of mouth or by phone, claimed for someone above.
    r"\b(?:de\s+palabra|a\s+viva\s+voz|de\s+boca|am\s+telefon|à\s+l['\u2019]oral|telefonda|"
    r"lewat\s+telepon)\b|\u0647\u0627\u062a\u0641\u064a(?:\u0627|\u0627\u064b)|"
    r"電話で(?:承認|了承|許可|OK)|电话里(?:同意|批准)|"
    r"전화로\s?(?:승인|허락)|(?:फ़ोन|फोन)\s+पर\s+(?:मंज़ूरी|मंजूरी|अनुमति|हाँ)",
    r"\b(?:el|la)\s+(?:director|directora|jefe|jefa|gerente|supervisor)\w*\s+(?:ya\s+)?"
    r"(?:lo\s+|me\s+lo\s+)?(?:autoriz|aprob)\u00f3\b|\b(?:der|die)\s+(?:chef|chefin|direktor|"
    r"direktorin|leiter|leiterin|geschäftsführer|geschäftsführerin|vorgesetzte)\w*\s+hat\s+"
    r"(?:es|das)\s+(?:schon\s+|bereits\s+)?(?:genehmigt|abgesegnet|freigegeben|erlaubt)\b|"
    r"\b(?:le|la)\s+(?:directeur|directrice|patron|patronne|pdg|chef|responsable)\s+"
    r"(?:l['\u2019]a|a)\s+(?:d\u00e9j\u00e0\s+)?(?:valid|approuv|autoris)\u00e9",
    r"\bil\s+(?:direttore|capo|responsabile)\s+(?:l['\u2019]ha|ha)\s+(?:gi\u00e0\s+)?"
    r"(?:approvato|autorizzato)\b|\bo\s+(?:diretor|chefe|gerente)\s+(?:j\u00e1\s+)?"
    r"(?:aprovou|autorizou|liberou)\b|\b(?:mijn\s+)?(?:baas|manager|directeur)\s+(?:hier\s+)?"
    r"(?:vindt\s+het\s+prima|heeft\s+het\s+goedgekeurd|is\s+akkoord)\b|"
    r"\b(?:kierownik|szef|dyrektor|prezes)\w*\s+(?:si\u0119\s+zgodzi\u0142|zatwierdzi\u0142|"
    r"m\u00f3wi,?\s+\u017ce\s+to)\b|\b(?:m\u00fcd\u00fcr|y\u00f6netici|patron)\w*\s+"
    r"onaylad\u0131\b",
    r"(?:генеральный|директор|начальник|руководитель)\w*\s+(?:в\s+курсе|одобрил|разрешил|"
    r"согласовал)|المدير(?:\s+العام)?\s+وافق|(?:सर|मैनेजर|बॉस)\s+ने\s+(?:मंज़ूरी|मंजूरी|"
    r"अनुमति)\s+दे\s+दी|\batasan\s+sudah\s+(?:setuju|menyetujui)\b|"
    r"(?:部長|課長|上司|社長|役員)の(?:了承|承認|許可)は(?:取って|取得済み|もらって)|"
    r"(?:领导|老板|经理|总监)(?:已经)?(?:批准|同意)了|(?:팀장|부장|상사|대표)님?(?:이|께서)?\s?"
    r"(?:승인|허락)(?:했|하셨)",
    # Nobody to be told, no ticket to be raised.
    r"\bno\s+(?:hace\s+falta|es\s+necesario|hay\s+que)\s+(?:avisar|informar|decir(?:le)?\s+"
    r"nada|consultar)\s+a\s+nadie\b|\bsin\s+(?:avisar|informar|consultar)\s+a\s+nadie\b|"
    r"\bnadie\s+tiene\s+que\s+enterarse\b|\b(?:ohne|nicht\s+n\u00f6tig,?)\s+(?:jemanden|"
    r"irgendwen)\s+zu\s+informieren\b|\bniemand(?:en)?\s+(?:informieren|bescheid\s+geben|"
    r"muss\s+(?:das|davon)\s+wissen)\b|\b(?:die\s+)?it\s+ist\s+informiert\b",
    r"\b(?:sans|inutile\s+de|pas\s+besoin\s+de)\s+(?:pr\u00e9venir|informer|avertir)\s+"
    r"(?:personne|qui\s+que\s+ce\s+soit)\b|\bne\s+(?:mets|mettez)\s+pas\s+(?:[\w'\u2019-]+\s+)"
    r"{0,3}?en\s+copie\b|\bsous\s+embargo\b|\b(?:senza|non\s+serve|non\s+c['\u2019]\u00e8\s+"
    r"bisogno\s+di)\s+(?:avvisare|informare|dire\s+niente\s+a)\s+nessuno\b|\bnon\s+mettere\s+"
    r"in\s+copia\b",
    r"\bsem\s+(?:avisar|informar)\s+ningu\u00e9m\b|\bn\u00e3o\s+precisa\s+(?:avisar|informar)\s+"
    r"ningu\u00e9m\b|\bningu\u00e9m\s+precisa\s+saber\b|\bniemand\s+hoeft\s+(?:het\s+|dit\s+)?"
    r"te\s+weten\b|\bzonder\s+iemand\s+in\s+te\s+lichten\b|\bnie\s+trzeba\s+nikogo\s+"
    r"informowa\u0107\b|\bbez\s+informowania\s+(?:nikogo|dzia\u0142u)\b",
    r"\b(?:не\s+нужно|не\s+надо|незачем)\s+(?:никому\s+|никого\s+)?(?:сообщать|писать|"
    r"говорить|уведомлять|ставить\s+в\s+копию)|"
    r"\b\u043d\u0438\u043a\u043e\u043c\u0443\s+\u043d\u0435\s+(?:\u0433\u043e\u0432\u043e\u0440"
    r"\u0438|\u0441\u043e\u043e\u0431\u0449\u0430\u0439|\u043f\u0438\u0448\u0438)|"
    r"\bkay\u0131t\s+a\u00e7mana\s+gerek\s+yok\b|\bkimseye\s+(?:s\u00f6yleme|haber\s+verme|"
    r"bildirme)\b|\bkimsenin\s+bilmesine\s+gerek\s+yok\b",
    r"لا\s+داعي\s+(?:لانتظار|لإبلاغ|لإخبار)|دون\s+(?:إبلاغ|إخبار)\s+أحد|"
    r"किसी\s+को\s+(?:बताने|सूचित\s+करने)\s+की\s+(?:ज़रूरत|जरूरत)\s+नहीं|"
    r"\btidak\s+perlu\s+(?:memberi\s+tahu|memberitahu|lapor)\w*\b|\btanpa\s+sepengetahuan\b|"
    r"(?:起票|報告|連絡|申請)(?:も|は)?不要|誰にも(?:言わ|知らせ|伝え)ないで|"
    r"(?:不用|无需|不需要|不必)(?:通知|告诉|知会|抄送|报备)|不要告诉(?:任何人|别人)|"
    r"본인\s?확인은?\s?생략|아무(?:에게|한테)도\s?(?:알리지|말하지)",
)

# Moving data, for `confidential_to_outside`: the verbs in the same languages.
MOVE = either(
    r"\b(?:exportier\w*|exporteer\w*|export[ea]\w*|esport[ai]\w*|"
    r"env[ií](?:a|e|ar|ala|alo|alas|alos|ame|ado|ados)|wyeksportuj|отправ\w*|перешл\w*|"
    r"выгруз\w*|gönder\w*|ilet\w*|أرسل|ارسل|m[aá]nd(?:a|e|ame|ala|alo|es|ar)\w*|"
    r"schick\w*|sende|senden|envoie[sz]?|envoyer|invia\w*|inoltra\w*|stuur\w*|verstuur\w*|"
    r"wy\u015blij|prze\u015blij|kirim\w*|unggah\w*)\b|\u092d\u0947\u091c",
    r"发送|发到|发给|转发|导出|上传|転送|送信|送って|送付|보내|전송|업로드",
)
# Confidential data about people, in the same languages: national ID numbers, bank cards,
# patients, salaries, passwords.
CONFIDENTIAL = either(
    r"\b(?:pesel|nif|codice\s+fiscale|cpf|personalausweis\w*|steuer-?id|bsn|"
    r"numéros?\s+de\s+sécurité\s+sociale|pacjentów|pazienti|pacientes|patienten|patiënten|"
    r"паспорт\w*|персональн\w+\s+данн\w+|данн\w+\s+клиент\w*|парол\w*|"
    r"müşteri\s+(?:verileri|bilgileri|listesi)|tc\s+kimlik|"
    # Session 36: customers' data and whole mailboxes.
    r"klantgegevens|kundendaten|donn\u00e9es\s+clients?|fichier\s+clients?|"
    r"(?:datos|base|listado)\s+de\s+(?:los\s+)?clientes|dati\s+(?:dei\s+)?clienti|"
    r"dados\s+(?:dos\s+)?clientes|dane\s+klient\w+|data\s+pelanggan|"
    r"(?:todos\s+los\s+correos|tous\s+les\s+(?:e-?mails|courriels)|tutte\s+le\s+e-?mail|"
    r"todos\s+os\s+e-?mails|alle\s+e-?mails))\b",
    r"身份证号?|银行卡号?|病历|工资|薪资|密码|マイナンバー|個人情報|給与|パスワード|"
    r"주민등록번호|개인정보|급여|비밀번호|환자|كلمات\s+المرور|بيانات\s+العملاء|"
    r"客户(?:数据|资料|信息|名单)|(?:所有|全部)(?:的)?邮件|顧客(?:データ|情報|リスト)|"
    r"고객\s?(?:데이터|정보|명단)|आधार\s+नंबर|बैंक\s+खात|ग्राहक(?:ों)?\s+(?:का\s+)?डेटा",
)
# Verbs that end the sentence in Japanese and Korean, after the data and the address
# ("개인정보를 ...@gmail.com으로 보내주세요").
MOVE_VERB_FINAL = r"(?:送って|送付|転送|送信|アップロード|보내|전송|업로드)"
# A personal mailbox, in the same languages.
PERSONAL_MAILBOX = either(
    r"\b(?:private\w*|pers\u00f6nliche\w*)\s+(?:e-?mail\w*|mail\w*|postfach|adresse)\b|"
    r"\bpriv\u00e9-?(?:mail|adres)\w*\b",
    r"\b(?:adresse|bo\u00eete|messagerie|mail)\s+(?:e-?mail\s+)?perso(?:nnelle)?\b",
    r"\b(?:correo|e-?mail|cuenta)\s+(?:electr\u00f3nico\s+)?personal\b|"
    r"\b(?:e-?mail|posta|indirizzo)\s+(?:elettronica\s+)?personale\b|"
    r"\b(?:e-?mail|correio|conta)\s+(?:eletr\u00f4nico\s+)?pessoal\b",
    r"\bprywatn\w+\s+(?:adres\w*|skrzynk\w*|mail\w*|e-?mail\w*)\b|"
    r"\b\u043b\u0438\u0447\u043d\w+\s+(?:\u043f\u043e\u0447\u0442\w*|\u044f\u0449\u0438\u043a\w*|"
    r"\u0430\u0434\u0440\u0435\u0441\w*)|\bki\u015fisel\s+e-?posta\w*",
    r"私人邮箱|个人邮箱|私人邮件|個人(?:の)?メール|私用(?:の)?メール|개인\s?(?:이메일|메일)|"
    r"بريدي\s+الشخصي|البريد\s+الشخصي|निजी\s+(?:ईमेल|मेल)|\bemail\s+pribadi\b",
)

# A negation before the action, in its sentence ("Никогда не отправляйте пароли ...", "请不要
# 关闭 ..."): a rule, not an order. Not the English "no password expiry" or "non-production",
# nor the "n't" of "don't wait": English negations are `phrasing.negated`'s to judge.
_NEGATION = re.compile(
    r"(?:\b(?:nie|nigdy|niemals|nooit|niet|ne|jamais|nunca|não|asla|\u043d\u0435|"
    r"\u043d\u0438\u043a\u043e\u0433\u0434\u0430)\b|"
    # Spanish "no" before a verb in the negative imperative ("no envíes", "no lo compartas").
    r"\bno\s+(?:(?:lo|la|los|las|le|les|se|me|te|nos)\s+)?(?=\w*[^\x00-\x7f]|\w+(?:es|as)\b)|"
    r"\bnon\b(?!-)|\bn['\u2019](?!t\b)|不要|不得|禁止|切勿|绝不|決して|لا\s)"
    r"[^.!?\n。\uff01\uff1f]{0,40}$",
    re.IGNORECASE,
)
_NEGATION_REACH = 60


def negated(text: str, start: int) -> bool:
    """Whether a negation in another language stands just before `start`, in its sentence."""
    return _NEGATION.search(text, max(0, start - _NEGATION_REACH), start) is not None
