import SpeakableDescribers
import SpeakableJSON
import SpeakableSpeech

/// The self-contained web page of `speakable preview --html FILE`: one file, no network, no
/// other files (styles, script, data and audio are inside it).
///
/// For each locale and platform, a section (one shown at a time; the switcher at the top picks):
/// every board drawn as an ARIA grid (`role="grid"`, `row`, `gridcell`) whose cells carry
/// Speakable's strings as their accessible names, selection as `aria-selected` and the hint as
/// `aria-description`; beside it, what the screen reader says for the focused cell and how long
/// it takes; below, every element of the scenario in swipe order — controls as real buttons with
/// their labels, events as buttons that announce into the page's live region — with each
/// utterance, its time, its budget flag and, with `--audio`, a player.
///
/// Keys: the arrow keys move through a grid as a screen reader's swipe would (TalkBack's row and
/// column are said only when they change, "In grid …" on the way in); Home/End go to the row's
/// ends, Ctrl+Home/End to the grid's; Enter or Space selects a cell; 1–9 place a digit in a
/// Sudoku cell that is not given (the new name is announced in the live region), Backspace
/// clears it. In the element list, Up and Down move like swipes.
///
/// Audio is embedded as `data:audio/wav;base64,…` URIs (at 11,025 Hz, half espeak-ng's rate), so
/// the page stays one file that can be mailed, attached to a CI run or opened anywhere; relative
/// links into the `--audio` folder would break as soon as the page moved. The full-rate WAVs stay
/// in the folder.
public enum PreviewPage {
    /// The page for `preview` (made with ``PreviewRequest/includeBoards`` for the grids), with
    /// audio players when `audio` is given (the WAVs are read from `audioDirectory`).
    public static func html(_ preview: Preview, audio: AudioIndex?, audioDirectory: String?) -> String {
        var page = HTMLWriter()
        page.raw("<!DOCTYPE html>\n")
        page.open("html", ["lang": "en"])
        page.raw("\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        page.element("title", text: "Speakable preview — " + preview.scenarioName)
        page.raw("\n<style>")
        page.raw(PageAssets.css)
        page.raw("</style>\n</head>\n<body>\n")
        header(preview, into: &page)
        page.raw("<main>\n")
        for (s, section) in preview.sections.enumerated() {
            render(section, index: s, first: s == 0, audio: audio, audioDirectory: audioDirectory, into: &page)
        }
        page.raw("</main>\n")
        page.raw("""
            <footer><p>Made by <code>speakable preview</code>. Times are estimates calibrated on espeak-ng; screen \
            readers differ by version and settings. Korean strings await a native speaker&#8217;s review.</p></footer>

            """)
        page.raw("<script>")
        page.raw(PageAssets.script)
        page.raw("</script>\n</body>\n</html>\n")
        return page.output
    }

    static func sectionID(_ section: PreviewSection) -> String {
        AudioWriter.slug(section.locale) + "-" + section.platform.rawValue
    }

    static func languageName(_ tag: String) -> String {
        switch tag {
        case "en": "English"
        case "ko": "한국어 (Korean)"
        case "ja": "日本語 (Japanese)"
        default: tag
        }
    }

    static func header(_ preview: Preview, into page: inout HTMLWriter) {
        page.raw("<header class=\"top\">\n<div class=\"title\">\n<h1>Speakable preview</h1>\n")
        page.open("p", ["class": "scenario"])
        page.text("Scenario: " + preview.scenarioName)
        page.close("p")
        page.raw("</div>\n<form class=\"switcher\" aria-label=\"What to preview\">\n")
        var locales: [String] = []
        var platforms: [Platform] = []
        for section in preview.sections {
            if !locales.contains(section.locale) { locales.append(section.locale) }
            if !platforms.contains(section.platform) { platforms.append(section.platform) }
        }
        let first = preview.sections.first
        page.raw("<fieldset><legend>Language</legend>")
        for locale in locales {
            page.open("label")
            page.open("input", ["type": "radio", "name": "locale", "value": locale, "checked": locale == first?.locale ? "" : nil])
            page.text(" " + languageName(locale))
            page.close("label")
        }
        page.raw("</fieldset>\n<fieldset><legend>Screen reader</legend>")
        for platform in platforms {
            page.open("label")
            page.open("input", ["type": "radio", "name": "platform", "value": platform.rawValue,
                                "checked": platform == first?.platform ? "" : nil])
            page.text(" " + platform.displayName + (platform == .voiceOver ? " (iOS)" : " (Android)"))
            page.close("label")
        }
        page.raw("</fieldset>\n</form>\n")
        page.raw("""
            <div class="announcements"><span class="announcements-label" aria-hidden="true">Announced</span>\
            <div id="announcer" role="status" aria-live="polite" aria-atomic="true"></div></div>

            """)
        page.raw("</header>\n")
    }

    static func render(_ section: PreviewSection, index: Int, first: Bool, audio: AudioIndex?, audioDirectory: String?,
                       into page: inout HTMLWriter) {
        let id = sectionID(section)
        page.open("section", ["class": "preview", "id": id, "lang": section.locale, "data-locale": section.locale,
                              "data-platform": section.platform.rawValue, "aria-labelledby": id + "-title", "hidden": first ? nil : ""])
        page.raw("\n")
        page.element("h2", ["id": id + "-title"], text: section.platform.displayName + " · " + languageName(section.locale))
        page.open("p", ["class": "summary"])
        var summary = "\(section.elements.count) elements · \(PreviewFormat.duration(section.estimatedSeconds)) to hear them all · "
        summary += section.overBudgetCount == 0 ? "all within budget" : "\(section.overBudgetCount) over budget"
        if !section.screenReaderWordsKnown { summary += " · \(section.platform.displayName)'s own words shown in English" }
        page.text(summary)
        page.close("p")

        page.raw("<div class=\"layout\">\n<div class=\"boards\">\n")
        for (b, board) in section.boards.enumerated() {
            render(board, index: b, sectionID: id, platform: section.platform, into: &page)
        }
        if section.boards.isEmpty {
            page.raw("<p class=\"note\">This scenario has no board.</p>\n")
        }
        page.raw("</div>\n")
        page.open("aside", ["class": "speech", "aria-labelledby": id + "-speech-title"])
        page.element("h3", ["id": id + "-speech-title"], text: "What \(section.platform.displayName) says")
        page.open("p", ["class": "speech-for", "id": id + "-speech-for"])
        page.text("Focus a cell or an element to see and time its speech.")
        page.close("p")
        page.open("ol", ["class": "utterances", "id": id + "-speech"])
        page.close("ol")
        page.raw("</aside>\n</div>\n")

        page.open("section", ["class": "elements", "aria-labelledby": id + "-elements-title"])
        page.element("h3", ["id": id + "-elements-title"], text: "Every element, in swipe order")
        page.raw("<p class=\"note\">Up and Down move from element to element, as a swipe does.</p>\n")
        page.open("ol", ["class": "element-list", "data-section": id])
        for (e, element) in section.elements.enumerated() {
            let wav = audio?.item(section: index, element: e)
            render(element, index: e, platform: section.platform, first: e == 0, wav: wav, audioDirectory: audioDirectory,
                   into: &page)
        }
        page.close("ol")
        page.close("section")
        page.jsonScript(id: id + "-data", json: data(section).serialized())
        page.close("section")
        page.raw("\n")
    }

    static func render(_ board: BoardPreview, index: Int, sectionID: String, platform: Platform, into page: inout HTMLWriter) {
        let id = "\(sectionID)-board\(index)"
        page.open("section", ["class": "board board-\(board.kind.rawValue)", "aria-labelledby": id + "-title"])
        page.element("h3", ["id": id + "-title"], text: board.title.map { "\($0) — \(board.name)" } ?? board.name)
        page.open("p", ["class": "keys"])
        page.text(board.kind == .sudoku
                  ? "Arrow keys move · Enter selects · 1–9 places a digit · Backspace clears"
                  : "Arrow keys move · each cell says what a double tap would place")
        page.close("p")
        page.open("div", ["role": "grid", "class": "grid grid-\(board.kind.rawValue)", "id": id, "aria-label": board.name,
                          "aria-rowcount": String(board.rows), "aria-colcount": String(board.columns),
                          "aria-multiselectable": board.kind == .sudoku ? "false" : nil, "data-board": String(index),
                          "data-rows": String(board.rows), "data-columns": String(board.columns),
                          "style": "--columns: \(board.columns)"])
        let focusIndex = board.cells.firstIndex(where: \.isSelected) ?? 0
        for row in 1...board.rows {
            page.open("div", ["role": "row", "aria-rowindex": String(row)])
            for column in 1...board.columns {
                let i = (row - 1) * board.columns + column - 1
                let cell = board.cells[i]
                var classes = "cell " + cell.style
                if cell.isSelected { classes += " selected" }
                if column % 3 == 0 && column < board.columns && board.kind == .sudoku { classes += " box-right" }
                if row % 3 == 0 && row < board.rows && board.kind == .sudoku { classes += " box-bottom" }
                page.open("div", ["role": "gridcell", "aria-colindex": String(column), "class": classes,
                                  "tabindex": i == focusIndex ? "0" : "-1", "aria-label": cell.name,
                                  "aria-description": cell.hint,
                                  "aria-selected": board.kind == .sudoku ? (cell.isSelected ? "true" : "false") : nil,
                                  "data-cell": String(i)])
                if cell.style == "notes" {
                    page.open("span", ["class": "notes", "aria-hidden": "true"])
                    page.text(cell.display)
                    page.close("span")
                } else {
                    page.open("span", ["class": "digit", "aria-hidden": "true"])
                    page.text(cell.display)
                    page.close("span")
                }
                page.close("div")
            }
            page.close("div")
        }
        page.close("div")
        page.close("section")
        page.raw("\n")
    }

    static func render(_ element: SpokenElement, index: Int, platform: Platform, first: Bool, wav: AudioIndex.Item?,
                       audioDirectory: String?, into page: inout HTMLWriter) {
        var classes = "element type-\(AudioWriter.slug(element.type))"
        if element.isOverBudget { classes += " over" }
        let focus = element.utterances.first { $0.kind == .focus }
        page.open("li", ["class": classes, "data-element": String(index), "tabindex": first ? "0" : "-1",
                         "aria-label": "\(element.item). \(element.title.isEmpty ? element.type : element.title)"])
        page.open("div", ["class": "element-head"])
        page.element("span", ["class": "num"], text: String(element.item))
        page.element("span", ["class": "title"], text: element.title.isEmpty ? element.type : element.title)
        page.element("span", ["class": "type"], text: element.type)
        page.element("span", ["class": "total"], text: PreviewFormat.seconds(element.estimatedSeconds))
        if element.isOverBudget { page.element("span", ["class": "badge"], text: "over budget") }
        page.close("div")
        if element.type == "control", let focus {
            // The control itself, named as the platform names it.
            let hint = element.utterances.first { $0.kind == .hint }?.text
            page.open("button", ["type": "button", "class": "control", "aria-label": focus.appText, "aria-description": hint])
            page.text(focus.appText)
            page.close("button")
        }
        if element.type == "event", let announcement = element.utterances.first(where: { $0.kind == .announcement }) {
            page.open("button", ["type": "button", "class": "announce", "data-announce": announcement.text])
            page.text("Announce")
            page.close("button")
        }
        page.open("ol", ["class": "utterances"])
        for utterance in element.utterances {
            render(utterance, into: &page)
        }
        page.close("ol")
        if let wav, let bytes = audioDirectory.flatMap({ PageAudio.read(directory: $0, file: wav.file) }) {
            page.open("audio", ["controls": "", "preload": "none", "src": "data:audio/wav;base64," + Base64.encode(bytes),
                                "aria-label": "Play what \(platform.displayName) says (\(PreviewFormat.seconds(wav.measuredSeconds)) measured)"])
            page.close("audio")
            page.element("span", ["class": "measured"], text: "espeak-ng: " + PreviewFormat.seconds(wav.measuredSeconds))
        }
        page.close("li")
        page.raw("\n")
    }

    static func kindLabel(_ utterance: Utterance) -> String? {
        switch utterance.kind {
        case .focus: nil
        case .hint: "hint, after \(PreviewFormat.seconds(utterance.pauseBefore))"
        case .announcement: "announcement"
        case .activation: "on double tap"
        }
    }

    static func render(_ utterance: Utterance, into page: inout HTMLWriter) {
        page.open("li", ["class": "utterance kind-\(utterance.kind.rawValue)" + (utterance.isOverBudget ? " over" : "")])
        page.element("span", ["class": "time"], text: PreviewFormat.seconds(utterance.estimatedSeconds))
        if let label = kindLabel(utterance) { page.element("span", ["class": "kind"], text: label) }
        page.element("span", ["class": "text"], text: utterance.text)
        if utterance.isOverBudget, let budget = utterance.appBudgetSeconds {
            page.element("span", ["class": "flag"],
                         text: "over budget: app words \(PreviewText.hundredths(utterance.appSeconds)), budget \(PreviewText.hundredths(budget))")
        }
        page.close("li")
    }

    // MARK: Data for the script

    static func json(_ utterance: Utterance) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("k", .string(utterance.kind.rawValue)), ("t", .string(utterance.text)),
            ("s", .string(PreviewFormat.seconds(utterance.estimatedSeconds))),
        ]
        if let label = kindLabel(utterance) { members.append(("l", .string(label))) }
        if utterance.isOverBudget, let budget = utterance.appBudgetSeconds {
            members.append(("o", .string("over budget: app words \(PreviewText.hundredths(utterance.appSeconds)), budget \(PreviewText.hundredths(budget))")))
        }
        return .object(members)
    }

    /// A cell's speech by grid transition, in ``GridTransition`` order.
    static func speechByTransition(_ speech: [String: [Utterance]]) -> JSONValue {
        .object(GridTransition.allCases.compactMap { transition in
            speech[transition.rawValue].map { (transition.rawValue, .array($0.map(json))) }
        })
    }

    static func data(_ section: PreviewSection) -> JSONValue {
        .object([
            ("locale", .string(section.locale)),
            ("platform", .string(section.platform.rawValue)),
            ("elements", .array(section.elements.map { element -> JSONValue in
                var members: [(String, JSONValue)] = [("title", .string(element.title.isEmpty ? element.type : element.title)),
                                                      ("u", .array(element.utterances.map(json)))]
                if let fromGrid = element.fromGrid, fromGrid != element.utterances {
                    members.append(("g", .array(fromGrid.map(json))))
                }
                return .object(members)
            })),
            ("boards", .array(section.boards.map { board in
                .object([("cells", .array(board.cells.map { cell in
                    .object([
                        ("title", .string("Row \(cell.row), column \(cell.column)")),
                        ("selected", .bool(cell.isSelected)),
                        ("speech", speechByTransition(cell.speech)),
                        ("toggled", speechByTransition(cell.toggledSpeech)),
                        ("placements", .array(cell.placements.map { placement in
                            .array([.string(placement.name), .string(placement.announcement),
                                    .string(PreviewFormat.seconds(placement.announcementSeconds)),
                                    speechByTransition(placement.speech), speechByTransition(placement.toggledSpeech)])
                        })),
                    ])
                }))])
            })),
        ])
    }
}

/// Reads a WAV the audio writer wrote, for embedding: at half espeak-ng's 22,050 Hz (pairs of
/// samples averaged, a gentle low-pass), which keeps speech clear and the page half the size —
/// the demo's 208 elements would otherwise make a 64 MB page. The folder keeps the full-rate files.
enum PageAudio {
    static func read(directory: String, file: String) -> [UInt8]? {
        guard AudioWriter.isPlainName(file), let bytes = PreviewFileReading.contents(AudioWriter.join(directory, file)),
              let audio = try? PCMAudio(wav: bytes) else { return nil }
        return halved(audio).wavBytes()
    }

    static func halved(_ audio: PCMAudio) -> PCMAudio {
        guard audio.sampleRate >= 16000, audio.sampleRate % 2 == 0 else { return audio }
        var samples = [Int16](repeating: 0, count: audio.samples.count / 2)
        for i in 0..<samples.count {
            samples[i] = Int16((Int32(audio.samples[2 * i]) + Int32(audio.samples[2 * i + 1])) / 2)
        }
        return PCMAudio(sampleRate: audio.sampleRate / 2, samples: samples)
    }
}

/// RFC 4648 base64, for `data:` URIs.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 3 <= bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let rest = bytes.count - i
        if rest == 1 {
            let n = UInt32(bytes[i]) << 16
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], 61, 61]
        } else if rest == 2 {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], 61]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
