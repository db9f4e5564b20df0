import SpeakableEscaping

/// Builds an HTML document so that nothing dynamic can become markup: tags, attribute names and
/// fixed markup are `StaticString`s (literals in this module's source), and every dynamic value
/// is escaped for where it goes by `SpeakableEscaping` (``HTMLEscaping``: the one HTML escaper,
/// property-tested against Chromium).
///
/// Every dynamic value also goes through ``VisibleText/bidiBalanced(_:)``: a bidirectional
/// override, embedding or isolate the value does not close itself (a label `Pay \u{202E}yrros`)
/// is shown as `\u{202E}` instead of reversing whatever the page writes after it — the screen
/// reader's own words, the next element. Text without such characters is written unchanged.
/// App text is also isolated where it stands among other words: ``isolated(_:)`` (`<bdi>`),
/// and the style sheet isolates the elements that hold only app text (``PageAssets``).
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
        output += HTMLEscaping.text(VisibleText.bidiBalanced(value))
    }

    /// App-supplied text among other words: `<bdi>text</bdi>`, so that its direction (a Hebrew
    /// or Arabic label, a balanced override) cannot reorder the words around it.
    mutating func isolated(_ value: String) {
        output += "<bdi>"
        text(value)
        output += "</bdi>"
    }

    /// `<tag a="v" …>`, the values escaped; attributes in the order given, nil values left out.
    mutating func open(_ tag: StaticString, _ attributes: KeyValuePairs<StaticString, String?> = [:]) {
        output += "<" + tag.description
        for (name, value) in attributes {
            guard let value else { continue }
            output += " " + name.description + "=\"" + HTMLEscaping.attribute(VisibleText.bidiBalanced(value)) + "\""
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
        output += HTMLEscaping.scriptJSON(json)
        close("script")
    }
}
