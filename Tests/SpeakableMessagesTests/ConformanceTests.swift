import ConformanceSupport
import FoundationEssentials
import Testing

/// The MF1 conformance data in ../shared/testdata/mf1 (see tools/ConformanceSupport): every ICU4C
/// case, every messageformat.js case whose ICU 72 output is recorded, every syntax verdict.
let conformanceDirectory: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    return MF1Conformance.dataDirectory(packageRoot: root)
}()

@Suite(.enabled(if: conformanceDirectory != nil, "../shared/testdata/mf1 is not next to the package; skipping MF1 conformance"))
struct ConformanceTests {
    static let report: MF1Conformance.Report? = conformanceDirectory.flatMap { try? MF1Conformance.run(dataDirectory: $0) }

    @Test func allICU4CCasesPass() throws {
        let report = try #require(Self.report)
        #expect(report.icu.count == 155)
        for failure in report.icu where !failure.passed { Issue.record("\(failure)") }
    }

    @Test func everyRecordedICU72OutputOfMessageformatJSMatches() throws {
        let report = try #require(Self.report)
        #expect(report.messageformatJS.count + report.messageformatJSSkipped.count == 187)
        #expect(report.messageformatJS.count >= 170)
        for failure in report.messageformatJS where !failure.passed { Issue.record("\(failure)") }
    }

    @Test func everySyntaxVerdictMatchesICU() throws {
        let report = try #require(Self.report)
        #expect(report.syntax.count == 91)
        for failure in report.syntax where !failure.passed { Issue.record("\(failure)") }
    }
}
