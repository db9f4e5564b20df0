import SpeakableDescribers
import SpeakableEscaping
import SpeakableICU
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
        #expect(html.contains(#"<span class="text"><bdi>Pay \u{202E}yrros</bdi>, button</span>"#))
        #expect(html.contains(#"<span class="text"><bdi>Pay \u{202E}yrros</bdi>, Button</span>"#))
        #expect(html.contains(#"Pay \\u{202E}yrros, button"#))   // in the page's JSON
        #expect(html.contains(#"<bdi>Board \u{202E}drawn</bdi>"#))
        #expect(html.contains(#"Scenario: <bdi>evil\u{202E}.json</bdi>"#))
        // The script isolates each part it joins that holds right-to-left text or controls.
        #expect(html.contains(#"text += isolate(t);"#))
        #expect(html.contains("unicode-bidi: plaintext"))
    }

    /// A right-to-left label before the screen reader's words: with the whole line one
    /// plaintext paragraph, its Hebrew set the line's direction and "button" moved to its left.
    /// Each app part is now isolated on its own, the reader's words outside it — in the page's
    /// listing (`<bdi>`) and in the text the script shows from the page's data (FSI … PDI).
    @Test func eachAppPartIsIsolatedAndTheReadersWordsAreNot() throws {
        let html = try page(#"""
        {"items": [
          {"type": "control", "label": "שלם 5", "action": "שלם"},
          {"type": "control", "label": "Next", "action": "Next"}
        ]}
        """#)
        // VoiceOver: the label, then "button"; TalkBack: the label, "Button", then the hint
        // with the click label inside the reader's sentence.
        #expect(html.contains(#"<span class="text"><bdi>שלם 5</bdi>, button</span>"#))
        #expect(html.contains(#"<span class="text"><bdi>שלם 5</bdi>, Button</span>"#))
        #expect(html.contains(#"<span class="text">Double-tap to <bdi>שלם</bdi></span>"#))
        #expect(html.contains(#"<span class="text"><bdi>Next</bdi>, button</span>"#))
        // The page's data: the Hebrew part between FSI and PDI, the reader's words outside;
        // left-to-right app text is not marked (nothing to isolate).
        #expect(html.contains("\u{2068}שלם 5\u{2069}, button"))
        #expect(html.contains("Double-tap to \u{2068}שלם\u{2069}"))
        #expect(!html.contains("\u{2068}Next"))
    }

    @Test func theComposersSegmentsAreTheTextAndItsAppParts() {
        let composer = SpeechComposer(locale: .english)
        let focus = composer.voiceOver(VoiceOverText(label: "שלם", value: "5", traits: [.button, .selected]), budgets: UtteranceBudgets())[0]
        #expect(focus.segments == [.init("שלם", isApp: true), .init(", ", isApp: false), .init("5", isApp: true),
                                   .init(", button, selected", isApp: false)])
        #expect(focus.segments.map(\.text).joined() == focus.text)
        // TalkBack: the reader's "selected" before a state that is also "selected".
        var talkBack = TalkBackText(contentDescription: "Pay", stateDescription: "selected", role: .button)
        talkBack.isSelected = true
        var memory = FocusMemory()
        let spoken = composer.talkBack(talkBack, place: nil, memory: &memory, budgets: UtteranceBudgets())[0]
        #expect(spoken.segments == [.init("selected, ", isApp: false), .init("selected", isApp: true), .init(", ", isApp: false),
                                    .init("Pay", isApp: true), .init(", Button", isApp: false)])
        #expect(spoken.segments.map(\.text).joined() == spoken.text)
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
