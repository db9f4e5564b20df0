import Testing
@testable import SpeakableChecker

/// ``PhraseMatching/containsIgnoringASCIICase(_:_:)`` finds where a needle may start eight bytes
/// at a time: it answers as its byte-by-byte definition does, on random texts and needles of
/// letters in both cases, the bytes next to the letters (`@`, `[`, `` ` ``, `{`), digits,
/// spaces and non-ASCII text, the needle at every offset and across every word boundary.
@Suite struct PhraseMatchingTests {
    /// ``PhraseMatching/containsIgnoringASCIICase(_:_:)`` byte by byte: its definition.
    static func containsIgnoringASCIICaseByBytes(_ text: String, _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        let t = Array(text.utf8)
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

    @Test func containsAsByteByByte() {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        let pieces = ["a", "A", "t", "T", "p", "P", "z", "Z", "@", "[", "`", "{", " ", "1", "é", "É", "탭", "두 번", "\u{1F389}", "ta", "TAP",
                      "Tap", "double", "DOUBLE", "\u{41}\u{301}"]
        let needles = ["a", "t", "tap", "double tap", "@", "`", "{", "1", "é", "탭", "두 번 탭", "z", "zz", "tap tap", "abcdefghij"]
        var checked = 0
        var found = 0
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<next(24) { text += pieces[next(pieces.count)] }
            let needle = Array(needles[next(needles.count)].utf8)
            let expected = Self.containsIgnoringASCIICaseByBytes(text, needle)
            #expect(PhraseMatching.containsIgnoringASCIICase(text, needle) == expected, "\(text) / \(String(decoding: needle, as: UTF8.self))")
            checked += 1
            if expected { found += 1 }
        }
        // The needle at every offset of texts longer than two words, its first letter in either case.
        for n in ["tap", "double tap", "@x", "탭"] {
            let needle = Array(n.utf8)
            for length in 0..<24 {
                for at in 0...length {
                    for capital in [false, true] {
                        var bytes = [UInt8](repeating: 0x78, count: length)  // x
                        var written = needle
                        if capital, written[0] >= 0x61, written[0] <= 0x7A { written[0] -= 32 }
                        bytes.insert(contentsOf: written, at: at)
                        let text = String(decoding: bytes, as: UTF8.self)
                        #expect(PhraseMatching.containsIgnoringASCIICase(text, needle), "\(text)")
                        #expect(PhraseMatching.containsIgnoringASCIICase(String(text.dropLast()), needle)
                                == Self.containsIgnoringASCIICaseByBytes(String(text.dropLast()), needle), "\(text)")
                    }
                }
            }
        }
        #expect(found > 1_000 && found < checked - 1_000, "\(found) of \(checked) contain the needle")
        #expect(PhraseMatching.containsIgnoringASCIICase("anything", []))
        #expect(!PhraseMatching.containsIgnoringASCIICase("", Array("a".utf8)))
    }
}
