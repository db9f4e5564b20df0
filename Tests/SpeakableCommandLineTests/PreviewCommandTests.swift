#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import SpeakableJSON
import Testing
@testable import SpeakableCommandLine

@Suite struct PreviewCommandTests {
    func run(_ arguments: [String], input: String = "", terminal: Bool = false) -> (status: Int32, out: String, err: String) {
        let io = BufferedIO(input: input, terminal: terminal)
        let status = SpeakableCLI.run(["preview"] + arguments, io: io)
        return (status, io.output, io.error)
    }

    @Test func theDemoInBothLocalesAndPlatforms() {
        let result = run([])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        let headers = result.out.split(separator: "\n").filter { $0.hasPrefix("== ") }.map { $0.split(separator: "·")[0...1].joined(separator: "·") }
        #expect(headers == ["== VoiceOver · en ", "== TalkBack · en ", "== VoiceOver · ko ", "== TalkBack · ko "])
        #expect(result.out.contains("[7] control Soundscape: My Location\n"))
        #expect(!result.out.contains("\u{1B}["))
    }

    @Test func localesAndPlatformsAreChosenInOrder() {
        let result = run(["--locale", "ko,en", "--platform=talkback"])
        #expect(result.status == 0)
        let headers = result.out.split(separator: "\n").filter { $0.hasPrefix("== ") }
        #expect(headers.count == 2)
        #expect(headers[0].hasPrefix("== TalkBack · ko ·") && headers[1].hasPrefix("== TalkBack · en ·"))
        // TalkBack's own Korean words around the app's (whose wording is under review): the grid
        // named after its board ("‹name› 그리드에 있음"), then its counts.
        #expect(result.out.split(separator: "\n").contains {
            $0.contains("s  선택됨, ") && $0.contains(", 버튼, 1행, 1열, ") && $0.hasSuffix(" 그리드에 있음, 행 9개, 열 9개")
        })
    }

    @Test func aScenarioFromStandardInputAsJSON() throws {
        let result = run(["--scenario", "-", "--json", "--locale", "en", "--platform", "voiceover"],
                         input: #"{"items": [{"type": "coins", "amount": 9180}]}"#)
        #expect(result.status == 0)
        let root = try #require(JSONReader.read(result.out).root)
        #expect(root["scenario"]?.string == "<stdin>")
        let element = root["previews"]?.array?.first?["elements"]?.array?.first
        #expect(element?["utterances"]?.array?.first?["text"]?.string == "9,180 O’Coins")
        #expect(element?["type"]?.string == "coins")
    }

    @Test func scenarioErrorsPointAtTheirPlace() {
        let result = run(["--scenario", "-"], input: "{\"items\": [{\"type\": \"coins\", \"amount\": \"many\"}]}\n")
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("<stdin>:1:40: error: \"amount\" must be a whole number, not a string [wrong-type]"))
        #expect(result.err.contains("  {\"items\""))
    }

    @Test func wrongCommandLinesAreUsageErrors() {
        #expect(run(["--platform", "windows"]).status == 64)
        #expect(run(["--platform", "windows"]).err.contains("--platform is voiceover, talkback or both"))
        #expect(run(["--locale", "not a tag!"]).status == 64)
        #expect(run(["demo"]).status == 64)
        #expect(run(["--hint-style", "loud"]).status == 64)
        #expect(run(["--watch", "--scenario", "-"]).status == 64)
        let help = run(["--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("EXAMPLES:\n  speakable preview\n"))
    }

    @Test func colourOnlyOnATerminalAndNotWithNO_COLOR() {
        #expect(PreviewCommand.wantsColour(outputIsTerminal: true, noColor: nil))
        #expect(!PreviewCommand.wantsColour(outputIsTerminal: true, noColor: "1"))
        #expect(!PreviewCommand.wantsColour(outputIsTerminal: false, noColor: nil))
        // (swift test sets NO_COLOR, so a terminal here prints plain text.)
        #expect(!run(["--locale", "en", "--platform", "voiceover"], terminal: false).out.contains("\u{1B}["))
    }

    /// The sample scenarios docs/preview.md points to preview cleanly in both locales.
    @Test(arguments: ["sudoku.json", "oblock.json", "soundscape.json"])
    func theExampleScenariosPreview(file: String) {
        let path = String(#filePath.dropLast("Tests/SpeakableCommandLineTests/PreviewCommandTests.swift".count))
            + "Examples/Scenarios/" + file
        let result = run(["--scenario", path])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(result.out.contains("== TalkBack · ko ·"))
    }

    /// Synthesis shows its progress on a terminal's standard error, and only there.
    @Test func audioProgressOnlyOnATerminal() throws {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin"))
        guard path.split(separator: ":").contains(where: { access(String($0) + "/espeak-ng", X_OK) == 0 }) else {
            if getenv("CI") != nil { Issue.record("espeak-ng is missing; CI installs it") } else { print("skipped: no espeak-ng") }
            return
        }
        let directory = FileManager.default.temporaryDirectory.path + "/speakable-progress-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = #"{"items": [{"type": "coins", "amount": 5}]}"#
        let quiet = run(["--scenario", "-", "--locale", "en", "--audio", directory + "/a"], input: scenario)
        #expect(quiet.status == 0)
        #expect(quiet.err.isEmpty)
        let shown = run(["--scenario", "-", "--locale", "en", "--audio", directory + "/b"], input: scenario, terminal: true)
        #expect(shown.status == 0)
        #expect(shown.err.contains("Synthesizing with espeak-ng: 2/2\n"))
        #expect(shown.err.contains("Wrote 2 WAV files and \(directory)/b/index.json in "))
    }

    @Test func previewIsTheFirstCommandInTheHelp() {
        let io = BufferedIO()
        #expect(SpeakableCLI.run(["--help"], io: io) == 0)
        let commands = io.output.split(separator: "\n").drop { !$0.hasPrefix("COMMANDS:") }.dropFirst()
        #expect(commands.first?.hasPrefix("  preview ") == true)
    }
}
