/// Text into HTML (the preview page): element content and quoted attribute values that an HTML
/// parser reads back as exactly the text given, and that can never open a tag, end the attribute
/// or start a character reference; and JSON data inside a `<script>` element that cannot end or
/// re-open the element.
///
/// Written by ``text(_:)`` and ``attribute(_:)``: `&` `<` `>` `"` `'` as references; CR as
/// `&#13;` (the parser would turn a raw CR into LF). NUL, which HTML cannot carry, becomes U+FFFD
/// (what a parser makes of it anyway). Other controls and noncharacters are written raw: HTML
/// keeps them (a reference to U+0080–U+009F would be read as a Windows-1252 character instead).
/// Good for normal elements and for `<title>` and `<textarea>` (whose content decodes
/// references); not for `<script>` or `<style>`, whose content is raw text — JSON for a script
/// goes through ``scriptJSON(_:)``.
///
/// ```swift
/// HTMLEscaping.text("Tom & Jerry <b>")           // "Tom &amp; Jerry &lt;b&gt;"
/// HTMLEscaping.attribute("say \"hi\" 'there'")   // "say &quot;hi&quot; &#39;there&#39;"
/// HTMLEscaping.scriptJSON(#"{"t":"</script>"}"#) // {"t":"\u003c/script\u003e"}
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

    /// JSON text (as ``JSONEscaping`` writes it) for the inside of
    /// `<script type="application/json">…</script>`, where references are not decoded: every
    /// `<`, `>` and `&` becomes a `\u` escape, so no `</script>`, `<!--` or `<script` can appear
    /// and end the element or send the parser into its escaped states; U+2028 and U+2029 too
    /// (line terminators to older JavaScript). The result is still JSON with the same value:
    /// those characters can only occur inside JSON strings, where `\u` escapes mean them.
    public static func scriptJSON(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0xE2 }) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
