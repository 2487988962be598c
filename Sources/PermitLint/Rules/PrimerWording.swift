/// The words the primer rules compare an app's primer texts with, in the languages apps ship most: the neutral
/// labels App Review asks for, the system prompt's own words, and the words that offer a way around the prompt.
///
/// A text is compared by its lowercased words (runs of letters and digits), so "Allow access" holds "allow";
/// a text in a script written without spaces (Japanese, Chinese, Korean) is compared by its characters. Each list
/// holds every language at once: a label is judged the same in whichever language it is written.
enum PrimerWording {
    /// Labels that continue without granting anything: "Continue", "Next" and their translations.
    static let neutralLabels: Set<String> = [
        "continue", "next",  // en
        "continuer", "suivant",  // fr
        "weiter", "fortfahren",  // de
        "continuar", "siguiente",  // es, pt
        "continua", "avanti",  // it
        "seguinte", "próximo", "avançar",  // pt
        "doorgaan", "volgende", "ga verder",  // nl
        "fortsätt", "nästa", "fortsæt", "næste", "fortsett", "neste", "jatka", "seuraava",  // sv, da, nb, fi
        "dalej", "kontynuuj", "продолжить", "далее", "devam", "devam et", "ileri",  // pl, ru, tr
        "続ける", "次へ", "続行", "继续", "繼續", "下一步", "계속", "다음", "متابعة", "التالي", "המשך", "הבא",
    ]

    /// The system prompt's own words and the words of granting: a label with one of them reads as the grant.
    static let promptWords: [String] = [
        "allow", "grant", "enable", "authorize", "authorise", "permit", "ok", "okay", "accept", "agree",
        "limit access", "select photos", "ask app not to track", "keep only while using", "always allow",  // en
        "autoriser", "permettre", "accorder", "activer", "accepter",  // fr
        "erlauben", "zulassen", "gewähren", "aktivieren", "akzeptieren", "freigeben",  // de
        "permitir", "conceder", "activar", "autorizar", "aceptar", "ativar", "aceitar",  // es, pt
        "consenti", "consentire", "permetti", "concedi", "attiva", "autorizza", "accetta",  // it
        "toestaan", "sta toe", "inschakelen", "tillåt", "tillad", "tillat", "salli",  // nl, sv, da, nb, fi
        "zezwól", "разрешить", "izin ver",  // pl, ru, tr
        "許可", "允许", "允許", "授权", "授權", "启用", "허용",
    ]

    /// Words that offer a way past the system prompt when a primer's label or title holds them.
    static let wayAroundLabelWords: [String] = wayAroundMessageWords + [
        "later", "cancel", "dismiss", "close", "deny", "never",  // en
        "plus tard", "annuler", "fermer", "refuser", "jamais",  // fr
        "später", "abbrechen", "schließen", "ablehnen", "niemals",  // de
        "más tarde", "cancelar", "cerrar", "rechazar", "nunca",  // es, pt
        "più tardi", "annulla", "chiudi", "rifiuta", "mai",  // it
        "後で", "キャンセル", "稍后", "取消", "关闭", "나중에", "취소",
    ]

    /// Phrases that offer a way past the system prompt wherever a primer holds them, its message included.
    static let wayAroundMessageWords: [String] = [
        "not now", "skip", "no thanks", "maybe later", "ask me later", "remind me later", "don't allow",
        "do not allow", "decline",  // en
        "pas maintenant", "ignorer", "passer", "non merci", "ne pas autoriser",  // fr
        "nicht jetzt", "überspringen", "nein danke", "nicht erlauben",  // de
        "ahora no", "omitir", "saltar", "no gracias", "no permitir", "agora não", "pular", "não permitir",  // es, pt
        "non ora", "salta", "no grazie", "non consentire",  // it
        "今はしない", "スキップ", "跳过", "暂不", "건너뛰기",
    ]

    /// The first of `phrases` that `text` holds, as whole words (or as characters, in a script without spaces).
    static func first(of phrases: [String], in text: String) -> String? {
        let words = PurposeStringRules.words(in: text)
        for phrase in phrases {
            let wanted = PurposeStringRules.words(in: phrase)
            if PurposeStringRules.isWrittenWithoutSpaces(phrase) {
                if text.contains(phrase) { return phrase }
                continue
            }
            guard !wanted.isEmpty, words.count >= wanted.count else { continue }
            for start in 0...(words.count - wanted.count) where Array(words[start..<(start + wanted.count)]) == wanted {
                return phrase
            }
        }
        return nil
    }

    /// Whether `label` is a neutral label: one of ``neutralLabels``, ignoring case, punctuation and arrows.
    static func isNeutral(_ label: String) -> Bool {
        let words = PurposeStringRules.words(in: label)
        return neutralLabels.contains(words.joined(separator: " "))
    }
}
