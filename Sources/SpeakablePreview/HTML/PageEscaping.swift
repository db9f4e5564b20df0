/// Escaping for HTML's three contexts the preview page uses. Every string that comes from a
/// translator, a template, a project or a scenario goes through one of these — by construction:
/// ``HTMLWriter`` takes markup only as `StaticString` literals and everything else as text or
/// attribute values, which it escapes.
///
/// ```swift
/// PageEscaping.text("3 < 4 & <b>")            // "3 &lt; 4 &amp; &lt;b&gt;"
/// PageEscaping.attribute("say \"hi\"")        // "say &quot;hi&quot;"
/// PageEscaping.scriptJSON(#"{"t":"</script>"}"#)  // {"t":"\u003c/script\u003e"}
/// ```
public enum PageEscaping {
    /// Text content (between tags): `&`, `<`, `>` as character references; a carriage return as
    /// `&#13;` (the parser would turn a raw one into a line feed); NUL, which HTML cannot carry,
    /// as U+FFFD.
    public static func text(_ value: String) -> String {
        escape(value, quotes: false)
    }

    /// A double- or single-quoted attribute value: the same, and both quote characters.
    public static func attribute(_ value: String) -> String {
        escape(value, quotes: true)
    }

    static func escape(_ value: String, quotes: Bool) -> String {
        // Fast path: most strings need nothing.
        if !value.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x0D || $0 == 0
            || (quotes && ($0 == 0x22 || $0 == 0x27)) }) {
            return value
        }
        var out = ""
        out.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case "\0": out += "\u{FFFD}"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// JSON text to place inside `<script type="application/json">…</script>`: every `<`, `>`
    /// and `&` becomes a `\u` escape (so no `</script>`, `<!--` or `<script` can appear and end
    /// or re-open the element), and U+2028 and U+2029 too (line terminators to older
    /// JavaScript). The result is still valid JSON with the same value, because those
    /// characters can only occur inside JSON strings.
    public static func scriptJSON(_ json: String) -> String {
        if !json.unicodeScalars.contains(where: { $0 == "<" || $0 == ">" || $0 == "&" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return json
        }
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

/// Builds an HTML document so that nothing dynamic can become markup: tags, attribute names and
/// fixed markup are `StaticString`s (literals in this module's source), and every dynamic value
/// is escaped for where it goes.
///
/// ```swift
/// var page = HTMLWriter()
/// page.open("button", ["class": "control", "aria-label": label])
/// page.text(label)
/// page.close("button")
/// ```
struct HTMLWriter {
    private(set) var output = ""

    init() { output.reserveCapacity(1 << 20) }

    /// Markup written in the source, as it is.
    mutating func raw(_ markup: StaticString) {
        output += markup.description
    }

    /// Text content, escaped.
    mutating func text(_ value: String) {
        output += PageEscaping.text(value)
    }

    /// `<tag a="v" …>`, the values escaped; attributes in the order given, nil values left out.
    mutating func open(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:]) {
        output += "<" + tag.description
        for (name, value) in attributes {
            guard let value else { continue }
            output += " " + name.description + "=\"" + PageEscaping.attribute(value) + "\""
        }
        output += ">"
    }

    /// `</tag>`. (A boolean attribute such as `hidden` is given to ``open(_:_:)`` as "".)
    mutating func close(_ tag: StaticString) {
        output += "</" + tag.description + ">"
    }

    /// `<tag …>text</tag>`.
    mutating func element(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:], text value: String) {
        open(tag, attributes)
        text(value)
        close(tag)
    }

    /// `<script type="application/json" id="…">json</script>`, the JSON escaped for that place.
    mutating func jsonScript(id: String, json: String) {
        open("script", ["type": "application/json", "id": id])
        output += PageEscaping.scriptJSON(json)
        close("script")
    }
}
