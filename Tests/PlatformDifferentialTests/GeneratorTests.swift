import SpeakableCatalog
import SpeakableMessages
@testable import PlatformDifferentialKit
import Testing

@Suite struct StressProjectTests {
    @Test func sameSeedSameBytesOtherSeedOtherBytes() {
        let first = StressProject.generate(seed: 7, messages: 40)
        #expect(first == StressProject.generate(seed: 7, messages: 40))
        #expect(first != StressProject.generate(seed: 8, messages: 40))
        #expect(first.count == 2 + StressProject.locales.count)
    }

    /// Every generated message parses, in every locale, and every plural has the categories
    /// the locale needs (the generator reads nothing from ICU, so this checks its word lists).
    @Test func everyMessageIsValidICU() throws {
        let root = try scratchDirectory("stress")
        defer { Files.remove(root) }
        try StressProject.write(seed: 3, messages: 28, to: root)
        let project = ProjectLoader.load(directory: root)
        #expect(project.diagnostics.filter { $0.severity == .error }.map(\.rendered) == [])
        let table = try #require(project.tables.first)
        #expect(table.messages.count == 28)
        #expect(Set(table.locales.keys) == Set(StressProject.locales))
        for (tag, file) in table.locales {
            #expect(file.translations.count == 28, "\(tag)")
            #expect(file.translations.allSatisfy { $0.pattern != nil }, "\(tag)")
        }
        // What the generator promises to exercise.
        let all = table.messages.map(\.source.text).joined(separator: "\n")
        for needle in ["=0 {", "=1 {", "::group-off", "::measure-unit/", "::MMMMd", "''", "%", "\n", "{mode, select,"] {
            #expect(all.contains(needle), "\(needle)")
        }
        let korean = table.locales["ko"]!.translations.map(\.source.text).joined()
        #expect(korean.contains("을(를)") && korean.contains("이(가)"))
        #expect(table.locales["he"]!.translations.contains { $0.source.text.unicodeScalars.contains { (0x05D0...0x05EA).contains($0.value) } })
    }
}

@Suite struct CaseGeneratorTests {
    @Test func examplesSelectCasesAndSweeps() throws {
        let root = try scratchDirectory("cases")
        defer { Files.remove(root) }
        try writeFiles(["Templates/game.json": #"""
        {"messages": {"level": {
            "role": "label",
            "message": "Level {level}, {locked, select, yes {locked} other {{stars, plural, one {# star} other {# stars}}}}",
            "examples": [{"level": 5, "locked": "no", "stars": 2}]
        }}}
        """#], under: root)
        let project = ProjectLoader.load(directory: root)
        let message = try #require(project.tables.first?.messages.first)
        let sets = CaseGenerator.argumentSets(for: message, pattern: try #require(message.pattern), locale: "en")
        let origins = sets.map(\.origin)
        #expect(origins.first == "example 1")
        #expect(origins.contains("select locked=yes") && origins.contains("select locked=other"))
        for n in CaseGenerator.sweep {
            #expect(sets.contains { $0.arguments["stars"] == .int(n) && $0.arguments["locked"] == .string("other") }, "stars \(n)")
            #expect(sets.contains { $0.arguments["level"] == .int(n) }, "level \(n)")
        }
        // No duplicates.
        #expect(Set(sets.map { CaseGenerator.canonical($0.arguments) }).count == sets.count)
        // Korean open text only where a string is printed.
        #expect(!CaseGenerator.argumentSets(for: message, pattern: message.pattern!, locale: "ko").contains { $0.origin.hasPrefix("text") })
    }
}

@Suite struct AllowListTests {
    @Test func readsMatchesAndRejects() throws {
        let root = try scratchDirectory("allow")
        defer { Files.remove(root) }
        try writeFiles(["ok.json": #"""
        {"version": 1, "exceptions": [
          {"platform": "android", "message": "block.placement.*", "locale": "ko", "origin": "text ",
           "reason": "an open string value: strings.xml cannot resolve the particle after it"}
        ]}
        """#,
                        "no-reason.json": #"{"version": 1, "exceptions": [{"platform": "android"}]}"#,
                        "unknown.json": #"{"version": 1, "exceptions": [{"platfrom": "android", "reason": "a typo in a field name must be caught"}]}"#,
                        "platform.json": #"{"version": 1, "exceptions": [{"platform": "ios", "reason": "an unknown platform must be caught too"}]}"#],
                       under: root)
        let list = try AllowList.read(root + "/ok.json")
        var mismatch = Mismatch(input: "builtin", platform: .android, table: "block", key: "block.placement.hint", locale: "ko",
                                arguments: "{}", origin: "text piece=막대", expected: "막대를", actual: "막대을(를)", detail: "")
        #expect(list.match(mismatch) == 0)
        mismatch.origin = "example 1"
        #expect(list.match(mismatch) == nil)
        mismatch.origin = "text piece=막대"
        mismatch.platform = .apple
        #expect(list.match(mismatch) == nil)
        let prefixed = AllowList.Entry(input: "stress-seed*", platform: nil, message: nil, locale: nil, origin: nil, expected: nil, actual: nil,
                                       reason: "an entry for every seed of the stress project")
        #expect(prefixed.applies(toInput: "stress-seed7") && !prefixed.applies(toInput: "builtin"))
        for bad in ["no-reason", "unknown", "platform"] {
            #expect(throws: DifferentialError.self, "\(bad)") { try AllowList.read(root + "/\(bad).json") }
        }
    }

    /// The committed allow-list reads, and every entry has an honest reason.
    @Test func theCommittedListIsValid() throws {
        let list = try AllowList.read(StandardInputs.allowList)
        for entry in list.entries { #expect(entry.platform != nil || entry.message != nil, "\(entry.reason)") }
    }
}

/// The runner's command line.
@Suite struct RunnerCommandLineTests {
    static var runner: String? {
        let path = (PlatformDifferential.defaultSpeakable() ?? "").deletingLastPathComponent + "/PlatformDifferential"
        return Files.exists(path) ? path : nil
    }

    @Test func helpAndUsageErrors() throws {
        let runner = try #require(Self.runner, "PlatformDifferential is built next to speakable")
        let root = try scratchDirectory("cli")
        defer { Files.remove(root) }
        let help = try Subprocess.run([runner, "--help"], scratch: root)
        #expect(help.status == 0)
        #expect(help.outputText.contains("EXAMPLES:") && help.outputText.contains("--allow-list"))
        for arguments in [["--bogus"], ["--platform", "ios"], ["--seed", "x"], ["--limit"], ["--messages", "0"]] {
            let result = try Subprocess.run([runner] + arguments, scratch: root)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.errorText.hasPrefix("PlatformDifferential: "), "\(arguments)")
            #expect(result.outputText.isEmpty, "\(arguments)")
        }
        // A bad allow-list is an error before anything runs.
        try Files.write(#"{"version": 1, "exceptions": [{"platform": "android"}]}"#, to: root + "/bad.json")
        let bad = try Subprocess.run([runner, "--builtin", "--allow-list", root + "/bad.json"], scratch: root)
        #expect(bad.status == 1)
        #expect(bad.errorText.contains("reason"))
    }
}
