import SpeakableDescribers
import SpeakableEscaping
import Testing
@testable import SpeakablePreview

/// A label `Pay \u{202E}yrros` must not make the screen reader's own words after it
/// render reversed on the preview page ("Pay nottub ,sorry"). Every app-supplied text on the
/// page — element content, attributes, the JSON the script builds speech from — shows an
/// override it leaves open as `\u{202E}`, and app text among other words is isolated.
@Suite struct BidiIsolationTests {
    static let label = "Pay \u{202E}yrros"

    func page(_ json: String, scenarioName: String = "test.json") throws -> String {
        let read = Scenario.read(json, file: "test.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics)")
        var request = PreviewRequest(scenario: scenario, scenarioName: scenarioName, locales: ["en"], platforms: [.voiceOver, .talkBack])
        request.includeBoards = true
        return PreviewPage.html(try Previewer.preview(request), audio: nil, audioDirectory: nil)
    }

    @Test func anOpenOverrideIsShownNotApplied() throws {
        let html = try page(#"""
        {"items": [
          {"type": "control", "label": "Pay \u202Eyrros", "action": "Pay \u202Eyrros"},
          {"type": "control", "label": "Next", "action": "Next"},
          {"type": "sudokuBoard", "title": "Board \u202Edrawn", "rows": ["5 .", ". ."]}
        ]}
        """#, scenarioName: "evil\u{202E}.json")
        // No raw override anywhere: text, attributes, the <title>, the JSON in <script>.
        #expect(!html.unicodeScalars.contains("\u{202E}"))
        // Shown where it was: the button's text and name, the composed speech, the board title.
        #expect(html.contains(#"<button type="button" class="control" aria-label="Pay \u{202E}yrros">Pay \u{202E}yrros</button>"#))
        #expect(html.contains(#"<span class="text">Pay \u{202E}yrros, button</span>"#))
        #expect(html.contains(#"<span class="text">Pay \u{202E}yrros, Button</span>"#))
        #expect(html.contains(#"Pay \\u{202E}yrros, button"#))   // in the page's JSON
        #expect(html.contains(#"<bdi>Board \u{202E}drawn</bdi>"#))
        #expect(html.contains(#"Scenario: <bdi>evil\u{202E}.json</bdi>"#))
        // The script isolates each part it joins that holds right-to-left text or controls.
        #expect(html.contains(#"text += isolate(t);"#))
        #expect(html.contains("unicode-bidi: plaintext"))
    }

    @Test func balancedAndPlainTextIsWrittenAsItIs() throws {
        let html = try page(#"""
        {"items": [
          {"type": "control", "label": "a \u2067שלום\u2069 b", "action": "Go"},
          {"type": "control", "label": "Next", "action": "Next"}
        ]}
        """#)
        #expect(html.contains("aria-label=\"a \u{2067}שלום\u{2069} b\""))
        #expect(!html.contains(#"\u{2067}"#))
        #expect(!html.contains(#"\u{2069}"#))
    }

    @Test func bidiBalancedShowsOnlyWhatIsLeftOpen() {
        #expect(VisibleText.bidiBalanced("Pay \u{202E}yrros") == #"Pay \u{202E}yrros"#)
        #expect(VisibleText.bidiBalanced("plain 빈칸, 선택됨") == "plain 빈칸, 선택됨")
        #expect(VisibleText.bidiBalanced("a\u{202E}b\u{202C}c") == "a\u{202E}b\u{202C}c")
        #expect(VisibleText.bidiBalanced("a\u{2068}b\u{2069}c") == "a\u{2068}b\u{2069}c")
        // A PDI closes the override opened inside its isolate.
        #expect(VisibleText.bidiBalanced("\u{2067}\u{202E}x\u{2069}y") == "\u{2067}\u{202E}x\u{2069}y")
        // Closers that close nothing, and a PDF that would cross an isolate.
        #expect(VisibleText.bidiBalanced("x\u{202C}y\u{2069}") == #"x\u{202C}y\u{2069}"#)
        #expect(VisibleText.bidiBalanced("\u{2068}\u{202C}\u{2069}") == "\u{2068}" + #"\u{202C}"# + "\u{2069}")
        // A paragraph break ends an embedding: opened before one, it is shown.
        #expect(VisibleText.bidiBalanced("\u{202B}a\nb\u{202C}") == #"\u{202B}a"# + "\n" + #"b\u{202C}"#)
        // Nested: the outer one left open, the inner closed.
        #expect(VisibleText.bidiBalanced("\u{202D}a\u{202E}b\u{202C}") == #"\u{202D}a"# + "\u{202E}b\u{202C}")
    }
}
