import SpeakableJSON
import Testing
@testable import SpeakableCommandLine

@Suite struct FormatCommandTests {
    func run(_ arguments: [String], input: String = "") -> (status: Int32, out: String, err: String) {
        let io = BufferedIO(input: input)
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    @Test func formatsOneMessage() {
        let result = run(["format", "--locale", "ko", "--args", #"{"n":3}"#, "별 3개 중 {n}개"])
        #expect(result.status == 0)
        #expect(result.out == "별 3개 중 3개\n")
        #expect(run(["format", "--locale=en", "--args={\"n\": 9180}", "{n, number} O’Coins"]).out == "9,180 O’Coins\n")
    }

    @Test func argumentTypesFollowTheJSON() {
        // 1 is an Int64 and 1.0 a Double; ICU's plural rules see no difference for "#".
        let message = "{n, plural, one {# star} other {# stars}}"
        #expect(run(["format", "--args", #"{"n": 1}"#, message]).out == "1 star\n")
        #expect(run(["format", "--args", #"{"n": 1.5}"#, message]).out == "1.5 stars\n")
        #expect(run(["format", "--args", #"{"d": {"$date": "2025-08-26T00:00:00Z"}}"#, "Daily, {d, date, ::MMMMd}"]).out
                == "Daily, August 26\n")
        #expect(run(["format", "--time-zone", "Asia/Seoul", "--args", #"{"d": {"$date": "2025-08-26T23:30:00Z"}}"#,
                     "{d, date, ::MMMMd}"]).out == "August 27\n")
    }

    @Test func syntaxErrorsPointIntoTheMessage() {
        let result = run(["format", "Level {level}, {stars, plural, one {# star}}"])
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("<message>:1:16: error: plural argument 'stars' has no 'other' case [missing-other]\n"))
        #expect(result.err.contains("                 ^~~~"))
        #expect(result.err.contains("hint: "))
    }

    @Test func formatErrorsFail() {
        let result = run(["format", "--args", #"{"n": "three"}"#, "{n, plural, other {#}}"])
        #expect(result.status == 1)
        #expect(result.err.contains("[argument-not-a-number]"))
    }

    @Test(arguments: [
        ["format"], ["format", "--bogus", "x"], ["format", "--locale"], ["format", "--locale", "!!", "x"],
        ["format", "--args", "[1]", "x"], ["format", "--args", "{", "x"], ["format", "a", "b"],
        ["format", "--time-zone", "Mars/Base", "x"], ["nonsense"], [],
    ])
    func usageErrorsExit64(_ arguments: [String]) {
        let result = run(arguments)
        #expect(result.status == 64, "\(arguments)")
        #expect(!result.err.isEmpty)
        #expect(result.out.isEmpty)
    }

    @Test func helpHasExamples() {
        let result = run(["format", "--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("EXAMPLES:"))
        #expect(result.out.contains("speakable format --locale ko"))
        #expect(run(["--help"]).out.contains("format"))
        #expect(run(["--version"]).out.hasPrefix("speakable "))
    }

    @Test func jsonLinesKeepOrderAndGoOnAfterBadLines() throws {
        let input = [
            #"{"locale": "ko", "message": "{n}개", "args": {"n": 3}}"#,
            #"not json"#,
            #"{"message": "{n, plural, one {x}}"}"#,
            #"{"locale": "xx-!!", "message": "a"}"#,
            #"{"message": "{n, plural, other {#}}", "args": {"n": "x"}}"#,
            #"{"message": "x", "colour": "red"}"#,
            #"{"locale": "ru", "message": "{n, plural, one {# звезда} few {# звезды} other {# звёзд}}", "args": {"n": 3}}"#,
        ].joined(separator: "\n") + "\n"
        let result = run(["format", "--jsonl"], input: input)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        func field(_ line: String, _ path: String...) -> JSONNode? {
            var node = JSONReader.read(line).root
            for key in path { node = node?[key] }
            return node
        }
        #expect(field(lines[0], "output")?.string == "3개")
        #expect(field(lines[1], "error", "id")?.string == "json-syntax")
        #expect(field(lines[2], "error", "id")?.string == "missing-other")
        #expect(field(lines[2], "error", "line")?.number == .int(1))
        #expect(field(lines[2], "error", "column")?.number == .int(1))
        #expect(field(lines[3], "error", "id")?.string == "bad-locale")
        #expect(field(lines[3], "error", "column")?.number == .int(12))
        #expect(field(lines[4], "error", "id")?.string == "argument-not-a-number")
        #expect(field(lines[5], "error", "id")?.string == "bad-request")
        #expect(field(lines[6], "output")?.string == "3 звезды")
    }

    // MARK: --particles

    @Test func particlesAreResolvedOnlyWhenAsked() {
        let message = "{piece}을(를) {n}행에 배치"
        // Without --particles: exactly ICU's text, notation and all.
        #expect(run(["format", "--locale", "ko", "--args", #"{"piece": "정사각형", "n": 3}"#, message]).out == "정사각형을(를) 3행에 배치\n")
        #expect(run(["format", "--particles", "--locale", "ko", "--args", #"{"piece": "정사각형", "n": 3}"#, message]).out
                == "정사각형을 3행에 배치\n")
        #expect(run(["format", "--particles", "--locale", "ko", "--args", #"{"piece": "막대", "n": 3}"#, message]).out == "막대를 3행에 배치\n")
        // Numbers by their Sino-Korean reading, a select's chosen text, and # in a plural.
        #expect(run(["format", "--particles", "--locale=ko", "--args", #"{"n": 2}"#, "{n}이(가) 남았습니다"]).out == "2가 남았습니다\n")
        #expect(run(["format", "--particles", "--locale=ko", "--args", #"{"n": 3}"#, "{n}이(가) 남았습니다"]).out == "3이 남았습니다\n")
        #expect(run(["format", "--particles", "--locale=ko", "--args", #"{"d": "up"}"#,
                     "{d, select, up {위} other {오른쪽}}을(를) 향한 T자"]).out == "위를 향한 T자\n")
        #expect(run(["format", "--particles", "--locale=ko", "--args", #"{"n": 7}"#, "{n, plural, other {#}}(으)로"]).out == "7로\n")
        // Other languages are ICU's, with or without the flag.
        #expect(run(["format", "--particles", "--args", #"{"n": 9180}"#, "{n, number}을(를)"]).out == "9,180을(를)\n")
    }

    @Test func particlesInJSONLines() throws {
        let input = [
            #"{"locale": "ko", "message": "{x}이(가) 빈 모서리", "args": {"x": "왼쪽 위"}, "particles": true}"#,
            #"{"locale": "ko", "message": "{x}이(가) 빈 모서리", "args": {"x": "왼쪽 위"}}"#,
            #"{"locale": "ko", "message": "{x}이(가) 빈 모서리", "args": {"x": "왼쪽 위"}, "particles": false}"#,
            #"{"locale": "ko", "message": "{x}", "particles": "yes"}"#,
        ].joined(separator: "\n") + "\n"
        func outputs(_ arguments: [String]) -> [String?] {
            run(arguments, input: input).out.split(separator: "\n").map { line in
                let root = JSONReader.read(String(line)).root
                return root?["output"]?.string ?? root?["error"]?["id"]?.string
            }
        }
        #expect(outputs(["format", "--jsonl"]) == ["왼쪽 위가 빈 모서리", "왼쪽 위이(가) 빈 모서리", "왼쪽 위이(가) 빈 모서리", "bad-request"])
        // --particles is the default for lines that do not say.
        #expect(outputs(["format", "--jsonl", "--particles"]) == ["왼쪽 위가 빈 모서리", "왼쪽 위가 빈 모서리", "왼쪽 위이(가) 빈 모서리", "bad-request"])
    }

    @Test func helpShowsParticles() {
        let help = run(["format", "--help"]).out
        #expect(help.contains("--particles"))
        #expect(help.contains("정사각형을 배치"))
    }
}
