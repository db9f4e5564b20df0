import Testing
import SpeakableXML

/// The byte classes both XML readers use, against XML 1.0's productions (ASCII part) and
/// against what the reader accepts as a name.
@Suite struct XMLCharactersTests {
    @Test func asciiClassesFollowTheProductions() {
        for b in UInt8.min...UInt8.max {
            let c = Character(Unicode.Scalar(b))
            let start = b < 0x80 && (c == ":" || c == "_" || ("A"..."Z").contains(c) || ("a"..."z").contains(c))
            let char = start || (b < 0x80 && (c == "-" || c == "." || ("0"..."9").contains(c)))
            #expect(XMLCharacters.isASCIINameStart(b) == start, "\(b)")
            #expect(XMLCharacters.isASCIINameChar(b) == char, "\(b)")
            #expect(XMLCharacters.isSpace(b) == (b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D), "\(b)")
        }
    }

    @Test func readerReadsEveryASCIINameTheTablesAllow() {
        for b in UInt8(0x21)..<0x7F where b != 0x3E && b != 0x2F {
            let name = "a" + String(Unicode.Scalar(b))
            let result = XMLReader.read(Array("<\(name)/>".utf8), file: "t.xml")
            #expect((result.document != nil && result.diagnostics.isEmpty) == XMLCharacters.isASCIINameChar(b), "\(name)")
        }
    }
}
