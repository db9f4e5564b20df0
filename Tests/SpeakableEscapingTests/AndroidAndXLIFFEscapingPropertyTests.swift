import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpeakableEscaping
import Testing
import SpeakableTestSupport

/// Android's and XLIFF's escaping over the generated hostile strings, read back by libxml2
/// (Foundation's XMLParser) and then by each format's own decoding: aapt2's (``AndroidEscaping/Decoder``)
/// and XLIFF 2.0's `<cp hex>` code points.

/// Collects the text of every `<t>` element, with each `<cp hex="…"/>` inside it as its character.
final class CodePointCollector: NSObject, XMLParserDelegate {
    var texts: [String] = []
    var badCodePoints: [String] = []
    private var current: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "t" { current = "" }
        if name == "cp" {
            let hex = attributes["hex"] ?? ""
            // XLIFF 2.0: the hexadecimal value of the code point, read here independently of
            // XLIFFEscaping.codePoint(hex:) (which the XLIFF reader uses; both must agree).
            if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value), XLIFFEscaping.codePoint(hex: hex) == scalar {
                current?.unicodeScalars.append(scalar)
            } else {
                badCodePoints.append(hex)
            }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { current? += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "t", let current { texts.append(current) }
        if name == "t" { current = nil }
    }
}

/// The texts of `<t>` elements holding `escaped` of each string, as libxml2 reads them.
func readBack(_ strings: [String], _ escaped: (String) -> String) -> (parsed: Bool, collector: CodePointCollector, error: String) {
    var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<root>\n"
    for text in strings { document += "<t>" + escaped(text) + "</t>\n" }
    document += "</root>\n"
    let parser = XMLParser(data: Data(document.utf8))
    let collector = CodePointCollector()
    parser.delegate = collector
    let parsed = parser.parse()
    return (parsed, collector, parser.parserError.map { "\($0)" } ?? "")
}

@Suite struct AndroidEscapingTests {
    @Test func libxml2AndAapt2DecodingReadBackEveryString() {
        let (parsed, collector, error) = readBack(hostile) { AndroidEscaping.text($0) }
        #expect(parsed, "libxml2: \(error)")
        #expect(collector.texts.count == hostile.count)
        for (index, text) in hostile.enumerated() where index < collector.texts.count {
            var decoder = AndroidEscaping.Decoder()
            let apostrophes = decoder.decode(Array(collector.texts[index].utf8))
            #expect(apostrophes == 0, "string \(index): \(text.debugDescription)")
            // U+0000 is the one character an Android string cannot hold: U+FFFD stands for it.
            let expected = text.unicodeScalars.map { $0 == "\u{0}" ? 0xFFFD : $0.value }
            #expect(decoder.text.scalarValues == expected, "string \(index): \(text.debugDescription)")
            #expect(decoder.scalars == expected.count)
        }
    }

    @Test func piecesEscapedApartDecodeAsOneText() {
        // A string written in pieces around an element: each piece escaped for its place.
        for text in hostile.prefix(200) where text.unicodeScalars.count >= 2 {
            let scalars = Array(text.unicodeScalars)
            let middle = scalars.count / 2
            var first = ""
            first.unicodeScalars.append(contentsOf: scalars[..<middle])
            var second = ""
            second.unicodeScalars.append(contentsOf: scalars[middle...])
            let escapedFirst = AndroidEscaping.text(first, atStart: true, atEnd: false)
            let escapedSecond = AndroidEscaping.text(second, atStart: false, atEnd: true, afterSpace: first.hasSuffix(" "))
            let (parsed, collector, _) = readBack([escapedFirst, escapedSecond]) { $0 }
            guard parsed, collector.texts.count == 2 else {
                Issue.record("libxml2 rejected the pieces of \(text.debugDescription)")
                continue
            }
            var decoder = AndroidEscaping.Decoder()
            decoder.decode(Array(collector.texts[0].utf8))
            decoder.decode(Array(collector.texts[1].utf8))
            let expected = text.unicodeScalars.map { $0 == "\u{0}" ? 0xFFFD : $0.value }
            #expect(decoder.text.scalarValues == expected, "\(text.debugDescription)")
        }
    }

    @Test func decoderReadsAapt2Escapes() {
        var decoder = AndroidEscaping.Decoder()
        decoder.decode(Array(#"  Don\'t "  go"\u0021 "#.utf8))
        #expect(decoder.text == "Don't   go!")
        decoder.reset()
        #expect(decoder.decode(Array("it's".utf8)) == 1)
        #expect(decoder.text == "it's")
        decoder.reset()
        decoder.decode(Array(#"\u00e9\u12\n\t\@"#.utf8))
        #expect(decoder.text == "é\n\t@")  // a malformed \u is dropped
        #expect(decoder.text(fromScalar: 1) == "\n\t@")
        #expect(AndroidEscaping.unicodeEscape("\u{1}") == "\\u0001")
        #expect(AndroidEscaping.text("a\u{1}b\u{FFFE}") == "a\\u0001b\\uFFFE")
    }

    /// Writers escape into their file's buffer: what is appended is `text(_:)`, for every
    /// position flag and after what the buffer holds.
    @Test func appendedTextIsTheEscapedText() {
        for text in hostile + ["", " ", "  two", "end ", "@x", "?x", "x@", "O'Coins & <b>"] {
            for (atStart, atEnd, afterSpace) in [(true, true, false), (false, false, true), (false, true, false), (true, false, true)] {
                var out = Array("<string>".utf8)
                AndroidEscaping.appendText(text, to: &out, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace)
                let expected = "<string>" + AndroidEscaping.text(text, atStart: atStart, atEnd: atEnd, afterSpace: afterSpace)
                #expect(out == Array(expected.utf8), "\(text.debugDescription)")
            }
        }
    }
}

@Suite struct XLIFFEscapingTests {
    @Test func libxml2AndCodePointsReadBackEverySegment() {
        let (parsed, collector, error) = readBack(hostile) { XLIFFEscaping.segment($0) }
        #expect(parsed, "libxml2: \(error)")
        #expect(collector.badCodePoints.isEmpty, "\(collector.badCodePoints)")
        #expect(collector.texts.count == hostile.count)
        for (index, text) in hostile.enumerated() where index < collector.texts.count {
            #expect(collector.texts[index].scalarValues == text.scalarValues, "segment \(index): \(text.debugDescription)")
        }
    }

    @Test func notesShowWhatXMLCannotCarry() {
        let (parsed, collector, error) = readBack(hostile) { XLIFFEscaping.note($0) }
        #expect(parsed, "libxml2: \(error)")
        for (index, text) in hostile.enumerated() where index < collector.texts.count {
            var visible = ""
            for scalar in text.unicodeScalars {
                if XMLEscaping.isCharacter(scalar) { visible.unicodeScalars.append(scalar) } else { visible += VisibleText.notation(scalar) }
            }
            #expect(collector.texts[index] == visible, "note \(index): \(text.debugDescription)")
        }
    }

    @Test func codePoints() {
        #expect(XLIFFEscaping.segment("a\u{1}b & c") == "a<cp hex=\"0001\"/>b &amp; c")
        #expect(XLIFFEscaping.codePointElement("\u{FFFF}") == "<cp hex=\"FFFF\"/>")
        #expect(XLIFFEscaping.codePoint(hex: "0001") == "\u{1}")
        #expect(XLIFFEscaping.codePoint(hex: "1F600") == "\u{1F600}")
        #expect(XLIFFEscaping.codePoint(hex: "D800") == nil)
        #expect(XLIFFEscaping.codePoint(hex: "0000001") == nil)
        #expect(XLIFFEscaping.codePoint(hex: "zz") == nil)
    }
}

@Suite struct HexDigitsTests {
    @Test func paddedAndValues() {
        #expect(HexDigits.padded(0x1, width: 4) == "0001")
        #expect(HexDigits.padded(0xFFFE, width: 4, uppercase: false) == "fffe")
        #expect(HexDigits.padded(0x1F600, width: 4) == "1F600")
        #expect(HexDigits.padded(UInt8(0xA), width: 2) == "0A")
        #expect(HexDigits.padded(0, width: 1) == "0")
        for value in [0, 1, 0xF, 0x10, 0xFF, 0xABC, 0xFFFF, 0x10FFFF] as [UInt32] {
            for width in 1...8 {
                let digits = HexDigits.padded(value, width: width)
                #expect(digits.count == max(width, String(value, radix: 16).count))
                #expect(UInt32(digits, radix: 16) == value)
            }
        }
        for byte in UInt8.min...UInt8.max {
            #expect(HexDigits.value(of: byte) == UInt32(String(UnicodeScalar(byte)), radix: 16))
        }
    }
}
