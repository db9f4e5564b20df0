import FoundationEssentials
import SeededRandom
import SpeakableDiagnostics
import SpeakablePlatformFormats
import Testing
@testable import SpeakableChecker

/// `format-mismatch` on Android answers "nothing to report" for a form (``FormatMismatchRule/javaIsClean(_:source:isSource:)``)
/// without the form's message, and checks only the others in full. Here many generated source
/// and translation formats go through the whole checker, and each translation has a finding
/// exactly when the model says Java fails on it or prints another value
/// (``FormatCompatibility/javaFailure(of:arguments:)``, ``FormatCompatibility/consequence(source:translation:dialect:sourceStorage:translationStorage:)``).
@Suite struct FormatRuleShortcutTests {
    static let sourcePieces = ["%s", "%d", "%1$s", "%2$d", "%2$s", "%f", "%c", "%b", "%tH", "%,d", "%x", "%%", " min ", "가"]
    static let translationPieces = ["%s", "%d", "%1$s", "%2$d", "%2$s", "%3$s", "%1$d", "%x", "%,d", "%o", "%f", "%.2f", "%e", "%c",
                                    "%b", "%h", "%S", "%X", "%tH", "%1$tM", "%q", "% d", "%#s", "%(x", "%-5d", "%05d", "%%", "%n",
                                    "%", " ", "분", "é"]

    static func generated(_ pieces: [String], count: Int, random: inout SplitMix) -> String {
        var text = ""
        for _ in 0..<count { text += random.pick(pieces) }
        return text
    }

    @Test func cleanFormsAreTheOnesWithoutAFinding() throws {
        var random = SplitMix(seed: 5)
        var pairs: [(key: String, source: String, translation: String)] = []
        for index in 0..<400 {
            // Sources read an argument (else nothing is formatted); a quarter of the
            // translations keep the source's text, the common case the shortcut is for.
            var source = ""
            while FormatString.parse(source, dialect: .java).argumentSpecifiers.isEmpty {
                source = Self.generated(Self.sourcePieces, count: 1 + index % 3, random: &random)
            }
            let translation = index % 4 == 0 ? source : Self.generated(Self.translationPieces, count: 1 + index % 4, random: &random)
            pairs.append(("m\(index)", source, translation))
        }
        func file(_ texts: [(String, String)]) -> String {
            "<resources>\n" + texts.map { "    <string name=\"\($0.0)\">\($0.1)</string>\n" }.joined() + "</resources>\n"
        }
        let root = try makeProject(["res/values/strings.xml": file(pairs.map { ($0.key, $0.source) }),
                                    "res/values-ko/strings.xml": file(pairs.map { ($0.key, $0.translation) })])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try checkPlatform(root + "/res", spokenSeconds: estimatedSeconds)
        let flagged = Set(result.findings.filter { $0.rule == "format-mismatch" && $0.locale == "ko" }.compactMap(\.key))
        var clean = 0
        for pair in pairs {
            let sourceFormat = FormatString.parse(pair.source, dialect: .java)
            let formats = PlatformFormats(dialect: .java, forms: [PlatformFormats.Form(path: "", format: sourceFormat, file: "", position: { _ in
                SourcePosition(line: 1, column: 1)
            })])
            let arguments = FormatMismatchRule.SourceArguments(formats)
            let translation = FormatString.parse(pair.translation, dialect: .java)
            var expected = FormatCompatibility.javaFailure(of: translation, arguments: arguments.java) != nil
            if !expected {
                for spec in translation.specifiers where spec.readsArgument {
                    guard let argument = spec.argument, argument <= arguments.specifiers.count,
                          let sourceSpec = arguments.specifiers[argument - 1] else { continue }
                    if FormatCompatibility.consequence(source: sourceSpec, translation: spec, dialect: .java)?.kind == .wrongValue { expected = true }
                }
            }
            #expect(FormatMismatchRule.javaIsClean(translation, source: arguments, isSource: false) == !expected, "\(pair.source) > \(pair.translation)")
            #expect(flagged.contains("string/" + pair.key) == expected, "\(pair.source) > \(pair.translation)")
            if !expected { clean += 1 }
        }
        #expect(clean > 100 && clean < pairs.count - 100, "\(clean)")
    }
}
