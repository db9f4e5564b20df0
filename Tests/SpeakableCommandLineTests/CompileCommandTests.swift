import FoundationEssentials
import Testing
@testable import SpeakableCommandLine

/// `speakable compile PROJECT` takes the project as `speakable check PROJECT` does, the same as
/// `--project` (a folder) or `--config` (its speakable.json).
@Suite struct CompileCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) { ExitStatusTests.run(arguments) }

    func compiled(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let out = try ExitStatusTests.project([:]) + "/out"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = run(["compile"] + arguments + ["--out", out, "--only", "xcstrings", "-q"])
        #expect(result.status == ExitStatus.success, "\(result.err)", sourceLocation: sourceLocation)
        return try FileManager.default.contentsOfDirectory(atPath: out + "/xcstrings")
    }

    @Test func aProjectFolderAsArgumentCompilesAsWithProject() throws {
        let root = try ExitStatusTests.project(ExitStatusTests.good)
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try compiled([root]) == ["game.xcstrings"])
        #expect(try compiled(["--project", root]) == ["game.xcstrings"])
        #expect(try compiled([root, "--project", root + "/"]) == ["game.xcstrings"])
    }

    @Test func aSpeakableJSONAsArgumentCompilesAsWithConfig() throws {
        let root = try ExitStatusTests.project(ExitStatusTests.good.merging(["speakable.json": #"{"targetLocales": ["ko"]}"#]) { $1 })
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try compiled([root + "/speakable.json"]) == ["game.xcstrings"])
        #expect(try compiled([root + "/speakable.json", "--config", root + "/./speakable.json"]) == ["game.xcstrings"])
    }

    @Test func aProjectGivenTwoWaysMustBeTheSameOne() throws {
        let withConfig = ExitStatusTests.good.merging(["speakable.json": "{}"]) { $1 }
        let root = try ExitStatusTests.project(withConfig)
        let other = try ExitStatusTests.project(withConfig)
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: other)
        }
        let cases: [([String], String)] = [
            ([root, "--project", other], "'\(root)' and --project '\(other)' are different projects; give the project once"),
            ([root, "--config", other + "/speakable.json"], "give either a project folder or --config, not both"),
            ([other + "/speakable.json", "--config", root + "/speakable.json"],
             "'\(other)/speakable.json' and --config '\(root)/speakable.json' are different projects; give the project once"),
            ([root, other], "give one project folder, not 2"),
            ([root + "/missing"], "there is no project folder '\(root)/missing'"),
        ]
        for (arguments, message) in cases {
            let result = run(["compile"] + arguments)
            #expect(result.status == ExitStatus.usage, "\(arguments)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
        }
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
        #expect(run(["compile", root + "/notes.txt"]).err.contains("is not a project folder or a speakable.json"))
    }

    @Test func theHelpShowsTheProjectArgument() {
        let help = run(["compile", "--help"]).out
        #expect(help.contains("speakable compile [PROJECT]"))
        #expect(help.contains("\n  speakable compile Examples/Starter --only xcstrings,swift\n"))
        #expect(help.contains("\n  --project DIR        the project folder instead"))
    }
}
