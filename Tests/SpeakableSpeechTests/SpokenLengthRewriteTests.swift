import FoundationEssentials
import SeededRandom
import SpeakableICU
import Testing
@testable import SpeakableSpeech

/// The estimator builds the spoken text in one buffer, collapsing spaces as it goes (no string
/// per symbol or number, no second pass), and `seconds` skips making the string: both must give
/// exactly what the string-building version gave. `Reference` is that version, kept here as the
/// oracle.
@Suite struct SpokenLengthRewriteTests {
    enum Reference {
        static func expand(_ text: String, locale: ICULocale) -> String {
            let scalars = Array(text.unicodeScalars)
            let symbols = SpokenText.symbolWords[locale.language] ?? SpokenText.symbolWords["en"]!
            var out = String.UnicodeScalarView()
            var i = 0
            while i < scalars.count {
                let s = scalars[i]
                if SpokenText.isDigit(s) {
                    var digits = ""
                    var j = i
                    var fraction: String?
                    while j < scalars.count {
                        if SpokenText.isDigit(scalars[j]) {
                            digits.unicodeScalars.append(scalars[j])
                            j += 1
                        } else if scalars[j] == ",", (1...3).allSatisfy({ j + $0 < scalars.count && SpokenText.isDigit(scalars[j + $0]) }),
                                  !(j + 4 < scalars.count && SpokenText.isDigit(scalars[j + 4])) {
                            j += 1
                        } else if scalars[j] == ".", fraction == nil, j + 1 < scalars.count, SpokenText.isDigit(scalars[j + 1]) {
                            var f = ""
                            j += 1
                            while j < scalars.count && SpokenText.isDigit(scalars[j]) { f.unicodeScalars.append(scalars[j]); j += 1 }
                            fraction = f
                            break
                        } else {
                            break
                        }
                    }
                    let words = SpokenText.spellUncached(digits: digits, fraction: fraction, locale: locale)
                    out.append(contentsOf: " ".unicodeScalars)
                    out.append(contentsOf: words.unicodeScalars)
                    out.append(contentsOf: " ".unicodeScalars)
                    i = j
                    continue
                }
                if Syllables.isLetter(s) || s == " " || s == "," || s == "." {
                    out.append(s)
                } else if let word = symbols[s] {
                    out.append(contentsOf: (" " + word + " ").unicodeScalars)
                } else {
                    out.append(s)
                }
                i += 1
            }
            var collapsed = String.UnicodeScalarView()
            var lastSpace = true
            for ch in out {
                if ch == " " {
                    if !lastSpace { collapsed.append(" ") }
                    lastSpace = true
                } else {
                    if lastSpace, collapsed.last == " ", ",.;:!?%)".unicodeScalars.contains(ch) { collapsed.removeLast() }
                    collapsed.append(ch)
                    lastSpace = false
                }
            }
            if collapsed.last == " " { collapsed.removeLast() }
            return String(collapsed)
        }
    }

    /// Texts with numbers (grouped, decimal, long), symbols, runs of spaces, punctuation after
    /// spaces, Hangul, kana, Cyrillic and marks.
    static let texts: [String] = [
        "Row 3, column 5, empty", "9,180 O'Coins", "Volume 75%", "2×2 square", "  leading and trailing  ",
        "Score 1,234,567 and 12,34 and 3.14 and 0.5.", "Level 10 ( 5 stars ) ; done !", "3행 5열, 빈칸", "별 12개 ( 최고 )",
        "¥ 500 € 20 → next", "A  B   C", "x ,y", "1234567890123456789012 coins", "ラインを2本消しました。", "Ряд 3, столбец 5",
        "e\u{301}tude 7", "tab\there", "Line\nbreak 4", "50 % off", "#1 & #2 @ home", "…", "", " ", "100", "3,", ".5", "1.2.3",
        "Placed. Score 320.", "KO·Row 3, star 5", "Double-tap to place the piece", "O'Block: 2 lines cleared!",
    ]

    @Test func spokenTextIsWhatTheStringBuildingVersionGave() throws {
        for tag in ["en", "ko", "ja", "ru", "de", "ar"] {
            let locale = try ICULocale(tag)
            for text in Self.texts {
                let expected = Reference.expand(text, locale: locale)
                #expect(SpokenText.expand(text, locale: locale) == expected, "\(tag): \(text)")
                let estimate = SpokenLength.estimate(text, locale: locale)
                #expect(estimate.spoken == expected)
                // The same counts from the reference's text.
                let reference = SpokenLength.count(spoken: Array(expected.unicodeScalars))
                #expect(estimate.syllables == reference.syllables && estimate.words == reference.words
                        && estimate.shortPauses == reference.shortPauses && estimate.longPauses == reference.longPauses)
                #expect(SpokenLength.seconds(text, locale: locale) == estimate.seconds, "\(tag): \(text)")
            }
        }
    }

    @Test func hangulFastPathsAgreeWithTheUnicodeProperties() {
        // Syllables.isLetter and SpokenText.classify take Hangul syllables as letters without
        // asking for their properties; every one of them is alphabetic and not white space.
        for v in UInt32(0xAC00)...0xD7A3 {
            let s = Unicode.Scalar(v)!
            #expect(s.properties.isAlphabetic && !s.properties.isWhitespace)
        }
    }

    @Test func cachedSpelloutIsICUs() throws {
        for tag in ["en", "ko"] {
            let locale = try ICULocale(tag)
            for n in [0, 1, 7, 12, 99, 100, 2024, 9180] {
                let first = SpokenText.spell(digits: String(n), fraction: nil, locale: locale)
                #expect(first == SpokenText.spellUncached(digits: String(n), fraction: nil, locale: locale))
                #expect(SpokenText.spell(digits: String(n), fraction: nil, locale: locale) == first)
            }
        }
    }
}

/// Syllables of a word are counted without an array of its lower-cased letters: the same counts
/// as the version that made one (kept here as the oracle), on words of every kind.
@Suite struct LatinWordRewriteTests {
    static func reference(_ word: ArraySlice<Unicode.Scalar>) -> Int {
        let letters = word
        if letters.count <= 3, letters.count >= 2, letters.allSatisfy({ $0.properties.isUppercase }) {
            return letters.reduce(0) { $0 + ($1 == "W" ? 3 : 1) }
        }
        let chars: [Unicode.Scalar] = letters.map { s in
            if s.value < 0x80 { return s.value >= 65 && s.value <= 90 ? Unicode.Scalar(s.value + 32)! : s }
            return s.properties.lowercaseMapping.unicodeScalars.first ?? s
        }
        func isVowel(_ c: Unicode.Scalar) -> Bool {
            switch c {
            case "a", "e", "i", "o", "u", "y": return true
            case _ where c.value < 0x80: return false
            default: return Syllables.otherVowels.contains(c)
            }
        }
        var groups = 0
        var inVowel = false
        for c in chars {
            let vowel = isVowel(c)
            if vowel && !inVowel { groups += 1 }
            inVowel = vowel
        }
        if chars.count > 2, chars.last == "e", groups > 1 {
            let before = chars[chars.count - 2]
            if before != "l" && !isVowel(before) { groups -= 1 }
        }
        if chars.count > 3, chars[chars.count - 2] == "e", chars[chars.count - 1] == "d", groups > 1, chars[chars.count - 3] != "t", chars[chars.count - 3] != "d" {
            groups -= 1
        }
        if groups == 0 { return max(1, chars.count / 2) }
        return groups
    }

    @Test func countsAsTheArrayVersion() {
        var words = ["piece", "table", "placed", "added", "wanted", "TV", "OK", "WWW", "W", "ÉTÉ", "Été", "ÀÉ", "ÅSE", "Straße",
                     "Übung", "ИГРА", "игра", "ΣΟΦΊΑ", "lED", "TED", "bEd", "rhythm", "xyz", "a", "", "queue", "Ee", "ED", "EDE"]
        // Generated words over letters that meet every branch (case, vowels of several scripts).
        let letters = Array("aeEdDltTyYbWwÉéÀüÜиИΑαΣsxq".unicodeScalars)
        var random = SplitMix(seed: 3)
        for _ in 0..<3000 {
            var word = String.UnicodeScalarView()
            for _ in 0..<random.below(7) { word.append(random.pick(letters)) }
            words.append(String(word))
        }
        for word in words {
            let scalars = Array(word.unicodeScalars)[...]
            #expect(Syllables.latinWord(scalars) == Self.reference(scalars), "\(word)")
        }
    }
}
