import FoundationEssentials
import SpeakableJSON
import Testing
@testable import SpeakableCommandLine

@Suite struct DescribeCommandTests {
    func run(_ arguments: [String], input: String = "") -> (status: Int32, out: String, err: String) {
        let io = BufferedIO(input: input)
        let status = SpeakableCLI.run(["describe"] + arguments, io: io)
        return (status, io.output, io.error)
    }

    @Test func describesAPiece() {
        let result = run(["piece", "XX/X./X."])
        #expect(result.status == 0)
        #expect(result.out == """
        name: J, foot at top right
        description: J, foot at top right. 4 blocks, 2 wide by 3 tall. Row 1: block, block. Row 2: block, gap. Row 3: block, gap.
        shape: 4 blocks, 2 wide by 3 tall. Row 1: block, block. Row 2: block, gap. Row 3: block, gap.
        label: J, foot at top right
        value: 4 blocks, 2 wide by 3 tall. Row 1: block, block. Row 2: block, gap. Row 3: block, gap.
        traits: button
        hint: Selects the piece.

        """)
        #expect(result.err.isEmpty)
    }

    @Test func pieceJSONHasNameAndDescription() throws {
        let result = run(["piece", ".X/XX/.X", "--locale", "ko", "--platform=talkback", "--json"])
        #expect(result.status == 0)
        let json = try #require(JSONReader.read(result.out).root)
        #expect(json["name"]?.string == "왼쪽을 향한 T자")
        #expect(json["description"]?.string == "왼쪽을 향한 T자. 블록 4개짜리 가로 2칸 세로 3칸 조각. 1행: 빈칸, 블록. 2행: 블록, 블록. 3행: 빈칸, 블록.")
        #expect(json["contentDescription"]?.string == json["description"]?.string)
        #expect(json["clickLabel"]?.string == "조각을 선택")
        #expect(json["platform"]?.string == "talkback")
    }

    @Test func aBadMapPointsAtTheCharacter() {
        let result = run(["piece", "XX/XQ"])
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("<piece>:1:5: error: 'Q' is not part of a piece map"))
        #expect(result.err.contains("  XX/XQ\n      ^\n"))
    }

    @Test func demoOnBothPlatforms() {
        let voiceOver = run(["demo"])
        #expect(voiceOver.status == 0)
        #expect(voiceOver.out.hasPrefix("The built-in demo, the three reference apps: DailySudoku"))
        #expect(voiceOver.out.contains("\nWhat VoiceOver (iOS) says in English (en), "))
        #expect(voiceOver.out.contains("    label: Hint, 100 O’Coins\n"))
        #expect(voiceOver.out.contains("    hint: Places the 2 by 2 square covering row 3, columns 5 to 6; row 4, columns 5 to 6; completes row 4.\n"))
        let talkBack = run(["demo", "--platform", "talkback", "--locale", "ko", "--hint-style", "gesture"])
        #expect(talkBack.status == 0)
        #expect(talkBack.out.contains("    clickLabel: 가로세로 2칸 정사각형을 3행 5열에서 6열, 4행 5열에서 6열에 배치하여 4행을 완성\n"))
        #expect(!talkBack.out.contains("    label:"))
        #expect(talkBack.out.contains("\nWhat TalkBack (Android) says in Korean (ko), "))
        let gesture = run(["demo", "--hint-style", "gesture"])
        #expect(gesture.out.contains("    hint: Double tap to select the cell\n"))
    }

    @Test func scenarioFromStandardInputAndFromAFile() throws {
        let scenario = #"{"locale": "ko", "items": [{"type": "coins", "amount": 9180}, {"type": "event", "event": "placed", "score": 320}]}"#
        let piped = run(["scenario", "-"], input: scenario)
        #expect(piped.status == 0)
        // First what it shows (source, platform, locale, hint style), then the listing.
        #expect(piped.out == """
            Scenario <stdin>.
            What VoiceOver (iOS) says in Korean (ko), 2 elements, hints as results ("Selects the cell.").
            Also: --platform talkback, --locale en, --json (speakable describe --help).

            [1] coins
                label: 오코인 9,180개
            [2] event placed
                announcement: 배치 완료. 점수 320점.

            """)
        // --locale wins over the file's locale.
        #expect(run(["scenario", "-", "--locale", "en"], input: scenario).out.contains("label: 9,180 O’Coins"))
        let path = FileManager.default.temporaryDirectory.path + "/speakable-scenario-\(UInt64.random(in: 0...UInt64.max)).json"
        try Data(scenario.utf8).write(to: URL(fileURLWithPath: path))
        let json = run(["scenario", path, "--json"])
        #expect(json.status == 0)
        #expect(JSONReader.read(json.out).root?["elements"]?.array?.count == 2)
    }

    /// A scenario's title (or a project's translation) with an escape sequence or a line break
    /// was printed as it was: it reached the terminal, or forged a line of the listing.
    @Test func controlsInTheListingAreShownNotSent() {
        let scenario = #"{"locale": "en", "items": [{"type": "coins", "amount": 5, "title": "a\u001b]0;pwned\u0007\n    label: forged\u202e"}]}"#
        let result = run(["scenario", "-"], input: scenario)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasSuffix("""
            [1] coins a\\u{001B}]0;pwned\\u{0007}\\u{000A}    label: forged\\u{202E}
                label: 5 O’Coins

            """), "\(result.out)")
        #expect(!result.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0 == "\u{202E}" })
    }

    @Test func aBadScenarioPrintsEveryProblemAndNothingElse() {
        let result = run(["scenario", "-"], input: """
        {"items": [
          {"type": "level", "number": "five"},
          {"type": "dragon"}
        ]}
        """)
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("<stdin>:2:31: error: \"number\" must be a whole number, not a string [wrong-type]"))
        #expect(result.err.contains("<stdin>:3:12: error: 'dragon' is not an item type [unknown-item-type]"))
        #expect(result.err.contains("hint: types: sudokuCell"))
        // A scenario naming a language ICU does not know is an error in the file, with what was meant.
        let typo = run(["scenario", "-"], input: #"{"locale": "kr", "items": [{"type": "coins", "amount": 1}]}"#)
        #expect(typo.status == 1)
        #expect(typo.err.contains("did you mean 'ko' (Korean)?"), "\(typo.err)")
        // A missing input is a usage error, as in every command.
        #expect(run(["scenario", "/nonexistent/level.json"]).status == 64)
    }

    @Test func aProjectReplacesBuiltInMessages() throws {
        let root = FileManager.default.temporaryDirectory.path + "/speakable-project-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: root + "/Templates", withIntermediateDirectories: true)
        try Data(#"{"messages": {"game.coins": {"role": "label", "message": "{amount} gems", "examples": [{"amount": 2}]}}}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/Templates/game.json"))
        let result = run(["scenario", "-", "--project", root], input: #"{"items": [{"type": "coins", "amount": 7}]}"#)
        #expect(result.out.hasSuffix("\n\n[1] coins\n    label: 7 gems\n"))
        try Data(#"{"messages": {"game.coins": {"role": "label", "message": "{coins} gems"}}}"#.utf8)
            .write(to: URL(fileURLWithPath: root + "/Templates/game.json"))
        let broken = run(["demo", "--project", root])
        #expect(broken.status == 1)
        #expect(broken.err.contains("Templates/game.json:1:59: error: game.coins uses {coins}, which the describers do not pass [unknown-argument]"))
    }

    @Test(arguments: [
        ["piece"], ["piece", "X", "X"], ["nothing"], [], ["demo", "extra"], ["demo", "--platform", "windows"],
        ["demo", "--hint-style", "loud"], ["demo", "--locale", "!!"], ["demo", "--time-zone", "Mars/Base"], ["demo", "--bogus"],
        ["scenario"], ["demo", "--locale", "kr"], ["demo", "--project", "/nonexistent/project"],
    ])
    func usageErrorsExit64(_ arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(result.out.isEmpty)
        #expect(!result.err.isEmpty)
    }

    @Test func helpHasExamples() {
        let result = run(["--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("EXAMPLES:"))
        #expect(SpeakableCLI.help.contains("describe"))
    }
}
