import FoundationEssentials
import SpeakableCatalog
import SpeakableJSON
import SpeakableXML
import Testing
@testable import SpeakableCompiler

/// Issue 13, "super-linear import": 5,000 Android strings took 3 s, 20,000 took 103 s and 40,000
/// over 8 minutes (54 s for 5,000 in a debug build), through linear searches of the table and
/// whole-table copies for every string; 100,000 attributes took 9 s through a quadratic
/// duplicate scan. The figures of the linear import are tools/ImportBenchmark's (ratios against
/// the XML reader on the same bytes, docs/internals/limits.md). Here the sizes that the quadratic code
/// could not get through within the time limit — it is a guard against going back, set far
/// above what the linear code needs on a loaded machine (a few seconds in a debug build) — and
/// the imports must be complete.
@Suite struct ImportScaleTests {
    static func strings(_ count: Int, korean: Bool) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources xmlns:xliff=\"urn:oasis:names:tc:xliff:document:1.2\">\n"
        for i in 0..<count {
            if !korean { out += "    <!-- The label of item \(i). -->\n" }
            let text = korean ? "항목 <xliff:g id=\"count\" example=\"3\">%1$d</xliff:g>개, 번호 \(i)"
                : "Item <xliff:g id=\"count\" example=\"3\">%1$d</xliff:g> of list \(i)"
            out += "    <string name=\"item_\(i)\">\(text)</string>\n"
            if i % 10 == 0 {
                out += korean ? "    <plurals name=\"stars_\(i)\"><item quantity=\"other\">별 %d개</item></plurals>\n"
                    : "    <plurals name=\"stars_\(i)\"><item quantity=\"one\">%d star</item><item quantity=\"other\">%d stars</item></plurals>\n"
            }
        }
        return out + "</resources>\n"
    }

    @Test(.timeLimit(.minutes(1))) func tenThousandAndroidStringsImportCompletely() throws {
        let count = 10_000
        let root = try temporaryDirectory()
        try write(Self.strings(count, korean: false), to: root + "/res/values/strings.xml")
        try write(Self.strings(count, korean: true), to: root + "/res/values-ko/strings.xml")
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml", root + "/res/values-ko/strings.xml"],
                                                 project: ProjectLoader.load(directory: root), options: ImportOptions())
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error }.prefix(3).map(\.rendered))")
        let messages = count + count / 10
        #expect(result.counts == ["en": messages, "ko": messages])
        // Every key once, in the file's order, with its translation.
        let templates = try #require(result.files.first { $0.path == "Templates/strings.json" })
        let korean = try #require(result.files.first { $0.path == "Locales/ko/strings.json" })
        let keys = try #require(JSONReader.read(templates.contents).root?["messages"]?.members?.map(\.key))
        #expect(keys.count == messages)
        #expect(keys.first == "item_0" && keys.last == "item_\(count - 1)")
        #expect(Set(keys).count == messages)
        let translations = try #require(JSONReader.read(korean.contents).root?.members)
        #expect(translations.count == messages)
        #expect(translations.first { $0.key == "item_\(count - 1)" }?.value.string == "항목 {count, number, ::group-off}개, 번호 \(count - 1)")
    }

    @Test(.timeLimit(.minutes(1))) func aHundredThousandAttributesAreReadAndADuplicateFound() {
        let count = 100_000
        let attributes = (0..<count).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let clean = XMLReader.read("<r \(attributes)/>")
        #expect(clean.diagnostics.isEmpty)
        #expect(clean.document?.root.attributes.count == count)
        let duplicated = XMLReader.read("<r \(attributes) a\(count / 2)=\"y\"/>")
        #expect(duplicated.diagnostics.map(\.id) == ["xml-duplicate-attribute"])
    }
}
