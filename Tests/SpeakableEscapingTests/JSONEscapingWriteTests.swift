@testable import SpeakableEscaping
import Testing
import SpeakableTestSupport

/// `JSONEscaping.write(_:style:to:)`, the escaper that writes through a pointer, writes the bytes
/// the general `append(_:to:style:)` appends, in both styles.
@Suite struct JSONEscapingWriteTests {
    static func written(_ text: String, style: JSONEscaping.Style) -> [UInt8] {
        let capacity = JSONEscaping.maximumLiteralSize(ofUTF8Count: text.utf8.count)
        return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            count = JSONEscaping.write(text, style: style, to: buffer.baseAddress!)
        }
    }

    static func appended(_ text: String, style: JSONEscaping.Style) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONEscaping.append(text, to: &bytes, style: style)
        return bytes
    }

    /// Hostile strings, each code point below U+0080 alone and inside ASCII runs of every
    /// length around a word (what is read eight bytes at a time), the escaped three-byte
    /// sequences and their near misses, and the empty string.
    static let texts: [String] = {
        var texts = HostileStrings.generate(count: 1_500) + [""]
        for value in 0..<0x80 {
            let scalar = String(Unicode.Scalar(UInt8(value)))
            texts.append(scalar)
            for before in [0, 1, 7, 8, 9, 15, 16] {
                texts.append(String(repeating: "a", count: before) + scalar + String(repeating: "b", count: 17 - before))
            }
        }
        for special in ["\u{FEFF}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}", "\u{FEFE}", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "한국어"] {
            for before in 0..<10 { texts.append(String(repeating: "x", count: before) + special + String(repeating: "y", count: 9 - before)) }
            texts.append(special + special)
        }
        return texts
    }()

    @Test(arguments: [JSONEscaping.Style.standard, .xcode])
    func writesWhatAppendAppends(style: JSONEscaping.Style) {
        for text in Self.texts {
            #expect(Self.written(text, style: style) == Self.appended(text, style: style), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// The room asked for is enough for the worst text (every byte a `\u00XX`).
    @Test func theWorstTextFitsTheRoomAskedFor() {
        let worst = String(repeating: "\u{1}", count: 100)
        let bytes = Self.written(worst, style: .xcode)
        #expect(bytes.count == JSONEscaping.maximumLiteralSize(ofUTF8Count: 100))
        #expect(bytes == Self.appended(worst, style: .xcode))
    }
}
