import FoundationEssentials
import SpeakableDiagnostics
import Testing
@testable import SpeakableCatalog

/// The whole project is bounded, not only each file (30 templates of 100,000 messages each
/// must not reach `check` and `compile`; docs/limits.md); the boundaries are tested with small
/// limits through the same code.
@Suite struct ProjectLimitTests {
    func templates(_ count: Int, from start: Int = 0) -> String {
        "{\"messages\": {" + (start..<start + count).map { "\"k\($0)\": {\"message\": \"x\"}" }.joined(separator: ",") + "}}"
    }

    func translations(_ count: Int) -> String {
        "{" + (0..<count).map { "\"k\($0)\": \"y\"" }.joined(separator: ",") + "}"
    }

    @Test func theLimitsAreTheDocumentedOnes() {
        #expect(ProjectLimits.standard == ProjectLimits(messagesPerFile: 100_000, messages: 500_000, bytes: 96 << 20, locales: 200))
        #expect(ProjectLoader.maximumMessagesPerFile == ProjectLimits.standard.messagesPerFile)
        #expect(ProjectLoader.maximumProjectSize == ProjectLimits.standard.bytes)
    }

    /// Messages of every table and translations of every locale count together.
    @Test func messagesAtTheLimitAndOnePast() throws {
        let limits = ProjectLimits(messagesPerFile: 100, messages: 10, bytes: 1 << 20, locales: 5)
        let root = try makeProject([
            "Templates/a.json": templates(3),
            "Templates/b.json": templates(3),
            "Locales/ko/a.json": translations(2),
            "Locales/ja/b.json": translations(2),
        ])
        let atLimit = ProjectLoader.load(directory: root, limits: limits)
        #expect(atLimit.diagnostics.isEmpty)
        #expect(atLimit.tables.map { $0.messages.count } == [3, 3])
        #expect(atLimit.tables[0].locales["ko"]?.translations.count == 2)

        try Data(translations(3).utf8).write(to: URL(fileURLWithPath: root + "/Locales/ja/b.json"))
        let past = ProjectLoader.load(directory: root, limits: limits)
        #expect(past.diagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(past.diagnostics.first?.message
            == "the project holds 11 messages and translations (templates and locales together, counted until past the limit); the limit is 10")
        #expect(past.diagnostics.first?.hint
            == "split the project into several, each with its own speakable.json (there is no setting to raise this limit)")
        #expect(past.diagnostics.first?.file == root)
        #expect(past.diagnostics.first?.severity == .error)
        #expect(past.tables.isEmpty)
    }

    /// `check` reads each locale later, one at a time: the same limit, the same diagnostic, and
    /// no locale is read once the project is past it.
    @Test func deferredLocalesCountTheSame() throws {
        let limits = ProjectLimits(messagesPerFile: 100, messages: 10, bytes: 1 << 20, locales: 5)
        let root = try makeProject([
            "Templates/a.json": templates(6),
            "Locales/de/a.json": translations(4),
            "Locales/ko/a.json": translations(1),
            "Locales/ja/a.json": translations(1),
        ])
        let project = ProjectLoader.load(directory: root, deferringLocales: true, limits: limits)
        #expect(project.diagnostics.isEmpty)
        let de = ProjectLoader.readLocale("de", of: project)
        #expect(de.diagnostics.isEmpty)
        #expect(de.files[0]?.translations.count == 4)
        // Reading a locale again counts it once.
        #expect(ProjectLoader.readLocale("de", of: project).diagnostics.isEmpty)
        let ja = ProjectLoader.readLocale("ja", of: project)
        #expect(ja.diagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(ja.diagnostics.first?.message
            == "the project holds 11 messages and translations (templates and locales together, counted until past the limit); the limit is 10")
        #expect(ja.diagnostics.first?.file == root)
        #expect(ja.files.allSatisfy { $0 == nil })
        let ko = ProjectLoader.readLocale("ko", of: project)
        #expect(ko.diagnostics.isEmpty, "reported once")
        #expect(ko.files.allSatisfy { $0 == nil }, "not read")
    }

    /// Reading stops: a file that would go past the limit makes none of its messages.
    @Test func filesPastTheLimitAreNotMade() throws {
        let limits = ProjectLimits(messagesPerFile: 100, messages: 10, bytes: 1 << 20, locales: 5)
        var files = ["Templates/a.json": templates(10)]
        for tag in ["de", "fr", "ko", "ja"] { files["Locales/\(tag)/a.json"] = translations(50) }
        let project = ProjectLoader.load(directory: try makeProject(files), limits: limits)
        #expect(project.diagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(project.tables.isEmpty)
    }

    @Test func localesAtTheLimitAndOnePast() throws {
        let limits = ProjectLimits(messagesPerFile: 100, messages: 100, bytes: 1 << 20, locales: 2)
        let root = try makeProject([
            "Templates/a.json": templates(1),
            "Locales/ko/a.json": translations(1),
            "Locales/ja/a.json": translations(1),
        ])
        let atLimit = ProjectLoader.load(directory: root, limits: limits)
        #expect(atLimit.diagnostics.isEmpty)
        #expect(atLimit.localeTags == ["ja", "ko"])
        try FileManager.default.createDirectory(atPath: root + "/Locales/fr", withIntermediateDirectories: true)
        for deferring in [false, true] {
            let past = ProjectLoader.load(directory: root, deferringLocales: deferring, limits: limits)
            #expect(past.diagnostics.map(\.id) == ["project-too-many-locales"])
            #expect(past.diagnostics.first?.message == "the project has 3 locale folders; the limit is 2")
            #expect(past.diagnostics.first?.file == root + "/Locales")
            #expect(past.tables.isEmpty)
            #expect(past.localeTags.isEmpty)
        }
    }

    @Test func bytesOnePastTheLimit() throws {
        let root = try makeProject(["Templates/a.json": templates(1), "Locales/ko/a.json": translations(1)])
        let size = templates(1).utf8.count + translations(1).utf8.count
        let limits = ProjectLimits(messagesPerFile: 100, messages: 100, bytes: size, locales: 2)
        #expect(ProjectLoader.load(directory: root, limits: limits).diagnostics.isEmpty)
        var smaller = limits
        smaller.bytes = size - 1
        let past = ProjectLoader.load(directory: root, limits: smaller)
        #expect(past.diagnostics.map(\.id) == ["project-too-large"])
        #expect(past.diagnostics.first?.message == "the templates and translations take \(size) bytes; the limit is 0 MiB")
        #expect(past.tables.isEmpty)
    }

    /// The real limit, one past it: five files of 100,000 translations and one template
    /// message (500,001); refused without making the messages of the file that goes past it.
    @Test func theRealMessageLimitOnePast() throws {
        var files = ["Templates/a.json": templates(1)]
        let file = translations(100_000)
        for tag in ["de", "fr", "ko", "ja", "es"] { files["Locales/\(tag)/a.json"] = file }
        let root = try makeProject(files)
        let project = ProjectLoader.load(directory: root)
        #expect(project.diagnostics.map(\.id) == ["project-too-many-messages"])
        #expect(project.diagnostics.first?.message
            == "the project holds 500001 messages and translations (templates and locales together, counted until past the limit); the limit is 500000")
        #expect(project.tables.isEmpty)
    }
}
