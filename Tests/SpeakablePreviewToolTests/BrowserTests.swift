import Foundation
import Testing

/// The preview page judged by a real browser: Debian's Chromium, headless, through chromedriver.
/// What is checked is Chromium's own accessibility tree (`Accessibility.getFullAXTree`) — what a
/// desktop screen reader would get — not our HTML.
///
/// Expected names are written here from the seeds and DESIGN.md ("Row 2, column 7, given 4";
/// "2행 7열, 기본 숫자 4"), not taken from Speakable's output. Screenshots are kept in
/// `.build/preview-screenshots/` (a CI artifact).
@Suite(.serialized) struct BrowserTests {
    /// The demo's DailySudoku board (Examples in DESIGN.md and the demo scenario): a digit is
    /// given, "." is empty.
    static let board = ["5 3 . . 7 . . . .", "6 . . 1 9 5 . . .", ". 9 8 . . . . 6 .", "8 . . . 6 . . . 3", "4 . . 8 . 3 . . 1",
                        "7 . . . 2 . . . 6", ". 6 . . . . 2 8 .", ". . . 4 1 9 . . 5", ". . . . 8 . . 7 9"]
    /// The demo's standalone Sudoku cells, drawn on its board (cells of the last board of their
    /// kind): (2, 7) given 4, (3, 4) empty and selected, (5, 3) an entered 8, (9, 9) a 6 in error,
    /// (4, 6) notes 1, 5, 9 — by index, in English.
    static let standalone: [Int: String] = [15: "given 4", 21: "empty", 38: "8", 80: "6, error", 32: "notes 1, 5, 9"]
    /// The selected cell: the last selected one the scenario draws, row 3, column 4.
    static let selectedCell = 21

    /// The app's Korean words for a given digit, an empty cell and the board, from the describers
    /// (`speakable describe`): the Korean catalog is under review and its wording may change; the
    /// structure around the words is what the page must keep.
    struct KoreanWords {
        var given: (Int) -> String
        var empty: String
        var board: String
        /// The standalone cells' contents (``standalone``), by index.
        var standalone: [Int: String]
        /// A Sudoku cell's click label (TalkBack: "‹label›하려면 두 번 탭하세요").
        var select: String
    }

    static func koreanWords() throws -> KoreanWords {
        let scenario = #"{"items": [{"type": "sudokuCell", "row": 1, "column": 1, "content": "given", "digit": 5}, "#
            + #"{"type": "sudokuCell", "row": 1, "column": 2, "content": "empty"}, {"type": "board", "rows": 9, "columns": 9}, "#
            + #"{"type": "sudokuCell", "row": 5, "column": 3, "content": "value", "digit": 8}, "#
            + #"{"type": "sudokuCell", "row": 9, "column": 9, "content": "error", "digit": 6}, "#
            + #"{"type": "sudokuCell", "row": 4, "column": 6, "content": "notes", "notes": [9, 1, 5]}]}"#
        let run = try Tool.run(["describe", "scenario", "-", "--locale", "ko", "--platform", "talkback", "--json"], stdin: scenario)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let elements = try #require(root["elements"] as? [[String: Any]])
        let texts = elements.compactMap { $0["contentDescription"] as? String }
        try #require(texts.count == 6 && texts[0].hasSuffix("5"), "\(texts)")
        let givenPrefix = String(texts[0].dropLast())
        let select = try #require(elements[0]["clickLabel"] as? String)
        return KoreanWords(given: { givenPrefix + String($0) }, empty: texts[1], board: texts[2],
                           standalone: [15: givenPrefix + "4", 21: texts[1], 38: texts[3], 80: texts[4], 32: texts[5]], select: select)
    }

    /// What each cell's accessible name must be, row-major: English as the seeds write it
    /// ("Row 2, column 7, given 4"), Korean as "{row}행 {column}열, " and the describers' words
    /// (DESIGN.md: "2행 7열, 기본 숫자 4"); TalkBack without the position, which is the grid's.
    static func expectedNames(locale: String, platform: String, korean: KoreanWords? = nil) -> [String] {
        var names: [String] = []
        for (r, line) in board.enumerated() {
            for (c, token) in line.split(separator: " ").enumerated() {
                let row = r + 1, column = c + 1
                var content: String
                switch (locale, token) {
                case ("en", "."): content = "empty"
                case ("en", _): content = "given \(token)"
                case (_, "."): content = korean?.empty ?? "?"
                default: content = korean?.given(Int(token)!) ?? "?"
                }
                if let drawn = locale == "en" ? standalone[names.count] : korean?.standalone[names.count] { content = drawn }
                switch (locale, platform) {
                case ("en", "voiceover"): names.append("Row \(row), column \(column), \(content)")
                case ("ko", "voiceover"): names.append("\(row)행 \(column)열, \(content)")
                default: names.append(content)
                }
            }
        }
        return names
    }

    static func tools() -> (chromium: String, chromedriver: String)? {
        guard let chromium = Tool.find("chromium") ?? Tool.find("chromium-browser") ?? Tool.find("google-chrome") else {
            Tool.missing("Chromium is not installed (Debian: apt-get install chromium chromium-driver); the page is not checked in a browser")
            return nil
        }
        guard let driver = Tool.find("chromedriver") else {
            Tool.missing("chromedriver is not installed (Debian: apt-get install chromium-driver); the page is not checked in a browser")
            return nil
        }
        return (chromium, driver)
    }

    /// The font families fontconfig knows (`fc-list : family`), as one text; empty without it.
    static func fontFamilies() -> String {
        guard let fcList = Tool.find("fc-list") else { return "" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: fcList)
        process.arguments = [":", "family"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static var screenshots: URL { Tool.packageRoot.appendingPathComponent(".build/preview-screenshots") }

    func sudokuCells(_ tree: AXTree, grid name: String) throws -> [AXTree.Node] {
        let grids = tree.all { $0.role == "grid" && $0.name == name }
        try #require(grids.count == 1, "one grid named \(name); grids: \(tree.all { $0.role == "grid" }.map(\.name))")
        return tree.descendants(of: grids[0]).filter { $0.role == "gridcell" }
    }

    func announcement(_ driver: ChromeDriver) async throws -> String {
        let tree = try await driver.accessibilityTree()
        let regions = tree.all { $0.role == "status" }
        guard regions.count == 1 else { return "<\(regions.count) live regions>" }
        return tree.text(of: regions[0])
    }

    /// Polls the live region until it says `expected` (announcements are set after a short delay).
    func waitForAnnouncement(_ driver: ChromeDriver, _ expected: String) async throws -> String {
        var said = ""
        for _ in 0..<40 {
            said = try await announcement(driver)
            if said == expected { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return said
    }

    @Test func theDemoPageInChromiumHasTheGridsNamesStatesAndAnnouncements() async throws {
        guard let (chromium, chromedriver) = Self.tools() else { return }
        let folder = try Tool.temporaryDirectory("page")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("preview.html")
        let made = try Tool.run(["preview", "--html", page.path])
        try #require(made.status == 0, "\(made.error)")
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)

        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver)
        do {
            var url = URLComponents(url: page, resolvingAgainstBaseURL: false)!
            url.fragment = "en-voiceover"
            try await driver.open(url.url!)

            // English, VoiceOver: 81 cells named as VoiceOver labels them; (1, 1) selected.
            var tree = try await driver.accessibilityTree()
            var cells = try sudokuCells(tree, grid: "Board, 9 by 9")
            #expect(cells.count == 81)
            #expect(cells.map(\.name) == Self.expectedNames(locale: "en", platform: "voiceover"))
            #expect(cells.enumerated().filter { $0.element.properties["selected"] as? Bool == true }.map(\.offset) == [Self.selectedCell])
            #expect(cells[0].properties["focusable"] as? Bool == true)
            // The O'Block boards are grids too, 8 × 8: the one its standalone cells are drawn on
            // and the board with the selected piece.
            let block = tree.all { $0.role == "grid" && $0.name == "Board, 8 by 8" }
            #expect(block.count == 2)
            #expect(block.map { tree.descendants(of: $0).filter { $0.role == "gridcell" }.count } == [64, 64])
            // Controls are buttons named as the app names them.
            #expect(tree.all { $0.role == "button" && $0.name == "Hint, 100 O’Coins" }.count == 1)

            // A placement: focus row 3, column 1 (empty) and press 7.
            try await driver.script("document.querySelector('#en-voiceover [role=grid] [data-cell=\"18\"]').focus()")
            try await driver.press(key: "7", code: "Digit7", keyCode: 55, text: "7")
            #expect(try await waitForAnnouncement(driver, "Row 3, column 1, 7") == "Row 3, column 1, 7")
            tree = try await driver.accessibilityTree()
            cells = try sudokuCells(tree, grid: "Board, 9 by 9")
            #expect(cells[18].name == "Row 3, column 1, 7")
            #expect(cells[18].properties["focused"] as? Bool == true)
            // Moving right from there: the panel shows what VoiceOver says for row 3, column 2.
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            let panel = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            // Not selected: focus says so by not saying "selected"; a double tap would.
            #expect(panel == ["Row 3, column 2, given 9, button", "Selects the cell.", "selected"], "\(panel ?? [])")
            // Enter selects it: the grid's selection moves, and the panel says what VoiceOver says
            // on the double tap — "selected", as the cell gains the trait — and nothing else; row 1,
            // column 1 is no longer said selected.
            try await driver.press(key: "Enter", code: "Enter", keyCode: 13)
            let selectedPanel = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(selectedPanel == ["selected"], "\(selectedPanel ?? [])")
            try await driver.press(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37)
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            let refocused = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(refocused?.first == "Row 3, column 2, given 9, button, selected", "\(refocused ?? [])")
            tree = try await driver.accessibilityTree()
            cells = try sudokuCells(tree, grid: "Board, 9 by 9")
            #expect(cells.enumerated().filter { $0.element.properties["selected"] as? Bool == true }.map(\.offset) == [19])
            try await driver.script("document.querySelector('#en-voiceover [role=grid] [data-cell=\"0\"]').focus()")
            let deselected = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(deselected?.first == "Row 1, column 1, given 5, button", "\(deselected ?? [])")
            // Back on the cell where 7 was placed: focus says its new content, not the empty cell's.
            try await driver.script("document.querySelector('#en-voiceover [role=grid] [data-cell=\"18\"]').focus()")
            let placedPanel = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(placedPanel?.first == "Row 3, column 1, 7, button", "\(placedPanel ?? [])")
            try await driver.press(key: "Enter", code: "Enter", keyCode: 13)
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            try await driver.press(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37)
            let placedSelected = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(placedSelected?.first == "Row 3, column 1, 7, button, selected", "\(placedSelected ?? [])")
            // Cleared, it is the empty cell again: the panel says the name VoiceOver announces
            // as it changes, at once.
            try await driver.press(key: "Backspace", code: "Backspace", keyCode: 8)
            let clearedNow = try await driver.script(
                "return [document.getElementById('en-voiceover-speech-for').textContent, "
                + "Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)]") as? [Any]
            #expect(clearedNow?.first as? String == "Row 3, column 1 — cleared", "\(clearedNow ?? [])")
            #expect(clearedNow?.last as? [String] == ["Row 3, column 1, empty"], "\(clearedNow ?? [])")
            #expect(try await waitForAnnouncement(driver, "Row 3, column 1, empty") == "Row 3, column 1, empty")
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            try await driver.press(key: "ArrowLeft", code: "ArrowLeft", keyCode: 37)
            let cleared = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover-speech .text')).map(e => e.textContent)") as? [String]
            #expect(cleared?.first?.hasPrefix("Row 3, column 1, empty") == true, "\(cleared ?? [])")
            try await driver.script("document.activeElement.blur(); window.scrollTo(0, 0)")
            try await driver.screenshot().write(to: Self.screenshots.appendingPathComponent("preview-en-voiceover.png"))
            try await driver.screenshot(height: 1000).write(to: Self.screenshots.appendingPathComponent("preview-en-voiceover-top.png"))
            let list = try await driver.script("return document.querySelector('#en-voiceover .elements').getBoundingClientRect().top + window.scrollY")
                as? Double ?? 0
            try await driver.screenshot(top: list, height: 1000)
                .write(to: Self.screenshots.appendingPathComponent("preview-en-voiceover-elements.png"))

            // Korean through the switcher, as a user would pick it.
            let korean = try Self.koreanWords()
            try await driver.script("document.querySelector('input[name=locale][value=ko]').click()")
            tree = try await driver.accessibilityTree()
            cells = try sudokuCells(tree, grid: korean.board)
            #expect(cells.count == 81)
            #expect(cells.map(\.name) == Self.expectedNames(locale: "ko", platform: "voiceover", korean: korean))
            #expect(cells.enumerated().filter { $0.element.properties["selected"] as? Bool == true }.map(\.offset) == [Self.selectedCell])
            // Only the Korean section is in the tree now.
            #expect(tree.all { $0.role == "grid" && $0.name == "Board, 9 by 9" }.isEmpty)
            try await driver.script("document.querySelector('#ko-voiceover [role=grid] [data-cell=\"18\"]').focus()")
            try await driver.press(key: "7", code: "Digit7", keyCode: 55, text: "7")
            #expect(try await waitForAnnouncement(driver, "3행 1열, 7") == "3행 1열, 7")

            // Korean TalkBack: names without positions (those are the grid's), TalkBack's row and
            // column only as they change.
            try await driver.script("document.querySelector('input[name=platform][value=talkback]').click()")
            tree = try await driver.accessibilityTree()
            cells = try sudokuCells(tree, grid: korean.board)
            #expect(cells.map(\.name) == Self.expectedNames(locale: "ko", platform: "talkback", korean: korean))
            try await driver.script("document.querySelector('#ko-talkback [role=grid] [data-cell=\"0\"]').focus()")
            var said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            // Entering the grid, TalkBack names it after its board element, in its own Korean
            // ("%1$s 그리드에 있음"), then the counts; after the hint, what a double tap says.
            let hint = "\(korean.select)하려면 두 번 탭하세요"
            #expect(said == ["\(korean.given(5)), 버튼, 1행, 1열, \(korean.board) 그리드에 있음, 행 9개, 열 9개", hint, "선택됨"])
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said == ["\(korean.given(3)), 버튼, 2열", hint, "선택됨"])
            // A given digit cannot be replaced: nothing changes.
            try await driver.press(key: "7", code: "Digit7", keyCode: 55, text: "7")
            tree = try await driver.accessibilityTree()
            #expect(try sudokuCells(tree, grid: korean.board)[1].name == korean.given(3))
            try await driver.press(key: "ArrowDown", code: "ArrowDown", keyCode: 40)
            said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said == ["\(korean.empty), 버튼, 2행", hint, "선택됨"])
            // A double tap (Enter): TalkBack says only "선택됨".
            try await driver.press(key: "Enter", code: "Enter", keyCode: 13)
            said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said == ["선택됨"], "\(said ?? [])")
            try await driver.press(key: "4", code: "Digit4", keyCode: 52, text: "4")
            #expect(try await waitForAnnouncement(driver, "4") == "4")
            tree = try await driver.accessibilityTree()
            #expect(try sudokuCells(tree, grid: korean.board)[10].name == "4")
            // Up and back down: TalkBack says the placed digit, selected (Enter selected the cell),
            // with the row that changed.
            try await driver.press(key: "ArrowUp", code: "ArrowUp", keyCode: 38)
            try await driver.press(key: "ArrowDown", code: "ArrowDown", keyCode: 40)
            said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said?.first == "선택됨, 4, 버튼, 2행", "\(said ?? [])")
            // From a grid cell straight to an element outside any grid (O'Block's heading, after
            // Soundscape's button in swipe order), TalkBack says it has left the grid, by name…
            try await driver.script(
                "Array.from(document.querySelectorAll('#ko-talkback li.element')).find(li => li.textContent.includes('클래식, 제목')).focus()")
            said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said?.first == "클래식, 제목, \(korean.board) 그리드에서 벗어남", "\(said ?? [])")
            // …and arriving from the button before it, as a swipe does, it does not.
            try await driver.press(key: "ArrowUp", code: "ArrowUp", keyCode: 38)
            try await driver.press(key: "ArrowDown", code: "ArrowDown", keyCode: 40)
            said = try await driver.script(
                "return Array.from(document.querySelectorAll('#ko-talkback-speech .text')).map(e => e.textContent)") as? [String]
            #expect(said?.first == "클래식, 제목", "\(said ?? [])")
            try await driver.script("document.activeElement.blur(); window.scrollTo(0, 0)")
            try await driver.screenshot().write(to: Self.screenshots.appendingPathComponent("preview-ko-talkback.png"))
            try await driver.screenshot(height: 1000).write(to: Self.screenshots.appendingPathComponent("preview-ko-talkback-top.png"))
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }

    /// The page's navigation and languages: an anchor lands below the sticky header (and so does an element focused
    /// under it), each event's button has a name of its own, a section's own words are in its
    /// language with `lang` saying so, and Hangul is drawn with a Korean font.
    @Test func anchorsButtonNamesLanguagesAndFonts() async throws {
        guard let (chromium, chromedriver) = Self.tools() else { return }
        let folder = try Tool.temporaryDirectory("page-anchors")
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("preview.html")
        let made = try Tool.run(["preview", "--html", page.path])
        try #require(made.status == 0, "\(made.error)")

        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver, height: 900)
        do {
            // An element far down the Korean TalkBack list, opened by its anchor: its section is
            // shown and the element sits just below the header, not under it.
            var url = URLComponents(url: page, resolvingAgainstBaseURL: false)!
            url.fragment = "ko-talkback-e40"
            try await driver.open(url.url!)
            let geometry = """
                return (function (id) { var h = document.querySelector('header.top').getBoundingClientRect();
                  var e = document.getElementById(id).getBoundingClientRect();
                  return [h.bottom, e.top, window.scrollY, document.getElementById(id).closest('section.preview').id]; })
                """
            var at = try await driver.script(geometry + "('ko-talkback-e40')") as? [Any]
            let headerBottom = at?[0] as? Double ?? 0
            #expect(headerBottom > 40)
            #expect((at?[2] as? Double ?? 0) > 0, "the page scrolled to the anchor")
            #expect((at?[1] as? Double ?? 0) >= headerBottom, "anchored element below the header: \(at ?? [])")
            #expect((at?[1] as? Double ?? 0) < headerBottom + 60, "…and just below it: \(at ?? [])")
            #expect(try await driver.script("return document.getElementById('ko-talkback').hidden") as? Bool == false)
            // A section's anchor, followed after load: its heading below the header.
            try await driver.script("location.hash = '#en-voiceover'")
            try await Task.sleep(nanoseconds: 200_000_000)
            at = try await driver.script("""
                var h = document.querySelector('header.top').getBoundingClientRect();
                return [h.bottom, document.querySelector('#en-voiceover h2').getBoundingClientRect().top,
                        document.getElementById('en-voiceover').hidden]
                """) as? [Any]
            #expect((at?[1] as? Double ?? 0) >= (at?[0] as? Double ?? 1), "section heading below the header: \(at ?? [])")
            #expect(at?[2] as? Bool == false)
            // Up and Down through the list keep the focused element below the header.
            try await driver.script("document.getElementById('en-voiceover-e30').focus()")
            for _ in 0..<12 { try await driver.press(key: "ArrowUp", code: "ArrowUp", keyCode: 38) }
            at = try await driver.script(geometry + "('en-voiceover-e18')") as? [Any]
            #expect((at?[1] as? Double ?? 0) >= (at?[0] as? Double ?? 1), "focused element below the header: \(at ?? [])")

            // Every event's button has its own accessible name: its word, then what it announces.
            var tree = try await driver.accessibilityTree()
            let english = tree.all { $0.role == "button" && $0.name.hasPrefix("Announce") }.map(\.name)
            #expect(english.count == 5 && Set(english).count == 5, "\(english)")
            #expect(english.contains("Announce: Placed. Score 320."), "\(english)")
            try await driver.script("document.querySelector('input[name=locale][value=ko]').click()")
            try await driver.script("document.querySelector('input[name=platform][value=talkback]').click()")
            tree = try await driver.accessibilityTree()
            let koreanButtons = tree.all { $0.role == "button" && $0.name.hasPrefix("알리기: ") }.map(\.name)
            #expect(koreanButtons.count == 5 && Set(koreanButtons).count == 5, "\(koreanButtons)")
            #expect(tree.all { $0.role == "button" && $0.name == "Announce" }.isEmpty)

            // The Korean section's own words are Korean, under its lang="ko"; the page's header
            // stays English, with the Korean language name marked as Korean.
            let languages = try await driver.script("""
                function lang(selector) { return document.querySelector(selector).closest('[lang]').getAttribute('lang'); }
                function text(selector) { return document.querySelector(selector).textContent; }
                return [document.documentElement.lang, lang('#ko-talkback'), lang('#ko-talkback-speech-title'), text('#ko-talkback-speech-title'),
                        lang('#ko-talkback-elements-title'), text('#ko-talkback-elements-title'), lang('#ko-talkback .keys'),
                        text('#ko-talkback .keys').slice(0, 7), lang('#en-talkback-speech-title'), text('#en-talkback-speech-title'),
                        text('.switcher span[lang=ko]'), document.getElementById('ko-talkback-e1').getAttribute('aria-label')]
                """) as? [String]
            #expect(languages == ["en", "ko", "ko", "TalkBack이 읽는 내용", "ko", "모든 요소, 스와이프 순서대로", "ko", "화살표 키: ",
                                  "en", "What TalkBack says", "한국어", "1. DailySudoku: 1행 1열"], "\(languages ?? [])")
            // The panel titles a cell in Korean too.
            try await driver.script("document.querySelector('#ko-talkback [role=grid] [data-cell=\"0\"]').focus()")
            #expect(try await driver.script("return document.getElementById('ko-talkback-speech-for').textContent") as? String == "1행 1열")
            // Backspace on a cell with nothing placed changes nothing; Enter says only 선택됨.
            try await driver.press(key: "ArrowRight", code: "ArrowRight", keyCode: 39)
            try await driver.press(key: "Enter", code: "Enter", keyCode: 13)
            #expect(try await driver.script("return document.getElementById('ko-talkback-speech-for').textContent") as? String
                    == "1행 2열 — 두 번 탭")

            // Hangul is drawn with one of the stack's Korean fonts, where the system has one.
            let koreanFonts = ["NanumGothic", "NanumBarunGothic", "Noto Sans CJK KR", "Noto Sans KR", "Source Han Sans K",
                               "Source Han Sans KR", "UnDotum", "Baekmuk Dotum", "Apple SD Gothic Neo", "Malgun Gothic"]
            let installed = Self.fontFamilies()
            if koreanFonts.contains(where: { installed.contains($0) }) {
                let document = try await driver.cdp("DOM.getDocument", ["depth": 0])
                let root = (document["root"] as? [String: Any])?["nodeId"] as? Int ?? 0
                try await driver.cdp("DOM.enable")
                try await driver.cdp("CSS.enable")
                for selector in ["#ko-talkback-speech-title", "#ko-talkback-elements-title", "#ko-talkback .board h3"] {
                    let found = try await driver.cdp("DOM.querySelector", ["nodeId": root, "selector": selector])
                    let node = try #require(found["nodeId"] as? Int)
                    let fonts = (try await driver.cdp("CSS.getPlatformFontsForNode", ["nodeId": node])["fonts"] as? [[String: Any]]) ?? []
                    let families = fonts.compactMap { $0["familyName"] as? String }
                    #expect(!families.isEmpty && families.allSatisfy { koreanFonts.contains($0) }, "\(selector): \(families)")
                }
            } else {
                Tool.missing("no Korean font is installed (Debian: apt-get install fonts-nanum); the page's Hangul font is not checked")
            }
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }

    /// With --audio, the page embeds each element's audio; Chromium decodes every player and
    /// finds it as long as the index says.
    @Test func theEmbeddedAudioPlaysInChromium() async throws {
        guard let (chromium, chromedriver) = Self.tools() else { return }
        guard Tool.find("espeak-ng") != nil else {
            Tool.missing("espeak-ng is not installed; the page's audio is not checked")
            return
        }
        let folder = try Tool.temporaryDirectory("page-audio")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("scenario.json")
        try Data(#"{"items": [{"type": "control", "label": {"en": "Hint", "ko": "힌트"}, "price": 100}, {"type": "event", "event": "placed", "score": 320}]}"#.utf8)
            .write(to: scenario)
        let page = folder.appendingPathComponent("page.html"), audio = folder.appendingPathComponent("Audio")
        let made = try Tool.run(["preview", "--scenario", scenario.path, "--audio", audio.path, "--html", page.path])
        try #require(made.status == 0, "\(made.error)")
        let index = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: audio.appendingPathComponent("index.json")))
            as? [String: Any])
        let measured = try #require(index["items"] as? [[String: Any]]).compactMap { $0["measuredSeconds"] as? Double }
        #expect(measured.count == 8)
        #expect(!(try String(contentsOf: page, encoding: .utf8)).contains(".wav\""), "no links to files: the audio is inside")

        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver)
        do {
            try await driver.open(page)
            // Load every player (sections are hidden, the elements are there) and read its duration.
            let durations = try await driver.command("execute/async", ["script": """
                const done = arguments[arguments.length - 1];
                const players = Array.from(document.querySelectorAll('audio'));
                Promise.all(players.map(a => new Promise(resolve => {
                  if (a.readyState >= 1) { resolve(a.duration); return; }
                  a.addEventListener('loadedmetadata', () => resolve(a.duration));
                  a.addEventListener('error', () => resolve(-1));
                  a.preload = 'metadata'; a.load();
                }))).then(done);
                """, "args": []]) as? [Double]
            #expect(durations?.count == measured.count)
            for (duration, expected) in zip(durations ?? [], measured) {
                #expect(abs(duration - expected) < 0.01, "Chromium: \(duration) s, index: \(expected) s")
            }
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }

    /// Hostile strings from a translator, a project and a scenario stay text in every context of
    /// the page: text, attributes, the JSON in <script>. Chromium parses the page; nothing runs,
    /// nothing becomes an element, and every string comes back exactly.
    @Test func hostileStringsStayText() async throws {
        guard let (chromium, chromedriver) = Self.tools() else { return }
        let folder = try Tool.temporaryDirectory("hostile")
        defer { try? FileManager.default.removeItem(at: folder) }
        let payloads = [
            "</script><script>window.__pwned = 1</script>",
            "<!--<script>window.__pwned = 2</script>",
            "\"><img src=x onerror=\"window.__pwned = 3\">",
            "' onfocus='window.__pwned = 4",
            "&amp; &lt;b&gt; <b>bold</b> \u{2028}line\u{2029}para",
            "<![CDATA[ ]]> <style>body{display:none}</style>",
        ]
        // A translator's Korean for the coin balance, through a project.
        let locales = folder.appendingPathComponent("Game/Locales/ko")
        try FileManager.default.createDirectory(at: locales, withIntermediateDirectories: true)
        let coins = "오코인 {amount}개 " + payloads[0] + payloads[2]
        try JSONSerialization.data(withJSONObject: ["game.coins": coins]).write(to: locales.appendingPathComponent("game.json"))
        // And the Korean Sudoku label, whose text becomes each grid cell's aria-label.
        let label = "{row}행 {column}열, {content, select, empty {빈칸 " + payloads[2] + payloads[3] + "} other {{digit}}}"
        try JSONSerialization.data(withJSONObject: ["sudoku.cell.label": label]).write(to: locales.appendingPathComponent("sudoku.json"))
        let templates = folder.appendingPathComponent("Game/Templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data(#"{"messages": {}}"#.utf8).write(to: templates.appendingPathComponent("game.json"))
        try Data(#"{"messages": {}}"#.utf8).write(to: templates.appendingPathComponent("sudoku.json"))
        // Control names and titles from a scenario.
        var items: [[String: Any]] = [["type": "coins", "amount": 5, "title": payloads[1]]]
        for payload in payloads { items.append(["type": "control", "label": payload, "action": payload]) }
        items.append(["type": "sudokuBoard", "title": payloads[3], "rows": [". 1", "2 ."]])
        let scenario = folder.appendingPathComponent("hostile.json")
        try JSONSerialization.data(withJSONObject: ["items": items]).write(to: scenario)
        let page = folder.appendingPathComponent("hostile.html")
        let made = try Tool.run(["preview", "--scenario", scenario.path, "--project", folder.appendingPathComponent("Game").path,
                                 "--html", page.path])
        try #require(made.status == 0, "\(made.error)")

        let driver = try await ChromeDriver(chromium: chromium, chromedriver: chromedriver)
        do {
            try await driver.open(page)
            #expect(try await driver.script("return window.__pwned === undefined") as? Bool == true)
            #expect(try await driver.script("return document.querySelectorAll('img, b, style:not(head style)').length") as? Int == 0)
            // One inline script, plus one JSON block per section (2 locales × 2 platforms).
            #expect(try await driver.script("return document.scripts.length") as? Int == 5)
            let names = try await driver.script(
                "return Array.from(document.querySelectorAll('#en-voiceover button.control')).map(b => [b.textContent, b.getAttribute('aria-label')])")
                as? [[String]]
            #expect(names?.map { $0[0] } == payloads)
            #expect(names?.map { $0[1] } == payloads)
            let titles = try await driver.script(
                "return JSON.parse(document.getElementById('en-voiceover-data').textContent).elements.map(e => e.t)") as? [String]
            #expect(titles.map { Array($0.prefix(1 + payloads.count)) } == [payloads[1]] + payloads)
            // The translator's string reaches the Korean section whole, as text and as data.
            try await driver.script("document.querySelector('input[name=locale][value=ko]').click()")
            let tree = try await driver.accessibilityTree()
            let expected = "오코인 5개 " + payloads[0] + payloads[2]
            #expect(!tree.all { $0.role == "StaticText" && $0.name == expected }.isEmpty)
            let spoken = try await driver.script(
                "var d = JSON.parse(document.getElementById('ko-voiceover-data').textContent); return d.u[d.elements[0].s[0]][1]") as? String
            #expect(spoken == expected)
            // The translator's label (its own words: a given digit falls to `other`) as each cell's
            // accessible name, exactly.
            let grids = tree.all { $0.role == "grid" }
            try #require(grids.count == 1)
            let cells = try sudokuCells(tree, grid: grids[0].name)
            #expect(cells.map(\.name) == ["1행 1열, 빈칸 " + payloads[2] + payloads[3], "1행 2열, 1",
                                           "2행 1열, 2", "2행 2열, 빈칸 " + payloads[2] + payloads[3]])
            #expect(try await driver.script("return document.querySelectorAll('[onfocus], [onerror]').length") as? Int == 0)
            #expect(try await driver.script("return window.__pwned === undefined") as? Bool == true)
        } catch {
            await driver.quit()
            throw error
        }
        await driver.quit()
    }
}
