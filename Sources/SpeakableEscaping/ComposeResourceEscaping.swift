/// Text into a Compose Multiplatform `strings.xml` (`composeResources/values*/`): the element
/// content that Compose's resource build reads back as exactly the text given.
///
/// Compose's Gradle plugin does not read its resources as Android's `aapt2` does. It takes the
/// DOM text of each `<string>` or `<item>` (entities and character references already
/// resolved, CR LF and CR already LF — the XML parser's end-of-line handling) and converts only
/// `\uXXXX`, `\n` and `\t` (each unless a `\\` pair ends right before it), then every `\\` to
/// `\` (`handleSpecialCharacters` in its `XmlValuesConverterTask`). Nothing else is special:
/// `\'`, `\"`, `\@` and `\?` keep their backslash on screen, surrounding double quotes are
/// not stripped, white space is not collapsed, `@` and `?` at the start mean nothing. So:
///
/// * `&`, `<` and `>` are XML character references (`>` so that `]]>` cannot appear);
///   quotes and apostrophes need nothing;
/// * `\` is `\\`, LF is `\n`, TAB is `\t`;
/// * CR and every other character ``VisibleText`` calls hidden — controls (which XML 1.0 cannot
///   carry at all), line and paragraph separators, invisible format characters, bidirectional
///   overrides, noncharacters — is `\uXXXX`, one escape per UTF-16 code unit (a character
///   beyond U+FFFF is a surrogate pair of escapes, which Compose joins back);
/// * `%` is written as it is: Compose's run time replaces `%N$s` and `%N$d` and nothing else,
///   and has no escape for them (the compiler refuses a text that holds one,
///   `compose-literal-placeholder`).
///
/// ```swift
/// ComposeResourceEscaping.text("Tom & Jerry's \"best\" <3")   // "Tom &amp; Jerry's \"best\" &lt;3"
/// ComposeResourceEscaping.text("C:\\new\tline\n")           // "C:\\\\new\\tline\\n"
/// ComposeResourceEscaping.text("a\u{202E}b 100%")           // "a\\u202Eb 100%"
/// ```
public enum ComposeResourceEscaping {
    /// The element content that Compose reads back as `text`.
    public static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if VisibleText.isHidden(scalar) {
                    for unit in String(scalar).utf16 { out += KotlinEscaping.unicodeEscape(unit) }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// What Compose's resource build makes of element content that an XML parser has already
    /// read (`handleSpecialCharacters`): `\uXXXX`, `\n` and `\t` not preceded by a `\\` pair
    /// become their character, then each `\\` becomes `\`. The inverse of ``text(_:)`` after XML
    /// parsing; a model of Compose, for tests and tools.
    ///
    /// ```swift
    /// ComposeResourceEscaping.decode("a\\\\nb\\n")   // "a\\nb\n"
    /// ```
    public static func decode(_ content: String) -> String {
        let units = Array(content.utf16)
        // Where each `\\` pair starts, left to right without overlap (Kotlin's Regex.findAll).
        var pairs = Set<Int>()
        var i = 0
        while i + 1 < units.count {
            if units[i] == 0x5C && units[i + 1] == 0x5C {
                pairs.insert(i)
                i += 2
            } else {
                i += 1
            }
        }
        func isHex(_ u: UInt16) -> Bool { (0x30...0x39).contains(u) || (0x41...0x46).contains(u) || (0x61...0x66).contains(u) }
        var first: [UInt16] = []
        i = 0
        while i < units.count {
            if units[i] == 0x5C, i + 1 < units.count {
                let next = units[i + 1]
                var length = 0
                var replacement: UInt16 = 0
                if next == 0x6E { length = 2; replacement = 0x0A }
                else if next == 0x74 { length = 2; replacement = 0x09 }
                else if next == 0x75, i + 5 < units.count, units[(i + 2)...(i + 5)].allSatisfy(isHex) {
                    length = 6
                    replacement = UInt16(String(decoding: units[(i + 2)...(i + 5)], as: UTF16.self), radix: 16)!
                }
                if length > 0 {
                    if pairs.contains(i - 1) {
                        first += units[i..<(i + length)]
                    } else {
                        first.append(replacement)
                    }
                    i += length
                    continue
                }
            }
            first.append(units[i])
            i += 1
        }
        // Then "\\\\" → "\\", left to right (String.replace).
        var out: [UInt16] = []
        i = 0
        while i < first.count {
            if first[i] == 0x5C, i + 1 < first.count, first[i + 1] == 0x5C {
                out.append(0x5C)
                i += 2
            } else {
                out.append(first[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF16.self)
    }
}
