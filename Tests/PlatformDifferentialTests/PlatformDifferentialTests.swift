@testable import PlatformDifferentialKit
import Testing

/// The differential itself on the built-in catalog, every real catalog, a small stress
/// project and the number-style project — one run for all of them (one JVM, one aapt2 link per res/ folder): every case
/// identical on every platform, or listed in the allow-list with a reason; aapt2 clean; every
/// project compiles. (The full sweep is `swift run PlatformDifferential`.)
@Suite struct PlatformDifferentialTests {
    static let stress = StandardInputs.stress(seed: 1, messages: 28)

    /// Computed once, by the first test that asks; nil when a tool is missing (outside CI).
    static let shared: Result<DifferentialReport, DifferentialError>? = {
        guard case .success = AndroidTools.find(), case .success = AppleTools.find(), case .success = KotlinTools.find() else { return nil }
        var inputs = [StandardInputs.builtin]
        if let directory = StandardInputs.realCatalogsDirectory { inputs += StandardInputs.realCatalogs(in: directory) }
        inputs.append(stress)
        inputs.append(StandardInputs.numbers)
        var options = DifferentialOptions()
        options.quick = true
        return Result { () throws(DifferentialError) in
            try PlatformDifferential.run(inputs, allowList: try AllowList.read(StandardInputs.allowList), options: options)
        }
    }()

    static func report(sourceLocation: SourceLocation = #_sourceLocation) throws -> DifferentialReport? {
        guard androidTools(sourceLocation: sourceLocation) != nil, appleTools(sourceLocation: sourceLocation) != nil,
              kotlinTools(sourceLocation: sourceLocation) != nil, let shared else { return nil }
        return try shared.get()
    }

    static func expectClean(_ report: DifferentialReport, inputs names: Set<String>, sourceLocation: SourceLocation = #_sourceLocation) {
        // An allow-list entry for one of these inputs that accepted nothing is stale.
        let stale = report.unusedAllowances.filter { index in
            let entry = report.allowList.entries[index]
            return entry.input != nil && names.contains { entry.applies(toInput: $0) }
        }
        #expect(stale.isEmpty, "allow-list entries that matched nothing: \(stale.map { report.allowList.entries[$0].reason })",
                sourceLocation: sourceLocation)
        for input in report.inputs where names.contains(input.name) {
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
        guard let report = try Self.report() else { return }
        let input = try #require(report.inputs.first { $0.name == "builtin" })
        // Every platform measured every message of the catalog, in both locales.
        for platform in [Platform.android, .androidKotlin, .compose, .apple] {
            let tally = try #require(input.tallies[platform], "\(platform)")
            #expect(tally.locales == 2)
            #expect(tally.messages >= 70)
            #expect(tally.cases > 800)
        }
        Self.expectClean(report, inputs: ["builtin"])
    }

    @Test(.enabled(if: StandardInputs.realCatalogsDirectory != nil, "../shared/testdata/catalogs is absent; skipping the real catalogs"))
    func realCatalogs() throws {
        guard let report = try Self.report() else { return }
        let names = Set(StandardInputs.realCatalogs(in: StandardInputs.realCatalogsDirectory!).map(\.name))
        #expect(names.count == 7)
        // Every real catalog is measured on every platform (all outputs are compiled).
        for input in report.inputs where names.contains(input.name) {
            #expect(input.tallies[.android] != nil && input.tallies[.androidKotlin] != nil && input.tallies[.compose] != nil
                    && input.tallies[.apple] != nil, "\(input.name)")
        }
        Self.expectClean(report, inputs: names)
    }

    @Test func stressProject() throws {
        guard let report = try Self.report() else { return }
        let input = try #require(report.inputs.first { $0.name == Self.stress.name })
        #expect(input.tallies[.android]?.locales == 15)
        #expect(input.tallies[.androidKotlin]?.locales == 15)
        #expect(input.tallies[.compose]?.locales == 15)
        #expect(input.tallies[.apple]?.locales == 15)
        Self.expectClean(report, inputs: [Self.stress.name])
    }

    /// Every number style on fractions and integers, in seven locales: identical on both
    /// platforms (or allowed with a reason), and every style measured with the fraction sweep.
    @Test func numberStyles() throws {
        guard let report = try Self.report() else { return }
        let input = try #require(report.inputs.first { $0.name == StandardInputs.numbers.name })
        for platform in [Platform.android, .androidKotlin, .compose, .apple] {
            let tally = try #require(input.tallies[platform], "\(platform)")
            #expect(tally.locales == 7)
            #expect(tally.messages == NumbersProject.styles.count * 2 + 2)
        }
        Self.expectClean(report, inputs: [StandardInputs.numbers.name])
    }
}
