import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

/// Rules that judge a string as speech: `role-word`, `label-style`, `hint-gesture`,
/// `korean-action-form`, `korean-particle` (facts: PHRASING.md).
enum ScreenReaderRules {
    static func check(_ c: MessageContext, pattern: MessagePattern, segments: inout LazyLiteralSegments, written: WrittenTextFacts,
                      settings: CheckSettings, emitter: inout Emitter) {
        let isKorean = c.language == "ko"
        if c.role == .label {
            if emitter.isOn(.roleWord) { roleWords(c, segments: &segments, emitter: &emitter) }
            if emitter.isOn(.labelStyle) { labelStyle(c, pattern: pattern, emitter: &emitter) }
        }
        // An action fragment always gets the gesture from TalkBack. A hint gets it from Speakable
        // with "hintStyle": "gesture"; with "result" it says what happens, not how (Apple's
        // guidance). Either way the template that composes the gesture sentence ("Double tap to
        // {action}") names the gesture on purpose and says the rest with an argument.
        if emitter.isOn(.hintGesture) && (c.role == .action || c.role == .hint) {
            gestures(c, pattern: pattern, segments: &segments, written: written, hintStyle: settings.hintStyle, emitter: &emitter)
        }
        if c.role == .action && c.language == "en" && emitter.isOn(.actionFragment) {
            actionFragment(c, pattern: pattern, emitter: &emitter)
        }
        if isKorean && c.role == .action && emitter.isOn(.koreanActionForm) {
            actionForm(c, pattern: pattern, emitter: &emitter)
        }
        // A segment with a parenthesis is a piece of a text with one.
        if isKorean && emitter.isOn(.koreanParticle) && written.parenthesis { particles(c, segments: segments.get(), emitter: &emitter) }
    }

    // MARK: Matching

    /// Whether the UTF-8 of `text`, ASCII lower-cased, contains `needle` (lower-case UTF-8).
    static func containsIgnoringASCIICase(_ text: String, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var text = text
        return text.withUTF8 { t in
            guard t.count >= needle.count else { return false }
            @inline(__always) func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b + 32 : b }
            var i = 0
            while i + needle.count <= t.count {
                if lower(t[i]) == first {
                    var k = 1
                    while k < needle.count && lower(t[i + k]) == needle[k] { k += 1 }
                    if k == needle.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// Case-insensitive (ASCII) occurrences of `phrase` in `text`, as UTF-16 ranges; with
    /// `wholeWords`, not inside a longer word.
    static func occurrences(of phrase: String, in text: String, wholeWords: Bool) -> [Range<Int>] {
        occurrences(of: phrase, inLowered: lowered(text), wholeWords: wholeWords)
    }

    @inline(__always)
    static func lower(_ u: UInt16) -> UInt16 { u >= 65 && u <= 90 ? u + 32 : u }

    /// UTF-16 with ASCII lower-cased, computed once per text and shared by every phrase.
    static func lowered(_ text: String) -> [UInt16] { text.utf16.map(lower) }

    static func occurrences(of phrase: String, inLowered t: [UInt16], wholeWords: Bool) -> [Range<Int>] {
        occurrences(of: phrase.utf16.map(lower), inLowered: t, wholeWords: wholeWords)
    }

    /// `p`: the phrase's UTF-16, ASCII lower-cased.
    static func occurrences(of p: [UInt16], inLowered t: [UInt16], wholeWords: Bool) -> [Range<Int>] {
        guard !p.isEmpty, t.count >= p.count else { return [] }
        @inline(__always) func isWordUnit(_ u: UInt16) -> Bool {
            (u >= 48 && u <= 57) || (u >= 97 && u <= 122) || (u >= 0xC0 && u <= 0x24F)
        }
        var result: [Range<Int>] = []
        t.withUnsafeBufferPointer { t in
            p.withUnsafeBufferPointer { p in
                let first = p[0]
                var i = 0
                while i + p.count <= t.count {
                    if t[i] == first {
                        var k = 1
                        while k < p.count && t[i + k] == p[k] { k += 1 }
                        if k == p.count {
                            let wordBefore = i > 0 && isWordUnit(t[i - 1])
                            let wordAfter = i + p.count < t.count && isWordUnit(t[i + p.count])
                            if !wholeWords || (!wordBefore && !wordAfter) {
                                result.append(i..<i + p.count)
                                i += p.count
                                continue
                            }
                        }
                    }
                    i += 1
                }
            }
        }
        return result
    }

    /// Phrases as ``occurrences(of:inLowered:wholeWords:)`` compares them, computed once.
    static let roleWordUnits: [String: [(word: String, what: String, units: [UInt16])]] =
        roleWords.mapValues { $0.map { ($0.word, $0.what, $0.word.utf16.map(lower)) } }
    static let gestureUnits: [String: [(word: String, units: [UInt16])]] = {
        var result: [String: [(word: String, units: [UInt16])]] = [:]
        for language in GestureWords.languages { result[language] = GestureWords.phrases(for: language).map { ($0, $0.utf16.map(lower)) } }
        return result
    }()

    /// The gesture phrases' UTF-8 as ``gestureUnits`` compares them (ASCII lower-cased).
    static let gestureBytes: [String: [[UInt8]]] = gestureUnits.mapValues { $0.map { Array(String(decoding: $0.units, as: UTF16.self).utf8) } }

    static func report(_ rule: Rule, _ c: MessageContext, segment: LiteralSegment, printed: Range<Int>, emitter: inout Emitter,
                       message: String, hint: String?, subject: String) {
        let start = sourceOffset(ofPrinted: printed.lowerBound, in: segment, source: c.text.text)
        let end = sourceOffset(ofPrinted: printed.upperBound, in: segment, source: c.text.text)
        RuleRunner.emit(rule, c, range: start..<end, emitter: &emitter, message: message, hint: hint, subject: subject)
    }

    // MARK: role-word

    /// Words the screen reader says itself for a role or state (PHRASING.md: "Button"/"버튼",
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

    static func roleWords(_ c: MessageContext, segments: inout LazyLiteralSegments, emitter: inout Emitter) {
        // (The text taken out first: a closure that captures the context copies all of it.)
        let whole = c.text.text
        guard let words = c.localeFacts.roleWords,
              c.localeFacts.roleWordBytes!.contains(where: { containsIgnoringASCIICase(whole, $0) }) else { return }
        let wholeWords = c.language != "ko"
        for segment in segments.get() {
            var taken: [Range<Int>] = []
            let text = lowered(segment.text)
            for (word, what, units) in words {
                for range in occurrences(of: units, inLowered: text, wholeWords: wholeWords)
                    where !taken.contains(where: { $0.overlaps(range) }) {
                    taken.append(range)
                    let said = String(decoding: Array(segment.text.utf16)[range], as: UTF16.self)
                    let explanation = switch what {
                    case "role": "names the element's role, which VoiceOver and TalkBack announce themselves"
                    case "state": "names a state, which the screen reader announces from the element's selected state"
                    default: "names a gesture; the screen reader tells users how to activate the element"
                    }
                    report(.roleWord, c, segment: segment, printed: range, emitter: &emitter,
                           message: "the label says '\(said)': it \(explanation), so users hear it twice",
                           hint: what == "state" ? "remove it and set the selected trait (iOS) or selected = true (Android)"
                                                 : "remove '\(said)' from the label", subject: word)
                }
            }
        }
    }

    // MARK: label-style

    /// The literal texts that can end (or start) what the message prints.
    static func edgeTexts(_ body: MessageBody, atEnd: Bool) -> [(String, Range<Int>)] {
        guard let part = atEnd ? body.parts.last : body.parts.first else { return [] }
        switch part {
        case .text(let text, let range): return [(text, range)]
        case .pound: return []
        case .argument(let argument):
            switch argument.kind {
            case .none, .simple: return []
            case .plural(let p): return p.cases.flatMap { edgeTexts($0.message, atEnd: atEnd) }
            case .select(let s): return s.cases.flatMap { edgeTexts($0.message, atEnd: atEnd) }
            case .choice(let ch): return ch.cases.flatMap { edgeTexts($0.message, atEnd: atEnd) }
            }
        }
    }

    /// ``edgeTexts(_:atEnd:)`` one at a time, in the same order, without making the list.
    static func forEachEdgeText(_ body: MessageBody, atEnd: Bool, _ visit: (String, Range<Int>) -> Void) {
        guard let part = atEnd ? body.parts.last : body.parts.first else { return }
        switch part {
        case .text(let text, let range): visit(text, range)
        case .pound: return
        case .argument(let argument):
            switch argument.kind {
            case .none, .simple: return
            case .plural(let p): for item in p.cases { forEachEdgeText(item.message, atEnd: atEnd, visit) }
            case .select(let s): for item in s.cases { forEachEdgeText(item.message, atEnd: atEnd, visit) }
            case .choice(let ch): for item in ch.cases { forEachEdgeText(item.message, atEnd: atEnd, visit) }
            }
        }
    }

    static func labelStyle(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        // The texts to report are found first and reported after: closures that captured the
        // context (to report) copied all of it for every label.
        var periods: [(text: String, range: Range<Int>)] = []
        forEachEdgeText(pattern.body, atEnd: true) { text, range in
            let scalars = text.unicodeScalars
            guard let last = scalars.last, last == "." || last == "。" else { return }
            let lastIndex = scalars.index(before: scalars.endIndex)
            // An ellipsis written as dots.
            if lastIndex != scalars.startIndex && scalars[scalars.index(before: lastIndex)] == "." { return }
            periods.append((text, range))
        }
        for (text, range) in periods {
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: false)
            let printed = text.utf16.count - 1
            report(.labelStyle, c, segment: segment, printed: printed..<printed + 1, emitter: &emitter,
                   message: "the label ends with a period", hint: "remove it: a label is a name, not a sentence",
                   subject: "period")
        }
        var lowerCase: [(text: String, range: Range<Int>, first: Character)] = []
        forEachEdgeText(pattern.body, atEnd: false) { text, range in
            // An ASCII character that is not a lower-case letter, followed by ASCII (or nothing),
            // is a first character that is not lower-case: no need to find the first grapheme.
            let utf8 = text.utf8
            if let b0 = utf8.first, b0 < 0x80, !(b0 >= 0x61 && b0 <= 0x7A) {
                let second = utf8.index(after: utf8.startIndex)
                if second == utf8.endIndex || utf8[second] < 0x80 { return }
            }
            guard let first = text.first, first.isLowercase else { return }
            // A name that is written lower-case first on purpose ("iPhone", "eBay").
            let word = text.prefix { $0.isLetter }
            if word.dropFirst().contains(where: { $0.isUppercase }) { return }
            lowerCase.append((text, range, first))
        }
        for (text, range, first) in lowerCase {
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: true)
            report(.labelStyle, c, segment: segment, printed: 0..<first.utf16.count, emitter: &emitter,
                   message: "the label starts with a lower-case letter",
                   hint: "capitalize it (\(String(first).uppercased())…): labels are capitalized, like a title", subject: "lowercase")
        }
    }

    // MARK: hint-gesture

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
        if text.unicodeScalars.allSatisfy({ $0.value < 0x80 || isCaseless($0) }) { return lowered(text) }
        let full = text.lowercased()
        return full.utf16.count == text.utf16.count ? Array(full.utf16) : lowered(text)
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
    static func gestures(_ c: MessageContext, pattern: MessagePattern, segments: inout LazyLiteralSegments, written: WrittenTextFacts,
                         hintStyle: HintStyle, emitter: inout Emitter) {
        guard let words = c.localeFacts.gestures, !words.isEmpty else { return }
        // Text that lower-cases as ASCII and has no apostrophe: its segments are pieces of it,
        // so a phrase none of them holds is not in the text (ASCII case ignored).
        let whole = c.text.text
        if written.asciiOrCaseless && !written.apostrophe,
           !c.localeFacts.gestureBytes!.contains(where: { containsIgnoringASCIICase(whole, $0) }) { return }
        let wholeWords = c.language.unicodeScalars.allSatisfy(\.isASCII) && !["ko", "ja", "zh", "th", "lo", "km", "my"].contains(c.language)
        var found: [(segment: LiteralSegment, word: String, range: Range<Int>)] = []
        for segment in segments.get() {
            var taken: [Range<Int>] = []
            let text = loweredForMatching(segment.text)
            for (word, units) in words {
                for range in occurrences(of: units, inLowered: text, wholeWords: wholeWords)
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
            report(.hintGesture, c, segment: segment, printed: range, emitter: &emitter,
                   message: "the \(c.role!.rawValue) names the gesture ('\(said)'): \(why)",
                   hint: c.role == .action ? "write only what the action does (\"hear about your current location\", \"조각 배치\")"
                       : hintStyle == .gesture ? "write only the action (\"start the level\"); the gesture sentence is composed from it"
                       : "write the result (\"Starts the level\", \"레벨을 시작합니다\")", subject: word)
        }
    }

    // MARK: action-fragment

    /// An English action fragment must read after TalkBack's "Double-tap to": it starts with a
    /// verb in its base form (``EnglishActionLexicon``).
    static func actionFragment(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        for (text, range) in edgeTexts(pattern.body, atEnd: false) {
            let judgement = EnglishActionLexicon.judge(text)
            guard judgement != .verb, let word = EnglishActionLexicon.firstWord(text) else { continue }
            let segment = LiteralSegment(text: text, range: range, depth: 0, followsArgument: false, startsBody: true)
            let start = text.firstRange(of: word).map { utf16Offset(of: $0.lowerBound, in: text) } ?? 0
            let printed = start..<start + word.utf16.count
            let sample = text.drop { !$0.isLetter }.split(separator: " ", omittingEmptySubsequences: true)
            let said = "\"Double-tap to " + sample.prefix(6).joined(separator: " ") + (sample.count > 6 ? " …\"" : "\"")
            let message: String
            let hint: String
            switch judgement {
            case .leadingTo:
                message = "the action fragment starts with 'to', which TalkBack says itself: \(said)"
                hint = "drop the leading 'to'"
            case .noVerb(_, let what):
                message = "the action fragment starts with '\(word)', \(what), not a verb: TalkBack says \(said)"
                hint = "start with the verb of what the action does (\"hear about nearby places…\")"
            case .state(_, let what):
                message = "the action fragment starts with '\(word)', which \(what): TalkBack says \(said)"
                hint = "say what the action does; a control that cannot act now should be disabled (TalkBack says \"disabled\")"
            case .verb:
                continue
            }
            report(.actionFragment, c, segment: segment, printed: printed, emitter: &emitter, message: message, hint: hint,
                   subject: word.lowercased())
        }
    }

    // MARK: korean-action-form

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

    static func actionForm(_ c: MessageContext, pattern: MessagePattern, emitter: inout Emitter) {
        for (text, range) in edgeTexts(pattern.body, atEnd: true) {
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
            report(.koreanActionForm, c, segment: segment, printed: (end - wordUTF16)..<end, emitter: &emitter,
                   message: problem,
                   hint: "end with a noun that takes 하다, e.g. \"조각 배치\" rather than \"조각 놓기\"" + (word.hasSuffix("하기") ? " (drop 하기: \"\(word.dropLast(2))\")" : ""),
                   subject: word)
        }
    }

    // MARK: korean-particle

    /// Particle pairs (DESIGN.md "Korean"): written form → (after a final consonant, after a vowel).
    static let particlePairs: [(pair: String, consonant: String, vowel: String)] = [
        ("은(는)", "은", "는"), ("는(은)", "은", "는"), ("이(가)", "이", "가"), ("가(이)", "이", "가"),
        ("을(를)", "을", "를"), ("를(을)", "을", "를"), ("과(와)", "과", "와"), ("와(과)", "과", "와"),
        ("(으)로", "으로", "로"), ("(이)나", "이나", "나"), ("(이)랑", "이랑", "랑"), ("(이)에요", "이에요", "예요"),
    ]

    static func particles(_ c: MessageContext, segments: [LiteralSegment], emitter: inout Emitter) {
        // A byte search first: most text has no parenthesis at all.
        for segment in segments where segment.text.utf8.contains(0x28) && segment.text.contains("(") {
            for (pair, consonant, vowel) in particlePairs {
                for range in occurrences(of: pair, in: segment.text, wholeWords: false) {
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
                    report(.koreanParticle, c, segment: segment, printed: range, emitter: &emitter,
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
