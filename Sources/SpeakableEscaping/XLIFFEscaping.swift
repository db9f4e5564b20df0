/// Text into XLIFF 2.0 source, target and note elements: XML text, with each character XML
/// cannot carry (C0 controls but tab, LF and CR; U+FFFE, U+FFFF; see
/// ``XMLEscaping/isCharacter(_:)``) as XLIFF's `<cp hex="0001"/>` in a segment, and as
/// ``VisibleText/notation(_:)`` in a note (plain text in XLIFF 2.0).
///
/// ```swift
/// XLIFFEscaping.segment("a\u{1}b & c")   // "a<cp hex=\"0001\"/>b &amp; c"
/// XLIFFEscaping.note("a\u{1}b")          // "a\\u{0001}b"
/// XLIFFEscaping.codePoint(hex: "0001")   // "\u{1}"
/// ```
public enum XLIFFEscaping {
    /// Source or target text: XML text, with `<cp hex="…"/>` for each character XML cannot carry,
    /// which ``codePoint(hex:)`` reads back.
    public static func segment(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !XMLEscaping.isCharacter($0) }) else { return XMLEscaping.text(text) }
        var out = ""
        var run = ""
        for scalar in text.unicodeScalars {
            if XMLEscaping.isCharacter(scalar) {
                run.unicodeScalars.append(scalar)
            } else {
                out += XMLEscaping.text(run)
                run = ""
                out += codePointElement(scalar)
            }
        }
        return out + XMLEscaping.text(run)
    }

    /// Appends ``segment(_:)`` of `text` to `out` as UTF-8.
    public static func appendSegment(_ text: String, to out: inout [UInt8]) {
        // Text XML carries (nearly all) is escaped in one pass; a character it cannot carry
        // takes `<cp>` elements.
        if !XMLEscaping.append(text, attribute: false, stoppingAtNonCharacter: true, to: &out) {
            out.append(contentsOf: segment(text).utf8)
        }
    }

    /// Appends ``note(_:)`` of `text` to `out` as UTF-8.
    public static func appendNote(_ text: String, to out: inout [UInt8]) {
        if !XMLEscaping.append(text, attribute: false, stoppingAtNonCharacter: true, to: &out) {
            out.append(contentsOf: note(text).utf8)
        }
    }

    /// `<cp hex="0001"/>`: at least four upper-case hex digits.
    public static func codePointElement(_ scalar: Unicode.Scalar) -> String {
        "<cp hex=\"" + HexDigits.padded(scalar.value, width: 4) + "\"/>"
    }

    /// The character of a `<cp>` element's `hex` value: at most six hex digits naming a Unicode
    /// scalar; nil for anything else.
    public static func codePoint(hex: String) -> Unicode.Scalar? {
        guard hex.utf8.count <= 6, let value = UInt32(hex, radix: 16) else { return nil }
        return Unicode.Scalar(value)
    }

    /// A note: XML text, with characters XML cannot carry shown as `\u{0001}`.
    public static func note(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !XMLEscaping.isCharacter($0) }) else { return XMLEscaping.text(text) }
        var visible = ""
        for scalar in text.unicodeScalars {
            if XMLEscaping.isCharacter(scalar) { visible.unicodeScalars.append(scalar) } else { visible += VisibleText.notation(scalar) }
        }
        return XMLEscaping.text(visible)
    }
}
