@testable import PlatformDifferentialKit
import Testing

/// Every real app's catalog of the development test data through `speakable init`, `import`,
/// `check` and `compile` (both modes), judged by the platform: on Android every (type, name,
/// locale) renders the same before and after and the compiled `res/` links without a warning;
/// a String Catalog comes back byte for byte, and means the same converted from ICU; an Xcode
/// XLIFF's units are in the compiled catalogs. One run for every catalog (one JVM).
///
/// A defect that is known and being fixed is listed in ``knownDefects``, precisely: each entry
/// must still be found (when it is fixed, the test fails until the entry is removed), and
/// anything else found fails the test.
@Suite struct RealCatalogRoundTripTests {
    static let inputs: [RoundTripInput] = StandardInputs.realCatalogsDirectory.map(RoundTripInput.realCatalogs(in:)) ?? []

    /// Computed once, by the first test that asks; nil when a tool is missing (outside CI).
    static let shared: Result<RoundTripReport, DifferentialError>? = {
        guard !inputs.isEmpty, case .success = AndroidTools.find() else { return nil }
        return Result { () throws(DifferentialError) in try RealCatalogRoundTrip.run(inputs, options: RoundTripOptions()) }
    }()

    /// Defects being fixed in import and compile; remove an entry with its fix.
    static let knownDefects: [KnownDefect] = []

    static func report(sourceLocation: SourceLocation = #_sourceLocation) throws -> RoundTripReport? {
        guard androidTools(sourceLocation: sourceLocation) != nil, let shared else { return nil }
        return try shared.get()
    }

    @Test(.enabled(if: StandardInputs.realCatalogsDirectory != nil, "../shared/testdata/catalogs is absent; skipping the real-catalog round trip"))
    func everyRealCatalogIsRun() throws {
        guard let report = try Self.report() else { return }
        #expect(report.catalogs.map(\.name) == Self.inputs.map(\.name))
        // AntennaPod's 11 locales (iw read as Hebrew), DeskClock's two.
        let antennapod = try #require(report.catalogs.first { $0.name == "antennapod" })
        #expect(antennapod.sourceLocale == "en")
        #expect(antennapod.locales == ["ar", "de", "fa", "he", "ja", "ko", "ml", "pl", "pt-BR", "ru"])
        #expect(antennapod.mode(.kept)?.android?.cases ?? 0 > 10_000)
        #expect(report.catalogs.first { $0.name == "DeskClock" }?.locales == ["ko"])
        if Subprocess.find("xmllint") == nil {
            if isCI { Issue.record("CI must have xmllint (libxml2-utils): the compiled strings.xml files are judged by it") }
            else { print("note: xmllint is not installed; the compiled strings.xml files were judged by aapt2 only") }
        }
    }

    @Test(.enabled(if: StandardInputs.realCatalogsDirectory != nil, "../shared/testdata/catalogs is absent; skipping the real-catalog round trip"),
          arguments: inputs.map(\.name))
    func catalogSurvivesImportAndCompile(name: String) throws {
        guard let report = try Self.report() else { return }
        let catalog = try #require(report.catalogs.first { $0.name == name })
        judge(catalog, known: Self.knownDefects.filter { $0.catalog == name })
    }
}

/// A known defect of import or compile, listed precisely: the catalog, and either an Android
/// resource with the kind of mismatch and the exact cases (locale, quantity) where it shows in a
/// compile mode, the exact text of a String Catalog or XLIFF difference, or a text contained in a
/// problem (a failed command) or in an aapt2 line.
struct KnownDefect: CustomStringConvertible {
    var catalog: String
    var mode: CompileMode? = nil
    var resource: String? = nil
    var kind: RoundTripMismatch.Kind? = nil
    var cases: [String] = []
    var difference: String? = nil
    var problem: String? = nil
    var linkMessage: String? = nil
    var why: String

    var description: String {
        "\(catalog) \(mode?.rawValue ?? "") \(resource ?? difference ?? problem ?? linkMessage ?? ""): \(why)"
    }

    func matches(_ mismatch: RoundTripMismatch) -> Bool {
        mismatch.catalog == catalog && mismatch.mode == mode && mismatch.resource == resource && mismatch.kind == kind
            && cases.contains(mismatch.locale)
    }
}

/// Judges one catalog's round trip: nothing failed, the compiled `res/` linked cleanly, every
/// Android case is identical (a recovered translation aside), String Catalogs are byte-identical
/// in the default compile and mean the same in both — except the known defects, each of which
/// must still be there (`withKnownIssue`: a fixed one fails until its entry is removed).
func judge(_ catalog: CatalogRoundTripReport, known: [KnownDefect], sourceLocation: SourceLocation = #_sourceLocation) {
    let name = catalog.name
    let unknownProblems = catalog.problems.filter { problem in !known.contains { $0.problem.map(problem.contains) ?? false } }
    #expect(unknownProblems.isEmpty, "\(name):\n\(unknownProblems.joined(separator: "\n"))", sourceLocation: sourceLocation)
    let stopped = catalog.problems.contains { $0.hasPrefix("speakable init failed") || $0.hasPrefix("speakable import failed") }
    if !stopped {
        #expect(catalog.modes.map(\.mode) == CompileMode.allCases, sourceLocation: sourceLocation)
    }
    let android = catalog.files.contains { RoundTripInput.format(of: $0) == .android }
    let compileFailed = Set(catalog.modes.filter { $0.compileStatus != 0 }.map(\.mode))
    for mode in catalog.modes where !compileFailed.contains(mode.mode) {
        let modeKnown = known.filter { $0.mode == mode.mode }
        if android {
            #expect(catalog.originalLinkMessages != nil, "\(name): the original res/ was linked", sourceLocation: sourceLocation)
            // The apps work: every original case renders with the arguments the round trip
            // passes (their kinds read from the source's specifiers).
            #expect(catalog.originalCrashes == 0, "\(name): \(catalog.originalCrashes) cases throw in the original", sourceLocation: sourceLocation)
            let unknownLines = (mode.linkMessages ?? ["not linked"]).filter { line in !modeKnown.contains { $0.linkMessage.map(line.contains) ?? false } }
            #expect(unknownLines.isEmpty, "\(name) \(mode.mode.rawValue): aapt2 on the compiled res/:\n\(unknownLines.joined(separator: "\n"))",
                    sourceLocation: sourceLocation)
            if let tally = mode.android {
                #expect(tally.cases > 0, sourceLocation: sourceLocation)
                #expect(tally.cases == tally.identical + tally.mismatched + tally.crashes + tally.recovered, sourceLocation: sourceLocation)
            } else {
                Issue.record("\(name) \(mode.mode.rawValue): not rendered on Android", sourceLocation: sourceLocation)
            }
        } else {
            #expect(mode.comparedCatalogs, "\(name) \(mode.mode.rawValue): compared with the compiled catalogs", sourceLocation: sourceLocation)
        }
        if mode.mode == .kept {
            for (table, identical) in mode.byteIdentical.sorted(by: { $0.key < $1.key }) {
                #expect(identical, "\(name): the default compile of \(table).xcstrings is not byte-identical", sourceLocation: sourceLocation)
            }
        }
        let unknownMismatches = mode.mismatches.filter { mismatch in mismatch.kind != .recovered && !modeKnown.contains { $0.matches(mismatch) } }
        let unknownDifferences = mode.catalogDifferences.filter { difference in
            !modeKnown.contains { $0.difference == difference } && !difference.contains("not byte-identical")
        }
        #expect(unknownMismatches.isEmpty,
                "\(name) \(mode.mode.rawValue): \(unknownMismatches.count) cases render differently after the round trip:\n\(RoundTripReport.byResource(unknownMismatches))\(unknownMismatches.prefix(20).map(\.text).joined())",
                sourceLocation: sourceLocation)
        #expect(unknownDifferences.isEmpty,
                "\(name) \(mode.mode.rawValue): \(unknownDifferences.count) differences in meaning:\n\(unknownDifferences.prefix(30).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }
    // Each known defect is still there, case for case; the test fails once it is fixed (remove
    // the entry then).
    for defect in known {
        let mode = defect.mode.flatMap { catalog.mode($0) }
        let present: Bool
        var detail = ""
        if let problem = defect.problem {
            present = catalog.problems.contains { $0.contains(problem) }
        } else if let line = defect.linkMessage {
            present = mode?.linkMessages?.contains { $0.contains(line) } ?? false
        } else if let difference = defect.difference {
            present = mode?.catalogDifferences.contains(difference) ?? false
        } else {
            let found = mode?.mismatches.filter(defect.matches) ?? []
            // Partly fixed is not the defect as listed: make the entry say what is left.
            if !found.isEmpty {
                #expect(Set(found.map(\.locale)) == Set(defect.cases), "\(defect): now found only in \(found.map(\.locale))",
                        sourceLocation: sourceLocation)
            }
            present = !found.isEmpty
            detail = found.prefix(2).map(\.text).joined()
        }
        withKnownIssue(Comment(rawValue: defect.description), sourceLocation: sourceLocation) {
            #expect(!present, "\(detail)", sourceLocation: sourceLocation)
        }
    }
}
