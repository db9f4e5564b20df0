import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `hint-gesture`: a hint or action fragment that names the gesture the platform adds.
    public static let hintGesture = Rule(HintGestureRule.self)
}

/// `hint-gesture`: a hint or action fragment that names the gesture ("Double tap to …"), which
/// the screen reader (or Speakable, with `"hintStyle": "gesture"`) says itself.
enum HintGestureRule: CheckerRule {
    static let id: RuleID = "hint-gesture"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a hint or action fragment that names the gesture the platform adds"

    /// The gesture phrases (``GestureWords``) of each language, as
    /// ``PhraseMatching/occurrences(of:inLowered:wholeWords:)`` compares them, computed once.
    static let gestureUnits: [String: [(word: String, units: [UInt16])]] = {
        var result: [String: [(word: String, units: [UInt16])]] = [:]
        for language in GestureWords.languages { result[language] = GestureWords.phrases(for: language).map { ($0, $0.utf16.map(PhraseMatching.lower)) } }
        return result
    }()

    /// The gesture phrases' UTF-8 as ``gestureUnits`` compares them (ASCII lower-cased).
    static let gestureBytes: [String: [[UInt8]]] = gestureUnits.mapValues { $0.map { Array(String(decoding: $0.units, as: UTF16.self).utf8) } }

    /// Words that glue a gesture to the action in a template such as "Double tap to {action}"
    /// or "{action}하려면 이중 탭하세요".
    static let templateGlue: Set<String> = ["to", "and", "hold", "then", "하려면", "하십시오", "하세요", "하여", "해서", "하면", "하고"]

    /// A hint that is only a gesture sentence around arguments: "Double tap to {action}".
    static func isGestureTemplate(_ pattern: MessagePattern, language: String) -> Bool {
        guard !pattern.argumentNames.isEmpty else { return false }
        var text = pattern.allLiteralText.lowercased()
        var found = false
        for phrase in GestureWords.phrases(for: language) where text.contains(phrase) {
            text = text.replacingAll(phrase, with: " ")
            found = true
        }
        guard found else { return false }
        return text.split { !$0.isLetter }.allSatisfy { templateGlue.contains(String($0)) || (language != "en" && language != "ko" && $0.count <= 3) }
    }

    /// Text lower-cased for matching; ASCII only when full lower-casing would change offsets.
    static func loweredForMatching(_ text: String) -> [UInt16] {
        // Text of ASCII and of characters without case (Hangul, kana, Han, punctuation) lower-
        // cases as ASCII does: no need for the full mapping.
        if text.unicodeScalars.allSatisfy({ $0.value < 0x80 || isCaseless($0) }) { return PhraseMatching.lowered(text) }
        let full = text.lowercased()
        return full.utf16.count == text.utf16.count ? Array(full.utf16) : PhraseMatching.lowered(text)
    }

    /// Characters that have no case, so `lowercased()` leaves them as they are: general and CJK
    /// punctuation, kana, Han, Hangul syllables (a test checks every one against the standard
    /// library).
    @inline(__always)
    static func isCaseless(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0xA0...0xBF, 0xD7, 0xF7, 0x2000...0x2064, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
             0xFF01...0xFF20: true
        default: false
        }
    }

    /// `hint-gesture`. A hint that is only a gesture sentence around arguments ("Double tap to
    /// {action}") names the gesture on purpose: that is decided only when a gesture word is found.
    static func check(_ c: MessageContext, pattern: MessagePattern, segments: inout LazyLiteralSegments, written: WrittenTextFacts,
                         hintStyle: HintStyle, emitter: inout Emitter) {
        guard let words = c.localeFacts.gestures, !words.isEmpty else { return }
        // Text that lower-cases as ASCII and has no apostrophe: its segments are pieces of it,
        // so a phrase none of them holds is not in the text (ASCII case ignored).
        let whole = c.text.text
        if written.asciiOrCaseless && !written.apostrophe,
           !c.localeFacts.gestureBytes!.contains(where: { PhraseMatching.containsIgnoringASCIICase(whole, $0) }) { return }
        let wholeWords = c.language.unicodeScalars.allSatisfy(\.isASCII) && !["ko", "ja", "zh", "th", "lo", "km", "my"].contains(c.language)
        var found: [(segment: LiteralSegment, word: String, range: Range<Int>)] = []
        for segment in segments.get() {
            var taken: [Range<Int>] = []
            let text = loweredForMatching(segment.text)
            for (word, units) in words {
                for range in PhraseMatching.occurrences(of: units, inLowered: text, wholeWords: wholeWords)
                    where !taken.contains(where: { $0.overlaps(range) }) {
                    taken.append(range)
                    found.append((segment, word, range))
                }
            }
        }
        guard !found.isEmpty else { return }
        if c.role == .hint && isGestureTemplate(pattern, language: c.language) { return }
        let why: String
        if c.role == .action {
            why = "TalkBack speaks an action fragment as \"Double-tap to …\" (\"…하려면 두 번 탭하세요\"), so the gesture is said twice"
        } else if hintStyle == .gesture {
            why = "with \"hintStyle\": \"gesture\" Speakable composes the gesture sentence itself, so the gesture is said twice"
        } else {
            why = "a hint says what happens (\"Starts the level\"), not how: VoiceOver users know the gesture and TalkBack adds its own, so it is said twice"
        }
        for (segment, word, range) in found {
            let said = String(decoding: Array(segment.text.utf16)[range], as: UTF16.self)
            RuleRunner.report(.hintGesture, c, segment: segment, printed: range, emitter: &emitter,
                   message: "the \(c.role!.rawValue) names the gesture ('\(said)'): \(why)",
                   hint: c.role == .action ? "write only what the action does (\"hear about your current location\", \"조각 배치\")"
                       : hintStyle == .gesture ? "write only the action (\"start the level\"); the gesture sentence is composed from it"
                       : "write the result (\"Starts the level\", \"레벨을 시작합니다\")", subject: word)
        }
    }
}
