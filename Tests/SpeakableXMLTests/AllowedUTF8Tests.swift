import SpeakableDiagnostics
import SpeakableXML
import Testing

/// The one-pass check of a document's bytes against the two checks it stands for: well-formed
/// UTF-8 (``UTF8Validation/firstInvalid(_:)``) and no character XML disallows
/// (``XMLReader/firstDisallowedCharacter(_:)``), on random byte strings biased towards text and
/// near-UTF-8, and on each troublesome sequence at every offset of an eight-byte word.
@Suite struct AllowedUTF8Tests {
    static func twoChecks(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid($0) == nil && XMLReader.firstDisallowedCharacter($0) == nil }
    }

    static func oneCheck(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(XMLReader.isAllowedUTF8) }

    @Test func edgeCases() {
        #expect(Self.oneCheck([]))
        #expect(Self.oneCheck(Array("<a>\tcafé 칸 😀\r\n</a>".utf8)))
        #expect(!Self.oneCheck(Array("<a>x\u{1}</a>".utf8)))
        #expect(!Self.oneCheck([0x61, 0xC3]))
        #expect(!Self.oneCheck([0xEF, 0xBF, 0xBE]) && !Self.oneCheck([0xEF, 0xBF, 0xBF]) && Self.oneCheck([0xEF, 0xBF, 0xBD]))
        #expect(Self.oneCheck([0x7F, 0xC2, 0x80, 0xC2, 0x9F]))  // DEL and C1 controls are XML characters
    }

    /// Each sequence alone among ASCII letters, at each place of the words around it.
    @Test func everySequenceAtEveryOffset() {
        let sequences: [[UInt8]] = [[0x00], [0x01], [0x08], [0x09], [0x0A], [0x0B], [0x0D], [0x1F], [0x20], [0x7F], [0x80], [0xBF],
                                    [0xC0, 0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xC3, 0xA9], [0xDF, 0xBF], [0xC3], [0xC3, 0x41],
                                    [0xE0, 0x9F, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEE, 0x80, 0x80],
                                    [0xEF, 0xBF, 0xBD], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF], [0xE2, 0x82], [0xE2, 0x82, 0x41],
                                    [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80],
                                    [0xF0, 0x9F, 0x98], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF]]
        for sequence in sequences {
            for place in 0..<17 {
                for after in [0, 1, 9] {
                    let bytes = Array(repeating: UInt8(0x61), count: place) + sequence + Array(repeating: UInt8(0x62), count: after)
                    #expect(Self.oneCheck(bytes) == Self.twoChecks(bytes), "\(sequence) at \(place), \(after) after")
                }
            }
        }
    }

    @Test func randomBytesAgreeWithTheTwoChecks() {
        let pieces: [[UInt8]] = [Array("abcdefgh".utf8), Array(" <b>".utf8), [0x0A], [0x09], [0x0D], [0x01], [0x7F], Array("é".utf8),
                                 Array("Ж".utf8), Array("漢".utf8), Array("😀".utf8), Array("\u{FFFD}".utf8), [0xEF, 0xBF, 0xBE],
                                 [0xEF, 0xBF], [0xC3], [0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0x80]]
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var allowed = 0
        for _ in 0..<20000 {
            var bytes: [UInt8] = []
            // Mostly text: a troublesome piece in about one string of three.
            let troublesome = next() % 3 == 0
            for _ in 0..<(next() % 12) {
                let limit = troublesome ? pieces.count : 10
                bytes += pieces[next() % limit]
            }
            let expected = Self.twoChecks(bytes)
            if expected { allowed += 1 }
            #expect(Self.oneCheck(bytes) == expected, "\(bytes)")
        }
        #expect(allowed > 5000 && allowed < 19000)
    }
}
