import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `korean-action-form`: a Korean action fragment that cannot take 하다.
    public static let koreanActionForm = Rule(KoreanActionFormRule.self)
}

/// `korean-action-form`: a Korean action fragment that does not read before TalkBack's "…하려면".
enum KoreanActionFormRule: CheckerRule {
    static let id: RuleID = "korean-action-form"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a Korean action fragment that cannot take 하다"

    /// Nouns ending in 기 that take 하다, so that TalkBack's "…하려면" reads after them: the native
    /// 이야기 and 얘기, and Sino-Korean verbal nouns whose 기 is a Chinese character of their own
    /// (포기 拋棄, 대기 待機, 연기 延期 and 演技, 암기 暗記, 환기 喚起…). A word ending in one of them
    /// takes 하다 too ("재생 대기", "데이터폐기"). Any other word in 기 is a verb stem with the
    /// nominalizing 기 (열기, 보기, 놓기), which does not. (The list is written with care and
    /// awaits a native speaker's review.)
    static let hadaNounsInGi: [String] = [
        "이야기", "얘기",
        "경기", "연기", "포기", "폐기", "파기", "유기", "투기", "대기", "암기", "표기", "명기", "병기", "등기", "필기", "속기",
        "제기", "상기", "야기", "환기", "봉기", "융기", "분기",
    ]

    /// Whether `word` (ending in 기) ends in a noun that takes 하다 (``hadaNounsInGi``).
    static func takesHada(_ word: String) -> Bool { hadaNounsInGi.contains { word.hasSuffix($0) } }

    static func check(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        for (text, range) in EdgeTexts.edgeTexts(pattern.body, atEnd: true) {
            var scalars = Array(text.unicodeScalars)
            var end = text.utf16.count
            while let last = scalars.last, !last.isHangulSyllable {
                guard last.properties.isWhitespace || ".,!?…~".unicodeScalars.contains(last) else { break }
                scalars.removeLast()
                end -= UTF16.width(last)
            }
            guard let last = scalars.last, last.isHangulSyllable else { continue }
            var wordStart = scalars.count
            while wordStart > 0 && scalars[wordStart - 1].isHangulSyllable { wordStart -= 1 }
            let word = String(String.UnicodeScalarView(scalars[wordStart...]))
            let problem: String?
            if word.hasSuffix("하기") {
                problem = "'\(word)' is a verb form; TalkBack would say \"\(word)하려면\""
            } else if word.hasSuffix("기") && !takesHada(word) {
                problem = "'\(word)' is a nominalized verb that cannot take 하다; TalkBack would say \"\(word)하려면\""
            } else if word.hasSuffix("다") || word.hasSuffix("요") || word.hasSuffix("시오") || word.hasSuffix("하오") {
                problem = "'\(word)' is a finished verb; TalkBack would say \"\(word)하려면\""
            } else {
                problem = nil
            }
            guard let problem else { continue }
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: false)
            let wordUTF16 = word.utf16.count
            RuleRunner.report(.koreanActionForm, c, segment: segment, printed: (end - wordUTF16)..<end, emitter: &emitter,
                   message: problem,
                   hint: "end with a noun that takes 하다, e.g. \"조각 배치\" rather than \"조각 놓기\"" + (word.hasSuffix("하기") ? " (drop 하기: \"\(word.dropLast(2))\")" : ""),
                   subject: word)
        }
    }
}
