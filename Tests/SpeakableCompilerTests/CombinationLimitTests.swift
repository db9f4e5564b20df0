import FoundationEssentials
import SpeakableCatalog
import SpeakableMessages
import Testing
@testable import SpeakableCompiler
@testable import SpeakablePlatformFormats

/// Issue 13: a one-line template with 26 two-case selects made compile build every combination
/// (6.5 GB at 22, abort past 15 GB at 26) before its 64-combination limit — also for
/// runtimeOnly messages and for `--only swift`.
@Suite struct CombinationLimitTests {
    func selects(_ sizes: [Int]) -> String {
        sizes.enumerated().map { index, size in
            "{s\(index), select, " + (0..<(size - 1)).map { "c\($0) {\($0)}" }.joined(separator: " ") + " other {o}}"
        }.joined(separator: " ")
    }

    func project(_ message: String, runtimeOnly: Bool = false) throws -> Project {
        let root = try temporaryDirectory()
        try write("{ \"messages\": { \"m\": { \"message\": \"\(message)\", \"runtimeOnly\": \(runtimeOnly) } } }", to: root + "/Templates/t.json")
        return ProjectLoader.load(directory: root)
    }

    @Test func combinationsAreCountedWithoutBuildingThem() throws {
        #expect(SelectExpansion.combinationCount(of: try MessagePattern(selects(Array(repeating: 2, count: 26))).body) == 1 << 26)
        #expect(SelectExpansion.combinationCount(of: try MessagePattern(selects(Array(repeating: 100, count: 12))).body) == Int.max)
        #expect(SelectExpansion.combinationCount(of: try MessagePattern("no selects").body) == 1)
    }

    @Test(arguments: [[CompileOutput.swift], CompileOutput.allCases])
    func atTheLimitCompilesAndOnePastIsAnError(outputs: [CompileOutput]) throws {
        var options = CompileOptions()
        options.outputs = Set(outputs)
        // 8 × 8 = 64 keys: compiled.
        let atLimit = CatalogCompiler.compile(try project(selects([8, 8])), options: options)
        #expect(!atLimit.hasErrors, "\(atLimit.diagnostics)")
        if outputs == [.swift] {
            #expect(atLimit.files.first?.contents.components(separatedBy: "Self.string(").count == 64 + 1)  // one call per key
        }
        // 5 × 13 = 65: an error, and nothing built.
        let past = CatalogCompiler.compile(try project(selects([5, 13])), options: options)
        #expect(past.files.isEmpty)
        #expect(past.diagnostics.map(\.message) == ["message 'm' has 65 combinations of select cases; platform catalogs would need one key each (at most 64)"])
        // 2²⁶ = 67,108,864 — reported at once.
        let huge = CatalogCompiler.compile(try project(selects(Array(repeating: 2, count: 26))), options: options)
        #expect(huge.diagnostics.map(\.id) == ["catalog-too-many-cases"])
        #expect(huge.diagnostics.first?.message.contains("67108864 combinations") == true)
    }

    @Test func runtimeOnlyMessagesAreNotExpandedAtAll() throws {
        let result = CatalogCompiler.compile(try project(selects(Array(repeating: 2, count: 26)), runtimeOnly: true), options: CompileOptions())
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(!result.files.isEmpty)
    }
}
