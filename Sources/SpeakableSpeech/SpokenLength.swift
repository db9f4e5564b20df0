public import SpeakableICU
import Synchronization

/// How long a text takes to speak, estimated without a speech engine: numbers expanded as they
/// are spoken (ICU spellout), symbols as screen readers read them, syllables counted per script,
/// pauses at punctuation.
///
/// ```swift
/// let estimate = SpokenLength.estimate("Row 3, column 5, empty", locale: .english)
/// estimate.spoken      // "Row three, column five, empty"
/// estimate.syllables   // 7
/// estimate.seconds     // 2.14: 7 syllables, 5 words, 2 commas (README: calibrated against espeak-ng)
/// ```
public enum SpokenLength {
    /// Seconds per unit, fitted against espeak-ng at its default rate (`tools/SpeechCalibration`).
    public struct Profile: Hashable, Sendable {
        /// Seconds per syllable.
        public var perSyllable: Double
        /// Seconds per word boundary (the gap between words, and the longer onset of short words).
        public var perWord: Double
        /// Seconds per short pause (comma, semicolon, colon, dash).
        public var shortPause: Double
        /// Seconds per long pause (sentence end, line break) inside the text.
        public var longPause: Double

        public init(perSyllable: Double, perWord: Double, shortPause: Double, longPause: Double) {
            self.perSyllable = perSyllable
            self.perWord = perWord
            self.shortPause = shortPause
            self.longPause = longPause
        }

        /// The profile for a language (`en`, `ko`; others use English's timing).
        public static func forLanguage(_ language: String) -> Profile {
            switch language {
            case "ko": korean
            default: english
            }
        }

        /// Fitted by `SpeechCalibration --fit` on half of its sample against espeak-ng 1.51 (en-us
        /// voice); the README reports the error on the other half.
        public static let english = Profile(perSyllable: 0.1969, perWord: 0.0357, shortPause: 0.2932, longPause: 0.5714)
        /// The same for the `ko` voice, counting beats (a final consonant is one more), on a
        /// sample that includes what the screen readers compose (docs/speech.md has its errors).
        public static let korean = Profile(perSyllable: 0.0973, perWord: 0.1325, shortPause: 0.1807, longPause: 0.2561)
    }

    /// An estimate and what it was made of.
    public struct Estimate: Hashable, Sendable {
        public var seconds: Double
        /// The text as it would be spoken (numbers and symbols in words).
        public var spoken: String
        /// Syllables; in Korean, beats: a Hangul syllable is one, and one more when it ends in a
        /// consonant (빈칸 counts 4).
        public var syllables: Int
        public var words: Int
        public var shortPauses: Int
        public var longPauses: Int
    }

    /// Estimates `text` in `locale` with the language's profile (or `profile`).
    public static func estimate(_ text: String, locale: ICULocale, profile: Profile? = nil) -> Estimate {
        let profile = profile ?? Profile.forLanguage(locale.language)
        var counts = count(text, locale: locale)
        counts.seconds = Double(counts.syllables) * profile.perSyllable + Double(counts.words) * profile.perWord
            + Double(counts.shortPauses) * profile.shortPause + Double(counts.longPauses) * profile.longPause
        return counts
    }

    /// Only the counts (seconds left 0): what calibration fits against.
    public static func count(_ text: String, locale: ICULocale) -> Estimate {
        var scalars: [Unicode.Scalar] = []
        SpokenText.expand(text, locale: locale, into: &scalars)
        var counts = count(spoken: scalars)
        var spoken = String.UnicodeScalarView()
        spoken.append(contentsOf: scalars)
        counts.spoken = String(spoken)
        return counts
    }

    /// The seconds of ``estimate(_:locale:profile:)`` without making the spoken text: what
    /// `speakable check` asks for every message and example.
    public static func seconds(_ text: String, locale: ICULocale, profile: Profile? = nil) -> Double {
        let profile = profile ?? Profile.forLanguage(locale.language)
        var scalars: [Unicode.Scalar] = []
        SpokenText.expand(text, locale: locale, into: &scalars)
        let counts = count(spoken: scalars)
        return Double(counts.syllables) * profile.perSyllable + Double(counts.words) * profile.perWord
            + Double(counts.shortPauses) * profile.shortPause + Double(counts.longPauses) * profile.longPause
    }

    /// Syllables, words and pauses of spoken text (``SpokenText/expand(_:locale:into:)``).
    static func count(spoken scalars: [Unicode.Scalar]) -> Estimate {
        var syllables = 0
        var words = 0
        var shortPauses = 0
        var longPauses = 0
        var pendingLong = false
        var pendingShort = false
        var start = 0
        func endWord(_ end: Int) {
            guard end > start else { return }
            let n = Syllables.count(scalars[start..<end])
            if n > 0 {
                if pendingLong { longPauses += 1 } else if pendingShort { shortPauses += 1 }
                pendingLong = false
                pendingShort = false
                syllables += n
                words += 1
            }
        }
        for (i, s) in scalars.enumerated() {
            switch SpokenText.classify(s) {
            case .word:
                continue
            case .separator:
                endWord(i)
            case .shortPause:
                endWord(i)
                if words > 0 { pendingShort = true }
            case .longPause:
                endWord(i)
                if words > 0 { pendingLong = true }
            }
            start = i + 1
        }
        endWord(scalars.count)
        return Estimate(seconds: 0, spoken: "", syllables: syllables, words: words, shortPauses: shortPauses,
                        longPauses: longPauses)
    }
}

/// Numbers and symbols spelled out as a screen reader speaks them.
enum SpokenText {

    /// Symbols read aloud, by language (VoiceOver and TalkBack read these by name).
    static let symbolWords: [String: [Unicode.Scalar: String]] = [
        "en": ["%": "percent", "&": "and", "+": "plus", "=": "equals", "#": "number", "@": "at", "×": "times",
               "/": "slash", "*": "star", "°": "degrees", "€": "euros", "$": "dollars", "£": "pounds", "→": "right arrow",
               "←": "left arrow", "↑": "up arrow", "↓": "down arrow", "★": "star", "☆": "star"],
        "ko": ["%": "퍼센트", "&": "앤드", "+": "더하기", "=": "등호", "#": "샵", "@": "골뱅이", "×": "곱하기",
               "/": "슬래시", "*": "별표", "°": "도", "€": "유로", "$": "달러", "£": "파운드", "→": "오른쪽 화살표",
               "←": "왼쪽 화살표", "↑": "위쪽 화살표", "↓": "아래쪽 화살표", "★": "별", "☆": "별"],
    ]

    static func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }

    /// English's symbol names, for languages without their own.
    static let englishSymbols = symbolWords["en"]!
    /// Every scalar any language names: one that is not here needs no lookup.
    static let namedScalars: [UInt32] = Set(symbolWords.values.flatMap { $0.keys.map(\.value) }).sorted()

    @inline(__always)
    static func mayBeNamed(_ s: Unicode.Scalar) -> Bool {
        for value in namedScalars where value >= s.value { return value == s.value }
        return false
    }

    /// Replaces numbers (with grouping separators and decimals) by their spellout and symbols by
    /// their names.
    static func expand(_ text: String, locale: ICULocale) -> String {
        var out: [Unicode.Scalar] = []
        expand(text, locale: locale, into: &out)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: out)
        return String(view)
    }

    /// ``expand(_:locale:)`` into `out` (replaced), spaces collapsed as it goes: one space
    /// between words, none before closing punctuation, none at the ends.
    static func expand(_ text: String, locale: ICULocale, into out: inout [Unicode.Scalar]) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { scalars.append(scalar) }
        // Looked up at the first symbol that may have a name (most texts have none).
        var symbols: [Unicode.Scalar: String]?
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(scalars.count + 8)
        var lastSpace = true
        func push(_ ch: Unicode.Scalar) {
            if ch == " " {
                if !lastSpace { out.append(" ") }
                lastSpace = true
            } else {
                if lastSpace, out.last == " ", isClosing(ch) { out.removeLast() }
                out.append(ch)
                lastSpace = false
            }
        }
        func push(_ text: String) { for ch in text.unicodeScalars { push(ch) } }
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if isDigit(s) {
                var digits = ""
                var j = i
                var fraction: String?
                while j < scalars.count {
                    if isDigit(scalars[j]) {
                        digits.unicodeScalars.append(scalars[j])
                        j += 1
                    } else if scalars[j] == ",", (1...3).allSatisfy({ j + $0 < scalars.count && isDigit(scalars[j + $0]) }),
                              !(j + 4 < scalars.count && isDigit(scalars[j + 4])) {
                        j += 1  // a grouping separator: 9,180
                    } else if scalars[j] == ".", fraction == nil, j + 1 < scalars.count, isDigit(scalars[j + 1]) {
                        var f = ""
                        j += 1
                        while j < scalars.count && isDigit(scalars[j]) { f.unicodeScalars.append(scalars[j]); j += 1 }
                        fraction = f
                        break
                    } else {
                        break
                    }
                }
                push(" ")
                push(spell(digits: digits, fraction: fraction, locale: locale))
                push(" ")
                i = j
                continue
            }
            if s == " " || s == "," || s == "." || Syllables.isLetter(s) {
                push(s)
            } else if mayBeNamed(s), let word = {
                if symbols == nil { symbols = symbolWords[locale.language] ?? englishSymbols }
                return symbols![s]
            }() {
                push(" ")
                push(word)
                push(" ")
            } else {
                push(s)
            }
            i += 1
        }
        if out.last == " " { out.removeLast() }
    }

    @inline(__always)
    static func isClosing(_ ch: Unicode.Scalar) -> Bool {
        switch ch {
        case ",", ".", ";", ":", "!", "?", "%", ")": true
        default: false
        }
    }

    /// Spelled-out numbers by locale and digits: examples repeat the same few numbers in every
    /// message, and ICU's rule-based spellout is slow.
    private static let spelled = Mutex<[String: String]>([:])

    static func spell(digits: String, fraction: String?, locale: ICULocale) -> String {
        let key = locale.identifier + "\u{1F}" + digits + (fraction.map { "." + $0 } ?? "")
        if let hit = spelled.withLock({ $0[key] }) { return hit }
        let text = spellUncached(digits: digits, fraction: fraction, locale: locale)
        spelled.withLock { cache in
            if cache.count >= 4096 { cache.removeAll() }
            cache[key] = text
        }
        return text
    }

    static func spellUncached(digits: String, fraction: String?, locale: ICULocale) -> String {
        guard let format = try? NumberFormat.cached(.spellout(ruleSet: ""), locale: locale) else { return digits }
        var text: String?
        if let fraction, let value = Double(digits + "." + fraction) {
            text = try? format.format(value)
        } else if digits.count <= 18, let value = Int64(digits) {
            text = try? format.format(value)
        }
        guard let text else { return digits.map { String($0) }.joined(separator: " ") }
        // Sino-Korean numbers are read syllable by syllable, each a word ("만 이 천 사 백…"):
        // that is how espeak-ng reads them, and it matches the measured lengths far better.
        if locale.language == "ko" {
            return text.unicodeScalars.map { $0.isHangul ? String($0) + " " : String($0) }.joined()
        }
        return text
    }

    enum Class { case word, separator, shortPause, longPause }

    /// What a scalar of spoken text does: part of a word, a word break, or a pause.
    @inline(__always)
    static func classify(_ s: Unicode.Scalar) -> Class {
        switch s {
        case ",", ";", ":", "—", "–", "、", "，", "·", "(", ")": return .shortPause
        case ".", "!", "?", "。", "！", "？", "…", "\n": return .longPause
        default:
            if s.value < 0x80 {
                return Syllables.isLetter(s) || s == "-" || s == "'" || (s.value >= 48 && s.value <= 57) ? .word : .separator
            }
            if s.value >= 0xAC00 && s.value <= 0xD7A3 { return .word }   // Hangul syllables: letters
            if s.properties.isWhitespace { return .separator }
            return s == "’" || s.properties.isAlphabetic || s.properties.numericType != nil ? .word : .separator
        }
    }
}

extension Unicode.Scalar {
    var isHangul: Bool { value >= 0xAC00 && value <= 0xD7A3 }
}

/// Syllables in one written word, by script.
enum Syllables {
    static func count(_ word: String) -> Int { count(Array(word.unicodeScalars)[...]) }

    static func count(_ word: ArraySlice<Unicode.Scalar>) -> Int {
        var total = 0
        var latinStart = -1
        func flushLatin(_ end: Int) {
            if latinStart >= 0 { total += latinWord(word[latinStart..<end]); latinStart = -1 }
        }
        for i in word.indices {
            let s = word[i]
            let v = s.value
            if v >= 0xAC00 && v <= 0xD7A3 {
                // A Hangul syllable is one beat, and a final consonant (받침) one more: espeak-ng
                // holds 선택됨 or 설정 about as long as twice as many open syllables (docs/speech.md).
                flushLatin(i); total += (v - 0xAC00) % 28 == 0 ? 1 : 2
            } else if (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3400 && v <= 0x4DBF) {
                flushLatin(i); total += 1                       // Han character
            } else if (v >= 0x3041 && v <= 0x30FF) {
                flushLatin(i)                                    // kana: one mora each, small ones join
                if !"ぁぃぅぇぉゃゅょっァィゥェォャュョッー".unicodeScalars.contains(s) { total += 1 }
            } else if isLetter(s) {
                if latinStart < 0 { latinStart = i }
            } else {
                flushLatin(i)
            }
        }
        flushLatin(word.endIndex)
        return total
    }

    static let otherVowels: Set<Unicode.Scalar> = ["à", "á", "â", "ä", "è", "é", "ê", "ë", "ì", "í", "î", "ï", "ò", "ó", "ô", "ö",
                                                  "ù", "ú", "û", "ü", "å", "æ", "ø", "œ", "ã", "õ", "а", "е", "ё", "и", "о", "у",
                                                  "ы", "э", "ю", "я", "α", "ε", "η", "ι", "ο", "υ", "ω"]

    /// A letter, with an ASCII fast path.
    @inline(__always)
    static func isLetter(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 { return (s.value | 0x20) >= 0x61 && (s.value | 0x20) <= 0x7A }
        if s.value >= 0xAC00 && s.value <= 0xD7A3 { return true }   // Hangul syllables
        return s.properties.isAlphabetic
    }

    /// Vowel groups in a word of an alphabetic script, with English's silent e; short all-capital
    /// words (TV, OK) are spelled letter by letter.
    static func latinWord(_ word: ArraySlice<Unicode.Scalar>) -> Int {
        let letters = word
        if letters.count <= 3, letters.count >= 2, letters.allSatisfy({ isUppercase($0) }) {
            return letters.reduce(0) { $0 + ($1 == "W" ? 3 : 1) }
        }
        // Each letter lower-cased as it is read (no array per word): only the last three are
        // looked at again.
        @inline(__always) func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
            if s.value < 0x80 { return s.value >= 65 && s.value <= 90 ? Unicode.Scalar(s.value + 32)! : s }
            return s.properties.lowercaseMapping.unicodeScalars.first ?? s
        }
        func isVowel(_ c: Unicode.Scalar) -> Bool {
            switch c {
            case "a", "e", "i", "o", "u", "y": return true
            case _ where c.value < 0x80: return false
            default: return otherVowels.contains(c)
            }
        }
        let count = letters.count
        var groups = 0
        var inVowel = false
        var last: Unicode.Scalar = " "
        var second: Unicode.Scalar = " "
        var third: Unicode.Scalar = " "
        for s in letters {
            let c = lower(s)
            let vowel = isVowel(c)
            if vowel && !inVowel { groups += 1 }
            inVowel = vowel
            third = second
            second = last
            last = c
        }
        if count > 2, last == "e", groups > 1 {
            if second != "l" && !isVowel(second) { groups -= 1 }  // silent e: "piece", not "table"
        }
        if count > 3, second == "e", last == "d", groups > 1, third != "t", third != "d" {
            groups -= 1  // "placed", not "added"
        }
        if groups == 0 {
            // No vowel letters at all (an abbreviation, or a script without vowel letters).
            return max(1, count / 2)
        }
        return groups
    }

    /// Unicode's Uppercase property, without asking for the properties of ASCII (A–Z exactly).
    @inline(__always)
    static func isUppercase(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? s.value >= 65 && s.value <= 90 : s.properties.isUppercase
    }
}
