import Foundation
import Testing

/// In Chromium: a control labelled `Pay \u{202E}yrros` must not make the words after
/// it — the screen reader's "button", the next parts of a composed utterance — render reversed
/// ("Pay nottub ,sorry"). The override is shown as `\u{202E}`, in the page's text, in the speech
/// the script puts together, and in the accessible name; what follows reads left to right.
@Suite(.serialized) struct BidiBrowserTests {
    /// The left edge of each character of `word` in the first text node holding it inside the
    /// element that `selector` finds (the element's own text or an isolate's in it): increasing
    /// when the word is laid out left to right. `side`: "right" for the right edges.
    static func edges(_ selector: String, _ word: String, side: String = "left") -> String {
        """
        var element = document.querySelector(\(jsString(selector)));
        if (!element) { return null; }
        var walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT), node, at = -1;
        while ((node = walker.nextNode())) {
          at = node.textContent.indexOf(\(jsString(word)));
          if (at >= 0) { break; }
        }
        if (at < 0) { return [element.textContent]; }
        var edges = [];
        for (var k = at; k < at + \(word.utf16.count); k++) {
          var range = document.createRange();
          range.setStart(node, k);
          range.setEnd(node, k + 1);
          edges.push(range.getBoundingClientRect()[\(jsString(side))]);
        }
        return edges;
        """
    }

    static func jsString(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    static func leftToRight(_ value: Any?) -> Bool {
        guard let edges = value as? [Double], edges.count > 1 else { return false }
        return zip(edges, edges.dropFirst()).allSatisfy { $0 < $1 }
    }

    @Test func wordsAfterAnOverriddenLabelReadInOrder() async throws {
        guard let (chromium, chromedriver) = BrowserTests.tools() else { return }
        let folder = try Tool.temporaryDirectory("bidi")
        defer { try? FileManager.default.removeItem(at: folder) }
        let label = "Pay \u{202E}yrros"
        let items: [[String: Any]] = [
            ["type": "sudokuBoard", "title": "Daily", "rows": ["5 .", ". ."]],
            ["type": "control", "label": label, "action": label],
            ["type": "control", "label": "Next", "action": "Next"],
        ]
        let scenario = folder.appendingPathComponent("bidi.json")
        try JSONSerialization.data(withJSONObject: ["items": items]).write(to: scenario)
        let page = folder.appendingPathComponent("bidi.html")
        let made = try Tool.run(["preview", "--scenario", scenario.path, "--locale", "en", "--html", page.path])
        try #require(made.status == 0, "\(made.error)")
        let shown = #"Pay \u{202E}yrros"#

        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver)
        do {
            try await driver.open(page)
            // The control's entry in each section's list (the board's cells come before it).
            try await driver.script("""
                document.querySelectorAll('li.element').forEach(function (li) {
                  if (li.getAttribute('aria-label').indexOf('Pay') >= 0) { li.dataset.test = 'pay'; }
                });
                """)
            // The page's own listing: "Pay \u{202E}yrros, button", the screen reader's word in order.
            let listed = "#en-voiceover li[data-test=pay] .utterance .text"
            #expect(try await driver.script("return document.querySelector('\(listed)').textContent") as? String == shown + ", button")
            #expect(Self.leftToRight(try await driver.script(Self.edges(listed, "button"))))
            #expect(Self.leftToRight(try await driver.script(Self.edges(listed, "yrros"))))
            // The speech panel, from the page's data, on focus.
            try await driver.script("document.querySelector('#en-voiceover li[data-test=pay]').focus()")
            let panel = "#en-voiceover-speech .utterance .text"
            #expect(try await driver.script("return document.querySelector('\(panel)').textContent") as? String == shown + ", button")
            #expect(Self.leftToRight(try await driver.script(Self.edges(panel, "button"))))
            // The button's accessible name keeps the override visible, not applied.
            let tree = try await driver.accessibilityTree()
            #expect(!tree.all { $0.role == "button" && $0.name == shown }.isEmpty,
                    "\(tree.all { $0.role == "button" }.map(\.name))")
            #expect(tree.all { $0.name.unicodeScalars.contains("\u{202E}") }.isEmpty)

            // TalkBack, from a grid cell straight to the control: the script composes the parts
            // ("Pay …", "Button", "Out of grid …") itself.
            try await driver.script("document.querySelector('input[name=platform][value=talkback]').click()")
            try await driver.script("document.querySelector('#en-talkback [role=gridcell]').focus()")
            try await driver.script("document.querySelector('#en-talkback li[data-test=pay]').focus()")
            let composed = try await driver.script("return document.querySelector('#en-talkback-speech .utterance .text').textContent") as? String
            #expect(composed?.hasPrefix(shown + ", Button, ") == true, "\(composed ?? "nil")")
            #expect(composed?.unicodeScalars.contains("\u{202E}") == false)
            #expect(Self.leftToRight(try await driver.script(Self.edges("#en-talkback-speech .utterance .text", "Button, Out"))))
            let png = try await driver.screenshot()
            try? FileManager.default.createDirectory(at: BrowserTests.screenshots, withIntermediateDirectories: true)
            try? png.write(to: BrowserTests.screenshots.appendingPathComponent("bidi-talkback.png"))
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }

    /// A right-to-left label before the screen reader's words (VoiceOver "שלם 5, button"): with
    /// the whole line one plaintext paragraph, the Hebrew set its direction and "button" was laid
    /// out to the label's left. Each app part is isolated (`<bdi>` in the listing, FSI … PDI in
    /// the speech the script shows), so the reader's words follow the label, left to right.
    @Test func theReadersWordsStayAfterARightToLeftLabel() async throws {
        guard let (chromium, chromedriver) = BrowserTests.tools() else { return }
        let folder = try Tool.temporaryDirectory("bidi-hebrew")
        defer { try? FileManager.default.removeItem(at: folder) }
        let items: [[String: Any]] = [
            ["type": "control", "label": "שלם 5", "action": "שלם"],
            ["type": "control", "label": "Next", "action": "Next"],
        ]
        let scenario = folder.appendingPathComponent("hebrew.json")
        try JSONSerialization.data(withJSONObject: ["items": items]).write(to: scenario)
        let page = folder.appendingPathComponent("hebrew.html")
        let made = try Tool.run(["preview", "--scenario", scenario.path, "--locale", "en", "--html", page.path])
        try #require(made.status == 0, "\(made.error)")

        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver)
        do {
            try await driver.open(page)
            try await driver.script("""
                document.querySelectorAll('li.element').forEach(function (li) {
                  if (li.getAttribute('aria-label').indexOf('שלם') >= 0) { li.dataset.test = 'hebrew'; }
                });
                """)
            /// The label's right edge is left of the reader's word, which reads left to right.
            func expectAfterLabel(_ selector: String, _ word: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                let label = try await driver.script(Self.edges(selector, "שלם", side: "right")) as? [Double] ?? []
                let after = try await driver.script(Self.edges(selector, word)) as? [Double] ?? []
                #expect(Self.leftToRight(after), "\(after)", sourceLocation: sourceLocation)
                #expect(!label.isEmpty && !after.isEmpty && label.max()! <= after.min()!, "label \(label), \(word) \(after)",
                        sourceLocation: sourceLocation)
            }
            let listed = "#en-voiceover li[data-test=hebrew] .utterance .text"
            #expect(try await driver.script("return document.querySelector('\(listed)').innerHTML") as? String == "<bdi>שלם 5</bdi>, button")
            try await expectAfterLabel(listed, "button")
            // The speech panel, from the page's data, on focus.
            try await driver.script("document.querySelector('#en-voiceover li[data-test=hebrew]').focus()")
            let panel = "#en-voiceover-speech .utterance .text"
            #expect(try await driver.script("return document.querySelector('\(panel)').textContent") as? String
                == "\u{2068}שלם 5\u{2069}, button")
            try await expectAfterLabel(panel, "button")
            // TalkBack's hint: the click label inside the reader's sentence, at its end.
            let hint = "#en-talkback li[data-test=hebrew] .utterance.kind-hint .text"
            try await driver.script("document.querySelector('input[name=platform][value=talkback]').click()")
            #expect(try await driver.script("return document.querySelector('\(hint)').innerHTML") as? String == "Double-tap to <bdi>שלם</bdi>")
            let before = try await driver.script(Self.edges(hint, "to", side: "right")) as? [Double] ?? []
            let label = try await driver.script(Self.edges(hint, "שלם")) as? [Double] ?? []
            #expect(!before.isEmpty && !label.isEmpty && before.max()! <= label.min()!, "to \(before), label \(label)")
            let png = try await driver.screenshot()
            try? FileManager.default.createDirectory(at: BrowserTests.screenshots, withIntermediateDirectories: true)
            try? png.write(to: BrowserTests.screenshots.appendingPathComponent("bidi-hebrew.png"))
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }
}
