/// Text into generated Swift source: string literals and comments that hold any text and still
/// mean exactly that text — nothing in them can end the literal or comment early.
///
/// A `//` comment ends at LF and at a lone CR (Swift's lexer treats both as a line end), so a
/// comment is built line by line from ``VisibleText/lines(_:)``: every line break in the text
/// starts a new comment line, and controls, invisible format characters and bidirectional
/// overrides are shown as `\u{…}` rather than hidden in the source.
///
/// ```swift
/// SwiftEscaping.stringLiteral("Say \"hi\"\r\n")        // "\"Say \\\"hi\\\"\\r\\n\""
/// SwiftEscaping.lineComment("note\rlet x = 1", prefix: "/// ")
/// // "/// note\n/// let x = 1\n"   (the second line is still a comment)
/// ```
public enum SwiftEscaping {
    /// A single-line string literal, in double quotes, whose value is exactly `text`:
    /// `"` and `\` escaped (so no `\(` interpolation), `\0 \t \n \r`, other hidden characters
    /// (see ``VisibleText``) as `\u{…}` — except U+FDD0–U+FDEF, written raw because Swift
    /// rejects them as escapes.
    public static func stringLiteral(_ text: String) -> String {
        // Printable ASCII but `"` and `\` (most text) is written as it is.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }) { return "\"" + text + "\"" }
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\0": out += "\\0"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                // Swift's lexer rejects U+FDD0…U+FDEF in `\u{…}` ("invalid unicode scalar") but
                // takes them raw; every other hidden character is written as an escape.
                if VisibleText.isHidden(scalar) && !(0xFDD0...0xFDEF).contains(scalar.value) {
                    out += "\\u{" + HexDigits.padded(scalar.value, width: 1) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The lines of a comment holding `text`, each to be written after `//` or `///` (see
    /// ``VisibleText/lines(_:)``).
    public static func commentLines(_ text: String) -> [String] { VisibleText.lines(text) }

    /// `text` as line comments: every line of ``commentLines(_:)`` after `prefix` (which must
    /// start with `//`), each ending with a line feed. Trailing spaces of an empty line's
    /// prefix are dropped (`///`, not `/// `).
    public static func lineComment(_ text: String, prefix: String) -> String {
        precondition(prefix.drop(while: { $0 == " " }).hasPrefix("//"), "a line comment starts with //")
        return VisibleText.slashComments(text, prefix: prefix)
    }

    /// One comment line (what goes after `//`): ``commentLines(_:)`` joined by ` ⏎ `, for text
    /// that must stay on one line (a file name in a header).
    public static func inlineComment(_ text: String) -> String {
        VisibleText.oneLine(text)
    }

    /// Whether `name` is an ASCII Swift identifier (letters, digits, `_`, not starting with a
    /// digit) — what generated declarations use; keywords still need backticks.
    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }
}
