/// Text into XML 1.0: character data, attribute values and comments that a conforming parser
/// reads back as exactly the text given (or, for what XML cannot carry at all, a documented
/// stand-in) — and that can never close the element, attribute or comment they are in.
///
/// XML 1.0 cannot carry C0 controls other than tab, LF and CR, nor U+FFFE and U+FFFF — not
/// even as character references (`&#1;` is a fatal error). ``text(_:)`` and ``attribute(_:)``
/// write U+FFFD for those; formats that have their own way to carry them (Android's `\u0001`,
/// XLIFF's `<cp hex="0001"/>`) handle them before calling these (see ``isCharacter(_:)``).
///
/// ```swift
/// XMLEscaping.text("Tom & Jerry <3 ]]>")     // "Tom &amp; Jerry &lt;3 ]]&gt;"
/// XMLEscaping.attribute("say \"hi\"\n")      // "say &quot;hi&quot;&#10;"
/// XMLEscaping.comment("note ---> <x/>")      // "note - - -> <x/>"
/// ```
public enum XMLEscaping {
    /// Whether XML 1.0 allows `scalar` in a document (the `Char` production).
    @inlinable
    public static func isCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v >= 0x20 { return v != 0xFFFE && v != 0xFFFF }
        return v == 0x09 || v == 0x0A || v == 0x0D
    }

    /// Character data: `&`, `<` and `>` escaped (`>` so that `]]>` cannot appear), CR as `&#13;`
    /// (a parser would turn a raw CR into LF); characters XML cannot carry become U+FFFD.
    public static func text(_ text: String) -> String {
        guard needsWork(text, attribute: false) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            default:
                if isCharacter(scalar) { out.unicodeScalars.append(scalar) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }

    /// Appends ``text(_:)`` of `text` to `out` as UTF-8, without making a string of it.
    public static func appendText(_ text: String, to out: inout [UInt8]) {
        append(text, attribute: false, to: &out)
    }

    /// Appends ``attribute(_:)`` of `text` to `out` as UTF-8, without making a string of it.
    public static func appendAttribute(_ text: String, to out: inout [UInt8]) {
        append(text, attribute: true, to: &out)
    }

    /// ``text(_:)`` or ``attribute(_:)`` on the UTF-8 bytes: runs that need nothing are copied
    /// whole. What XML cannot carry (C0 controls, U+FFFE, U+FFFF) becomes U+FFFD, as there.
    static func append(_ text: String, attribute: Bool, to out: inout [UInt8]) {
        _ = append(text, attribute: attribute, stoppingAtNonCharacter: false, to: &out)
    }

    /// The bytes below 0x40 that ``write(_:attribute:plain:to:)`` does not copy as
    /// they are, one bit each: in text `&`, `<`, `>`, CR and the C0 controls but tab and LF.
    static let textBytes: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A) | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E
    /// In an attribute also `"`, tab and LF.
    static let attributeBytes: UInt64 = 0xFFFF_FFFF | 1 << 0x22 | 1 << 0x26 | 1 << 0x3C | 1 << 0x3E

    /// ``append(_:attribute:to:)``; with `stoppingAtNonCharacter`, a character XML cannot carry
    /// stops it instead (the caller has its own way to write those): it returns false, having
    /// appended nothing.
    static func append(_ text: String, attribute: Bool, stoppingAtNonCharacter: Bool, to out: inout [UInt8]) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let size = escapedSize(bytes, attribute: attribute)
            if size.nonCharacter && stoppingAtNonCharacter { return false }
            out.appendUTF8(count: size.count) { write(bytes, attribute: attribute, plain: size.plain, to: &$0) }
            return true
        }
    }

    /// What ``write(_:attribute:plain:to:)`` makes of UTF-8 `bytes`: how many bytes it writes,
    /// whether that is `bytes` as they are (`plain`), and whether they hold a character XML cannot
    /// carry (written as U+FFFD).
    public static func escapedSize(_ bytes: UnsafeBufferPointer<UInt8>, attribute: Bool) -> (count: Int, plain: Bool, nonCharacter: Bool) {
        let special = attribute ? attributeBytes : textBytes
        var extra = 0
        var plain = true
        var nonCharacter = false
        var i = 0
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            // Everything escaped is below 0x40 or starts U+FFFE/U+FFFF (0xEF).
            if b < 0x40 {
                if special & (1 << UInt64(b)) != 0 {
                    plain = false
                    switch b {
                    case 0x22: extra += 5        // &quot;
                    case 0x26: extra += 4        // &amp;
                    case 0x3C, 0x3E: extra += 3  // &lt; &gt;
                    case 0x0D, 0x0A: extra += 4  // &#13; &#10;
                    case 0x09: extra += 3        // &#9;
                    default:
                        nonCharacter = true
                        extra += 2               // U+FFFD for one byte
                    }
                }
            } else if b == 0xEF && i + 2 < count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE {
                // U+FFFE or U+FFFF: U+FFFD, as long.
                plain = false
                nonCharacter = true
                i += 2
            }
            i += 1
        }
        return (count + extra, plain, nonCharacter)
    }

    /// ``text(_:)`` (or ``attribute(_:)``) of UTF-8 `bytes` written at `cursor`, which must have
    /// room for ``escapedSize(_:attribute:)``'s count; `plain` is that function's: `bytes`
    /// are then copied as they are.
    public static func write(_ bytes: UnsafeBufferPointer<UInt8>, attribute: Bool, plain: Bool, to cursor: inout UTF8Cursor) {
        guard !plain else {
            cursor.put(bytes)
            return
        }
        let special = attribute ? attributeBytes : textBytes
        var run = 0
        var i = 0
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            if b < 0x40 {
                if special & (1 << UInt64(b)) == 0 {
                    i += 1
                    continue
                }
            } else if b != 0xEF {
                i += 1
                continue
            }
            var width = 1
            let escape: StaticString
            switch b {
            case 0x26: escape = "&amp;"
            case 0x3C: escape = "&lt;"
            case 0x3E: escape = "&gt;"
            case 0x0D: escape = "&#13;"
            case 0x22: escape = "&quot;"
            case 0x0A: escape = "&#10;"
            case 0x09: escape = "&#9;"
            case 0x00..<0x20: escape = "\u{FFFD}"
            case 0xEF where i + 2 < count && bytes[i + 1] == 0xBF && bytes[i + 2] >= 0xBE:
                escape = "\u{FFFD}"
                width = 3
            default:
                i += 1
                continue
            }
            if run < i { cursor.put(bytes.baseAddress! + run, count: i - run) }
            cursor.put(escape)
            i += width
            run = i
        }
        if run < count { cursor.put(bytes.baseAddress! + run, count: count - run) }
    }

    /// Whether `text` holds a character XML cannot carry (see ``isCharacter(_:)``), checked on
    /// its UTF-8 bytes.
    public static func containsNonCharacter(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            let count = bytes.count
            while i < count {
                let b = bytes[i]
                if b < 0x20 {
                    if b != 0x09 && b != 0x0A && b != 0x0D { return true }
                } else if b == 0xEF, i + 2 < count, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE {
                    return true
                }
                i += 1
            }
            return false
        }
    }

    /// An attribute value for double quotes: also `"`, and tab, LF and CR as character
    /// references (a parser would normalize them to spaces); characters XML cannot carry become
    /// U+FFFD.
    public static func attribute(_ text: String) -> String {
        guard needsWork(text, attribute: true) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if isCharacter(scalar) { out.unicodeScalars.append(scalar) } else { out += "\u{FFFD}" }
            }
        }
        return out
    }

    /// The inside of a comment (`<!-- … -->`): never `--`, never ending with `-` (a space goes
    /// between hyphens: `--->` becomes `- - ->`); line breaks of any kind become LF, and
    /// controls, invisible and bidirectional formatting characters and noncharacters are shown
    /// as `\u{…}` (``VisibleText``). Comments are for people: this is not reversible.
    public static func comment(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for (index, line) in VisibleText.lines(text).enumerated() {
            if index > 0 { out.append("\n") }
            for scalar in line.unicodeScalars {
                if scalar == "-" && out.last == "-" { out.append(" ") }
                out.append(scalar)
            }
        }
        if out.last == "-" { out.append(" ") }
        return String(out)
    }

    /// Whether `name` matches XML's `Name` production (element and attribute names).
    public static func isName(_ name: String) -> Bool {
        var first = true
        for scalar in name.unicodeScalars {
            if !(first ? isNameStart(scalar) : isNameCharacter(scalar)) { return false }
            first = false
        }
        return !first
    }

    /// Whether `name` is a name without a colon (`NCName`: a local name or a namespace prefix).
    public static func isNCName(_ name: String) -> Bool { isName(name) && !name.unicodeScalars.contains(":") }

    /// Whether `s` may start an XML name (`NameStartChar`).
    public static func isNameStart(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3A, 0x41...0x5A, 0x5F, 0x61...0x7A, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF,
             0x200C...0x200D, 0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
             0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    /// Whether `s` may follow the first character of an XML name (`NameChar`).
    public static func isNameCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2D, 0x2E, 0x30...0x39, 0xB7, 0x300...0x36F, 0x203F...0x2040: return true
        default: return isNameStart(s)
        }
    }

    /// Whether anything in `text` needs escaping (checked on the UTF-8 bytes; most text needs
    /// nothing). U+FFFE and U+FFFF are EF BF BE / EF BF BF.
    static func needsWork(_ text: String, attribute: Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b < 0x20 {
                    if attribute || (b != 0x09 && b != 0x0A) { return true }
                } else if b == 0x26 || b == 0x3C || b == 0x3E {
                    return true
                } else if attribute && b == 0x22 {
                    return true
                } else if b == 0xEF, i + 2 < bytes.count, bytes[i + 1] == 0xBF, bytes[i + 2] >= 0xBE {
                    return true
                }
                i += 1
            }
            return false
        }
    }
}
