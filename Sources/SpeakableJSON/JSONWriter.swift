import SpeakableEscaping

/// Writes JSON deterministically: members in the order given, UTF-8 as is (no `\u` for non-ASCII),
/// `/` unescaped, only `"`, `\`, control characters, U+2028/U+2029 and U+FFFE/U+FFFF escapes.
///
/// ```swift
/// JSONWriter.string("Row 3, \"empty\"")   // "\"Row 3, \\\"empty\\\"\""
/// ```
public enum JSONWriter {
    /// A JSON string literal for `text` (``JSONEscaping`` in the standard style: also DEL,
    /// U+2028 and U+2029 as `\u` escapes, so a JSON line is also a JavaScript line).
    public static func string(_ text: String) -> String { JSONEscaping.string(text) }

    /// A JSON number for a double: integral values without a fraction ("3"), others in the shortest
    /// form that reads back the same.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(.towardZero) && value.magnitude < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }
}

/// A JSON value to write, with members in a fixed order.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized() == rhs.serialized() }
    public func hash(into hasher: inout Hasher) { hasher.combine(serialized()) }

    /// Compact JSON on one line (for JSON Lines).
    public func serialized() -> String {
        var out = ""
        write(into: &out, indent: nil, level: 0)
        return out
    }

    /// Indented JSON (two spaces), ending without a newline.
    public func prettyPrinted() -> String {
        var out = ""
        write(into: &out, indent: "  ", level: 0)
        return out
    }

    /// A line break and `level` indents (built once per level: a large file has a line per value).
    private static func newline(_ indent: String, _ level: Int) -> String {
        if indent == "  " && level < indentedLines.count { return indentedLines[level] }
        return "\n" + String(repeating: indent, count: level)
    }

    private static let indentedLines: [String] = (0..<16).map { "\n" + String(repeating: "  ", count: $0) }

    private func write(into out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .double(let d): out += JSONWriter.format(d)
        case .string(let s): JSONEscaping.append(s, to: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += Self.newline(indent, level + 1) }
                item.write(into: &out, indent: indent, level: level + 1)
            }
            if let indent { out += Self.newline(indent, level) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if let indent { out += Self.newline(indent, level + 1) }
                JSONEscaping.append(key, to: &out)
                out += indent == nil ? ":" : ": "
                value.write(into: &out, indent: indent, level: level + 1)
            }
            if let indent { out += Self.newline(indent, level) }
            out += "}"
        }
    }
}

extension JSONNode {
    /// The value without positions.
    public var value: JSONValue {
        switch kind {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(.int(let n)): .int(n)
        case .number(.double(let d)): .double(d)
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(\.value))
        case .object(let members): .object(members.map { ($0.key, $0.value.value) })
        }
    }
}
