import FoundationEssentials
import Testing
@testable import SpeakableCommandLine

/// One exit-status convention for every command (docs/cli.md, "Exit status"): 0 done, 1 the
/// input has errors, 64 a wrong command line or a missing input. Each row runs the command in
/// process and checks the status and a word of the message.
@Suite struct ExitStatusTests {
    static func run(_ arguments: [String], input: String = "") -> (status: Int32, out: String, err: String) {
        let io = BufferedIO(input: input)
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    /// A project in a fresh temporary folder.
    static func project(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-exit-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: String(full[..<full.lastIndex(of: "/")!]), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
        return root
    }

    static let good = ["Templates/game.json": #"{"messages": {"stars": {"role": "label", "message": "{n, plural, one {# star} other {# stars}}"}}}"#,
                       "Locales/ko/game.json": #"{"stars": "별 {n}개"}"#]
    static let broken = ["Templates/game.json": #"{"messages": {"stars": {"role": "label", "message": "{n, plural, one {# star}}"}}}"#]

    @Test func anUnknownLocaleIsAUsageErrorWithWhatWasMeant() throws {
        let root = try Self.project(Self.good)
        let catalog = root + "/Localizable.xcstrings"
        try Data(#"{"sourceLanguage": "en", "strings": {}, "version": "1.0"}"#.utf8).write(to: URL(fileURLWithPath: catalog))
        let commands: [[String]] = [
            ["format", "--locale", "kr", "x"],
            ["describe", "demo", "--locale", "kr"],
            ["describe", "piece", "XX", "--locale", "kr"],
            ["preview", "--locale", "en,kr"],
            ["check", root, "--locale", "kr"],
            ["check", catalog, "--source-locale", "kr"],
            ["import", catalog, "--locale", "kr", "--config", root + "/nothing.json"],
            ["init", root + "/new", "--locales", "ja,kr"],
            ["init", root + "/new", "--source", "kr"],
        ]
        for arguments in commands {
            let result = Self.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.err)")
            // check judges --locale against the input's own locales; the others against ICU's.
            let said = arguments.first == "check" && arguments.contains("--locale") ? "did you mean 'ko'?"
                : "'kr' is not a language ICU knows; did you mean 'ko' (Korean)?"
            #expect(result.err.contains(said), "\(arguments): \(result.err)")
            #expect(result.out.isEmpty, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/new"))
    }

    @Test func aMissingInputIs64() throws {
        let empty = try Self.project([:])
        let rows: [([String], String)] = [
            (["describe", "scenario", "/nonexistent/level5.json"], "cannot read"),
            (["describe", "demo", "--project", "/nonexistent/MyGame"], "no project"),
            (["preview", "--scenario", "/nonexistent/level5.json"], "no scenario file"),
            (["preview", "--project", "/nonexistent/MyGame"], "no project"),
            (["import", "/nonexistent/Localizable.xcstrings"], "no file"),
            (["import"], "give the catalog files"),
            (["check", "/nonexistent/MyGame"], "does not exist"),
            (["check", "--config", "/nonexistent/speakable.json"], "no such file"),
            (["compile", "--project", "/nonexistent/MyGame"], "no project folder"),
            (["compile", "--config", "/nonexistent/speakable.json"], "no config file"),
            (["compile", "--project", empty], "nothing to compile"),
            (["nonsense"], "unknown command"),
            ([], "USAGE"),
            (["format", "--nope", "x"], "unknown option"),
            (["check", "--format", "xml"], "is not one of"),
        ]
        for (arguments, words) in rows {
            let result = Self.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.err)")
            #expect(result.err.contains(words), "\(arguments): \(result.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty).isEmpty)
    }

    @Test func errorsInTheInputAre1() throws {
        let broken = try Self.project(Self.broken)
        let scenario = try Self.project(["bad.json": #"{"items": [{"type": "dragon"}]}"#])
        let rows: [([String], String)] = [
            (["format", "{n, plural, one {#}}"], "missing-other"),
            (["format", "{n, plural, one {#} other {#}}", "--args", #"{"n": "three"}"#], "error"),
            (["describe", "piece", "XQ"], "not part of a piece map"),
            (["describe", "scenario", scenario + "/bad.json"], "unknown-item-type"),
            (["check", broken], "1 error"),
            (["compile", "--project", broken, "--out", broken + "/Generated"], "nothing was written"),
            (["describe", "demo", "--project", broken], "syntax-error"),
            (["preview", "--scenario", scenario + "/bad.json"], "unknown-item-type"),
        ]
        for (arguments, words) in rows {
            let result = Self.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.err)")
            #expect((result.err + result.out).contains(words), "\(arguments): \(result.err)\(result.out)")
        }
        #expect(!FileManager.default.fileExists(atPath: broken + "/Generated"))
        // init: a file in the way.
        let existing = try Self.project(Self.good)
        let refused = Self.run(["init", existing])
        #expect(refused.status == 1)
        #expect(refused.err.contains("Nothing was written"))
    }

    /// A project's target whose language ICU does not know compiles (a project may target one),
    /// with a warning naming what was probably meant; `check` fails on it (unknown-locale).
    @Test func anUnknownTargetLanguageCompilesWithAWarningAndFailsTheCheck() throws {
        var files = Self.good
        files["speakable.json"] = #"{"targetLocales": ["kr"]}"#
        let root = try Self.project(files)
        let compiled = Self.run(["compile", "--project", root, "--out", root + "/Generated"])
        #expect(compiled.status == 0, "\(compiled.err)")
        #expect(compiled.err.contains("warning: target locale 'kr' is not a language ICU knows; did you mean 'ko' (Korean)?"), "\(compiled.err)")
        let checked = Self.run(["check", root])
        #expect(checked.status == 1)
        #expect(checked.out.contains("[unknown-locale]"), "\(checked.out)")
    }

    @Test func successIs0() throws {
        let good = try Self.project(Self.good)
        let rows: [[String]] = [
            ["format", "--locale", "ko", "--args", #"{"n": 3}"#, "{n}개"],
            ["describe", "piece", "XX/XX", "--locale", "ko"],
            ["preview", "--locale", "ko", "--platform", "talkback"],
            ["preview", "--help"],
            ["check", good],
            ["compile", "--project", good, "--out", good + "/Generated"],
            ["init", good + "/Another", "--locales", "ko"],
            ["--help"], ["init", "--help"], ["format", "--help"], ["describe", "--help"], ["compile", "--help"],
            ["import", "--help"], ["check", "--help"],
        ]
        for arguments in rows {
            let result = Self.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.err)")
        }
    }
}
