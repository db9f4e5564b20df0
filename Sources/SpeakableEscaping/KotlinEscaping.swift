/// Text into generated Kotlin source: string literals, comments and KDoc that hold any text and
/// still mean exactly that text — nothing in them can end the literal or comment early, start a
/// string template, or hide characters from a reader.
///
/// Kotlin reads a source file with its line ends normalized: a lone CR ends a line (and so a `//`
/// comment) as LF does. VT, FF, NEL, U+2028 and U+2029 end neither a comment nor a line there,
/// but comments are built from ``VisibleText/lines(_:)``, which starts a new line at each of
/// them too, and shows controls, invisible format characters and bidirectional overrides as
/// `\u{…}`. Kotlin does not read `\uXXXX` outside string literals (Java does), so the text
/// `\u000A` in a comment is just six characters.
///
/// Block comments nest in Kotlin — `/*` inside a comment opens another, `*/` closes one — so
/// ``kdoc(_:indent:)`` writes both visibly apart: `* /` and `/ *`.
///
/// ```swift
/// KotlinEscaping.stringLiteral("Hi $name\n")       // "\"Hi \\$name\\n\""
/// KotlinEscaping.lineComment("note\rfun evil() {}", prefix: "// ")
/// // "// note\n// fun evil() {}\n"   (the second line is still a comment)
/// KotlinEscaping.identifier("object")               // "`object`"
/// ```
public enum KotlinEscaping {
    /// A single-line string literal, in double quotes, whose value is exactly `text`: `"`, `\`
    /// and `$` escaped (so neither `$name` nor `${…}` is a template), `\t \n \r \b`, every other
    /// hidden character (see ``VisibleText``) as `\uXXXX` — one escape per UTF-16 code unit, so a
    /// character beyond U+FFFF is a surrogate pair of escapes. Kotlin has no `\0` and no `\u{…}`.
    /// Everything else is written as it is.
    ///
    /// ```swift
    /// KotlinEscaping.stringLiteral("${x}\u{0}")     // "\"\\${x}\\u0000\""
    /// KotlinEscaping.stringLiteral("\u{E0041}")     // "\"\\uDB40\\uDC41\""   (a tag character)
    /// ```
    public static func stringLiteral(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "$": out += "\\$"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\u{8}": out += "\\b"
            default:
                if VisibleText.isHidden(scalar) {
                    for unit in String(scalar).utf16 { out += unicodeEscape(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `\uXXXX`, four upper-case hex digits.
    static func unicodeEscape(_ unit: UInt16) -> String {
        "\\u" + HexDigits.padded(unit, width: 4)
    }

    /// The lines of a comment holding `text`, each to be written after `//` or inside KDoc (see
    /// ``VisibleText/lines(_:)``).
    public static func commentLines(_ text: String) -> [String] { VisibleText.lines(text) }

    /// `text` as line comments: every line of ``commentLines(_:)`` after `prefix` (which must
    /// start with `//`, after any indentation), each ending with a line feed. Trailing spaces of
    /// an empty line's prefix are dropped (`//`, not `// `).
    ///
    /// ```swift
    /// KotlinEscaping.lineComment("a\u{2028}b\u{202E}", prefix: "    // ")
    /// // "    // a\n    // b\\u{202E}\n"
    /// ```
    public static func lineComment(_ text: String, prefix: String) -> String {
        precondition(prefix.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("//"), "a line comment starts with //")
        return VisibleText.slashComments(text, prefix: prefix)
    }

    /// One comment line (what goes after `//`): ``commentLines(_:)`` joined by ` ⏎ `, for text
    /// that must stay on one line (a file name in a header, a comment after a statement).
    ///
    /// ```swift
    /// KotlinEscaping.inlineComment("one\r\ntwo")   // "one ⏎ two"
    /// ```
    public static func inlineComment(_ text: String) -> String {
        VisibleText.oneLine(text)
    }

    /// A KDoc comment, `/**` to `*/`, each line indented by `indent` (spaces and tabs) and the
    /// comment ending with a line feed; the declaration it documents goes on the next line.
    ///
    /// Each of `lines` (normally from ``commentLines(_:)``) becomes one ` * ` line; an empty one
    /// is a bare ` *`. A line holding a line break or hidden character is first split and shown
    /// through ``VisibleText/lines(_:)`` (lines from it are kept as they are). Because Kotlin
    /// block comments nest, a space goes between every `/` and `*` that touch: `*/` is written
    /// `* /`, `/*` is written `/ *` (and `/*/` is `/ * /`), so no line can close the comment or
    /// open a nested one — visibly, in the source and in rendered documentation alike.
    ///
    /// ```swift
    /// KotlinEscaping.kdoc(["Ends */ here", "", "a/*b"], indent: "    ")
    /// // "    /**\n     * Ends * / here\n     *\n     * a/ *b\n     */\n"
    /// ```
    public static func kdoc(_ lines: [String], indent: String) -> String {
        precondition(indent.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" }, "an indent is spaces and tabs")
        var out = indent + "/**\n"
        for given in lines {
            for line in VisibleText.lines(given) {
                out += line.isEmpty ? indent + " *\n" : indent + " * " + apartSlashAndStar(line) + "\n"
            }
        }
        return out + indent + " */\n"
    }

    /// `line` with a space between every `/` and `*` that touch.
    static func apartSlashAndStar(_ line: String) -> String {
        guard line.utf8.contains(0x2A) && line.utf8.contains(0x2F) else { return line }
        var out = ""
        var previous: Unicode.Scalar = " "
        for scalar in line.unicodeScalars {
            if (previous == "/" && scalar == "*") || (previous == "*" && scalar == "/") { out += " " }
            out.unicodeScalars.append(scalar)
            previous = scalar
        }
        return out
    }

    /// Kotlin's hard keywords: never an identifier without backticks.
    public static let hardKeywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
        "when", "while",
    ]

    /// `name`, which must be a plain identifier (``isPlainIdentifier(_:)``), as a Kotlin
    /// identifier: in backticks when it is a hard keyword (``hardKeywords``) or made only of
    /// underscores (`_`, `__`… are reserved without backticks). Soft and modifier keywords
    /// (`value`, `data`, `field`, `open`) are identifiers as they are.
    ///
    /// ```swift
    /// KotlinEscaping.identifier("object")   // "`object`"
    /// KotlinEscaping.identifier("value")    // "value"
    /// KotlinEscaping.identifier("_")        // "`_`"
    /// ```
    public static func identifier(_ name: String) -> String {
        precondition(isPlainIdentifier(name), "not an ASCII identifier: \(name.debugDescription)")
        if hardKeywords.contains(name) || name.utf8.allSatisfy({ $0 == 0x5F }) { return "`" + name + "`" }
        return name
    }

    /// Whether `name` is an ASCII identifier (letters, digits, `_`, not starting with a digit) —
    /// what generated declarations use; ``identifier(_:)`` adds the backticks keywords need.
    ///
    /// ```swift
    /// KotlinEscaping.isPlainIdentifier("row1")    // true
    /// KotlinEscaping.isPlainIdentifier("1row")    // false
    /// ```
    public static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F }
    }
}
