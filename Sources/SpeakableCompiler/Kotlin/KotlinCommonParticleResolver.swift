/// The Korean particle resolver of the Compose Multiplatform accessors: ``KotlinParticleResolver``
/// for common Kotlin — the same rules, the same results — with no `java.lang` API, since the
/// accessors also run on iOS, desktop and the web.
///
/// It is made from the Android resolver's source (one set of rules to maintain): each
/// `java.lang` call is replaced by common Kotlin — `Character.codePointAt`/`charCount` and
/// `StringBuilder.appendCodePoint` by functions that join and split surrogate pairs themselves
/// (`Char - Char` is the code, `'\u0000' + n` the character: no `Char.code`, no `toInt()`),
/// `setLength(0)` by `clear()`, `Math.min` by `minOf` — and its test of what is spoken. Whether a
/// character other than ASCII and Hangul is spoken is Kotlin's `Char.isLetter()` or
/// `isDigit()` or a number category (Nl, No) for the Basic Multilingual Plane, and otherwise a
/// table of code point ranges computed from Swift's Unicode data when the code is generated:
/// the characters Speakable calls spoken (Alphabetic or numeric) that those functions do not
/// (vowel signs, circled letters…), and every spoken character beyond U+FFFF (Kotlin has no
/// code-point properties in common code). So on the same Unicode version it picks exactly what
/// ``SwiftParticleResolver`` picks.
///
/// Tests compile it with `kotlinc` and compare it with `SpeakableParticles` and the Swift
/// resolver on the shared josa cases, numbers and random text.
enum KotlinCommonParticleResolver {
    /// Kotlin member declarations, indented by 4 spaces, for the body of the generated
    /// `internal object SpeakableComposeRuntime { … }`.
    static var source: String { common(KotlinParticleResolver.source) }

    /// The Android resolver's members (indented by 8) as common Kotlin (indented by 4).
    static func common(_ android: String) -> String {
        var text = android
        for (from, to) in [("Character.codePointAt(", "codePointAt("), ("Character.charCount(", "charCount("), ("Math.min(", "minOf("),
                           (".setLength(0)", ".clear()")] {
            text = text.replacing(from, with: to)
        }
        text = replacingSpokenTest(text)
        text = movingReceiver(of: ".appendCodePoint(", to: "appendCodePoint(", in: text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix("    ") ? String(line.dropFirst(4)) : String(line)
        }
        return lines.joined(separator: "\n") + "\n" + helpers.replacing("%SPOKEN_RANGES%", with: spokenRangesLiteral)
    }

    /// `x.method(` as `function(x, ` (x an identifier).
    static func movingReceiver(of method: String, to function: String, in text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let found = rest.firstRange(of: method) {
            var before = rest[..<found.lowerBound]
            var receiver = ""
            while let last = before.last, last.isLetter || last.isNumber || last == "_" {
                receiver = String(last) + receiver
                before = before.dropLast()
            }
            out += before
            out += receiver.isEmpty ? method : function + receiver + ", "
            rest = rest[found.upperBound...]
        }
        return out + rest
    }

    /// The Android resolver's test of Java's character data (`Character.isAlphabetic`, then
    /// `getType` … `OTHER_NUMBER`), line by line, replaced by the common one: Char functions for
    /// the Basic Multilingual Plane, then SPOKEN. Left as it is (and found by the tests: no
    /// `Character.` may remain) when the Android source says it otherwise.
    static func replacingSpokenTest(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(where: { $0.contains("if (Character.isAlphabetic(cp)) return true") }),
              let last = lines[first...].firstIndex(where: { $0.contains("Character.OTHER_NUMBER") }) else { return text }
        let indent = String(lines[first].prefix { $0 == " " })
        let common = [
            "if (cp < 0x10000) {",
            "    val c = '\\u0000' + cp",
            "    if (c.isLetter() || c.isDigit()) return true",
            "    val category = c.category",
            "    if (category == CharCategory.LETTER_NUMBER || category == CharCategory.OTHER_NUMBER) return true",
            "}",
            "return inSpokenRanges(cp)",
        ].map { indent + $0 }
        lines.replaceSubrange(first...last, with: common)
        return lines.joined(separator: "\n")
    }

    /// The code points `inSpokenRanges` finds in its table, as `intArrayOf(first, last, …)` items.
    static let spokenRangesLiteral: String = {
        var ranges: [(UInt32, UInt32)] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), value < 0xAC00 || value > 0xD7A3 else { continue }
            let spoken = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            guard spoken else { continue }
            if value < 0x10000 {
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber:
                    continue   // Kotlin's Char functions say so
                default:
                    break
                }
            }
            if let last = ranges.last, last.1 + 1 == value {
                ranges[ranges.count - 1].1 = value
            } else {
                ranges.append((value, value))
            }
        }
        var lines: [String] = []
        var line = "       "
        for (first, last) in ranges {
            let item = " 0x" + String(first, radix: 16, uppercase: true) + ", 0x" + String(last, radix: 16, uppercase: true) + ","
            if line.count + item.count > 116 {
                lines.append(line)
                line = "       "
            }
            line += item
        }
        if line.hasSuffix(",") { line.removeLast() }
        lines.append(line)
        return lines.joined(separator: "\n")
    }()

    /// What replaces the `java.lang` calls, and the table of spoken characters.
    static let helpers = #"""
        /** The code point at UTF-16 index i of s: a surrogate pair is one. */
        private fun codePointAt(s: CharSequence, i: Int): Int {
            val c = s[i]
            if (c in '\uD800'..'\uDBFF' && i + 1 < s.length && s[i + 1] in '\uDC00'..'\uDFFF') {
                return ((c - '\uD800') shl 10) + (s[i + 1] - '\uDC00') + 0x10000
            }
            return c - '\u0000'
        }

        /** How many UTF-16 units the code point takes. */
        private fun charCount(cp: Int): Int = if (cp >= 0x10000) 2 else 1

        /** Appends the code point (a surrogate pair beyond U+FFFF). */
        private fun appendCodePoint(out: StringBuilder, cp: Int) {
            if (cp >= 0x10000) {
                out.append('\uD800' + ((cp - 0x10000) shr 10))
                out.append('\uDC00' + ((cp - 0x10000) and 0x3FF))
            } else {
                out.append('\u0000' + cp)
            }
        }

        /** Whether cp is in SPOKEN. */
        private fun inSpokenRanges(cp: Int): Boolean {
            var low = 0
            var high = SPOKEN.size / 2 - 1
            while (low <= high) {
                val middle = (low + high) ushr 1
                if (cp < SPOKEN[2 * middle]) {
                    high = middle - 1
                } else if (cp > SPOKEN[2 * middle + 1]) {
                    low = middle + 1
                } else {
                    return true
                }
            }
            return false
        }

        /**
         * First and last code point of each range of characters Speakable calls spoken (Alphabetic
         * or numeric in Swift's Unicode data) that Char.isLetter, isDigit and the number categories
         * do not see: marks and symbols with Other_Alphabetic, and every one beyond U+FFFF.
         */
        private val SPOKEN = intArrayOf(
    %SPOKEN_RANGES%
        )
    """#
}
