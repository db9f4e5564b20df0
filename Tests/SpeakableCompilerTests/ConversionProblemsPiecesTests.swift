import SeededRandom
import SpeakableCatalog
import SpeakableDiagnostics
@testable import SpeakableCompiler
import SpeakablePlatformFormats
import Testing

/// ``CatalogCompiler/validate(_:options:metadata:only:)`` converts a large table's messages in
/// pieces on every core: what it finds is what one piece finds, in the same order, however the
/// table is cut.
@Suite struct ConversionProblemsPiecesTests {
    /// Each problem at its first place.
    static func firsts(_ problems: [Diagnostic]) -> [String] {
        var seen = Set<Diagnostic>()
        return problems.filter { seen.insert($0).inserted }.map(\.rendered)
    }

    @Test func piecesFindWhatOnePieceFinds() throws {
        var random = SplitMix(seed: 25)
        let root = try temporaryDirectory()
        let locales = ["ko", "ar", "ru"]
        let templates = CompileValidationTests.templates
        var messages: [(String, String)] = []
        for i in 0..<700 { messages.append(("m\(i)", random.pick(templates))) }
        try CompileValidationTests.writeProject(root, locales: locales, messages: messages, random: &random)
        let project = ProjectLoader.load(directory: root)
        #expect(!project.hasErrors, "\(project.diagnostics.map(\.rendered))")
        for outputs in [Set(CompileOutput.allCases), [.android], [.xcstrings]] as [Set<CompileOutput>] {
            var options = CompileOptions()
            options.outputs = outputs
            let preparation = CatalogCompiler.prepare(project, options: options, metadata: nil, validating: true)
            let platforms: [CatalogPlatform] = outputs.contains(.android) ? [.apple, .android] : [.apple]
            let compose = outputs.contains(.compose)
            let whole = Self.firsts(CatalogCompiler.conversionProblems(project, preparation, platforms: platforms, compose: compose,
                                                                       minimumPiece: 1_000_000))
            #expect(whole.count > 20, "\(outputs)")
            for (minimum, maximum) in [(1, 1000), (7, 5), (256, 8)] {
                let pieces = CatalogCompiler.conversionProblems(project, preparation, platforms: platforms, compose: compose,
                                                                minimumPiece: minimum, maximumPieces: maximum)
                #expect(Self.firsts(pieces) == whole, "\(outputs), pieces of \(minimum)…, at most \(maximum)")
            }
        }
    }
}
