/// The Korean particle resolver that generated accessors carry when a translation writes a
/// particle after a value only known at run time (`{piece}을(를)`, `{n}이(가)`).
///
/// The accessors are compiled into the app without ICU or Speakable, so this is plain Swift:
/// the same rules as `SpeakableParticles` (``KoreanParticles``) — Hangul as written, Latin
/// words by their sound (iPhone 아이폰, acronyms letter by letter), `%` 퍼센트 — with numbers
/// read as ICU's Korean spellout reads them (the last syllable of the Sino-Korean reading: 3 삼,
/// 2 이, 10 십, 10,000 만, 10^12 조) computed from the digits, fractions digit by digit with
/// their trailing zeros (2.00 이점영영), clock times by their minutes (9:05 분, 9:00 시), one
/// digit right after Latin letters in English (MP3 쓰리), full-width digits and circled numbers
/// (３, ①) as numbers. A string argument followed by notation is passed wrapped in U+FDD0 … U+FDD1; after formatting, the text between the markers picks the
/// form of the notation after it (an empty value drops it), and a number printed right before
/// notation picks it by its reading. Every marker is removed.
///
/// Tests compile this source with `swiftc` and compare it with `SpeakableParticles` on the
/// shared josa cases and with ICU's spellout on numbers.
enum SwiftParticleResolver {
    static let source = #"""
        /// A string argument that a Korean particle follows in some translation.
        private static func marked(_ value: String) -> String { String(markerOpen) + value + String(markerClose) }

        /// Noncharacters (U+FDD0, U+FDD1) around a marked value; no text contains them.
        private static let markerOpen = Unicode.Scalar(0xFDD0 as UInt32)!, markerClose = Unicode.Scalar(0xFDD1 as UInt32)!

        /// Resolves Korean particle notation (을(를), 이(가), 은(는), 과(와), 아(야), (으)로, (이)나,
        /// (이)에요…) after each marked value and each number, from how the value ends when
        /// spoken; removes the markers.
        private static func particles(_ text: String) -> String {
            let s = Array(text.unicodeScalars)
            guard s.contains(where: { $0 == markerOpen || $0 == "(" }) else { return text }
            var out: [Unicode.Scalar] = []
            var starts: [Int] = []
            var i = 0
            while i < s.count {
                let c = s[i]
                if c == markerOpen {
                    starts.append(out.count)
                    i += 1
                    continue
                }
                if c == markerClose {
                    i += 1
                    let start = starts.popLast() ?? out.count
                    if let particle = particle(s, at: i) {
                        if let sound = finalSound(out[start...]) { out += particle.form(sound).unicodeScalars }
                        i += particle.length
                    }
                    continue
                }
                if let last = out.last, ("0"..."9").contains(last), starts.isEmpty, let particle = particle(s, at: i),
                   let sound = finalSound(out[...]) {
                    out += particle.form(sound).unicodeScalars
                    i += particle.length
                    continue
                }
                out.append(c)
                i += 1
            }
            var result = String.UnicodeScalarView()
            result.append(contentsOf: out)
            return String(result)
        }

        /// 0: ends in a vowel; 1: in ㄹ; 2: in another consonant.
        private struct Particle {
            let consonant: String, vowel: String, rieulTakesVowel: Bool, length: Int
            func form(_ sound: Int) -> String { sound == 0 || (sound == 1 && rieulTakesVowel) ? vowel : consonant }
        }

        private static func particle(_ s: [Unicode.Scalar], at i: Int) -> Particle? {
            let head = Array(s[i..<min(i + 5, s.count)])
            guard head.count >= 3 else { return nil }
            if head[0] == "(" {
                guard head[1] == "으" || head[1] == "이", head[2] == ")" else { return nil }
                if head[1] == "으" { return Particle(consonant: "으", vowel: "", rieulTakesVowel: true, length: 3) }
                if head.count == 5, head[3] == "에", head[4] == "요" { return Particle(consonant: "이에요", vowel: "예요", rieulTakesVowel: false, length: 5) }
                if head.count >= 4, head[3] == "었" { return Particle(consonant: "이었", vowel: "였", rieulTakesVowel: false, length: 4) }
                return Particle(consonant: "이", vowel: "", rieulTakesVowel: false, length: 3)
            }
            guard head.count >= 4, head[1] == "(", head[3] == ")" else { return nil }
            for (consonant, vowel) in [("이", "가"), ("을", "를"), ("은", "는"), ("과", "와"), ("아", "야")] as [(Unicode.Scalar, Unicode.Scalar)]
            where (head[0] == consonant && head[2] == vowel) || (head[0] == vowel && head[2] == consonant) {
                return Particle(consonant: String(consonant), vowel: String(vowel), rieulTakesVowel: false, length: 4)
            }
            return nil
        }

        private static func isSpoken(_ s: Unicode.Scalar) -> Bool {
            let v = s.value
            if v < 0x80 { return (v >= 0x30 && v <= 0x39) || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A) }
            if v >= 0xAC00 && v <= 0xD7A3 { return true }
            return s.properties.isAlphabetic || s.properties.numericType != nil
        }

        /// How the text ends when spoken; nil for an empty text.
        private static func finalSound(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
            var any = false
            var last: Unicode.Scalar?
            var number: [Unicode.Scalar] = []
            var pending: Unicode.Scalar?
            var closed = false
            var word: [Unicode.Scalar] = []
            var inWord = false
            var clock = 0            // the number's part of a clock time: 1 hours, 2 minutes, 3 seconds
            var afterColon = false
            var afterLetter = false  // the number follows a Latin letter directly (MP3)
            for scalar in scalars {
                any = true
                let s = scalar.value >= 0xFF10 && scalar.value <= 0xFF19 ? Unicode.Scalar(scalar.value - 0xFF10 + 0x30)! : scalar
                let digit = s.value >= 0x30 && s.value <= 0x39
                if digit {
                    if afterColon { number = []; clock += 1; afterLetter = false }
                    else if closed || number.isEmpty { number = []; clock = 0; afterLetter = inWord }
                    closed = false
                    afterColon = false
                    if let separator = pending { number.append(separator) }
                    pending = nil
                    number.append(s)
                    last = s
                    inWord = false
                } else if s == ":", !closed, pending == nil, !afterColon, isClockPart(number, clock) {
                    afterColon = true
                    if clock == 0 { clock = 1 }
                    inWord = false
                } else if s == "," || (s == "." && !number.contains(".")), !number.isEmpty, !closed, pending == nil, !afterColon {
                    pending = s
                    inWord = false
                } else {
                    pending = nil
                    afterColon = false
                    if s.value | 0x20 >= 0x61 && s.value | 0x20 <= 0x7A {
                        if !inWord { word.removeAll(keepingCapacity: true) }
                        word.append(s)
                        inWord = true
                    } else {
                        inWord = false
                    }
                    if isSpoken(s) || symbolSound(s) != nil {
                        last = s
                        number = []
                        closed = false
                    } else {
                        closed = true
                    }
                }
            }
            guard any else { return nil }
            guard let last else { return 0 }
            if last.value >= 0x30 && last.value <= 0x39 {
                // A clock's minutes: 9:05 오 분, 9:00 아홉 시; its seconds: 초.
                if clock >= 2, number.count == 2, isClockPart(number, 2) { return clock == 2 && number != ["0", "0"] ? 2 : 0 }
                //                               zero one two three four five six seven eight nine
                if afterLetter, number.count == 1 { return [0, 2, 0, 0, 0, 0, 0, 2, 0, 2][Int(number[0].value - 0x30)] }
                return numberSound(number)
            }
            if last.value | 0x20 >= 0x61 && last.value | 0x20 <= 0x7A { return latinWordSound(word) }
            if let value = circledNumber(last) { return numberSound(Array(String(value).unicodeScalars)) }
            if let sound = symbolSound(last) { return sound }
            return letterSound(last)
        }

        /// Whether a clock's ":" can follow the number: an hour (one or two digits) or minutes (two).
        private static func isClockPart(_ number: [Unicode.Scalar], _ clock: Int) -> Bool {
            guard number.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }) else { return false }
            return (clock == 0 && (number.count == 1 || number.count == 2)) || (clock == 2 && number.count == 2)
        }

        /// The number of a circled, parenthesized or dotted number sign (① 1, ㊿ 50, ⑴ 1, ⒈ 1).
        private static func circledNumber(_ s: Unicode.Scalar) -> Int? {
            let v = Int(s.value)
            switch v {
            case 0x2460...0x2473: return v - 0x2460 + 1
            case 0x2474...0x2487: return v - 0x2474 + 1
            case 0x2488...0x249B: return v - 0x2488 + 1
            case 0x24EA, 0x24FF: return 0
            case 0x24EB...0x24F4: return v - 0x24EB + 11
            case 0x24F5...0x24FE: return v - 0x24F5 + 1
            case 0x2776...0x277F: return v - 0x2776 + 1
            case 0x2780...0x2789: return v - 0x2780 + 1
            case 0x278A...0x2793: return v - 0x278A + 1
            case 0x3251...0x325F: return v - 0x3251 + 21
            case 0x32B1...0x32BF: return v - 0x32B1 + 36
            default: return nil
            }
        }

        private static func letterSound(_ last: Unicode.Scalar) -> Int {
            switch last.value {
            case 0xAC00...0xD7A3:
                let final = (last.value - 0xAC00) % 28
                return final == 0 ? 0 : final == 8 ? 1 : 2
            case 0x3131...0x314E: return last.value == 0x3139 ? 1 : 2
            case 0x314F...0x3163: return 0
            default: break
            }
            switch last {
            case "L", "l", "R", "r": return 1
            case "M", "m", "N", "n": return 2
            default: return 0
            }
        }

        /// Symbols said as a word: % 퍼센트, ‰ 퍼밀, ° ℃ ℉ 도.
        private static func symbolSound(_ s: Unicode.Scalar) -> Int? {
            switch s.value {
            case 0x25, 0xFF05, 0xFE6A, 0xB0, 0x2103, 0x2109: return 0
            case 0x2030: return 1
            default: return nil
            }
        }

        /// A word in Latin letters by its sound as Korean writes loanwords (iPhone 아이폰, Google
        /// 구글, App 앱, Web 웹, Deep 딥, Type 타입, Sheet 시트; the name Park 박); acronyms letter
        /// by letter (URL 유알엘).
        private static func latinWordSound(_ letters: [Unicode.Scalar]) -> Int {
            guard let lastLetter = letters.last else { return 0 }
            let isUpper: (Unicode.Scalar) -> Bool = { $0.value >= 0x41 && $0.value <= 0x5A }
            let c = letters.map { isUpper($0) ? Unicode.Scalar($0.value | 0x20)! : $0 }
            let vowels: Set<Unicode.Scalar> = ["a", "e", "i", "o", "u"]
            if letters.count == 1 || (letters.allSatisfy(isUpper) && (letters.count <= 3 || !c.contains(where: vowels.contains))) {
                return letterSound(lastLetter)
            }
            let n = c.count
            if letters == ["P", "a", "r", "k"] { return 2 }
            if n >= 3, c[n - 1] == "k", (c[n - 3] == "a" && c[n - 2] == "e") || (c[n - 3] == "e" && c[n - 2] == "o") { return 2 }
            if n >= 4, c[n - 4] == "t", c[n - 3] == "y", c[n - 2] == "p", c[n - 1] == "e" { return 2 }
            func isVowel(_ i: Int) -> Bool { i >= 0 && i < n && vowels.contains(c[i]) }
            func shortVowel(before i: Int) -> Bool {
                var j = i - 1
                if j >= 0, c[j] == c[i] { j -= 1 }
                guard isVowel(j) else { return false }
                if j >= 1, c[j] == "o", c[j - 1] == "o", c[i] == "k" { return true }
                return !isVowel(j - 1)
            }
            if n >= 3, c[n - 1] == "e", !isVowel(n - 2), c[n - 2] != "y" {
                switch c[n - 2] {
                case "l": return 1
                case "m", "n": return 2
                default: return 0
                }
            }
            switch c[n - 1] {
            case "m", "n": return 2
            case "l": return 1
            case "g": return c[n - 2] == "n" ? 2 : 0
            case "k": return c[n - 2] == "c" || shortVowel(before: n - 1) ? 2 : 0
            case "p": return (n >= 3 && c[n - 3] == "e" && (c[n - 2] == "e" || c[n - 2] == "a")) || shortVowel(before: n - 1) ? 2 : 0
            case "c", "t": return shortVowel(before: n - 1) ? 2 : 0
            case "b":
                if c[n - 2] == "m" { return 2 }
                if n >= 3, c[n - 3] == "h", c[n - 2] == "u" { return 0 }
                return shortVowel(before: n - 1) ? 2 : 0
            default: return 0
            }
        }

        /// The last syllable of a number's Sino-Korean reading: a fraction ends in its last
        /// digit, zeros too (일점오, 이점영영); a whole number in its last digit, or in the unit of
        /// its trailing zeros (십, 백, 천, 만, 억, 조, 경).
        private static func numberSound(_ written: [Unicode.Scalar]) -> Int {
            //                 영 일 이 삼 사 오 육 칠 팔 구
            let digits: [Int] = [2, 1, 0, 2, 0, 0, 2, 1, 1, 0]
            let parts = written.filter { $0 != "," }.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count > 1, let digit = parts[1].last { return digits[Int(digit.value - 0x30)] }
            let whole = Array(parts.first ?? [])
            guard let lastNonZero = whole.lastIndex(where: { $0 != "0" }) else { return 2 }   // 영
            let zeros = whole.count - 1 - lastNonZero
            if zeros == 0 { return digits[Int(whole[lastNonZero].value - 0x30)] }
            switch zeros % 4 {
            case 1, 2, 3: return 2                                  // 십, 백, 천
            default:
                //            만 억 조 경 해
                let units = [2, 2, 0, 2, 0]
                return units[min(zeros / 4, units.count) - 1]
            }
        }
    """#
}
