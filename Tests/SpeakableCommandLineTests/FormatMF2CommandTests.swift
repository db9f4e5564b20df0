import SpeakableJSON
import Testing
@testable import SpeakableCommandLine

/// `speakable format --syntax mf2`: Unicode MessageFormat 2 messages, one on the command line or
/// a stream of JSON lines. Expected outputs follow the standard (docs/mf2.md): the Default Bidi
/// Strategy puts FSI (U+2068) … PDI (U+2069) around a placeholder of unknown direction, and a
/// placeholder that fails shows its fallback (`{$who}`).
@Suite struct FormatMF2CommandTests {
    func run(_ arguments: [String], input: String = "") -> (status: Int32, out: String, err: String) {
        let io = BufferedIO(input: input)
        let status = SpeakableCLI.run(arguments, io: io)
        return (status, io.output, io.error)
    }

    @Test func formatsWithSelectionAndIsolation() {
        let message = ".input {$n :integer}\n.match $n\none {{{$n} star}}\n* {{{$n} stars}}"
        #expect(run(["format", "--syntax", "mf2", "--args", #"{"n": 1}"#, "--bidi", "none", message]).out == "1 star\n")
        #expect(run(["format", "--syntax", "mf2", "--args", #"{"n": 3}"#, "--bidi", "none", message]).out == "3 stars\n")
        // Russian plural categories: 3 is few, which this message has no variant for: `*`.
        #expect(run(["format", "--syntax", "mf2", "--locale", "ru", "--args", #"{"n": 3}"#, "--bidi", "none", message]).out == "3 stars\n")
        // The default strategy isolates the placeholder (its direction is not known to be the message's).
        #expect(run(["format", "--syntax", "mf2", "--args", #"{"who": "Mina"}"#, "Hi {$who}"]).out == "Hi \u{2068}Mina\u{2069}\n")
    }

    @Test func aFailingPlaceholderPrintsItsFallbackAndTheError() {
        let result = run(["format", "--syntax", "mf2", "--bidi", "none", "Hi {$who}"])
        #expect(result.status == 1)
        #expect(result.out == "Hi {$who}\n")
        #expect(result.err.hasPrefix("<message>:1:5: error: "), "\(result.err)")
        #expect(result.err.contains("[unresolved-variable]"))
    }

    @Test func aSyntaxErrorPrintsNothingAndPointsIntoTheMessage() {
        let result = run(["format", "--syntax", "mf2", "Hi {$who"])
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.hasPrefix("<message>:1:9: error: "), "\(result.err)")
        #expect(result.err.contains("[syntax-error]"))
        let model = run(["format", "--syntax", "mf2", ".match $x\n* {{a}}"])
        #expect(model.status == 1)
        #expect(model.err.contains("[missing-selector-annotation]"), "\(model.err)")
    }

    @Test func koreanParticlesAfterAPlaceholder() {
        let message = "{$piece}을(를) 배치"
        #expect(run(["format", "--syntax", "mf2", "--locale", "ko", "--particles", "--bidi", "none", "--args", #"{"piece": "정사각형"}"#, message]).out
                == "정사각형을 배치\n")
        #expect(run(["format", "--syntax", "mf2", "--locale", "ko", "--particles", "--bidi", "none", "--args", #"{"piece": "막대"}"#, message]).out
                == "막대를 배치\n")
        // Isolation marks between the value and the particle are kept; the particle still follows the value.
        #expect(run(["format", "--syntax", "mf2", "--locale", "ko", "--particles", "--args", #"{"piece": "막대"}"#, message]).out
                == "\u{2068}막대\u{2069}를 배치\n")
        // Without --particles the notation stays, as written.
        #expect(run(["format", "--syntax", "mf2", "--locale", "ko", "--bidi", "none", "--args", #"{"piece": "막대"}"#, message]).out
                == "막대을(를) 배치\n")
    }

    @Test func jsonLinesAnswerOutputErrorsOrError() throws {
        let input = [
            #"{"syntax": "mf2", "message": "Hi {$who}", "bidi": "none"}"#,
            #"{"syntax": "mf2", "message": "{$n :number} items", "args": {"n": 1234.5}, "locale": "de", "bidi": "none"}"#,
            #"{"syntax": "mf2", "message": ".match $x\n* {{a}}"}"#,
            #"{"message": "{n, plural, one {# star} other {# stars}}", "args": {"n": 1}}"#,
            #"{"syntax": "mf3", "message": "x"}"#,
        ].joined(separator: "\n") + "\n"
        let result = run(["format", "--jsonl"], input: input)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map { JSONReader.read(String($0), file: "out").root }
        #expect(lines.count == 5)
        #expect(lines[0]?["output"]?.string == "Hi {$who}")
        #expect(lines[0]?["errors"]?.array?.first?["type"]?.string == "unresolved-variable")
        #expect(lines[0]?["errors"]?.array?.first?["column"]?.number?.doubleValue == 5)
        // German groups with "." and separates the fraction with ",".
        #expect(lines[1]?["output"]?.string == "1.234,5 items")
        #expect(lines[1]?["errors"] == nil)
        #expect(lines[2]?["error"]?["type"]?.string == "missing-selector-annotation")
        #expect(lines[2]?["output"] == nil)
        // Lines without "syntax" are MF1, as before.
        #expect(lines[3]?["output"]?.string == "1 star")
        #expect(lines[4]?["error"]?["id"]?.string == "bad-request")
        // --syntax mf2 makes MF2 the default of every line.
        let defaulted = run(["format", "--jsonl", "--syntax", "mf2", "--bidi", "none"], input: #"{"message": "{|a b| :string}"}"# + "\n")
        #expect(defaulted.out == #"{"output":"a b"}"# + "\n")
    }

    @Test func bidiIsAnMF2Option() {
        #expect(run(["format", "--bidi", "none", "x"]).status == 64)
        #expect(run(["format", "--syntax", "mf3", "x"]).status == 64)
    }
}
