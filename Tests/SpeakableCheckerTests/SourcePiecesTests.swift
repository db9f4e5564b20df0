import FoundationEssentials
import SpeakableCatalog
import SpeakableDiagnostics
import Testing
@testable import SpeakableChecker

/// On several cores a table's source messages are checked in pieces, side by side: every piece's
/// findings together are the findings of the whole source checked at once, in any split.
@Suite struct SourcePiecesTests {
    /// Source messages with something for many rules: doubled and odd spaces, a stray `%`,
    /// invisible and bidirectional characters, plurals missing a category, unknown exemptions.
    static func project(messages: Int) -> [String: String] {
        let shapes = [
            #""role": "label", "message": "Level  {n}""#,
            #""role": "label", "message": "Save 50% now\u200b""#,
            #""role": "hint", "message": "Double tap to open {name}""#,
            #""role": "label", "message": "{n, plural, other {# coins}}""#,
            #""role": "label", "message": "\u202eReversed ""#,
            #""role": "action", "message": "Tap here""#,
            #""role": "label", "message": "Plain text {i}", "exempt": {"no-such-rule": "why"}"#,
        ]
        var entries: [(String, String)] = []
        for i in 0..<messages { entries.append(("key.\(i)", shapes[i % shapes.count])) }
        return ["Templates/game.json": template(entries)]
    }

    @Test func piecesFindWhatTheWholeSourceFinds() throws {
        let root = try makeProject(Self.project(messages: 2_600))
        defer { try? FileManager.default.removeItem(atPath: root) }
        let input = ProjectInput.make(from: ProjectLoader.load(directory: root))
        let table = try #require(input.tables.first)
        let facts = TableFacts(table, parallel: false)
        let runner = RuleRunner(input: input, table: table, facts: facts, spokenSeconds: nil)
        var whole = Emitter(settings: input.settings)
        runner.checkSource(emitter: &whole)
        #expect(whole.findings.count > 1_000)
        for size in [1, 7, 1_000, Checker.sourcePiece, 5_000] {
            var findings: [Finding] = []
            var exempted = 0
            for start in stride(from: 0, to: table.messages.count, by: size) {
                var piece = Emitter(settings: input.settings)
                runner.checkSource(start..<min(table.messages.count, start + size), emitter: &piece)
                findings += piece.findings
                exempted += piece.exempted
            }
            #expect(Checker.sorted(findings) == Checker.sorted(whole.findings), "pieces of \(size)")
            #expect(exempted == whole.exempted)
        }
    }
}
