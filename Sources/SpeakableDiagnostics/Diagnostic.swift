/// How serious a finding is.
public enum Severity: String, Hashable, Sendable, CaseIterable, Comparable {
    case note, warning, error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A place in a text file: 1-based line and 1-based column.
///
/// Columns count **Unicode scalars** (code points) from the start of the line, so a column means
/// the same thing for "빈칸" as for "empty"; SARIF calls this `unicodeCodePoints`.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A finding: something wrong (or worth knowing) about an input, with where it is and what it is.
///
/// ```swift
/// let d = Diagnostic(severity: .error, id: "missing-other",
///                    message: "plural argument 'stars' has no 'other' case",
///                    file: "Templates/game.json", position: SourcePosition(line: 4, column: 18))
/// d.rendered   // "Templates/game.json:4:18: error: plural argument 'stars' has no 'other' case [missing-other]"
/// ```
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public var severity: Severity
    /// A stable identifier, e.g. `missing-other`; tools and baselines key on it.
    public var id: String
    /// One plain, lower-case sentence.
    public var message: String
    /// The file the finding is in, when it comes from one.
    public var file: String?
    /// Where in the file (or in the message, for a message given on the command line).
    public var position: SourcePosition?
    /// Where the offending text ends (exclusive), when known.
    public var endPosition: SourcePosition?
    /// What to do about it, when there is something to say.
    public var hint: String?

    public init(severity: Severity, id: String, message: String, file: String? = nil,
                position: SourcePosition? = nil, endPosition: SourcePosition? = nil, hint: String? = nil) {
        self.severity = severity
        self.id = id
        self.message = message
        self.file = file
        self.position = position
        self.endPosition = endPosition
        self.hint = hint
    }

    /// The compiler-style line: `file:line:col: error: message [id]`.
    public var rendered: String {
        var text = ""
        if let file { text += file + ":" }
        if let position { text += "\(position.line):\(position.column):" }
        if !text.isEmpty { text += " " }
        text += "\(severity.rawValue): \(message) [\(id)]"
        return text
    }

    public var description: String { rendered }
}
