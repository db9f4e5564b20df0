/// Finding words and phrases in text, ASCII case ignored, by UTF-8 bytes (to rule a text out) and by
/// UTF-16 units (to find where).
enum PhraseMatching {
    /// Whether the UTF-8 of `text`, ASCII lower-cased, contains `needle` (lower-case UTF-8).
    /// Where the needle may start is found eight bytes at a time: a byte whose lower-case is the
    /// needle's first byte is that byte, or, when that is a letter a–z, its capital — the byte
    /// with bit 0x20 set is then the letter.
    static func containsIgnoringASCIICase(_ text: String, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        var text = text
        return text.withUTF8 { t in
            guard t.count >= needle.count, let base = t.baseAddress else { return false }
            @inline(__always) func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b + 32 : b }
            let ones: UInt64 = 0x0101_0101_0101_0101
            let fold: UInt64 = first >= 0x61 && first <= 0x7A ? ones &* 0x20 : 0
            let wanted = ones &* UInt64(first)
            let raw = UnsafeRawPointer(base)
            let lastStart = t.count - needle.count
            var i = 0
            while i <= lastStart {
                if i + 8 <= t.count {
                    // The lowest marked byte is the first equal one (a borrow only marks bytes above it).
                    let x = (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) | fold) ^ wanted
                    let equal = (x &- ones) & ~x & (ones &* 0x80)
                    if equal == 0 {
                        i += 8
                        continue
                    }
                    i += equal.trailingZeroBitCount >> 3
                    guard i <= lastStart else { return false }
                }
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
}
