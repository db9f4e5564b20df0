import SpeakableDiagnostics
import Testing
@testable import SpeakableCommandLine

/// What a diagnostic can print is bounded and inert.
@Suite struct DiagnosticPrintingTests {
    let printer = DiagnosticPrinter(colour: false)

    func diagnostic(column: Int, width: Int = 1) -> Diagnostic {
        Diagnostic(severity: .error, id: "x", message: "bad", file: "f.json", position: SourcePosition(line: 1, column: column),
                   endPosition: SourcePosition(line: 1, column: column + width))
    }

    /// A 200 MB one-line file printed the whole line for one error.
    @Test func sourceLinesAreCutToAWindowAroundTheCaret() {
        let limit = DiagnosticPrinter.maximumExcerpt
        let atLimit = String(repeating: "a", count: limit - 1) + "X"
        #expect(printer.render(diagnostic(column: limit), sourceLine: atLimit)
                == "f.json:1:\(limit): error: bad [x]\n  \(atLimit)\n  \(String(repeating: " ", count: limit - 1))^\n")
        let past = String(repeating: "a", count: limit) + "X"
        let rendered = printer.render(diagnostic(column: limit + 1), sourceLine: past)
        let lines = rendered.split(separator: "\n")
        #expect(lines[1].unicodeScalars.count == 2 + 1 + limit)  // indent, "…", the window
        #expect(lines[1].hasSuffix("X"))
        #expect(lines[2].hasSuffix("^") && lines[2].unicodeScalars.count == lines[1].unicodeScalars.count)
        let huge = String(repeating: "b", count: 5_000_000) + "X" + String(repeating: "c", count: 5_000_000)
        let middle = printer.render(diagnostic(column: 5_000_001, width: 3), sourceLine: huge).split(separator: "\n")
        #expect(middle[1].unicodeScalars.count == 2 + 1 + limit + 1)
        #expect(middle[2].hasSuffix("^~~"))
        let caret = Array(middle[2]).firstIndex(of: "^")!
        #expect(Array(middle[1])[caret] == "X")
    }

    /// Escape sequences and bidirectional overrides from a translator's file reached the terminal.
    @Test func controlsInLinesMessagesAndHintsAreShownNotSent() {
        var d = diagnostic(column: 3)
        d.message = "bad \u{1B}]0;pwned\u{7}"
        d.hint = "fix \u{202E}this"
        let rendered = printer.render(d, sourceLine: "a\u{1B}[2Jb\u{202E}c")
        #expect(!rendered.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{7}" })
        #expect(rendered.contains("bad \\u{001B}]0;pwned\\u{0007}"))
        #expect(rendered.contains("  a\\u{001B}[2Jb\\u{202E}c\n"))
        // The caret is under the "[" that follows the escape, as shown.
        let lines = rendered.split(separator: "\n")
        #expect(lines[2] == "  " + String(repeating: " ", count: 1 + "\\u{001B}".count) + "^")
    }

    @Test func eachFilePrintsAtMostTheLimitThenOneNote() {
        var limit = DiagnosticLimit()
        let per = DiagnosticLimit.perFile
        let a = (0..<per).map { _ in Diagnostic(severity: .error, id: "x", message: "m", file: "a.json") }
        let b = (0...per).map { _ in Diagnostic(severity: .error, id: "x", message: "m", file: "b.json") }
        #expect(a.filter { limit.admit($0) }.count == per)
        #expect(b.filter { limit.admit($0) }.count == per)
        #expect(limit.summaries().map(\.rendered) == ["b.json: note: and 1 more problem in this file (the first 100 are shown) [more-problems]"])
    }

    @Test func messagesAndHintsAtTheLimitAndOnePast() {
        let limit = 4 * DiagnosticPrinter.maximumExcerpt
        #expect(limit == 640)
        let atLimit = String(repeating: "m", count: limit)
        #expect(DiagnosticPrinter.inert(atLimit, limit: limit) == atLimit)
        #expect(DiagnosticPrinter.inert(atLimit + "n", limit: limit) == atLimit + "…")
        var d = diagnostic(column: 1)
        d.message = atLimit + "n"
        d.hint = atLimit
        let rendered = printer.render(d)
        #expect(rendered.contains(atLimit + "… [x]"))
        #expect(rendered.hasSuffix("hint: " + atLimit + "\n"))
    }
}
