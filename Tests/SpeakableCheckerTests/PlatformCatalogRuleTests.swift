import FoundationEssentials
import SpeakableChecker
import SpeakableDiagnostics
import Testing

/// Rules on platform catalogs as real apps ship them: what the checker reports, and what it must
/// not (each fixture is a small copy of a construct found in a real app's catalog).
@Suite struct PlatformCatalogRuleTests {
    /// Checks the files (paths under a temporary folder) as the folder `path` names, both ways
    /// the checker reads a catalog; file paths in the findings are made relative to the folder.
    static func check(_ files: [String: String], path: String = "res", settings: CheckSettings = CheckSettings(),
                      sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckResult {
        let root = try makeProject(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var result = try checkPlatform(root + "/" + path, settings: settings, sourceLocation: sourceLocation)
        for i in result.findings.indices {
            if let file = result.findings[i].file, file.hasPrefix(root + "/") { result.findings[i].file = String(file.dropFirst(root.count + 1)) }
        }
        return result
    }

    /// `file:line:column rule locale key subject` of each finding of `rule`.
    static func lines(_ result: CheckResult, _ rule: Rule) -> [String] {
        result.findings.filter { $0.rule == rule.rawValue }.map {
            "\($0.file ?? "-"):\($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.locale ?? "-") \($0.key ?? "-") \($0.subject)"
        }
    }

    // MARK: missing-translation

    /// `tools:ignore="MissingTranslation"` on `<resources>` exempts every resource of that file
    /// (Android Lint reads it so: AntennaPod's values/strings.xml has it), whichever reader reads
    /// the file; another file of values/ without it is still checked.
    @Test(arguments: [false, true])
    func toolsIgnoreOnResourcesExemptsTheWholeFile(readWhole: Bool) throws {
        // Text between elements makes the file one the reader reads whole (no fast path).
        let tail = readWhole ? "text\n</resources>\n" : "</resources>\n"
        let values = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources
                xmlns:tools="http://schemas.android.com/tools"
                tools:ignore="MissingTranslation">
                <string name="play">Play</string>
                <plurals name="episodes"><item quantity="one">%d episode</item><item quantity="other">%d episodes</item></plurals>
                <string name="pause">Pause</string>

            """ + tail
        let other = "<resources>\n    <string name=\"stop\">Stop</string>\n</resources>\n"
        let korean = "<resources>\n    <string name=\"play\">재생</string>\n</resources>\n"
        let result = try Self.check(["res/values/strings.xml": values, "res/values/other.xml": other, "res/values-ko/strings.xml": korean])
        #expect(Self.lines(result, .missingTranslation) == ["res/values/other.xml:2:13 ko string/stop "])
        #expect(result.exempted == 2)
        // Without the attribute, both untranslated resources of strings.xml are missing.
        let plain = values.replacingOnce("\n    tools:ignore=\"MissingTranslation\"", with: "")
        let unexempted = try Self.check(["res/values/strings.xml": plain, "res/values/other.xml": other, "res/values-ko/strings.xml": korean])
        #expect(Self.lines(unexempted, .missingTranslation)
                == ["res/values/other.xml:2:13 ko string/stop ", "res/values/strings.xml:5:14 ko plurals/episodes ",
                    "res/values/strings.xml:6:13 ko string/pause "])
        #expect(unexempted.exempted == 0)
    }

    /// Lint's `all` ignores every issue, MissingTranslation included; another issue id does not.
    @Test func toolsIgnoreAllOrAnotherIssue() throws {
        func missing(_ ignore: String) throws -> [String] {
            let values = "<resources xmlns:tools=\"http://schemas.android.com/tools\" tools:ignore=\"\(ignore)\">\n"
                + "    <string name=\"play\">Play</string>\n</resources>\n"
            return Self.lines(try Self.check(["res/values/strings.xml": values, "res/values-ko/strings.xml": "<resources/>\n"]),
                              .missingTranslation)
        }
        #expect(try missing("all").isEmpty)
        #expect(try missing("Typos, MissingTranslation").isEmpty)
        #expect(try missing("ExtraTranslation") == ["res/values/strings.xml:2:13 ko string/play "])
    }

    // MARK: positions

    /// A finding on a character written as an Android escape (`\t`, `\n`, `\uXXXX`) points at the
    /// escape's backslash, not at the next white space of the same kind.
    @Test func escapedCharactersArePlacedAtTheirBackslash() throws {
        let values = """
            <resources>
                <string name="t">Tab\\tthen here</string>
                <string name="u">Soft\\u00ADhyphen here</string>
            </resources>

            """
        let result = try Self.check(["res/values/strings.xml": values])
        #expect(Self.lines(result, .invisibleCharacter) == ["res/values/strings.xml:2:25 en string/t U+0009",
                                                            "res/values/strings.xml:3:26 en string/u U+00AD"])
    }
}
