import FoundationEssentials
import SpeakableDiagnostics
import Testing
@testable import SpeakableCatalog

/// Issue 13: what a hostile project cannot get past the loader.
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
