import Foundation
import Testing

/// In Chromium: a control labelled `Pay \u{202E}yrros` must not make the words after
/// it — the screen reader's "button", the next parts of a composed utterance — render reversed
/// ("Pay nottub ,sorry"). The override is shown as `\u{202E}`, in the page's text, in the speech
/// the script puts together, and in the accessible name; what follows reads left to right.
@Suite(.serialized) struct BidiBrowserTests {
    /// The left edge of each character of `word` in the first text node of the element that
    /// `selector` finds: increasing when the word is laid out left to right.
    static func edges(_ selector: String, _ word: String) -> String {
        """
        var element = document.querySelector(\(jsString(selector)));
        if (!element) { return null; }
        var node = element.firstChild, text = node.textContent, at = text.indexOf(\(jsString(word)));
        if (at < 0) { return [text]; }
        var edges = [];
        for (var k = at; k < at + \(word.utf16.count); k++) {
          var range = document.createRange();
          range.setStart(node, k);
          range.setEnd(node, k + 1);
          edges.push(range.getBoundingClientRect().left);
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
}
