import FoundationEssentials
import SpeakableChecker
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing

/// `speakable check` indexes a String Catalog large enough to be split in parts on every core
/// (``XCStringsIndex/read(_:file:parts:)``) and makes its source messages in runs: the findings
/// are the reader's, at the same lines and columns, and a problem in a later part is the reader's
/// diagnostic.
@Suite struct XCStringsPartsCheckTests {
    /// A catalog of `entries` entries of units, plurals and substitutions in three locales, with
    /// findings (placeholders a translation lacks or adds, missing translations), over a few
    /// parts' size.
    static func large(entries: Int) -> String {
        var members: [String] = []
        for n in 0..<entries {
            var localizations = ["        \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Row %lld, star %@ é \(n)\" } }"]
            switch n % 5 {
            case 0: localizations.append("        \"ko\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"행 %lld 별 \(n)\" } }")
            case 1: localizations.append("        \"ko\" : { \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"value\" : \"%lld 행 %@ \(n)\" } } } } }")
            case 2: localizations.append("        \"ko\" : { \"stringUnit\" : { \"value\" : \"%#@n@ %@\" }, \"substitutions\" : { \"n\" : { \"argNum\" : 1, "
                                         + "\"formatSpecifier\" : \"lld\", \"variations\" : { \"plural\" : { \"other\" : { \"stringUnit\" : { \"value\" : \"%arg 행\" } } } } } } }")
            case 3: break
            default: localizations.append("        \"ko\" : { \"stringUnit\" : { \"state\" : \"needs_review\", \"value\" : \"\\\"행\\\" %lld %@ %d\" } }")
            }
            localizations.append("        \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"Zeile %lld, Stern %@ \(n)\" } }")
            members.append("    \"k\(n)\" : {\n      \"localizations\" : {\n" + localizations.joined(separator: ",\n") + "\n      }\n    }")
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + members.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}\n"
    }

    static let text = large(entries: 4000)

    @Test func aCatalogInPartsIsCheckedAsTheReaderReadsIt() throws {
        #expect(Self.text.utf8.count > 2 << 19)  // two parts at least
        try XCStringsIndexCheckTests.bothWays(Self.text)
    }

    /// A value of the wrong type near the end: the index leaves the catalog to the reader, whose
    /// diagnostic the check reports, where the reader reads it.
    @Test func aProblemInALaterPartIsTheReaders() throws {
        let marker = "\"k3990\" : {\n      \"localizations\" : {\n        \"en\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : "
        let text = Self.text.replacingOnce(marker + "\"Row", with: marker + "5, \"x\" : \"Row")
        #expect(text != Self.text)
        #expect(XCStringsIndex.read(Array(text.utf8), file: "t", parts: 8) == nil)
        let root = try makeProject(["Localizable.xcstrings": text])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Localizable.xcstrings"
        let read = XCStringsReader.read(Array(text.utf8), file: path)
        #expect(read.diagnostics.map(\.id) == ["xcstrings-wrong-type"])
        let result = try checkPlatform(path)
        let reported = result.findings.filter { $0.rule.description == "xcstrings-wrong-type" }
        #expect(reported.map { "\($0.file ?? "-"):\($0.position.map(String.init(describing:)) ?? "-") \($0.message)" }
                == read.diagnostics.map { "\($0.file ?? "-"):\($0.position.map(String.init(describing:)) ?? "-") \($0.message)" })
        #expect(reported.first?.position?.line ?? 0 > 20_000)
    }
}
