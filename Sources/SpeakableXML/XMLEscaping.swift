/// Escapes text for XML output.
///
/// ```swift
/// XMLEscaping.text("Tom & Jerry <3")        // "Tom &amp; Jerry &lt;3"
/// XMLEscaping.attribute("say \"hi\"\n")      // "say &quot;hi&quot;&#10;"
/// ```
public enum XMLEscaping {
    /// Character data: `&`, `<` and `>` escaped (`>` because `]]>` is not allowed in text).
    public static func text(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 < 0x20 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "&#13;"
            case "\u{0}"..."\u{1F}": out += "&#\(scalar.value);"  // not allowed in XML 1.0; kept visible
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An attribute value in double quotes: also `"` and the whitespace that would be normalized.
    public static func attribute(_ text: String) -> String {
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
            case "\u{0}"..."\u{1F}": out += "&#\(scalar.value);"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
