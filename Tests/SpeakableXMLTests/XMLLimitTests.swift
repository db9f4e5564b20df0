import SpeakableDiagnostics
import SpeakableXML
import Testing

/// Issue 13: each XML limit at the limit and one past (docs/limits.md).
@Suite struct XMLLimitTests {
    @Test func theLimitsAreTheDocumentedOnes() {
        #expect(XMLReader.maximumSize == 64 * 1024 * 1024)
        #expect(XMLReader.maximumDepth == 256)
        #expect(XMLReader.maximumWarnings == 100)
        let past = XMLReader.read([UInt8](repeating: 0x20, count: XMLReader.maximumSize + 1), file: "s.xml")
        #expect(past.diagnostics.map(\.rendered) == ["s.xml:1:1: error: the file is 67108865 bytes; the limit is 67108864 bytes (64 MiB) [xml-too-large]"])
    }

    @Test(arguments: [8, 64, 1000]) func sizeAtTheLimitAndOnePast(limit: Int) {
        let document = Array("<r>".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: limit - 7) + Array("</r>".utf8)
        #expect(document.count == limit)
        #expect(XMLReader.read(document, maximumSize: limit).diagnostics.isEmpty)
        #expect(XMLReader.read(document + [0x20], maximumSize: limit).diagnostics.map(\.id) == ["xml-too-large"])
    }

    @Test func depthAtTheLimitAndOnePast() {
        func nested(_ depth: Int) -> String { String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) }
        #expect(XMLReader.read(nested(XMLReader.maximumDepth)).diagnostics.isEmpty)
        #expect(XMLReader.read(nested(XMLReader.maximumDepth + 1)).diagnostics.map(\.id) == ["xml-too-deep"])
    }
}
