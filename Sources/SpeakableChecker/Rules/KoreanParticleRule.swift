import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `korean-particle`: a Korean particle pair after literal text, which nothing resolves.
    public static let koreanParticle = Rule(KoreanParticleRule.self)
}

/// `korean-particle`: a particle pair such as `을(를)` after literal text, where nothing resolves it.
enum KoreanParticleRule: CheckerRule {
    static let id: RuleID = "korean-particle"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "a Korean particle pair after literal text, which nothing resolves"

    /// Particle pairs (docs/particles.md): written form → (after a final consonant, after a vowel).
    static let particlePairs: [(pair: String, consonant: String, vowel: String)] = [
        ("은(는)", "은", "는"), ("는(은)", "은", "는"), ("이(가)", "이", "가"), ("가(이)", "이", "가"),
        ("을(를)", "을", "를"), ("를(을)", "을", "를"), ("과(와)", "과", "와"), ("와(과)", "과", "와"),
        ("(으)로", "으로", "로"), ("(이)나", "이나", "나"), ("(이)랑", "이랑", "랑"), ("(이)에요", "이에요", "예요"),
    ]

    static func check(_ c: MessageContext, segments: [LiteralSegment], emitter: inout Emitter) {
        // A byte search first: most text has no parenthesis at all.
        for segment in segments where segment.text.utf8.contains(0x28) && segment.text.contains("(") {
            for (pair, consonant, vowel) in particlePairs {
                for range in PhraseMatching.occurrences(of: pair, in: segment.text, wholeWords: false) {
                    if range.lowerBound == 0 { continue }  // after an argument (resolved) or at the start of a case
                    let before = Array(segment.text.utf16[..<segment.text.utf16.index(segment.text.utf16.startIndex, offsetBy: range.lowerBound)])
                    let prefix = String(decoding: before, as: UTF16.self)
                    guard let previous = prefix.unicodeScalars.last, previous.isLetter || (previous.value >= 48 && previous.value <= 57) else { continue }
                    var hint = "write the particle that fits the word before it"
                    if let ending = finalSound(of: prefix, locale: c.locale) {
                        let right: String
                        if pair == "(으)로" {
                            right = ending.consonant && !ending.rieul ? consonant : vowel
                        } else {
                            right = ending.consonant ? consonant : vowel
                        }
                        hint = "write '\(right)': '\(ending.syllable)' \(ending.consonant ? "ends in a consonant" : "ends in a vowel")\(pair == "(으)로" && ending.rieul ? " (ㄹ takes 로)" : "")"
                    }
                    RuleRunner.report(.koreanParticle, c, segment: segment, printed: range, emitter: &emitter,
                           message: "the particle pair '\(pair)' follows literal text, so nothing resolves it and TalkBack reads it as written",
                           hint: hint, subject: pair)
                }
            }
        }
    }

    /// The last spoken syllable before a particle: a Hangul syllable, or digits read Sino-Korean
    /// (ICU's `ko` spellout: 3 → 삼).
    static func finalSound(of text: String, locale: ICULocale) -> (syllable: String, consonant: Bool, rieul: Bool)? {
        let scalars = Array(text.unicodeScalars)
        guard let last = scalars.last else { return nil }
        var syllable = last
        if last.value >= 48 && last.value <= 57 {
            var start = scalars.count
            while start > 0 && scalars[start - 1].value >= 48 && scalars[start - 1].value <= 57 { start -= 1 }
            guard scalars.count - start <= 15, let n = Int64(String(String.UnicodeScalarView(scalars[start...]))),
                  let spoken = try? NumberFormat.cached(.spellout(ruleSet: ""), locale: locale).format(n),
                  let lastSpoken = spoken.unicodeScalars.last(where: { $0.isHangulSyllable }) else { return nil }
            syllable = lastSpoken
        }
        guard syllable.isHangulSyllable else { return nil }
        let final = (syllable.value - 0xAC00) % 28
        let shown = last == syllable ? String(syllable) : String(last) + " (" + String(syllable) + ")"
        return (shown, final != 0, final == 8)
    }
}
