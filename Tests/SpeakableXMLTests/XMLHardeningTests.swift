import SpeakableDiagnostics
import SpeakableXML
import Testing

/// Issue 13: the XML reader under hostile input.
@Suite struct XMLHardeningTests {
    func document(entities: Int) -> String {
        "<resources><string name=\"x\">" + String(repeating: "&x;", count: entities) + "</string></resources>"
    }

    /// Every unknown entity was its own diagnostic: a 6 MB file wrote 16 GB of stderr.
    @Test func unknownEntitiesAreReportedUpToTheLimitThenCounted() {
        let atLimit = XMLReader.read(document(entities: XMLReader.maximumWarnings), file: "s.xml")
        #expect(atLimit.diagnostics.count == XMLReader.maximumWarnings)
        #expect(atLimit.diagnostics.allSatisfy { $0.id == "xml-unknown-entity" })
        let past = XMLReader.read(document(entities: XMLReader.maximumWarnings + 1), file: "s.xml")
        #expect(past.diagnostics.count == XMLReader.maximumWarnings + 1)
        #expect(past.diagnostics.last?.rendered == "s.xml: note: and 1 more problem like these in this file [xml-more-problems]")
        let many = XMLReader.read(document(entities: 100_000), file: "s.xml")
        #expect(many.diagnostics.count == XMLReader.maximumWarnings + 1)
        #expect(many.diagnostics.last?.message == "and 99900 more problems like these in this file")
    }

    /// 100,000 attributes took 9 s through a quadratic duplicate scan (timed in
    /// tools/ImportBenchmark); here: the duplicate is still found past the first sixteen.
    @Test func duplicateAttributesAreFoundAmongMany() {
        for count in [2, 15, 16, 17, 1000] {
            let attributes = (0..<count).map { "a\($0)=\"x\"" }.joined(separator: " ")
            let clean = XMLReader.read("<r \(attributes)/>")
            #expect(clean.diagnostics.isEmpty, "\(count)")
            #expect(clean.document?.root.attributes.count == count)
            let duplicated = XMLReader.read("<r \(attributes) a\(count - 1)=\"y\"/>")
            #expect(duplicated.diagnostics.map(\.id) == ["xml-duplicate-attribute"], "\(count)")
        }
        // XML does not normalize names: precomposed and decomposed é are two attributes.
        for prefix in ["", (0..<20).map { "b\($0)='1' " }.joined()] {
            #expect(XMLReader.read("<r \(prefix)caf\u{E9}='1' cafe\u{301}='2'/>").diagnostics.isEmpty)
        }
    }

    /// The DOCTYPE scanner counted brackets inside quoted literals and comments.
    @Test func doctypeBracketsInsideQuotesAndCommentsDoNotEndIt() throws {
        let source = """
        <?xml version="1.0"?>
        <!DOCTYPE resources [
          <!ENTITY a "]>">
          <!-- ] > [ -->
          <!ENTITY b '[<'>
        ]>
        <resources><string name="s">v</string></resources>
        """
        let result = XMLReader.read(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.document).root.name == "resources")
        #expect(XMLReader.read("<!DOCTYPE r [ <!ENTITY a \"]>\" ><r/>").diagnostics.map(\.id) == ["xml-syntax"])
    }
}
