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

    /// The most bytes ``write(_:style:to:)`` writes for `byteCount` bytes of UTF-8 text: six per
    /// byte (`\u00XX`) and the two quotes.
    public static func maximumLiteralSize(ofUTF8Count byteCount: Int) -> Int {
        byteCount * 6 + 2
    }

    /// Writes the JSON string literal for `text` (the bytes `append(_:to:style:)` appends to a
    /// byte array) at `destination`, which must have room for
    /// ``maximumLiteralSize(ofUTF8Count:)`` of its UTF-8 count; returns how many bytes it wrote.
    /// For writers that keep their own buffer and append many short strings.
    public static func write(_ text: String, style: Style = .standard, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var text = text
        return text.withUTF8 { write($0, style: style, to: destination) }
    }

    /// The literal of UTF-8 `bytes`, written as the `String` variant above writes it.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, style: Style, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let standard = style == .standard
        let count = bytes.count
        var o = 0
        destination[o] = 0x22
        o += 1
        guard let source = bytes.baseAddress else {
            destination[o] = 0x22
            return 2
        }
        var run = 0
        var i = 0
        /// Copies the bytes from `run` up to `i`.
        @inline(__always) func flush() {
            if i > run {
                (destination + o).update(from: source + run, count: i - run)
                o += i - run
            }
        }
        @inline(__always) func put(_ escape: StaticString) {
            (destination + o).update(from: escape.utf8Start, count: escape.utf8CodeUnitCount)
            o += escape.utf8CodeUnitCount
        }
        while i < count {
            // Eight bytes at a time while none needs a look.
            if i + 8 <= count, !mayNeedEscaping(UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)) {
                i += 8
                continue
            }
            let b = source[i]
            if b >= 0x20 && b != 0x22 && b != 0x5C && b < 0x7F {
                i += 1
                continue
            }
            var width = 1
            switch b {
            case 0x22: flush(); put("\\\"")
            case 0x5C: flush(); put("\\\\")
            case 0x0A: flush(); put("\\n")
            case 0x0D: flush(); put("\\r")
            case 0x09: flush(); put("\\t")
            case 0x08: flush(); put("\\b")
            case 0x0C: flush(); put("\\f")
            case 0x00...0x1F:
                flush()
                let hex: StaticString = "0123456789abcdef"
                put("\\u00")
                destination[o] = hex.utf8Start[Int(b >> 4)]
                destination[o + 1] = hex.utf8Start[Int(b & 0x0F)]
                o += 2
            case 0x7F where standard: flush(); put("\\u007f")
            case 0xEF where i + 2 < count && source[i + 1] == 0xBB && source[i + 2] == 0xBF: flush(); put("\\ufeff"); width = 3
            case 0xEF where i + 2 < count && source[i + 1] == 0xBF && source[i + 2] == 0xBE: flush(); put("\\ufffe"); width = 3
            case 0xEF where i + 2 < count && source[i + 1] == 0xBF && source[i + 2] == 0xBF: flush(); put("\\uffff"); width = 3
            case 0xE2 where standard && i + 2 < count && source[i + 1] == 0x80 && (source[i + 2] == 0xA8 || source[i + 2] == 0xA9):
                flush()
                put(source[i + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                width = 3
            default:
                i += 1
                continue
            }
            i += width
            run = i
        }
        flush()
        destination[o] = 0x22
        return o + 1
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
