import SpeakableDiagnostics
import Testing

/// `UTF8Search` against the standard library (the oracle): the same answers as
/// `String.contains` and `Array(text.utf8) ==` on random texts of ASCII, markup and multi-byte
/// characters, and on the edges (empty needle, needle longer than the text, equal lengths).
@Suite struct UTF8SearchTests {
    static let pieces = ["%", "arg", "%arg", "Self.", "integer(", "a", "é", "한", "😀", " ", "{", "}", "\u{0}", "\n"]

    @Test func containsAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let needle = (0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            // Byte containment: the oracle is the UTF-8 sequence search, which for valid text
            // equals String.contains except across a combining boundary (none in these pieces).
            #expect(UTF8Search.contains(text, needle) == text.contains(needle), "\(text.debugDescription) / \(needle.debugDescription)")
        }
        #expect(UTF8Search.contains("", ""))
        #expect(!UTF8Search.contains("%a", "%arg"))
        #expect(UTF8Search.contains("Row %arg", "%arg"))
    }

    @Test func equalAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let a = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            let b = Bool.random(using: &generator) ? a : (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            #expect(UTF8Search.equal(Array(a.utf8), b) == (Array(a.utf8) == Array(b.utf8)))
        }
        #expect(UTF8Search.equal([], ""))
        #expect(!UTF8Search.equal([0x61], ""))
        #expect(!UTF8Search.equal(Array("ab".utf8), "ac"))
    }
}
