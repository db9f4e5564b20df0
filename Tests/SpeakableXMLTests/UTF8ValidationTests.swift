import SpeakableDiagnostics
import Testing

/// The readers' shared UTF-8 check, judged by the standard library's validating decoder (the
/// oracle) on hand-picked edge cases and on random byte strings biased towards near-UTF-8.
@Suite struct UTF8ValidationTests {
    func firstInvalid(_ bytes: [UInt8]) -> Int? { bytes.withUnsafeBufferPointer(UTF8Validation.firstInvalid) }

    @Test func edgeCases() {
        #expect(firstInvalid([]) == nil)
        #expect(firstInvalid(Array("Row 1, 칸 😀".utf8)) == nil)
        #expect(firstInvalid([0x41, 0xC0, 0x80]) == 1)               // overlong NUL
        #expect(firstInvalid([0x41, 0x42, 0xE0, 0x80, 0x80]) == 2)   // overlong 3-byte
        #expect(firstInvalid([0xED, 0xA0, 0x80]) == 0)               // a surrogate, U+D800
        #expect(firstInvalid([0xF4, 0x90, 0x80, 0x80]) == 0)         // past U+10FFFF
        #expect(firstInvalid([0x41, 0xE2, 0x82]) == 1)               // truncated at the end
        #expect(firstInvalid([0x80]) == 0)                           // a stray continuation byte
        #expect(firstInvalid([0xF8, 0x88, 0x80, 0x80, 0x80]) == 0)   // five-byte forms do not exist
        // Two- and three-byte sequences at their bounds.
        #expect(firstInvalid([0xC1, 0xBF]) == 0)                     // overlong U+007F
        #expect(firstInvalid([0xC2, 0x80, 0xDF, 0xBF]) == nil)       // U+0080, U+07FF
        #expect(firstInvalid([0x41, 0xC2]) == 1)                     // truncated two-byte
        #expect(firstInvalid([0xC2, 0x41]) == 0)                     // no continuation byte
        #expect(firstInvalid([0xE0, 0x9F, 0xBF]) == 0)               // overlong U+07FF
        #expect(firstInvalid([0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80, 0xEF, 0xBF, 0xBF]) == nil)  // U+0800, U+D7FF, U+E000, U+FFFF
        #expect(firstInvalid([0x41, 0xED, 0xBF, 0xBF]) == 1)         // U+DFFF, a surrogate
        #expect(firstInvalid([0xE2, 0x82, 0x41]) == 0)               // a broken third byte
    }

    @Test func stringsOfValidatedBytes() {
        for text in ["", "Row", "Row 1, 칸 😀", "a longer text past the fifteen bytes of a small string", "ü"] {
            let bytes = Array(text.utf8)
            let made = bytes.withUnsafeBufferPointer(UTF8Validation.string(validated:))
            #expect(made == text)
            #expect(made.utf8.count == bytes.count)
            #expect(made.hashValue == text.hashValue)
            #expect(UTF8Validation.string(validated: bytes) == text)
        }
        // A slice cut at character boundaries.
        let bytes = Array("칸 😀 x".utf8)
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.string(validated: UnsafeBufferPointer(rebasing: $0[4..<8])) } == "😀")
    }

    @Test func asciiIsEveryByteBelow0x80() {
        for text in ["", "a", "Row 1", "exactly8", "a text of more than eight bytes, all ASCII", "é", "1234567é", "12345678é",
                     "é12345678", "a longer text with one \u{7F} and then ü at the end"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer(UTF8Validation.isASCII) == bytes.allSatisfy { $0 < 0x80 }, "\(text)")
            // The strings it makes hash and compare as the standard library's.
            let made = bytes.withUnsafeBufferPointer(UTF8Validation.string(validated:))
            #expect(made == text && made.hashValue == text.hashValue)
        }
        #expect([UInt8](repeating: 0x80, count: 1).withUnsafeBufferPointer(UTF8Validation.isASCII) == false)
        // Every length up to 40 (under four, four to seven, whole and overlapping words), with one
        // byte of 0x80 at every place, and none.
        for length in 0...40 {
            let ascii = [UInt8](repeating: 0x41, count: length)
            #expect(ascii.withUnsafeBufferPointer(UTF8Validation.isASCII), "\(length)")
            for place in 0..<length {
                var bytes = ascii
                bytes[place] = 0x80
                #expect(!bytes.withUnsafeBufferPointer(UTF8Validation.isASCII), "\(length) \(place)")
            }
        }
    }

    @Test func agreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x41], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0x80], [0xC0], [0xED, 0xA0],
                                 [0xF4, 0x90], [0xFF], [0xE0, 0x80], [0xBF],
                                 // ASCII runs, which are checked eight bytes at a time.
                                 Array("Row %1$d".utf8), Array("streak board ".utf8), Array("KO·".utf8)]
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                bytes += Bool.random(using: &generator) ? pieces.randomElement(using: &generator)! : [UInt8.random(in: 0...255, using: &generator)]
            }
            let valid = String(validating: bytes, as: UTF8.self) != nil
            #expect((firstInvalid(bytes) == nil) == valid, "\(bytes)")
            if let bad = firstInvalid(bytes) {
                // Everything before the reported byte is valid on its own.
                #expect(String(validating: bytes[..<bad], as: UTF8.self) != nil, "\(bytes) at \(bad)")
            }
        }
    }
}
