/// Text into HTML (the preview page): element content and double-quoted attribute values that
/// an HTML parser reads back as exactly the text given, and that can never open a tag, end the
/// attribute or start a character reference.
///
/// Written: `&` `<` `>` `"` `'` as references; CR as `&#13;` (the parser would turn a raw CR into
/// LF). NUL, which HTML cannot carry, becomes U+FFFD (what a parser makes of it anyway). Other
/// controls and noncharacters are written raw: HTML keeps them (a reference to U+0080–U+009F
/// would be read as a Windows-1252 character instead). Not for `<script>`, `<style>`,
/// `<textarea>` or `<title>` content, whose rules differ.
///
/// ```swift
/// HTMLEscaping.text("Tom & Jerry <b>")           // "Tom &amp; Jerry &lt;b&gt;"
/// HTMLEscaping.attribute("say \"hi\" 'there'")   // "say &quot;hi&quot; &#39;there&#39;"
/// ```
public enum HTMLEscaping {
    /// Element content.
    public static func text(_ text: String) -> String { escape(text) }

    /// A double-quoted (or single-quoted) attribute value.
    public static func attribute(_ text: String) -> String { escape(text) }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || $0 == 0x0D || $0 == 0 })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\r": out += "&#13;"
            case "\0": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
