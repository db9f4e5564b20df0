import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SpeakableDiagnostics
import SpeakableJSON
import Testing
@testable import SpeakableCatalog

/// What a hostile project cannot get past the loader.
@Suite struct LoaderHardeningTests {
    /// A CR (or any control, invisible or line-break character, or a backslash) in a template's
    /// file name reached generated file names, Swift comments and XLIFF ids.
    @Test func tableNamesWithControlOrLineBreakCharactersAreRejected() throws {
        let root = try makeProject([
            "Templates/game\r}\nfunc pwned() {.json": #"{"messages": {"x": {"message": "hi"}}}"#,
            "Templates/evil\u{202E}txt.json": #"{"messages": {"x": {"message": "hi"}}}"#,
            "Templates/back\\slash.json": #"{"messages": {"x": {"message": "hi"}}}"#,
            "Templates/게임 <ok> & fine.json": #"{"messages": {"x": {"message": "hi"}}}"#,
        ])
        let project = ProjectLoader.load(directory: root)
        let rejected = project.diagnostics.filter { $0.id == "invalid-table-name" }
        #expect(rejected.count == 3)
        #expect(rejected.allSatisfy { $0.severity == .error && !$0.message.contains("\r") && !$0.message.contains("\u{202E}") })
        #expect(rejected.contains { $0.message.contains("game\\u{000D}}\\u{000A}func pwned() {") })
        #expect(project.tables.map(\.name) == ["게임 <ok> & fine"])
    }
}

/// The loader's limits, at the limit and one past (docs/limits.md).
@Suite struct LoaderLimitTests {
    func translations(_ count: Int) -> String {
        "{" + (0..<count).map { "\"k\($0)\": \"x\"" }.joined(separator: ",") + "}"
    }

    /// 3.2 M keys cost 10 GB: a file holds at most 100,000 messages or translations.
    @Test func messagesPerFileAtTheLimitAndOnePast() throws {
        let limit = ProjectLoader.maximumMessagesPerFile
        #expect(limit == 100_000)
        let root = try makeProject([
            "Templates/t.json": #"{"messages": {"k0": {"message": "x"}}}"#,
            "Locales/ko/t.json": translations(limit),
            "Locales/ja/t.json": translations(limit + 1),
        ])
        let project = ProjectLoader.load(directory: root)
        let table = try #require(project[table: "t"])
        #expect(table.locales["ko"]?.translations.count == limit)
        #expect(table.locales["ja"]?.translations.isEmpty == true)
        #expect(project.diagnostics.map(\.id) == ["too-many-messages"])
        #expect(project.diagnostics.first?.message == "the file has 100001 translations; the limit is 100000")
        #expect(project.diagnostics.first?.file?.hasSuffix("Locales/ja/t.json") == true)
    }

    @Test func templatesPerFileOnePastTheLimit() throws {
        let limit = ProjectLoader.maximumMessagesPerFile
        let messages = (0...limit).map { "\"k\($0)\": {\"message\": \"x\"}" }.joined(separator: ",")
        let root = try makeProject(["Templates/t.json": "{\"messages\": {\(messages)}}"])
        let project = ProjectLoader.load(directory: root)
        #expect(project.diagnostics.map(\.message) == ["the file has 100001 messages; the limit is 100000"])
        #expect(project[table: "t"]?.messages.isEmpty == true)
    }

    /// The project's total size is checked from file sizes before reading (sparse files here:
    /// nothing is written to disk).
    @Test func projectSizeAtTheLimitAndOnePast() throws {
        let limit = ProjectLoader.maximumProjectSize
        #expect(limit == 96 << 20)
        let root = try makeProject(["Templates/t.json": #"{"messages": {"k0": {"message": "x"}}}"#])
        let template = (try Data(contentsOf: URL(fileURLWithPath: root + "/Templates/t.json"))).count
        // A locale file of 64 MiB and one that fills the rest up to exactly the limit.
        for (index, tag) in ["ko", "ru"].enumerated() {
            try FileManager.default.createDirectory(atPath: root + "/Locales/\(tag)", withIntermediateDirectories: true)
            let size = index < 1 ? InputFile.maximumSize : limit - template - InputFile.maximumSize
            _ = FileManager.default.createFile(atPath: root + "/Locales/\(tag)/t.json", contents: nil)
            #expect(truncate(root + "/Locales/\(tag)/t.json", off_t(size)) == 0)
        }
        let atLimit = ProjectLoader.load(directory: root)
        #expect(!atLimit.diagnostics.contains { $0.id == "project-too-large" })
        #expect(atLimit.diagnostics.contains { $0.id == "json-syntax" }, "the files were read (they are zeros)")
        #expect(truncate(root + "/Locales/ru/t.json", off_t(limit - template - InputFile.maximumSize + 1)) == 0)
        let past = ProjectLoader.load(directory: root)
        #expect(past.diagnostics.map(\.id) == ["project-too-large"])
        #expect(past.tables.isEmpty)
        // `speakable check` reads each locale later (deferringLocales): the locale files count
        // the same, before anything is read.
        let deferred = ProjectLoader.load(directory: root, deferringLocales: true)
        #expect(deferred.diagnostics.map(\.id) == ["project-too-large"])
        #expect(deferred.tables.isEmpty)
    }

    /// A file over the per-file limit is refused by its size before it is read.
    @Test func aFileOverTheSizeLimitIsNotRead() throws {
        let root = try makeProject(["Templates/t.json": #"{"messages": {"k0": {"message": "x"}}}"#])
        try FileManager.default.createDirectory(atPath: root + "/Locales/ko", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: root + "/Locales/ko/t.json", contents: nil)
        #expect(truncate(root + "/Locales/ko/t.json", off_t(InputFile.maximumSize + 1)) == 0)
        let project = ProjectLoader.load(directory: root)
        #expect(project.diagnostics.map(\.message) == ["the file is 67108865 bytes; the limit is 67108864 bytes (64 MiB)"])
        #expect(project.diagnostics.map(\.id) == ["file-too-large"])
    }
}

@Suite struct ArgumentNormalizationTests {
    /// `--args {"café": 1, "café": 2}` (NFC, then NFD) merged into one argument silently.
    @Test func argumentsThatDifferOnlyInNormalizationAreRefused() throws {
        let json = try #require(JSONReader.read("{\"caf\u{E9}\": 1, \"cafe\u{301}\": 2}").root)
        do {
            _ = try ArgumentJSON.arguments(json)
            Issue.record("merged")
        } catch {
            #expect(error.message.contains("differ only in Unicode normalization"))
            #expect(error.position == SourcePosition(line: 1, column: 13))
        }
        let same = try #require(JSONReader.read("{\"caf\u{E9}\": 1, \"x\": 2}").root)
        #expect(try ArgumentJSON.arguments(same).count == 2)
    }
}

/// A translation file committed as a link to a secret outside the project had its lines
/// printed in diagnostics — in CI logs.
@Suite struct InputLinkTests {
    @Test func linksThatLeaveTheProjectAreNotRead() throws {
        let outside = try makeProject(["secret.txt": "-----BEGIN PRIVATE KEY----- hunter2"])
        let root = try makeProject([
            "Templates/game.json": #"{"messages": {"a": {"message": "x"}}}"#,
            "Shared/ja.json": #"{"a": "ジ"}"#,
        ])
        try FileManager.default.createDirectory(atPath: root + "/Locales/ko", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Locales/ja", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Locales/ko/game.json", withDestinationPath: outside + "/secret.txt")
        try FileManager.default.createSymbolicLink(atPath: root + "/Locales/ja/game.json", withDestinationPath: "../../Shared/ja.json")
        let project = ProjectLoader.load(directory: root)
        #expect(project.diagnostics.map(\.id) == ["input-outside-project"])
        #expect(project.diagnostics.first?.file?.hasSuffix("Locales/ko/game.json") == true)
        #expect(!project.diagnostics.contains { "\($0)".contains("hunter2") })
        // A link inside the project is read.
        #expect(project[table: "game"]?.locales["ja"]?["a"]?.source.text == "ジ")
    }

    /// A Templates folder (or a locale folder) that is a link out of the project: its files were
    /// refused one by one, each named in a diagnostic — the names of files outside the project.
    @Test func aLinkedFolderOutsideIsRefusedWithoutListingItsFiles() throws {
        let outside = try makeProject([
            "T/secret-plan.json": #"{"messages": {"a": {"message": "x"}}}"#,
            "K/secret-plan.json": #"{"a": "y"}"#,
        ])
        let root = try makeProject(["Templates-real/game.json": #"{"messages": {"a": {"message": "x"}}}"#])
        try FileManager.default.createSymbolicLink(atPath: root + "/Templates", withDestinationPath: outside + "/T")
        try FileManager.default.createDirectory(atPath: root + "/Locales", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/Locales/ko", withDestinationPath: outside + "/K")
        let project = ProjectLoader.load(directory: root)
        let refused = project.diagnostics.filter { $0.id == "input-outside-project" }
        #expect(refused.map { $0.file ?? "" } == [root + "/Templates/", root + "/Locales/ko/"], "\(project.diagnostics.map(\.rendered))")
        #expect(refused.allSatisfy { $0.message == "this folder is a symbolic link that leads out of the project; Speakable does not read it" })
        #expect(!project.diagnostics.contains { "\($0)".contains("secret-plan") }, "\(project.diagnostics.map(\.rendered))")
        #expect(project.tables.isEmpty)
    }
}
