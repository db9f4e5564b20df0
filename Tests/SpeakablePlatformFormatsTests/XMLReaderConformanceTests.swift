#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import SpeakableDiagnostics
import SpeakableTestSupport
import SpeakableXML
import Testing

/// The XML reader every platform reader uses, against libxml2 (`xmllint`) on the same bytes:
/// whatever it lets in, Speakable may write back into an Android or XLIFF file as it was.
@Suite struct XMLReaderConformanceTests {
    /// Documents made of hostile pieces, written raw (not escaped) into each place of a
    /// document: whatever the reader accepts, libxml2 accepts. Where there is no `<!DOCTYPE>`
    /// (whose entities the reader reports rather than expands) and no NUL, they also reject the
    /// same documents.
    @Test func acceptsWhatLibxml2AcceptsAndNothingElse() throws {
        guard let xmllint = requireTool("xmllint") else { return }
        let places: [(String) -> String] = [
            { "<r>\($0)</r>" }, { "<r a=\"\($0)\"/>" }, { "<r a='\($0)'/>" }, { "<r><!--\($0)--></r>" }, { "<r><?p \($0)?></r>" },
            { "<r><![CDATA[\($0)]]></r>" }, { "\($0)<r/>" }, { "<r/>\($0)" }, { "<\($0)/>" }, { "<r \($0)/>" },
            { "<?xml version=\"1.0\" encoding=\"utf-8\"?>\($0)<r/>" }, { "<?xml \($0)?><r/>" }, { "<r>\($0)<b>\($0)</b></r>" },
        ]
        var documents: [String] = []
        for (index, text) in HostileStrings.generate(count: 400, seed: 21).enumerated() {
            documents.append(places[index % places.count](text))
            documents.append(places[(index * 7 + 3) % places.count](text))
        }
        // Each piece in each place.
        for piece in HostileStrings.pieces { for place in places { documents.append(place(piece)) } }
        let folder = FileManager.default.temporaryDirectory.path + "/speakable-xml-conformance-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for (index, document) in documents.enumerated() {
            let path = folder + "/d\(index).xml"
            try Data(document.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        // One xmllint run per chunk; a rejected file is named at the start of an error line.
        var rejected = Set<Int>()
        for chunk in stride(from: 0, to: paths.count, by: 500) {
            let result = try run(xmllint, ["--noout", "--nonet"] + paths[chunk..<min(paths.count, chunk + 500)])
            for line in result.error.split(separator: "\n") {
                guard let match = line.firstMatch(of: /\/d(\d+)\.xml:\d+: (parser|namespace) error/), match.output.2 == "parser",
                      let index = Int(match.output.1) else { continue }
                rejected.insert(index)
            }
        }
        var letIn: [String] = []
        var refused: [String] = []
        for (index, document) in documents.enumerated() {
            let read = XMLReader.read(document)
            let accepted = read.document != nil && !read.diagnostics.contains { $0.severity == .error }
            if accepted && rejected.contains(index) { letIn.append(document) }
            // libxml2 takes a NUL byte after the root element for the end of the input.
            if !accepted && !rejected.contains(index) && !document.contains("<!DOCTYPE") && !document.contains("\0") {
                refused.append(document + " — " + (read.diagnostics.first?.message ?? ""))
            }
        }
        #expect(letIn.isEmpty, "libxml2 rejects these, the reader accepts them:\n\(letIn.prefix(20).map(\.debugDescription).joined(separator: "\n"))")
        #expect(refused.isEmpty, "libxml2 accepts these, the reader rejects them:\n\(refused.prefix(20).map(\.debugDescription).joined(separator: "\n"))")
    }
}
