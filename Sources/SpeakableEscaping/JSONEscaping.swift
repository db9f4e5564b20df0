/// Text into JSON string literals that every JSON parser reads back as exactly the text given.
///
/// Two styles, one rule set: `"` and `\` escaped, C0 controls as `\b \f \n \r \t` or `\u00XX`,
/// and U+FEFF, U+FFFE, U+FFFF as `\ufeff`, `\ufffe`, `\uffff` (a byte-order mark that readers
/// drop at the start of a string — Foundation's JSONSerialization does — and noncharacters some
/// readers reject raw).
/// ``Style/standard`` also escapes DEL, U+2028 and U+2029 (which end a line in JavaScript);
/// ``Style/xcode`` writes those literally, as Xcode does in `.xcstrings` files. Neither escapes
/// `/` or non-ASCII text.
///
/// ```swift
/// JSONEscaping.string("Row 3, \"empty\"\u{2028}")                  // "\"Row 3, \\\"empty\\\"\\u2028\""
/// JSONEscaping.string("Row 3\u{2028}", style: .xcode)              // "\"Row 3\u{2028}\""
/// ```
public enum JSONEscaping {
    public enum Style: Sendable {
        case standard
        case xcode
    }

    /// A JSON string literal (with its quotes) for `text`.
    public static func string(_ text: String, style: Style = .standard) -> String {
        var out = ""
        append(text, to: &out, style: style)
        return out
    }

    /// Appends the JSON string literal for `text` to `out`. Runs of bytes that need nothing are
    /// copied whole (most of a string, even one with quotes in it).
    public static func append(_ text: String, to out: inout String, style: Style = .standard) {
        guard needsEscaping(text, style: style) else {
            out += "\""
            out += text
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        append(text, to: &bytes, style: style)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the JSON string literal for `text` to `out` as UTF-8: the one escaping, which the
    /// `String` variant above and writers of bytes (``JSONValue``) use.
    /// Whether any byte of `word` is below 0x20, `"`, `\`, or 0x7F and above (what the byte loop
    /// looks at); false: the eight bytes are copied as they are.
    @inline(__always)
    static func mayNeedEscaping(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> Bool { (v &- ones) & ~v & high != 0 }
        // Bytes below 0x20 (the word has no high bit here, or the last test says so).
        let control = (word &- ones &* 0x20) & ~word & high != 0
        return word & high != 0 || control || hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || hasZero(word ^ (ones &* 0x7F))
    }

    public static func append(_ text: String, to out: inout [UInt8], style: Style = .standard) {
        out.append(0x22)
        let standard = style == .standard
        var text = text
        text.withUTF8 { bytes in
            var run = 0
            var i = 0
            // Eight bytes at a time while none needs a look; from a word that has one, byte by
            // byte to its end.
            var wordsFrom = 0
            while i < bytes.count {
                if i >= wordsFrom, i + 8 <= bytes.count {
                    if !mayNeedEscaping(UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)) {
                        i += 8
                        continue
                    }
                    wordsFrom = i + 8
                }
                let b = bytes[i]
                // Most bytes need nothing: one comparison rules them out.
                if b >= 0x20 && b != 0x22 && b != 0x5C && b < 0x7F {
                    i += 1
                    continue
                }
                var escape: StaticString?
                var unicode: UInt32?
                var width = 1
                switch b {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x00...0x1F: unicode = UInt32(b)
                case 0x7F where standard: escape = "\\u007f"
                case 0xEF where i + 2 < bytes.count:
                    // U+FEFF (EF BB BF), U+FFFE (EF BF BE), U+FFFF (EF BF BF).
                    if bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF { escape = "\\ufeff"; width = 3 }
                    else if bytes[i + 1] == 0xBF && bytes[i + 2] == 0xBE { escape = "\\ufffe"; width = 3 }
                    else if bytes[i + 1] == 0xBF && bytes[i + 2] == 0xBF { escape = "\\uffff"; width = 3 }
                case 0xE2 where standard && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    escape = bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default:
                    break
                }
                guard escape != nil || unicode != nil else {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                if let escape {
                    escape.withUTF8Buffer { out.append(contentsOf: $0) }
                } else if let unicode {
                    out.append(contentsOf: unicodeEscape(unicode).utf8)
                }
                i += width
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run...]))
        }
        out.append(0x22)
    }

    static func unicodeEscape(_ value: UInt32) -> String {
        "\\u" + HexDigits.padded(value, width: 4, uppercase: false)
    }


    /// Whether `text` holds anything to escape (checked on the UTF-8 bytes; most strings need
    /// nothing): `"`, `\`, C0 controls, U+FEFF/U+FFFE/U+FFFF (EF BB BF, EF BF BE/BF), and for the standard style
    /// DEL, U+2028, U+2029 (E2 80 A8/A9).
    static func needsEscaping(_ text: String, style: Style) -> Bool {
        var text = text
        let standard = style == .standard
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x20 || b == 0x22 || b == 0x5C { return true }
                if b >= 0x7F {
                    if b == 0x7F && standard { return true }
                    if b == 0xEF, i + 2 < bytes.count,
                       (bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE) || (bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF) { return true }
                    if standard, b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                        return true
                    }
                }
                i += 1
            }
            return false
        }
    }
}
