@testable import PlatformDifferentialKit
import Testing

/// The differential itself on the built-in catalog, every real catalog and a small stress
/// project: every case identical on every platform, or listed in the allow-list with a reason;
/// aapt2 clean; every project compiles. (The full sweep is `swift run PlatformDifferential`.)
@Suite(.serialized) struct PlatformDifferentialTests {
    static func run(_ inputs: [DifferentialInput]) throws -> DifferentialReport? {
        guard androidTools() != nil, appleTools() != nil else { return nil }
        var options = DifferentialOptions()
        options.quick = true
        return try PlatformDifferential.run(inputs, allowList: try AllowList.read(StandardInputs.allowList), options: options)
    }

    static func expectClean(_ report: DifferentialReport, sourceLocation: SourceLocation = #_sourceLocation) {
        // An allow-list entry for an input of this run that accepted nothing is stale.
        let names = Set(report.inputs.map(\.name))
        let stale = report.unusedAllowances.filter { index in report.allowList.entries[index].input.map(names.contains) == true }
        #expect(stale.isEmpty, "allow-list entries that matched nothing: \(stale.map { report.allowList.entries[$0].reason })",
                sourceLocation: sourceLocation)
        for input in report.inputs {
            let problems = input.problems.count
            let listed = input.problems.prefix(8).joined(separator: "\n")
            #expect(problems == 0, "\(input.name):\n\(listed)", sourceLocation: sourceLocation)
            let open = input.mismatches.filter { $0.allowedBy == nil }
            let count = open.count
            let listing = open.prefix(8).map(\.text).joined()
            #expect(count == 0, "\(input.name): the first of \(count) mismatches:\n\(listing)", sourceLocation: sourceLocation)
            for platform in Platform.allCases {
                if let tally = input.tallies[platform] {
                    #expect(tally.cases == tally.identical + tally.allowed + tally.mismatched, sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func builtInCatalog() throws {
        guard let report = try Self.run([StandardInputs.builtin]) else { return }
        let input = try #require(report.inputs.first)
        // Every platform measured every message of the catalog, in both locales.
        for platform in [Platform.android, .apple] {
            let tally = try #require(input.tallies[platform], "\(platform)")
            #expect(tally.locales == 2)
            #expect(tally.messages >= 70)
            #expect(tally.cases > 800)
        }
        Self.expectClean(report)
    }

    @Test(.enabled(if: StandardInputs.realCatalogsDirectory != nil, "../shared/testdata/catalogs is absent; skipping the real catalogs"))
    func realCatalogs() throws {
        guard let report = try Self.run(StandardInputs.realCatalogs(in: StandardInputs.realCatalogsDirectory!)) else { return }
        #expect(report.inputs.count == 7)
        Self.expectClean(report)
    }

    @Test func stressProject() throws {
        guard let report = try Self.run([StandardInputs.stress(seed: 1, messages: 28)]) else { return }
        let input = try #require(report.inputs.first)
        #expect(input.tallies[.android]?.locales == 15)
        #expect(input.tallies[.apple]?.locales == 15)
        Self.expectClean(report)
    }
}
