import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SpeakableTestSupport

/// Runs the built `speakable` binary and the Swift toolchain as a user (and CI) would. Imports
/// Foundation (Process, XMLParser, JSONSerialization) and none of Speakable's modules: the outputs
/// are checked with parsers that share no code with the ones that wrote them.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
let fixture = packageRoot.appendingPathComponent("Tests/SpeakableCompilerTests/Fixtures/Game").path

var speakable: String {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("speakable").path
}


func temporaryFolder(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("speakable-tool-tests-\(name)-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Counts elements and collects the text of `<string>`s with XMLParser.
final class ResourceCounter: NSObject, XMLParserDelegate {
    var elements: [String: Int] = [:]
    var strings: [String: String] = [:]
    private var currentName: String?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements[name, default: 0] += 1
        if name == "string" {
            currentName = attributes["name"]
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "string", let currentName { strings[currentName] = text }
        if name == "string" { currentName = nil }
    }
}

func parseXML(_ path: String) throws -> ResourceCounter {
    let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
    let counter = ResourceCounter()
    parser.delegate = counter
    #expect(parser.parse(), "\(path): \(parser.parserError.map { "\($0)" } ?? "")")
    return counter
}

@Suite(.serialized) struct CompilerToolTests {
    @Test func compileWritesOutputsThatOtherParsersAccept() throws {
        let out = try temporaryFolder("compile")
        let result = try run(speakable, ["compile", "--project", fixture, "--out", out])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("5 written, 0 unchanged"))

        let english = try parseXML(out + "/android/res/values/strings.xml")
        // 5 select cases of the cell label + coins, level, location hint, daily result.
        #expect(english.elements["string"] == 9)
        #expect(english.elements["plurals"] == 2)
        // XML text is still Android-escaped: aapt2, not XMLParser, reads \' as '.
        #expect(english.strings["coins.balance"] == "%1$,d O\\'Coins")
        let korean = try parseXML(out + "/android/res/values-ko/strings.xml")
        #expect(korean.strings["sudoku.cell.label__content_empty"] == "%1$,d행 %2$,d열, 빈칸")
        let xliff = try parseXML(out + "/xliff/ko.xliff")
        #expect(xliff.elements["unit"] == 9)
        #expect(xliff.elements["target"] == 9)

        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/xcstrings/game.xcstrings"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(catalog["sourceLanguage"] as? String == "en")
        let strings = try #require(catalog["strings"] as? [String: Any])
        #expect(strings.count == 11)  // runtime-only messages are not in catalogs
        // Keys appear in the order Foundation's localizedStandardCompare gives (Xcode's order).
        let text = String(decoding: data, as: UTF8.self)
        let written = text.split(separator: "\n").filter { $0.hasPrefix("    \"") && $0.hasSuffix(" : {") }
            .map { String($0.dropFirst(5).prefix { $0 != "\"" }) }
        #expect(written == strings.keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        #expect(!text.hasSuffix("\n"))

        // The same compile again writes nothing.
        let again = try run(speakable, ["compile", "--project", fixture, "--out", out])
        #expect(again.output.contains("0 written, 5 unchanged"))
    }

    /// Xcode sorts keys with `localizedStandardCompare`; Foundation here has it too (on its own
    /// ICU), an independent check of the order the writer computes.
    @Test func catalogKeysAreInLocalizedStandardOrder() throws {
        let project = try temporaryFolder("order")
        let keys = ["Key10", "Key2", "key1", "my_snake", "my.snake", "my-snake", "Empty", "Empty.Comment", "a_b", "a.b", "a-b",
                    "Zeta", "alpha9", "alpha10", "ALPHA", "b2b", "B1", "level.5", "level.10", "_leading", "x-ray.1_2"]
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        let messages = keys.map { "\"\($0)\": { \"message\": \"\($0)\" }" }.joined(separator: ", ")
        try "{ \"messages\": { \(messages) } }".write(toFile: project + "/Templates/t.json", atomically: true, encoding: .utf8)
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "xcstrings"])
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOfFile: project + "/out/xcstrings/t.xcstrings", encoding: .utf8)
        let written = text.split(separator: "\n").filter { $0.hasPrefix("    \"") && $0.hasSuffix(" : {") }
            .map { String($0.dropFirst(5).prefix { $0 != "\"" }) }
        #expect(written == keys.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
    }

    @Test func theGeneratedSwiftCompilesWithoutWarnings() throws {
        let swiftc = try #require(which("swiftc"), "swiftc is not on PATH")
        let out = try temporaryFolder("swift")
        #expect(try run(speakable, ["compile", "--project", fixture, "--out", out, "--only", "swift", "--swift-access", "public"]).status == 0)
        let main = out + "/main.swift"
        try """
        import Foundation
        print(GameStrings.sudokuCellLabel(row: 2, column: 7, content: .error, digit: 4, notes: ""))
        print(GameStrings.linesCleared(lines: 2, score: 640))
        print(GameStrings.dailyResult(day: Date(timeIntervalSince1970: 0)).isEmpty)
        """.write(toFile: main, atomically: true, encoding: .utf8)
        let result = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck",
                                      out + "/swift/Speakable+game.swift"])
        #expect(result.status == 0, "\(result.error)")
        let binary = out + "/app"
        let built = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", out + "/swift/Speakable+game.swift", main, "-o", binary])
        #expect(built.status == 0, "\(built.error)")
        // Without a compiled catalog in the bundle, the source text (the printf form) is used.
        let output = try run(binary, [])
        #expect(output.output.split(separator: "\n").prefix(2) == ["Row 2, column 7, 4, error", "Cleared 2 lines. Score 640."])
    }

    /// Keys and arguments that are Swift keywords, standard types or the generated helpers'
    /// own names still give code that compiles without warnings.
    @Test func awkwardNamesStillCompile() throws {
        let swiftc = try #require(which("swiftc"), "swiftc is not on PATH")
        let project = try temporaryFolder("names")
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        try """
        { "messages": {
            "string": { "message": "{string, select, int {Int} default {D} other {O}}" },
            "table.name": { "message": "{self} {in} {Type}" },
            "bundle": { "message": "{n, plural, one {# a} other {# b}} {date, date, short}" },
            "date": { "message": "x" },
            "2nd-try": { "message": "{count, number} {COUNT}", "examples": [ { "COUNT": 3 } ] },
            "return": { "message": "it's {what}" },
            "z.string": { "message": "{string, select, a {A} other {B}}" },
            "ratio": { "message": "{r, number} {r, number, percent} {r, number, ::.00} {r}", "examples": [ { "r": 0.5 } ] },
            "players": { "message": "{n, plural, one {# player} other {# players}} ({n, number, ::compact-short})", "examples": [ { "n": 3 } ] }
        } }
        """.write(toFile: project + "/Templates/names.json", atomically: true, encoding: .utf8)
        let compiled = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "swift,xcstrings"])
        #expect(compiled.status == 0, "\(compiled.error)")
        let result = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", "-typecheck",
                                      project + "/out/swift/Speakable+names.swift"])
        #expect(result.status == 0, "\(result.error)")
        // Numbers as text: NumberFormatter where it says what ICU says, else a text parameter.
        let swift = try String(contentsOfFile: project + "/out/swift/Speakable+names.swift", encoding: .utf8)
        #expect(swift.contains("static func ratio(r: Double, rText: String) -> String"))
        #expect(swift.contains("static func players(n: Int, nText: String) -> String"))
    }

    /// A fixed number of fraction digits without grouping (what an imported `%.2f` becomes) is a
    /// `Double` parameter formatted by NumberFormatter, and says what ICU says: the generated
    /// file, built by swiftc with its locale switched per run, against `speakable format` (ICU).
    @Test func fixedFractionNumbersAreTypedAndSayWhatICUSays() throws {
        let swiftc = try #require(which("swiftc"), "swiftc is not on PATH")
        let project = try temporaryFolder("fraction")
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        let styles = ["::.00 group-off rounding-mode-half-up", "::.000 group-off", "::precision-integer group-off rounding-mode-half-up",
                      "::.0 group-off"]
        let message = styles.map { "{x, number, \($0)}" }.joined(separator: "|")
        try #"{ "messages": { "fixed": { "message": "\#(message)", "examples": [ { "x": 2.5 } ] } } }"#
            .write(toFile: project + "/Templates/t.json", atomically: true, encoding: .utf8)
        let compiled = try run(speakable, ["compile", "--project", project, "--out", project + "/out", "--only", "swift"])
        #expect(compiled.status == 0, "\(compiled.error)")
        var swift = try String(contentsOfFile: project + "/out/swift/Speakable+t.swift", encoding: .utf8)
        #expect(swift.contains("static func fixed(x: Double) -> String"), "\(swift)")
        #expect(swift.contains(".fraction(2, halfUp: true)"))
        // The run's locale instead of the process's (Locale.current is fixed on Linux).
        #expect(swift.contains("Locale.current.identifier"))
        swift = swift.replacing("Locale.current.identifier", with: "ProbeLocale.identifier")
        // Not mr or bn: swift-corelibs-foundation gives them Latin digits even for `.decimal`, where ICU (and
        // Apple) use their own.
        let locales = ["en", "de", "fr", "sv", "ar-EG", "fa", "ne", "my"]
        let values = [2.675, 1.005, 0.125, -2.665, 99.995, 0.045, 1e-7, 1234567.125, -0.5, 0.0, 42.0, 1e15 + 0.5]
        try (swift + """

            enum ProbeLocale { nonisolated(unsafe) static var identifier = "en" }

            @main struct Probe {
                static func main() {
                    for locale in \(locales) {
                        ProbeLocale.identifier = locale
                        print(\(values).map { TStrings.fixed(x: $0) }.joined(separator: " "))
                    }
                }
            }

            """).write(toFile: project + "/probe.swift", atomically: true, encoding: .utf8)
        let built = try run(swiftc, ["-swift-version", "6", "-warnings-as-errors", "-parse-as-library", project + "/probe.swift",
                                     "-o", project + "/probe"])
        try #require(built.status == 0, "\(built.error)")
        let said = try run(project + "/probe", []).output.split(separator: "\n").map(String.init)
        // ICU: one message with an argument per value.
        let icuMessage = values.indices.map { i in styles.map { "{x\(i), number, \($0)}" }.joined(separator: "|") }.joined(separator: " ")
        let arguments = "{" + values.enumerated().map { "\"x\($0.offset)\": \($0.element)" }.joined(separator: ", ") + "}"
        var expected: [String] = []
        for locale in locales {
            let icu = try run(speakable, ["format", "--locale", locale, "--args", arguments, icuMessage])
            #expect(icu.status == 0, "\(icu.error)")
            expected.append(icu.output.trimmingCharacters(in: .newlines))
        }
        #expect(said == expected)
        #expect(expected.first?.hasPrefix("2.68|2.675|3|2.7 1.01|1.005|1|1.0") == true, "\(expected)")
    }

    @Test func aFailingCompileReportsWhereAndWritesNothing() throws {
        let project = try temporaryFolder("failing")
        try FileManager.default.createDirectory(atPath: project + "/Templates", withIntermediateDirectories: true)
        try #"{ "messages": { "rank": { "message": "{rank, selectordinal, one {#st} other {#th}}" } } }"#
            .write(toFile: project + "/Templates/t.json", atomically: true, encoding: .utf8)
        let result = try run(speakable, ["compile", "--project", project, "--out", project + "/out"])
        #expect(result.status == 1)
        #expect(result.error.contains("Templates/t.json:1:39: error: 'rank': selectordinal 'rank' cannot be expressed"))
        // Reported once, not once per platform.
        #expect(result.error.components(separatedBy: "[catalog-selectordinal]").count == 2)
        #expect(!FileManager.default.fileExists(atPath: project + "/out"))
        #expect(try run(speakable, ["compile", "--only", "pdf"]).status == 64)
    }

    @Test func importThenCompileFromTheCommandLine() throws {
        let project = try temporaryFolder("import")
        try FileManager.default.copyItem(atPath: fixture, toPath: project + "/Game")
        let root = project + "/Game"
        let compiled = try run(speakable, ["compile", "--only", "xliff"], in: root)
        #expect(compiled.status == 0, "\(compiled.error)")
        let original = try String(contentsOfFile: root + "/Locales/ko/game.json", encoding: .utf8)
        try FileManager.default.removeItem(atPath: root + "/Locales/ko/game.json")
        let imported = try run(speakable, ["import", "Generated/xliff/ko.xliff"], in: root)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try String(contentsOfFile: root + "/Locales/ko/game.json", encoding: .utf8) == original)
        // A broken file: a compiler-style error with its place, and nothing written.
        try "<xliff version=\"2.0\"><file id=\"game\"><unit id=\"x\"></file></xliff>".write(toFile: root + "/bad.xliff", atomically: true, encoding: .utf8)
        let bad = try run(speakable, ["import", "bad.xliff"], in: root)
        #expect(bad.status == 1)
        #expect(bad.error.contains("bad.xliff:1:51: error: closing tag </file> does not match <unit>"))
    }

    /// The plugin consumer under Examples/ builds (the accessors are generated by the plugin),
    /// runs, and rebuilding with nothing changed does no work.
    ///
    /// SwiftPM (6.3) links the plugin's tool in two build phases; right after a clean build, the
    /// first rebuild relinks it and so runs the command once more — which leaves the generated
    /// file untouched (same content), so nothing recompiles. From then on, a rebuild runs nothing.
    @Test func thePluginConsumerBuildsAndANoChangeRebuildDoesNothing() throws {
        let swift = try #require(which("swift"), "swift is not on PATH")
        let example = packageRoot.appendingPathComponent("Examples/AccessorsExample").path
        var first = try run(swift, ["build", "--package-path", example])
        if first.status != 0 {
            // SwiftPM keeps a path dependency's list of source files in the consumer's build
            // folder: after files are added to or removed from Speakable, an old Examples/…/.build
            // fails to build. The verdict comes from a clean build.
            try? FileManager.default.removeItem(atPath: example + "/.build")
            first = try run(swift, ["build", "--package-path", example])
        }
        #expect(first.status == 0, "\(first.output)\n\(first.error)")
        #expect(!(first.output + first.error).contains("Speakable+game.swift:"), "the generated file has diagnostics")
        let binary = try run(swift, ["build", "--package-path", example, "--show-bin-path"]).output
            .trimmingCharacters(in: .whitespacesAndNewlines) + "/AccessorsExample"
        let output = try run(binary, [])
        #expect(output.output.split(separator: "\n") == [
            "Row 2, column 7, given 4", "Row 3, column 5, empty", "Level 5, 2 of 3 stars", "hear about your current location",
            "empty,given,error,notes,other",
        ])
        let generated = try #require(FileManager.default.enumerator(atPath: example + "/.build/plugins/outputs")?
            .compactMap { $0 as? String }.first { $0.hasSuffix("Speakable+game.swift") })
        let generatedPath = example + "/.build/plugins/outputs/" + generated
        let stamp = try FileManager.default.attributesOfItem(atPath: generatedPath)[.modificationDate] as? Date
        let second = try run(swift, ["build", "--package-path", example])
        #expect(second.status == 0)
        #expect(!second.output.contains("Compiling AccessorsExample"), "\(second.output)")
        let third = try run(swift, ["build", "--package-path", example])
        #expect(third.status == 0)
        #expect(!third.output.contains("Generating Speakable accessors"), "\(third.output)")
        #expect(!third.output.contains("Compiling AccessorsExample"), "\(third.output)")
        #expect(!third.output.contains("Linking"), "\(third.output)")
        #expect(try FileManager.default.attributesOfItem(atPath: generatedPath)[.modificationDate] as? Date == stamp)
    }
}
