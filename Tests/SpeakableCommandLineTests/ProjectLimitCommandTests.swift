import FoundationEssentials
import SpeakableDiagnostics
import Testing
@testable import SpeakableCommandLine

/// One set of limits for `import`, `check` and `compile`: a project past one is
/// refused by each, with the same diagnostic, and nothing is written.
@Suite struct ProjectLimitCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let io = BufferedIO()
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    func project(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-limits-\(UInt64.random(in: 0...UInt64.max))"
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: String(full[..<full.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    @Test func checkAndCompileRefuseAProjectPastTheLocaleLimit() throws {
        let root = try project(["Templates/game.json": #"{"messages": {"hi": {"message": "Hi"}}}"#])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for n in 0...ProjectLimits.standard.locales {
            try FileManager.default.createDirectory(atPath: root + "/Locales/x\(n)", withIntermediateDirectories: true)
        }
        let expected = "the project has 201 locale folders; the limit is 200 [project-too-many-locales]"
        let check = run(["check", root])
        #expect(check.status != 0)
        #expect((check.out + check.err).contains(expected))
        let compile = run(["compile", "--project", root, "--out", root + "/Generated"])
        #expect(compile.status != 0)
        #expect((compile.out + compile.err).contains(expected))
        #expect(!FileManager.default.fileExists(atPath: root + "/Generated"))
    }

    /// 120,000 strings imported into a template that `check` then refused: now `import` refuses
    /// the file as `check` refuses the template, and writes nothing.
    @Test func importRefusesAStringsFilePastTheMessageLimitAndWritesNothing() throws {
        let strings = "<resources>\n" + (0...ProjectLimits.standard.messagesPerFile).map { "<string name=\"s\($0)\">x</string>\n" }.joined() + "</resources>\n"
        let root = try project(["speakable.json": #"{"sourceLocale": "en"}"#, "res/values/strings.xml": strings])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = try FileManager.default.contentsOfDirectory(atPath: root)
        let result = run(["import", "--config", root + "/speakable.json", root + "/res/values/strings.xml"])
        #expect(result.status != 0)
        #expect(result.err.contains("the file has 100001 strings; the limit is 100000 [too-many-messages]"))
        #expect(result.err.contains("nothing was written"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == before)
    }

    /// `check` of a platform catalog counts as `import` does: one string past the limit of one
    /// file is the same error (the boundaries of every format and limit: PlatformLimitTests).
    @Test func checkRefusesAStringsFilePastTheMessageLimitAsImportDoes() throws {
        let strings = "<resources>\n" + (0...ProjectLimits.standard.messagesPerFile).map { "<string name=\"s\($0)\">x</string>\n" }.joined() + "</resources>\n"
        let root = try project(["res/values/strings.xml": strings])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = run(["check", root + "/res"])
        #expect(result.status == 1)
        #expect((result.out + result.err).contains("the file has 100001 strings; the limit is 100000 [too-many-messages]"))
    }

    @Test func checkRefusesAStringCatalogPastTheMessageLimitAsImportDoes() throws {
        let entries = (0...ProjectLimits.standard.messagesPerFile).map {
            "\"k\($0)\": {\"localizations\": {\"en\": {\"stringUnit\": {\"state\": \"translated\", \"value\": \"Text\"}}}}"
        }
        let root = try project(["L.xcstrings": "{\"sourceLanguage\": \"en\", \"strings\": {" + entries.joined(separator: ",") + "}, \"version\": \"1.0\"}"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = run(["check", root + "/L.xcstrings"])
        #expect(result.status == 1)
        #expect((result.out + result.err).contains("the file has 100001 strings; the limit is 100000 [too-many-messages]"))
        #expect((result.out + result.err).contains("1 error, 0 warnings"))
    }
}
