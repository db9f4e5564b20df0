import FoundationEssentials
import SeededRandom
import SpeakableCatalog
import SpeakableDiagnostics
import SpeakableCompiler
import Testing

/// `speakable check` reports what `speakable compile` refuses: the same validation, of the
/// messages its screen keeps. The screen may only leave out messages that cannot be refused.
@Suite struct CompileValidationTests {
    /// What `check` does: every translation shown to the screen as it is read, then the
    /// validation of what it kept.
    static func screened(_ project: Project, _ options: CompileOptions) -> [String] {
        let validation = CompileValidation(project: project)
        for (t, table) in project.tables.enumerated() {
            for (tag, file) in table.locales.sorted(by: { $0.key < $1.key }) {
                for translation in file.translations { validation.observe(table: t, tag: tag, translation) }
            }
        }
        return validation.problems(options: options).map(\.rendered).sorted()
    }

    /// What `compile` refuses (its errors, without the loader's).
    static func compiled(_ project: Project, _ options: CompileOptions) -> [String] {
        let result = CatalogCompiler.compile(project, options: options)
        let loader = Set(project.diagnostics.map(\.rendered))
        return result.diagnostics.filter { $0.severity == .error && !loader.contains($0.rendered) }.map(\.rendered).sorted()
    }

    static let templates = [
        "Level {level}", "Score {score, number}", "{n, plural, one {# star} other {# stars}}",
        "{n, plural, =0 {No stars} one {# star} other {# stars}}", "Hi {name}, {n, plural, one {# gift} other {# gifts}}",
        "{mode, select, easy {Easy} other {Hard}}", "{r, number, ::.00} done", "{n, selectordinal, one {#st} other {#th}}",
        "{a, plural, one {# a} other {# as}} and {b, plural, one {# b} other {# bs}}", "{n, number, ::integer-width/*0000}",
        "Played {t, number, ::group-off} times", "Plain text", "{d, date, short}", "{n, plural, offset:1 other {# more}}",
        "{n, number, percent}", "{n, plural, one {{m, plural, one {x} other {y}}} other {z}}",
    ]

    /// A translation of `template`: the same, or changed as translators change messages.
    static func translation(_ template: String, _ random: inout SplitMix) -> String {
        switch random.below(9) {
        case 0: return template.replacing("{n, plural,", with: "{m, plural,")
        case 1: return template.replacing("#", with: "{n}")
        case 2: return "번역 " + template.replacing("one {", with: "few {")
        case 3: return template.replacing("{level}", with: "{level, number}").replacing("{name}", with: "")
        case 4: return "{n, plural, =1 {one} other {#}}"
        case 5: return template.replacing("number}", with: "number, ::.0}")
        case 6: return template.replacing("Score", with: "{extra}")
        default: return template
        }
    }

    static func json(_ text: String) -> String {
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    /// A project in `root` of one table `t`: `messages` (key, message; each with `examples`
    /// after its message), translated into each of `locales` for about four in five of them.
    static func writeProject(_ root: String, locales: [String], messages: [(String, String)], examples: String = "",
                             random: inout SplitMix) throws {
        try write(#"{"targetLocales": [\#(locales.map { "\"\($0)\"" }.joined(separator: ", "))]}"#, to: root + "/speakable.json")
        try write("{\"messages\": {\n" + messages.map { "\(json($0.0)): {\"message\": \(json($0.1))\(examples)}" }.joined(separator: ",\n") + "\n}}\n",
                  to: root + "/Templates/t.json")
        for locale in locales {
            let translated = messages.filter { _ in random.chance(80) }.map { ($0.0, translation($0.1, &random)) }
            try write("{\n" + translated.map { "\(json($0.0)): \(json($0.1))" }.joined(separator: ",\n") + "\n}\n",
                      to: root + "/Locales/\(locale)/t.json")
        }
    }

    @Test(arguments: Array(1...24))
    func theScreenLeavesOutOnlyWhatCannotBeRefused(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let root = try temporaryDirectory("screen\(seed)")
        let locales = ["ko", "ar", "ru", "ja"]
        var messages: [(String, String)] = []
        for i in 0..<40 {
            // Keys that make Android names collide now and then (a-b and a_b are both a_b).
            let key = random.chance(10) ? (random.chance(50) ? "same-name" : "same_name") : "m\(i)"
            if messages.contains(where: { $0.0 == key }) { continue }
            messages.append((key, random.pick(Self.templates)))
        }
        let examples = random.chance(30) ? #", "examples": [{"r": 0.5}]"# : ""
        try Self.writeProject(root, locales: locales, messages: messages, examples: examples, random: &random)
        let project = ProjectLoader.load(directory: root)
        #expect(!project.hasErrors, "\(project.diagnostics.map(\.rendered))")
        for outputs in [Set(CompileOutput.allCases), [.android], [.xcstrings]] as [Set<CompileOutput>] {
            var options = CompileOptions()
            options.outputs = outputs
            let compiled = Self.compiled(project, options)
            let fullProblems = CatalogCompiler.validate(project, options: options)
            let full = fullProblems.map(\.rendered).sorted()
            let screened = Self.screened(project, options)
            // compile stops after the preparation when it fails: what it reports is a part of
            // what the validation reports (every conversion of every message), never more.
            #expect(Set(compiled).isSubset(of: Set(full)), "\(outputs): compile reports what the validation does not")
            #expect(compiled.isEmpty == full.isEmpty, "\(outputs): the validation and compile disagree whether it compiles")
            // The screen finds every message the full validation refuses, with the same
            // problem; a problem repeated at a translation that says what its template says is
            // reported once, at the template.
            #expect(Set(screened).isSubset(of: Set(full)), "\(outputs): \(Set(screened).subtracting(full))")
            /// A problem's id and the first name it quotes (the message's key; for a collision, the name).
            func refusals(_ problems: [String]) -> Set<String> {
                Set(problems.map { line in
                    let id = line.split(separator: "[").last.map(String.init) ?? line
                    let message = line.firstRange(of: ": error: ").map { String(line[$0.upperBound...]) } ?? line
                    return id + " " + (message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? message)
                })
            }
            #expect(refusals(screened) == refusals(full), "\(outputs): \(refusals(full).subtracting(refusals(screened)))")
        }
    }

    /// The issue's case: a project that checks clean compiles, and one compile refuses is an
    /// error of `check` (in the CLI: CheckCommandTests).
    @Test func selectordinalAndAFractionalPluralAreRefusedByBoth() throws {
        let root = try temporaryDirectory()
        try write(#"{"targetLocales": ["ko"]}"#, to: root + "/speakable.json")
        try write(#"""
        {"messages": {
          "rank": {"message": "You came {n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}"},
          "stars": {"message": "{stars, plural, one {# star} other {# stars}}", "examples": [{"stars": 1.5}]}
        }}
        """#, to: root + "/Templates/t.json")
        try write(#"{"rank": "{n}등", "stars": "별 {stars}개"}"#, to: root + "/Locales/ko/t.json")
        let project = ProjectLoader.load(directory: root)
        let problems = CatalogCompiler.validate(project, options: CompileOptions())
        #expect(problems.map(\.id) == ["catalog-fractional-plural", "catalog-selectordinal"])
        #expect(Self.screened(project, CompileOptions()) == problems.map(\.rendered).sorted())
    }
}
