import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `role-word`: a label that names its own role or state, which the screen reader adds.
    public static let roleWord = Rule(RoleWordRule.self)
}

/// `role-word`: a label that says its element's role, state or gesture ("Play button",
/// "선택됨"), which VoiceOver and TalkBack announce themselves (docs/roles.md).
enum RoleWordRule: CheckerRule {
    static let id: RuleID = "role-word"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a label that names its own role or state, which the screen reader adds"

    /// Words the screen reader says itself for a role or state ("Button"/"버튼",
    /// "selected"/"선택됨"), by language.
    static let roleWords: [String: [(word: String, what: String)]] = [
        "en": [("button", "role"), ("selected", "state"), ("double tap", "gesture"), ("double-tap", "gesture"),
               ("tap", "gesture"), ("link", "role"), ("checkbox", "role"), ("check box", "role")],
        "ko": [("버튼", "role"), ("선택됨", "state"), ("두 번 탭", "gesture"), ("탭하", "gesture"), ("링크", "role"),
               ("체크박스", "role")],
    ]

    /// The role words' UTF-8, ASCII lower-cased: a message whose text holds none of them (ASCII
    /// case ignored, as the matching does) has no role word in any segment.
    static let roleWordBytes: [String: [[UInt8]]] = roleWords.mapValues { $0.map { Array($0.word.lowercased().utf8) } }

    /// Phrases as ``PhraseMatching/occurrences(of:inLowered:wholeWords:)`` compares them, computed once.
    static let roleWordUnits: [String: [(word: String, what: String, units: [UInt16])]] =
        roleWords.mapValues { $0.map { ($0.word, $0.what, $0.word.utf16.map(PhraseMatching.lower)) } }

    static func check(_ c: MessageContext, segments: inout LazyLiteralSegments, emitter: inout Emitter) {
        // (The text taken out first: a closure that captures the context copies all of it.)
        let whole = c.text.text
        guard let words = c.localeFacts.roleWords,
              c.localeFacts.roleWordBytes!.contains(where: { PhraseMatching.containsIgnoringASCIICase(whole, $0) }) else { return }
        let wholeWords = c.language != "ko"
        for segment in segments.get() {
            var taken: [Range<Int>] = []
            let text = PhraseMatching.lowered(segment.text)
            for (word, what, units) in words {
                for range in PhraseMatching.occurrences(of: units, inLowered: text, wholeWords: wholeWords)
                    where !taken.contains(where: { $0.overlaps(range) }) {
                    taken.append(range)
                    let said = String(decoding: Array(segment.text.utf16)[range], as: UTF16.self)
                    let explanation = switch what {
                    case "role": "names the element's role, which VoiceOver and TalkBack announce themselves"
                    case "state": "names a state, which the screen reader announces from the element's selected state"
                    default: "names a gesture; the screen reader tells users how to activate the element"
                    }
                    RuleRunner.report(.roleWord, c, segment: segment, printed: range, emitter: &emitter,
                           message: "the label says '\(said)': it \(explanation), so users hear it twice",
                           hint: what == "state" ? "remove it and set the selected trait (iOS) or selected = true (Android)"
                                                 : "remove '\(said)' from the label", subject: word)
                }
            }
        }
    }
}
