import SpeakableEscaping

/// A minimal JSON writer for benchmark results (this layer may not import Foundation).
public indirect enum JSONValue {
    case string(String)
    case number(Double)
    case integer(Int)
    case bool(Bool)
    case array([JSONValue])
    /// Keys in the order given (stable output).
    case object([(String, JSONValue)])
    case null

    public func rendered(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .string(let s): return Self.quote(s)
        case .number(let d):
            if d.isNaN || d.isInfinite { return "null" }
            let rounded = (d * 1000).rounded() / 1000
            if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int64(rounded)) }
            return String(rounded)
        case .integer(let n): return String(n)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: indent + 1) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { inner + Self.quote($0.0) + ": " + $0.1.rendered(indent: indent + 1) }
                .joined(separator: ",\n") + "\n" + pad + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += "\\u" + HexDigits.padded(scalar.value, width: 4, uppercase: false)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
