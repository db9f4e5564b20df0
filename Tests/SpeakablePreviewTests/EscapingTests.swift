import Testing
@testable import SpeakablePreview

/// The page writer escapes through SpeakableEscaping's HTML escaper (property-tested against
/// Chromium in SpeakableEscapingTests): here, that every dynamic value goes through it, in the
/// place it is written.
@Suite struct EscapingTests {
    @Test func textAndAttributesAreEscapedForTheirContext() {
        var page = HTMLWriter()
        page.open("p", ["title": "say \"hi\" 'there' <b>", "data-x": nil, "hidden": ""])
        page.text("3 < 4 & <b>x</b> \"q\"\r\n\u{0}빈칸, 선택됨")
        page.close("p")
        #expect(page.output == "<p title=\"say &quot;hi&quot; &#39;there&#39; &lt;b&gt;\" hidden=\"\">"
            + "3 &lt; 4 &amp; &lt;b&gt;x&lt;/b&gt; &quot;q&quot;&#13;\n\u{FFFD}빈칸, 선택됨</p>")
    }

    @Test func jsonInAScriptCannotCloseOrReopenIt() {
        var page = HTMLWriter()
        page.jsonScript(id: "a\"b", json: #"{"t":"</script><!--<script>&\#u{2028}\#u{2029}"}"#)
        #expect(page.output == #"<script type="application/json" id="a&quot;b">"#
            + #"{"t":"\u003c/script\u003e\u003c!--\u003cscript\u003e\u0026\u2028\u2029"}</script>"#)
    }
}

/// The terminal listing (`speakable preview` without --html or --json): a translation's or a
/// scenario's text was printed as it was, so an escape sequence reached the terminal (or a CI
/// log) and a line break started a line that looked like Speakable's own.
@Suite struct TerminalListingTests {
    @Test func controlsLineBreaksAndOverridesAreShownNotSent() {
        let hostile = "Row 1\u{1B}]0;pwned\u{7}\u{1B}[2J\n  9.9 s  forged\u{2028}\u{202E}dlrow\u{9B}31m"
        let utterance = Utterance(kind: .focus, text: hostile, pauseBefore: 0, appText: hostile, estimatedSeconds: 1.2, appSeconds: 1,
                                  appBudgetSeconds: nil)
        let element = SpokenElement(item: 1, type: "sudokuCell", line: 1, title: "title\r\u{1B}[31m", utterances: [utterance])
        let section = PreviewSection(locale: "en", platform: .voiceOver, hintStyle: .result, screenReaderWordsKnown: true,
                                     elements: [element], boards: [])
        let text = PreviewText.render(section, colour: false)
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || ($0.value >= 0x7F && $0.value <= 0x9F) || $0 == "\u{2028}" || $0 == "\u{202E}" })
        #expect(text.split(separator: "\n").count == 3, "\(text)")
        #expect(text.contains(#"Row 1\u{001B}]0;pwned\u{0007}\u{001B}[2J\u{000A}  9.9 s  forged\u{2028}\u{202E}dlrow\u{009B}31m"#))
        #expect(text.contains(#"[1] sudokuCell title\u{000D}\u{001B}[31m"#))
        // Text people write is kept: Korean, emoji joined by U+200D, tabs.
        let plain = "빈칸, 선택됨 👩\u{200D}👩\u{200D}👧\tok"
        #expect(PreviewText.line(Utterance(kind: .focus, text: plain, pauseBefore: 0, appText: plain, estimatedSeconds: 1, appSeconds: 1,
                                           appBudgetSeconds: nil), style: .init(colour: false)).hasSuffix(plain))
    }
}
