import SeededRandom
import Testing
@testable import SpeakableICU

/// ICU hands back UTF-16; `ICUText.string` turns it into a String in one pass. It must make
/// exactly the String the standard library's decoder makes, unpaired surrogates included.
@Suite struct ICUTextTests {
    static func decoded(_ units: [UInt16]) -> (ours: String, library: String) {
        units.withUnsafeBufferPointer { (ICUText.string($0), String(decoding: $0, as: UTF16.self)) }
    }

    @Test func knownTextsDecodeAsTheLibraryDecodes() {
        let texts = ["", "0", "1,234", "１２３", "12 345", "١٬٢٣٤", "-1.234.567", "열두 칸", "🎲 3", "a\u{0}b"]
        for text in texts {
            let (ours, library) = Self.decoded(Array(text.utf16))
            #expect(ours == library, "\(text)")
            #expect(ours == text)
            #expect(Array(ours.utf8) == Array(text.utf8))
        }
    }

    @Test func unpairedSurrogatesBecomeReplacementCharacters() {
        // A high surrogate at the end, before a letter, a low one alone, and two highs in a row.
        let cases: [[UInt16]] = [[0x31, 0xD83C], [0xD83C, 0x41], [0xDC00, 0x42], [0xD800, 0xD800, 0xDC00], [0xDFFF]]
        for units in cases {
            let (ours, library) = Self.decoded(units)
            #expect(ours == library, "\(units)")
            #expect(Array(ours.utf8) == Array(library.utf8), "\(units)")
            #expect(ours.unicodeScalars.contains("\u{FFFD}"), "\(units)")
        }
    }

    @Test func generatedUnitsDecodeAsTheLibraryDecodes() {
        var random = SplitMix(seed: 0x1C0_7E47)
        // Each range is one kind of unit: ASCII, two-byte, three-byte, high and low surrogates.
        let ranges: [ClosedRange<UInt16>] = [0x00...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xD800...0xDBFF, 0xDC00...0xDFFF, 0xE000...0xFFFF]
        for _ in 0..<5_000 {
            let units = (0..<random.below(24)).map { _ -> UInt16 in
                let range = random.pick(ranges)
                return range.lowerBound + UInt16(random.below(Int(range.upperBound - range.lowerBound) + 1))
            }
            let (ours, library) = Self.decoded(units)
            #expect(Array(ours.utf8) == Array(library.utf8), "\(units)")
        }
    }
}
