import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import Testing

/// Import refuses a platform file that is not well-formed XML, with the position: Speakable
/// keeps imported Android markup and writes it back as it was, so whatever import takes must be
/// XML a conforming parser (libxml2, aapt2's expat) accepts. Nothing is written.
@Suite struct NotXMLImportTests {
    /// Imports `strings.xml` with `line` as its third line; the diagnostics rendered with the
    /// file as written in the project, and whether anything would be written.
    static func importAndroid(line: String) throws -> (rendered: [String], wrote: Bool) {
        let root = try temporaryDirectory("notxml")
        try write("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n" + line + "\n    <string name=\"ok\">OK</string>\n</resources>\n",
                  to: root + "/res/values/strings.xml")
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root),
                                                 options: ImportOptions())
        let rendered = result.diagnostics.filter { $0.severity == .error }.map { $0.rendered.replacing(root + "/", with: "") }
        return (rendered, !result.files.isEmpty)
    }

    @Test func doubleHyphenInsideAComment() throws {
        let result = try Self.importAndroid(line: "    <!-- a -- b -->")
        #expect(result.rendered == ["res/values/strings.xml:3:12: error: '--' is not allowed inside a comment [xml-syntax]"])
        #expect(!result.wrote)
    }

    @Test func rawControlCharacter() throws {
        let result = try Self.importAndroid(line: "    <string name=\"a\">He\u{1}llo</string>")
        #expect(result.rendered == [
            "res/values/strings.xml:3:24: error: the control character U+0001 is not allowed in XML 1.0, not even as a reference [xml-invalid-character]",
        ])
        #expect(!result.wrote)
    }

    @Test func referenceToAControlCharacter() throws {
        let result = try Self.importAndroid(line: "    <string name=\"a\">He&#1;llo</string>")
        #expect(result.rendered == [
            "res/values/strings.xml:3:24: error: '&#1;' refers to the control character U+0001, which XML 1.0 does not allow, not even as a reference [xml-invalid-character]",
        ])
        #expect(!result.wrote)
    }

    @Test func rawNoncharacterFFFE() throws {
        let result = try Self.importAndroid(line: "    <string name=\"a\">He\u{FFFE}llo</string>")
        #expect(result.rendered == [
            "res/values/strings.xml:3:24: error: the noncharacter U+FFFE is not allowed in XML 1.0, not even as a reference [xml-invalid-character]",
        ])
        #expect(!result.wrote)
    }

    @Test func cdataEndInText() throws {
        let result = try Self.importAndroid(line: "    <string name=\"a\">a ]]> b</string>")
        #expect(result.rendered == ["res/values/strings.xml:3:24: error: ']]>' is not allowed in text [xml-syntax]"])
        #expect(!result.wrote)
    }

    /// The same in an XLIFF file (its notes and states are kept too).
    @Test func xliffThatIsNotXML() throws {
        let root = try temporaryDirectory("notxml-xliff")
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">
              <file id="game"><unit id="a"><notes><note>a -- b &#x1B;</note></notes>
                <segment><source>Hello</source><target>안녕</target></segment></unit></file>
            </xliff>
            """, to: root + "/ko.xliff")
        let result = CatalogImporter.importFiles([root + "/ko.xliff"], project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(result.diagnostics.filter { $0.severity == .error }.map { $0.rendered.replacing(root + "/", with: "") } == [
            "ko.xliff:3:52: error: '&#x1B;' refers to the control character U+001B, which XML 1.0 does not allow, not even as a reference [xml-invalid-character]",
        ])
        #expect(result.files.isEmpty)
    }
}
