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
        var out: [UInt8] = []
        write(into: &out, indent: false, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Indented JSON (two spaces), ending without a newline.
    public func prettyPrinted() -> String {
        var out: [UInt8] = []
        write(into: &out, indent: true, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the JSON as UTF-8 to `out`: compact on one line, or (`indent`) indented by two
    /// spaces, without a final newline. (Written as bytes: building a `String` a piece at a time
    /// cost more than the values.)
    public func write(into out: inout [UInt8], indent: Bool, level: Int) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let n): out.append(contentsOf: String(n).utf8)
        case .double(let d): out.append(contentsOf: JSONWriter.format(d).utf8)
        case .string(let s): JSONEscaping.append(s, to: &out)
        case .array(let items):
            if items.isEmpty { out.append(contentsOf: "[]".utf8); return }
            out.append(0x5B)  // [
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }  // ,
                if indent { Self.newline(&out, level + 1) }
                item.write(into: &out, indent: indent, level: level + 1)
            }
            if indent { Self.newline(&out, level) }
            out.append(0x5D)  // ]
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(0x7B)  // {
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                if indent { Self.newline(&out, level + 1) }
                JSONEscaping.append(key, to: &out)
                out.append(0x3A)  // :
                if indent { out.append(0x20) }
                value.write(into: &out, indent: indent, level: level + 1)
            }
            if indent { Self.newline(&out, level) }
            out.append(0x7D)  // }
        }
    }

    /// A line break and `level` indents of two spaces.
    private static func newline(_ out: inout [UInt8], _ level: Int) {
        out.append(0x0A)
        for _ in 0..<level { out.append(0x20); out.append(0x20) }
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
