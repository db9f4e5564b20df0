import SpeakableDiagnostics
import SpeakableXML
import Testing

@Suite struct XMLReaderTests {
    @Test func readsElementsAttributesAndTextWithPositions() throws {
        let source = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- licence -->
        <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
            <string name="hello" translatable="false">Hi &amp; bye &#x1F600;</string>
            <plurals name="n">
                <item quantity="one">행 <xliff:g id="n">%d</xliff:g>개</item>
            </plurals>
        </resources>
        """
        let result = XMLReader.read(source, file: "strings.xml")
        #expect(result.diagnostics.isEmpty)
        let document = try #require(result.document)
        #expect(document.declaration == #"<?xml version="1.0" encoding="utf-8"?>"#)
        #expect(document.prolog.count == 1)
        #expect(document.root.name == "resources")
        let string = document.root.elements[0]
        #expect(string["name"] == "hello")
        #expect(string["translatable"] == "false")
        #expect(string.text == "Hi & bye 😀")
        #expect(string.start == SourcePosition(line: 4, column: 5))
        #expect(string.attribute("translatable")?.valuePosition == SourcePosition(line: 4, column: 40))
        #expect(string.contentStart == SourcePosition(line: 4, column: 47))
        #expect(document.innerXML(of: string) == "Hi &amp; bye &#x1F600;")
        let item = document.root.elements[1].elements[0]
        #expect(item.text == "행 %d개")
        let g = item.elements[0]
        #expect(g.name == "xliff:g" && g.localName == "g")
        // Columns count Unicode scalars: "<item quantity=\"one\">" ends at 29, then "행 " (2 scalars).
        #expect(g.start == SourcePosition(line: 6, column: 32))
        #expect(document.outerXML(of: g) == #"<xliff:g id="n">%d</xliff:g>"#)
    }

    @Test func keepsCDATACommentsAndNormalizesLineBreaks() throws {
        let result = XMLReader.read("<a><![CDATA[<b>&]]><!--c-->x\r\ny\rz</a>")
        let root = try #require(result.document?.root)
        #expect(root.text == "<b>&x\ny\nz")
        #expect(root.children.count == 3)
        if case .comment(let c) = root.children[1] { #expect(c.text == "c") } else { Issue.record("expected a comment") }
    }

    @Test(arguments: [
        ("<a><b></a>", "xml-mismatched-tag", 1, 7),
        ("<a x='1' x='2'/>", "xml-duplicate-attribute", 1, 10),
        ("<a>\n  <b>", "xml-syntax", 2, 3),
        ("<a>&</a>", "xml-syntax", 1, 4),
        ("<a x=1/>", "xml-syntax", 1, 6),
        ("<a/><b/>", "xml-syntax", 1, 5),
        ("", "xml-syntax", 1, 1),
        ("<a>&#0;</a>", "xml-invalid-character", 1, 4),
        ("<a>&#+1;</a>", "xml-syntax", 1, 4),
    ])
    func reportsErrorsWithPositionAndId(source: String, id: String, line: Int, column: Int) {
        let result = XMLReader.read(source, file: "f.xml")
        #expect(result.document == nil)
        let diagnostic = result.diagnostics.last
        #expect(diagnostic?.id == id)
        #expect(diagnostic?.file == "f.xml")
        #expect(diagnostic?.position == SourcePosition(line: line, column: column))
    }

    @Test func unknownEntitiesAreReportedButReadingGoesOn() throws {
        let result = XMLReader.read("<a>&nbsp;x</a>")
        #expect(result.document?.root.text == "&nbsp;x")
        #expect(result.diagnostics.map(\.id) == ["xml-unknown-entity"])
    }

    @Test func invalidUTF8IsAnErrorAtItsPlace() {
        let result = XMLReader.read([0x3C, 0x61, 0x3E, 0x0A, 0x41, 0xFF, 0x3C, 0x2F, 0x61, 0x3E])
        #expect(result.document == nil)
        #expect(result.diagnostics.first?.id == "xml-invalid-utf8")
        #expect(result.diagnostics.first?.position == SourcePosition(line: 2, column: 2))
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let source = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let result = XMLReader.read(source)
        #expect(result.document == nil)
        #expect(result.diagnostics.first?.id == "xml-too-deep")
    }

    @Test func escapingRoundTripsThroughTheReader() throws {
        let text = "a & b < c > d \"q\" 'x'\nline"
        let xml = "<r v=\"\(XMLEscaping.attribute(text))\">\(XMLEscaping.text(text))</r>"
        let root = try #require(XMLReader.read(xml).document?.root)
        #expect(root["v"] == text)
        #expect(root.text == text)
    }
}

@Suite struct XMLDocumentationExampleTests {
    /// The example in XMLReader's documentation.
    @Test func mismatchedTagExample() {
        let result = XMLReader.read("<a>\n  <b x='1'/>\n</b>", file: "strings.xml")
        #expect(result.diagnostics.map(\.rendered) == ["strings.xml:3:1: error: closing tag </b> does not match <a> opened at 1:1 [xml-mismatched-tag]"])
    }
}
