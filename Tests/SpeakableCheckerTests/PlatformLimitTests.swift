import FoundationEssentials
import SpeakableCatalog
import SpeakableChecker
import SpeakableDiagnostics
import Testing

/// `check` of a platform catalog — an Android `res/`, a `.xcstrings`, an XLIFF — is bounded as a
/// project is (``ProjectLimits``), with the ids and wording of `import` and project loading:
/// each limit at the limit and one past, with small limits through the same code.
@Suite struct PlatformLimitTests {
    let small = ProjectLimits(messagesPerFile: 3, messages: 100, bytes: 1 << 20, locales: 5)

    static let limitIDs: Set<String> = ["too-many-messages", "project-too-many-messages", "project-too-many-locales", "project-too-large"]

    func strings(_ count: Int, plurals: Int = 0) -> String {
        "<resources>\n" + (0..<count).map { "  <string name=\"s\($0)\">Text \($0)</string>\n" }.joined()
            + (0..<plurals).map { "  <plurals name=\"p\($0)\"><item quantity=\"one\">%d thing</item><item quantity=\"other\">%d things</item></plurals>\n" }.joined()
            + "</resources>\n"
    }

    func limitDiagnostics(_ input: CheckInput) -> [Diagnostic] {
        input.inputDiagnostics.filter { Self.limitIDs.contains($0.id) }
    }

    func load(_ path: String, _ limits: ProjectLimits, deferring: Bool = false) throws -> CheckInput {
        let input = try PlatformInput.load(path: path, deferringLocales: deferring, limits: limits)
        return deferring ? input.materialized() : input
    }

    // MARK: Android res/

    @Test(arguments: [false, true])
    func anAndroidFileAtTheLimitAndOnePast(plain: Bool) throws {
        // Plain strings are scanned; a file with a <plurals> is read element by element.
        let root = try makeProject(["res/values/strings.xml": plain ? strings(3) : strings(2, plurals: 1)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let atLimit = try load(root + "/res", small)
        #expect(limitDiagnostics(atLimit).isEmpty)
        #expect(atLimit.tables.map(\.messages.count) == [3])

        try Data((plain ? strings(4) : strings(3, plurals: 1)).utf8).write(to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        let past = try load(root + "/res", small)
        #expect(past.inputDiagnostics.map(\.id) == ["too-many-messages"])
        #expect(past.inputDiagnostics.first?.message == "the file has 4 strings; the limit is 3")
        #expect(past.inputDiagnostics.first?.hint == "split the table into several files")
        #expect(past.inputDiagnostics.first?.file == root + "/res/values/strings.xml")
        #expect(past.inputDiagnostics.first?.severity == .error)
        #expect(past.tables.allSatisfy { $0.messages.isEmpty }, "the file's messages are not made")
    }

    /// A refused file is not taken for missing strings: a locale with a file past the limit is
    /// not checked, and a default file past it leaves nothing to check (its locales' strings
    /// would all be extra keys).
    @Test(arguments: [false, true])
    func aRefusedFileIsNotReportedStringByString(deferring: Bool) throws {
        let root = try makeProject(["res/values/strings.xml": strings(3), "res/values-ko/strings.xml": strings(4),
                                    "res/values-ja/strings.xml": strings(2)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let input = try PlatformInput.load(path: root + "/res", deferringLocales: deferring, limits: small)
        let result = Checker.run(input)
        #expect(result.findings.map(\.rule) == ["too-many-messages", "missing-translation"], "\(result.findings.map(\.message))")
        #expect(result.findings.first?.file == root + "/res/values-ko/strings.xml")
        #expect(result.findings.last?.locale == "ja")

        try Data(strings(4).utf8).write(to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        try Data(strings(3).utf8).write(to: URL(fileURLWithPath: root + "/res/values-ko/strings.xml"))
        let sourcePast = Checker.run(try PlatformInput.load(path: root + "/res", deferringLocales: deferring, limits: small))
        #expect(sourcePast.findings.map(\.rule) == ["too-many-messages"], "\(sourcePast.findings.map(\.message))")
    }

    /// A catalog refused for a limit is that error, not also "nothing to check".
    @Test func aRefusedCatalogIsOnlyItsLimitsError() throws {
        let root = try makeProject(["L.xcstrings": catalog(4), "ko.xliff": xliff(4)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for file in ["L.xcstrings", "ko.xliff"] {
            let result = Checker.run(try PlatformInput.load(path: root + "/" + file, limits: small))
            #expect(result.findings.map(\.rule) == ["too-many-messages"], "\(file)")
        }
    }

    /// The default strings and every locale's translations count together, read up front or
    /// one locale at a time.
    @Test(arguments: [false, true])
    func anAndroidFoldersMessagesAtTheLimitAndOnePast(deferring: Bool) throws {
        var limits = small
        limits.messages = 5
        let root = try makeProject(["res/values/strings.xml": strings(3), "res/values-ko/strings.xml": strings(2)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let atLimit = try load(root + "/res", limits, deferring: deferring)
        #expect(limitDiagnostics(atLimit).isEmpty)
        #expect(atLimit.tables.first?.locales.first?.messages.count == 2)

        try Data(strings(3).utf8).write(to: URL(fileURLWithPath: root + "/res/values-ko/strings.xml"))
        let past = try load(root + "/res", limits, deferring: deferring)
        #expect(past.inputDiagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(past.inputDiagnostics.first?.message
            == "the project holds 6 messages and translations (templates and locales together, counted until past the limit); the limit is 5")
        #expect(past.inputDiagnostics.first?.file == root + "/res")
        #expect(past.tables.allSatisfy { $0.locales.allSatisfy(\.messages.isEmpty) }, "ko's messages are not made")

        // Default strings alone past the limit: nothing is checked.
        try Data(strings(6).utf8).write(to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        limits.messagesPerFile = 10
        let sourcePast = try load(root + "/res", limits, deferring: deferring)
        #expect(sourcePast.inputDiagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(sourcePast.tables.isEmpty)
    }

    @Test func anAndroidFoldersLocalesAndBytesAtTheLimitAndOnePast() throws {
        var limits = small
        limits.locales = 2
        let files = ["res/values/strings.xml": strings(1), "res/values-ko/strings.xml": strings(1), "res/values-ja/strings.xml": strings(1),
                     "res/values-night/strings.xml": strings(1)]
        let root = try makeProject(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let atLimit = try load(root + "/res", limits)
        #expect(limitDiagnostics(atLimit).isEmpty, "values-night is not a locale")
        let size = files.values.reduce(0) { $0 + $1.utf8.count }
        limits.bytes = size
        #expect(limitDiagnostics(try load(root + "/res", limits)).isEmpty)

        limits.bytes = size - 1
        let tooLarge = try load(root + "/res", limits)
        #expect(tooLarge.inputDiagnostics.map(\.id) == ["project-too-large"])
        #expect(tooLarge.inputDiagnostics.first?.message == "the templates and translations take \(size) bytes; the limit is 0 MiB")
        #expect(tooLarge.tables.isEmpty)

        limits.bytes = 1 << 20
        try FileManager.default.createDirectory(atPath: root + "/res/values-de", withIntermediateDirectories: true)
        try Data(strings(1).utf8).write(to: URL(fileURLWithPath: root + "/res/values-de/strings.xml"))
        let tooMany = try load(root + "/res", limits)
        #expect(tooMany.inputDiagnostics.map(\.id) == ["project-too-many-locales"])
        #expect(tooMany.inputDiagnostics.first?.message == "the project has 3 locale folders; the limit is 2")
        #expect(tooMany.tables.isEmpty)
    }

    // MARK: .xcstrings

    /// `keys` entries, each with an English and a Korean localization; `extra` more localizations
    /// of the first (`escapedVersion`: a spelling the index leaves to the reader).
    func catalog(_ keys: Int, extra: [String] = [], escapedVersion: Bool = false) -> String {
        func unit(_ value: String) -> String { #"{"stringUnit": {"state": "translated", "value": "\#(value)"}}"# }
        let entries = (0..<keys).map { k in
            let locales = [("en", "Text \(k)"), ("ko", "글 \(k)")] + (k == 0 ? extra.map { ($0, "x") } : [])
            return "    \"k\(k)\": {\"localizations\": {" + locales.map { "\"\($0.0)\": " + unit($0.1) }.joined(separator: ", ") + "}}"
        }
        return "{\n  \"sourceLanguage\": \"en\",\n  \"strings\": {\n" + entries.joined(separator: ",\n") + "\n  },\n  \""
            + (escapedVersion ? "versio\\u006E" : "version") + "\": \"1.0\"\n}\n"
    }

    @Test(arguments: [false, true])
    func aStringCatalogAtTheLimitAndOnePast(escapedVersion: Bool) throws {
        let root = try makeProject(["L.xcstrings": catalog(3, escapedVersion: escapedVersion)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/L.xcstrings"
        let atLimit = try load(path, small)
        #expect(atLimit.inputDiagnostics.isEmpty)
        #expect(atLimit.tables.map(\.messages.count) == [3])

        try Data(catalog(4, escapedVersion: escapedVersion).utf8).write(to: URL(fileURLWithPath: path))
        let past = try load(path, small, deferring: true)
        #expect(past.inputDiagnostics.map(\.id) == ["too-many-messages"])
        #expect(past.inputDiagnostics.first?.message == "the file has 4 strings; the limit is 3")
        #expect(past.inputDiagnostics.first?.file == path)
        #expect(past.tables.isEmpty)

        // Entries and the target locales' translations together.
        var limits = small
        limits.messages = 7
        try Data(catalog(3, extra: ["ja"], escapedVersion: escapedVersion).utf8).write(to: URL(fileURLWithPath: path))
        #expect(limitDiagnostics(try load(path, limits)).isEmpty)
        try Data(catalog(3, extra: ["ja", "de"], escapedVersion: escapedVersion).utf8).write(to: URL(fileURLWithPath: path))
        let tooMany = try load(path, limits)
        #expect(tooMany.inputDiagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(tooMany.inputDiagnostics.first?.message
            == "the project holds 8 messages and translations (templates and locales together, counted until past the limit); the limit is 7")

        // Target locales.
        limits = small
        limits.locales = 2
        try Data(catalog(1, extra: ["ja"], escapedVersion: escapedVersion).utf8).write(to: URL(fileURLWithPath: path))
        #expect(limitDiagnostics(try load(path, limits)).isEmpty)
        try Data(catalog(1, extra: ["ja", "de"], escapedVersion: escapedVersion).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try load(path, limits).inputDiagnostics.map(\.message) == ["the project has 3 locale folders; the limit is 2"])
    }

    // MARK: XLIFF

    func xliff(_ units: Int) -> String {
        "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:2.0\" version=\"2.0\" srcLang=\"en\" trgLang=\"ko\"><file id=\"game\">"
            + (0..<units).map { "<unit id=\"u\($0)\"><segment><source>Text \($0)</source><target>글 \($0)</target></segment></unit>" }.joined()
            + "</file></xliff>\n"
    }

    @Test func anXLIFFAtTheLimitAndOnePast() throws {
        let root = try makeProject(["ko.xliff": xliff(3)])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/ko.xliff"
        let atLimit = try load(path, small)
        #expect(atLimit.inputDiagnostics.isEmpty)
        #expect(atLimit.tables.map(\.messages.count) == [3])

        try Data(xliff(4).utf8).write(to: URL(fileURLWithPath: path))
        let past = try load(path, small)
        #expect(past.inputDiagnostics.map(\.id) == ["too-many-messages"])
        #expect(past.inputDiagnostics.first?.message == "the file has 4 units; the limit is 3")
        #expect(past.tables.isEmpty)

        // Units and their targets together.
        var limits = small
        limits.messages = 6
        try Data(xliff(3).utf8).write(to: URL(fileURLWithPath: path))
        #expect(limitDiagnostics(try load(path, limits)).isEmpty)
        limits.messages = 5
        #expect(try load(path, limits).inputDiagnostics.map(\.id) == ["project-too-many-messages"])
    }
}
