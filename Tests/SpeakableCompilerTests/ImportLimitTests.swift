import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import Testing
@testable import SpeakableCompiler

/// Issue 26: Android import had no message limit — 1.9 million strings aborted at 3.6 GB, and
/// 120,000 imported into a template that `check` then refused. Import has check's limits.
@Suite struct ImportLimitTests {
    func strings(_ count: Int, prefix: String = "s") -> String {
        "<resources>\n" + (0..<count).map { "<string name=\"\(prefix)\($0)\">x</string>\n" }.joined() + "</resources>\n"
    }

    /// One past the per-file limit (the real one): refused before any string is decoded,
    /// nothing to write.
    @Test func aStringsFileOverTheMessageLimitIsRefused() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let limit = ProjectLimits.standard.messagesPerFile
        try write(strings(limit + 1), to: root + "/res/values/strings.xml")
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root),
                                                 options: ImportOptions())
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.id) == ["too-many-messages"])
        #expect(result.diagnostics.first?.message == "the file has 100001 strings; the limit is 100000")
        #expect(result.diagnostics.first?.file == root + "/res/values/strings.xml")
        #expect(result.diagnostics.first?.position == SourcePosition(line: 1, column: 1))
        #expect(result.hasErrors)
        #expect(result.files.isEmpty)
    }

    /// At the limit (a small one, through the same code) the file is imported.
    @Test func aStringsFileAtTheLimitIsImported() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(strings(3), to: root + "/res/values/strings.xml")
        var options = ImportOptions()
        options.limits = ProjectLimits(messagesPerFile: 3, messages: 10, bytes: 1 << 20, locales: 2)
        let atLimit = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root), options: options)
        #expect(!atLimit.hasErrors)
        options.limits.messagesPerFile = 2
        let past = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root), options: options)
        #expect(past.diagnostics.filter { $0.severity == .error }.map(\.message) == ["the file has 3 strings; the limit is 2"])
        #expect(past.files.isEmpty)
    }

    /// The strings of one import together: no more than a project may hold.
    @Test func theStringsOfOneImportCountTogether() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(strings(3), to: root + "/res/values/strings.xml")
        try write(strings(3), to: root + "/res/values-ko/strings.xml")
        var options = ImportOptions()
        options.limits = ProjectLimits(messagesPerFile: 3, messages: 6, bytes: 1 << 20, locales: 2)
        let files = [root + "/res/values/strings.xml", root + "/res/values-ko/strings.xml"]
        #expect(!CatalogImporter.importFiles(files, project: ProjectLoader.load(directory: root), options: options).hasErrors)
        options.limits.messages = 5
        let past = CatalogImporter.importFiles(files, project: ProjectLoader.load(directory: root), options: options)
        #expect(past.diagnostics.filter { $0.severity == .error }.map(\.id) == ["project-too-many-messages"])
        #expect(past.diagnostics.first?.message
            == "the project holds 6 messages and translations (templates and locales together, counted until past the limit); the limit is 5")
        #expect(past.diagnostics.first?.file == root + "/res/values-ko/strings.xml")
    }

    /// A project past a whole-project limit loads without its tables: nothing is imported into it.
    @Test func nothingIsImportedIntoAProjectPastALimit() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(#"{"messages": {"s0": {"message": "x"}}}"#, to: root + "/Templates/strings.json")
        for n in 0...ProjectLimits.standard.locales {
            try FileManager.default.createDirectory(atPath: root + "/Locales/x\(n)", withIntermediateDirectories: true)
        }
        try write(strings(1), to: root + "/res/values/strings.xml")
        let result = CatalogImporter.importFiles([root + "/res/values/strings.xml"], project: ProjectLoader.load(directory: root),
                                                 options: ImportOptions())
        #expect(result.diagnostics.map(\.id) == ["project-too-many-locales"])
        #expect(result.files.isEmpty)
    }
}

/// String Catalogs and XLIFF are imported within the same limits as Android resources.
@Suite struct CatalogImportLimitTests {
    func catalog(_ count: Int) -> String {
        #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + (0..<count).map { #""k\#($0)": {}"# }.joined(separator: ", ") + "}}"
    }

    func xliff(_ count: Int) -> String {
        #"<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko"><file id="game">"#
            + (0..<count).map { #"<unit id="k\#($0)"><segment><source>x</source><target>y</target></segment></unit>"# }.joined()
            + "</file></xliff>"
    }

    @Test func aStringCatalogOrAnXLIFFOverTheLimitsIsRefused() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(catalog(4), to: root + "/Localizable.xcstrings")
        try write(xliff(4), to: root + "/ko.xliff")
        try write(#"{"messages": {"k0": {"message": "x"}, "k1": {"message": "x"}, "k2": {"message": "x"}, "k3": {"message": "x"}}}"#,
                  to: root + "/Templates/game.json")
        var options = ImportOptions()
        options.limits = ProjectLimits(messagesPerFile: 3, messages: 10, bytes: 1 << 20, locales: 2)
        for file in ["/Localizable.xcstrings", "/ko.xliff"] {
            let result = CatalogImporter.importFiles([root + file], project: ProjectLoader.load(directory: root), options: options)
            let what = file.hasSuffix("xliff") ? "units" : "strings"
            #expect(result.diagnostics.filter { $0.severity == .error }.map(\.message) == ["the file has 4 \(what); the limit is 3"], "\(file)")
            #expect(result.files.isEmpty)
        }
        // Each within one file's limit, but past the project's together: the second is refused.
        options.limits = ProjectLimits(messagesPerFile: 4, messages: 6, bytes: 1 << 20, locales: 2)
        let both = CatalogImporter.importFiles([root + "/Localizable.xcstrings", root + "/ko.xliff"], project: ProjectLoader.load(directory: root),
                                               options: options)
        #expect(both.diagnostics.filter { $0.severity == .error }.map(\.id) == ["project-too-many-messages"], "\(both.diagnostics.map(\.rendered))")
        #expect(both.files.isEmpty)
    }
}
