import SpeakableDiagnostics

/// Prints diagnostics the way compilers do: `file:line:col: error: message [id]`, then the source
/// line with a caret under the offending text, then the hint. Colour only on a terminal.
struct DiagnosticPrinter {
    var colour: Bool

    func render(_ diagnostic: Diagnostic, sourceLine: String? = nil) -> String {
        var out = ""
        let location = [diagnostic.file, diagnostic.position.map { "\($0.line):\($0.column)" }]
            .compactMap { $0 }.joined(separator: ":")
        if !location.isEmpty { out += bold(location + ": ") }
        out += paint(diagnostic.severity.rawValue + ":", diagnostic.severity == .error ? "31" : diagnostic.severity == .warning ? "35" : "36")
        out += " " + bold(diagnostic.message) + " [\(diagnostic.id)]\n"
        if let sourceLine, let position = diagnostic.position {
            let scalars = Array(sourceLine.unicodeScalars)
            out += "  " + sourceLine + "\n"
            var width = 1
            if let end = diagnostic.endPosition, end.line == position.line, end.column > position.column {
                width = end.column - position.column
            }
            let pad = String(scalars.prefix(max(0, position.column - 1)).map { $0 == "\t" ? "\t" : " " }.map(Character.init))
            out += "  " + pad + paint("^" + String(repeating: "~", count: max(0, width - 1)), "32") + "\n"
        }
        if let hint = diagnostic.hint {
            out += paint("hint:", "36") + " " + hint + "\n"
        }
        return out
    }

    private func paint(_ text: String, _ code: String) -> String {
        colour ? "\u{1B}[1;\(code)m\(text)\u{1B}[0m" : text
    }

    private func bold(_ text: String) -> String {
        colour ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }
}
