/// Characters that must never reach generated code or markup unescaped, because they end a
/// line, are invisible, or reorder what a reader sees (Trojan Source): the one policy shared by
/// every escaper in this module.
///
/// The set is fixed by code point (not by the Unicode version of the toolchain), so the same
/// input always gives the same bytes:
///
/// * C0 and C1 controls, DEL (U+0000–U+001F, U+007F–U+009F);
/// * line and paragraph separators (U+2028, U+2029; NEL U+0085 is a C1 control);
/// * invisible format characters: soft hyphen U+00AD, U+061C, U+180E, U+200B–U+200F,
///   U+202A–U+202E, U+2060–U+206F, U+FEFF, U+FFF9–U+FFFB, tags U+E0000–U+E007F;
/// * noncharacters: U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF,
///   U+1FFFE…).
///
/// ```swift
/// VisibleText.isHidden("\u{202E}")      // true: right-to-left override
/// VisibleText.escape("a\u{202E}b")      // "a\\u{202E}b"
/// ```
public enum VisibleText {
    /// Whether `scalar` is a control, separator, invisible format character or noncharacter.
    @inlinable
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v <= 0x9F) { return true }
        if v < 0xAD { return false }
        switch v {
        case 0xAD, 0x61C, 0x180E, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF, 0xFFF9...0xFFFB,
             0xFDD0...0xFDEF, 0xE0000...0xE007F:
            return true
        default:
            return v & 0xFFFE == 0xFFFE
        }
    }

    /// Whether `scalar` ends a line somewhere: LF, VT, FF, CR, NEL, U+2028, U+2029.
    @inlinable
    public static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `\u{XXXX}` (upper-case hex, at least four digits) — how hidden characters are shown.
    public static func notation(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + HexDigits.padded(scalar.value, width: 4) + "}"
    }

    /// `text` with every hidden character written as ``notation(_:)``, tabs kept.
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isHidden($0) && $0 != "\t" }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar) && scalar != "\t" { out += notation(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `text` for a line of terminal output meant to be read as text (the preview's listing):
    /// controls (C0 but tab, DEL, C1 — so no escape sequence reaches the terminal), line and
    /// paragraph separators (so one line stays one line) and bidirectional overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069, which reorder what a reader sees) are shown as
    /// ``notation(_:)``. Joiners, soft hyphens and other invisible characters that real text
    /// uses (👩‍👩‍👧 holds U+200D) are kept, unlike ``escape(_:)``.
    ///
    /// ```swift
    /// VisibleText.terminalLine("Row 1\u{1B}[2J\n")   // "Row 1\\u{001B}[2J\\u{000A}"
    /// ```
    public static func terminalLine(_ text: String) -> String {
        func shown(_ v: UInt32) -> Bool {
            (v < 0x20 && v != 0x09) || (v >= 0x7F && v <= 0x9F) || v == 0x2028 || v == 0x2029
                || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
        }
        guard text.unicodeScalars.contains(where: { shown($0.value) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if shown(scalar.value) { out += notation(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Whether `scalar` opens or closes a bidirectional embedding, override or isolate
    /// (U+202A–U+202E, U+2066–U+2069): the characters that reorder what follows them.
    @inlinable
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `text` for a page that shows it among other words (the preview's web page): every
    /// bidirectional embedding, override or isolate that is not closed within `text` (and every
    /// closer that closes nothing) shown as ``notation(_:)``, so that nothing after the text —
    /// the screen reader's own words, the next label — runs reversed; pairs that `text` closes
    /// itself are kept, with what they do. A paragraph break (LF, CR, FS, GS, RS, NEL, U+2029)
    /// closes everything, as it does in the Unicode Bidirectional Algorithm, so an opener before
    /// one is shown too. Text without bidirectional controls comes back as it is.
    ///
    /// ```swift
    /// VisibleText.bidiBalanced("Pay \u{202E}yrros")             // "Pay \\u{202E}yrros"
    /// VisibleText.bidiBalanced("a \u{2067}שלום\u{2069} b")     // unchanged: the isolate is closed
    /// ```
    public static func bidiBalanced(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isBidiControl) else { return text }
        let scalars = Array(text.unicodeScalars)
        var shown = [Bool](repeating: false, count: scalars.count)
        var open: [Int] = []   // indices of openers not yet closed, innermost last
        func isIsolate(_ i: Int) -> Bool { (0x2066...0x2068).contains(scalars[i].value) }
        for (i, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068:
                open.append(i)
            case 0x202C:
                // PDF closes the innermost embedding or override, not across an isolate.
                if let last = open.last, !isIsolate(last) { open.removeLast() } else { shown[i] = true }
            case 0x2069:
                // PDI closes the innermost isolate and everything opened inside it.
                if let isolate = open.lastIndex(where: isIsolate) { open.removeSubrange(isolate...) } else { shown[i] = true }
            case 0x0A, 0x0D, 0x1C...0x1E, 0x85, 0x2029:
                for j in open { shown[j] = true }
                open.removeAll()
            default:
                break
            }
        }
        for j in open { shown[j] = true }
        var out = ""
        for (i, scalar) in scalars.enumerated() {
            if shown[i] { out += notation(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// The lines of `text`: split at every line break (CR LF counts once), each line with its
    /// hidden characters shown as ``notation(_:)`` — so no line holds anything that ends a line
    /// or hides text.
    ///
    /// ```swift
    /// VisibleText.lines("one\rtwo\u{2028}three")   // ["one", "two", "three"]
    /// ```
    public static func lines(_ text: String) -> [String] {
        // Printable ASCII and tabs (most text) is one line as it is.
        var bytes = text
        if bytes.withUTF8({ $0.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 } }) { return [text] }
        var lines: [String] = []
        var current = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                if !(scalar == "\n" && previous == "\r") {
                    lines.append(current)
                    current = ""
                }
            } else if isHidden(scalar) && scalar != "\t" {
                current += notation(scalar)
            } else {
                current.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        lines.append(current)
        return lines
    }
}

extension VisibleText {
    /// `text` as `//` comments (Swift and Kotlin alike): every line of ``lines(_:)`` after
    /// `prefix`, each ending with a line feed; an empty line's prefix without its trailing spaces.
    static func slashComments(_ text: String, prefix: String) -> String {
        var out = ""
        for line in lines(text) {
            if line.isEmpty {
                var bare = Substring(prefix)
                while bare.last == " " { bare = bare.dropLast() }
                out += bare + "\n"
            } else {
                out += prefix + line + "\n"
            }
        }
        return out
    }

    /// ``lines(_:)`` joined by ` ⏎ `: text that must stay on one comment line.
    static func oneLine(_ text: String) -> String {
        lines(text).joined(separator: " \u{23CE} ")
    }
}
