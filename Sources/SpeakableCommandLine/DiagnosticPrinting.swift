import SpeakableDiagnostics
import SpeakableEscaping

/// Prints diagnostics the way compilers do: `file:line:col: error: message [id]`, then the source
/// line with a caret under the offending text, then the hint. Colour only on a terminal.
///
/// Everything printed comes from files a translator may have written, so it is bounded and
/// inert: the source line is an excerpt of at most ``maximumExcerpt`` characters around the
/// caret (a 200 MB one-line file prints one short line), and controls, escape sequences and
/// bidirectional overrides in it — and in the message and hint — are shown as `\u{…}` rather
/// than sent to the terminal.
struct DiagnosticPrinter {
    var colour: Bool

    /// The most characters of a source line printed under a diagnostic.
    static let maximumExcerpt = 160

    func render(_ diagnostic: Diagnostic, sourceLine: String? = nil) -> String {
        var out = ""
        let location = [diagnostic.file.map(VisibleText.escape), diagnostic.position.map { "\($0.line):\($0.column)" }]
            .compactMap { $0 }.joined(separator: ":")
        if !location.isEmpty { out += bold(location + ": ") }
        out += paint(diagnostic.severity.rawValue + ":", diagnostic.severity == .error ? "31" : diagnostic.severity == .warning ? "35" : "36")
        out += " " + bold(Self.inert(diagnostic.message, limit: 4 * Self.maximumExcerpt)) + " [\(diagnostic.id)]\n"
        if let sourceLine, let position = diagnostic.position {
            var width = 1
            if let end = diagnostic.endPosition, end.line == position.line, end.column > position.column {
                width = end.column - position.column
            }
            let (line, pad, shownWidth) = Self.excerpt(sourceLine, column: position.column, width: width)
            out += "  " + line + "\n"
            out += "  " + pad + paint("^" + String(repeating: "~", count: max(0, shownWidth - 1)), "32") + "\n"
        }
        if let hint = diagnostic.hint {
            out += paint("hint:", "36") + " " + Self.inert(hint, limit: 4 * Self.maximumExcerpt) + "\n"
        }
        return out
    }

    /// Text safe to print: hidden characters shown as `\u{…}` (tabs kept), and at most `limit`
    /// characters (then `…`).
    static func inert(_ text: String, limit: Int) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if VisibleText.isHidden(scalar) && scalar != "\t" { out += VisibleText.notation(scalar) } else { out.unicodeScalars.append(scalar) }
            count += 1
        }
        return out
    }

    /// The part of `line` shown (hidden characters made visible), the padding that puts a caret
    /// under `column` (1-based, in scalars), and how wide the marked span is as shown.
    static func excerpt(_ line: String, column: Int, width: Int) -> (line: String, pad: String, width: Int) {
        let scalars = Array(line.unicodeScalars)
        let caret = max(0, min(column - 1, scalars.count))
        var start = 0
        var end = scalars.count
        if scalars.count > maximumExcerpt {
            start = max(0, min(caret - maximumExcerpt / 2, scalars.count - maximumExcerpt))
            end = min(scalars.count, start + maximumExcerpt)
        }
        var shown = start > 0 ? "…" : ""
        var pad = start > 0 ? " " : ""
        var markedWidth = 0
        for index in start..<end {
            let scalar = scalars[index]
            let text = VisibleText.isHidden(scalar) && scalar != "\t" ? VisibleText.notation(scalar) : String(scalar)
            shown += text
            if index < caret {
                pad += scalar == "\t" ? "\t" : String(repeating: " ", count: text.unicodeScalars.count)
            } else if index < caret + width {
                markedWidth += text.unicodeScalars.count
            }
        }
        if end < scalars.count { shown += "…" }
        return (shown, pad, max(1, min(markedWidth, maximumExcerpt)))
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }

    private func bold(_ text: String) -> String {
        colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}

/// Caps what one file can print: the first ``perFile`` diagnostics of each file, then one note
/// saying how many more there were (`more-problems`).
struct DiagnosticLimit {
    /// The most diagnostics printed for one file.
    static let perFile = 100

    private var counts: [String: Int] = [:]

    /// Whether to print `diagnostic` (counting it either way).
    mutating func admit(_ diagnostic: Diagnostic) -> Bool {
        // A reader's own "and N more" note always gets through.
        if diagnostic.id.hasSuffix("more-problems") { return true }
        let file = diagnostic.file ?? ""
        counts[file, default: 0] += 1
        return counts[file]! <= Self.perFile
    }

    /// A note for each file that had more than ``perFile``, in file order.
    func summaries() -> [Diagnostic] {
        counts.filter { $0.value > Self.perFile }.sorted { $0.key < $1.key }.map { file, count in
            Diagnostic(severity: .note, id: "more-problems",
                       message: "and \(count - Self.perFile) more problem\(count - Self.perFile == 1 ? "" : "s") in this file (the first \(Self.perFile) are shown)",
                       file: file.isEmpty ? nil : file)
        }
    }
}
