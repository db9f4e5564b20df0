import SpeakableDescribers
import SpeakableJSON
import SpeakableSpeech

/// The self-contained web page of `speakable preview --html FILE`: one file, no network, no
/// other files (styles, script, data and audio are inside it).
///
/// For each locale and platform, a section (one shown at a time; the switcher at the top picks),
/// with `lang` set to its locale and its own words in its language (``PageWords``): every board
/// drawn as an ARIA grid (`role="grid"`, `row`, `gridcell`) whose cells carry Speakable's strings
/// as their accessible names, selection as `aria-selected` and the hint as `aria-description`;
/// beside it, what the screen reader says for the focused cell and how long it takes; below,
/// every element of the scenario in swipe order, each an anchor — controls as real buttons with
/// their labels, events as buttons named by what they announce into the page's live region —
/// with each utterance, its time, its budget flag, a jump where the listed order is not a swipe,
/// its warnings and, with `--audio`, a player.
///
/// Keys: the arrow keys move through a grid as a screen reader's swipe would (TalkBack's row and
/// column are said only when they change, "In grid ‹name› …" on the way in); Home/End go to the
/// row's ends, Ctrl+Home/End to the grid's; Enter or Space is a double tap (a Sudoku cell is
/// selected; the panel shows what each screen reader says then); 1–9 place a digit in a Sudoku
/// cell that is not given (the new name is announced in the live region), Backspace clears it.
/// In the element list, Up and Down move like swipes. The speech is put together on the page
/// from its parts (``PageData``), not written out for every way focus can arrive.
///
/// Audio is embedded as `data:audio/wav;base64,…` URIs (µ-law at 11,025 Hz, ``PageAudio``), so
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
        page.text("Scenario: ")
        page.isolated(preview.scenarioName)
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
            page.text(" ")
            // The language's own name in its language (a screen reader switches voice for it).
            let name = languageName(locale)
            if let own = name.split(separator: " (").first, own != Substring(name), locale != "en" {
                page.element("span", ["lang": locale], text: String(own))
                page.text(" (" + name.split(separator: " (").dropFirst().joined(separator: " ("))
            } else {
                page.text(name)
            }
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

    /// `lang="en"` for the page's own words where they stand in for a language it has no words in.
    static func wordsLang(_ words: PageWords, _ section: PreviewSection) -> String? {
        words.isIn(section.locale) ? nil : words.language
    }

    static func render(_ section: PreviewSection, index: Int, first: Bool, audio: AudioIndex?, audioDirectory: String?,
                       into page: inout HTMLWriter) {
        let id = sectionID(section)
        let words = PageWords(locale: section.locale, platform: section.platform)
        let lang = wordsLang(words, section)
        page.open("section", ["class": "preview", "id": id, "lang": section.locale, "data-locale": section.locale,
                              "data-platform": section.platform.rawValue, "aria-labelledby": id + "-title", "hidden": first ? nil : ""])
        page.raw("\n")
        page.element("h2", ["id": id + "-title"], text: section.platform.displayName + " · " + languageName(section.locale))
        page.element("p", ["class": "summary", "lang": lang],
                     text: words.summary(elements: section.elements.count, duration: words.duration(section.estimatedSeconds),
                                         overBudget: section.overBudgetCount, ownWordsInEnglish: !section.screenReaderWordsKnown))

        page.raw("<div class=\"layout\">\n<div class=\"boards\">\n")
        for (b, board) in section.boards.enumerated() {
            render(board, index: b, sectionID: id, platform: section.platform, words: words, lang: lang, into: &page)
        }
        if section.boards.isEmpty {
            page.element("p", ["class": "note", "lang": lang], text: words.noBoard)
        }
        page.raw("</div>\n")
        page.open("aside", ["class": "speech", "aria-labelledby": id + "-speech-title"])
        page.element("h3", ["id": id + "-speech-title", "lang": lang], text: words.speechTitle)
        page.element("p", ["class": "speech-for", "id": id + "-speech-for", "lang": lang], text: words.speechEmpty)
        page.open("ol", ["class": "utterances", "id": id + "-speech"])
        page.close("ol")
        page.raw("</aside>\n</div>\n")

        page.open("section", ["class": "elements", "aria-labelledby": id + "-elements-title"])
        page.element("h3", ["id": id + "-elements-title", "lang": lang], text: words.elementsTitle)
        page.element("p", ["class": "note", "lang": lang], text: words.elementsKeys)
        page.open("ol", ["class": "element-list", "data-section": id])
        for (e, element) in section.elements.enumerated() {
            let wav = audio?.item(section: index, element: e)
            render(element, index: e, sectionID: id, words: words, lang: lang, first: e == 0, wav: wav,
                   audioDirectory: audioDirectory, into: &page)
        }
        page.close("ol")
        page.close("section")
        var data = PageData(section: section)
        page.jsonScript(id: id + "-data", json: data.json().serialized())
        page.close("section")
        page.raw("\n")
    }

    static func render(_ board: BoardPreview, index: Int, sectionID: String, platform: Platform, words: PageWords, lang: String?,
                       into page: inout HTMLWriter) {
        let id = "\(sectionID)-board\(index)"
        page.open("section", ["class": "board board-\(board.kind.rawValue)", "aria-labelledby": id + "-title"])
        page.open("h3", ["id": id + "-title"])
        if let title = board.title {
            page.isolated(title)
            page.text(" — ")
        }
        page.isolated(board.name)
        page.close("h3")
        page.element("p", ["class": "keys", "lang": lang], text: words.keys(for: board.kind))
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
                                  "aria-selected": board.kind != .block ? (cell.isSelected ? "true" : "false") : nil,
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

    static func render(_ element: SpokenElement, index: Int, sectionID: String, words: PageWords, lang: String?, first: Bool,
                       wav: AudioIndex.Item?, audioDirectory: String?, into page: inout HTMLWriter) {
        var classes = "element type-\(AudioWriter.slug(element.type))"
        if element.isOverBudget { classes += " over" }
        if case .jump = element.arrival { classes += " jumped" }
        let focus = element.utterances.first { $0.kind == .focus }
        let title = words.title(of: element)
        // An anchor per element (#en-talkback-e7): the page scrolls it below its sticky header.
        page.open("li", ["class": classes, "id": "\(sectionID)-e\(index)", "data-element": String(index),
                         "tabindex": first ? "0" : "-1", "aria-label": "\(element.item). \(title)"])
        page.open("div", ["class": "element-head"])
        page.element("span", ["class": "num"], text: String(element.item))
        page.element("span", ["class": "title"], text: title)
        page.element("span", ["class": "type", "lang": "en"], text: element.type)
        page.element("span", ["class": "total"], text: PreviewFormat.seconds(element.estimatedSeconds))
        if element.isOverBudget { page.element("span", ["class": "badge", "lang": lang], text: words.overBudgetBadge) }
        page.close("div")
        if let jump = words.jump(element.arrival) {
            page.open("p", ["class": "jump", "lang": lang])
            page.element("span", ["class": "jump-badge"], text: words.jumpBadge)
            page.text(" " + jump)
            page.close("p")
        }
        if element.type == "control" || element.type == "element", let focus {
            // The control itself, named as the platform names it.
            let hint = element.utterances.first { $0.kind == .hint }?.text
            page.open("button", ["type": "button", "class": "control", "aria-label": focus.appText, "aria-description": hint])
            page.text(focus.appText)
            page.close("button")
        }
        if element.type == "event" || element.type == "announcement",
           let announcement = element.utterances.first(where: { $0.kind == .announcement }) {
            // Each button named by what it announces, not five buttons all called "Announce".
            page.open("button", ["type": "button", "class": "announce", "data-announce": announcement.text,
                                 "aria-label": words.announceName(announcement.text)])
            page.element("span", ["lang": lang], text: words.announce)
            page.close("button")
        }
        page.open("ol", ["class": "utterances"])
        for utterance in element.utterances {
            render(utterance, words: words, lang: lang, into: &page)
        }
        page.close("ol")
        for note in element.notes {
            page.open("p", ["class": "element-note", "lang": "en"])
            page.element("span", ["class": "note-badge", "lang": words.language], text: words.noteBadge)
            page.text(" ")
            page.isolated(note)
            page.close("p")
        }
        if let wav, let bytes = audioDirectory.flatMap({ PageAudio.read(directory: $0, file: wav.file) }) {
            page.open("audio", ["controls": "", "preload": "none", "src": "data:audio/wav;base64," + Base64.encode(bytes),
                                "aria-label": words.play(measured: PreviewFormat.seconds(wav.measuredSeconds))])
            page.close("audio")
            page.element("span", ["class": "measured"], text: "espeak-ng: " + PreviewFormat.seconds(wav.measuredSeconds))
        }
        page.close("li")
        page.raw("\n")
    }

    static func render(_ utterance: Utterance, words: PageWords, lang: String?, into page: inout HTMLWriter) {
        page.open("li", ["class": "utterance kind-\(utterance.kind.rawValue)" + (utterance.isOverBudget ? " over" : "")])
        page.element("span", ["class": "time"], text: PreviewFormat.seconds(utterance.estimatedSeconds))
        if let label = words.kind(utterance) { page.element("span", ["class": "kind", "lang": lang], text: label) }
        // Each app part in its own <bdi>, the reader's words outside: a right-to-left label
        // neither sets the line's direction nor moves "button" after it. An utterance that is
        // all the app's (or all the reader's) is its own paragraph (`.text` is plaintext).
        page.open("span", ["class": "text"])
        if utterance.segments.count > 1 {
            for segment in utterance.segments {
                if segment.isApp { page.isolated(segment.text) } else { page.text(segment.text) }
            }
        } else {
            page.text(utterance.text)
        }
        page.close("span")
        if utterance.isOverBudget, let budget = utterance.appBudgetSeconds {
            page.element("span", ["class": "flag", "lang": lang], text: words.overBudget(appSeconds: utterance.appSeconds, budget: budget))
        }
        page.close("li")
    }
}

/// Reads a WAV the audio writer wrote, for embedding: at half espeak-ng's 22,050 Hz (pairs of
/// samples averaged, a gentle low-pass) and in 8-bit G.711 µ-law (`WAVE_FORMAT_MULAW`, the
/// telephone's logarithmic 8 bits: far less hiss than 8-bit linear samples), a quarter of the
/// bytes — the English demo's page with audio is about 8 MB instead of 16. Chromium, Firefox and
/// Safari play µ-law WAV; the folder keeps the full-rate 16-bit files.
enum PageAudio {
    static func read(directory: String, file: String) -> [UInt8]? {
        guard AudioWriter.isPlainName(file), let bytes = PreviewFileReading.contents(AudioWriter.join(directory, file)),
              let audio = try? PCMAudio(wav: bytes) else { return nil }
        return muLawWAV(halved(audio))
    }

    static func halved(_ audio: PCMAudio) -> PCMAudio {
        guard audio.sampleRate >= 16000, audio.sampleRate % 2 == 0 else { return audio }
        var samples = [Int16](repeating: 0, count: audio.samples.count / 2)
        for i in 0..<samples.count {
            samples[i] = Int16((Int32(audio.samples[2 * i]) + Int32(audio.samples[2 * i + 1])) / 2)
        }
        return PCMAudio(sampleRate: audio.sampleRate / 2, samples: samples)
    }

    /// G.711 µ-law of one 16-bit sample (ITU-T G.711, with its bias of 0x84 and clip at 32,635).
    static func muLaw(_ sample: Int16) -> UInt8 {
        var value = Int32(sample)
        let sign: UInt8 = value < 0 ? 0x80 : 0
        if value < 0 { value = -value }
        value = min(value, 32635) + 0x84
        var exponent: UInt8 = 7
        var mask: Int32 = 0x4000
        while exponent > 0 && value & mask == 0 {
            exponent -= 1
            mask >>= 1
        }
        let mantissa = UInt8((value >> (Int32(exponent) + 3)) & 0x0F)
        return ~(sign | exponent << 4 | mantissa)
    }

    /// A mono µ-law WAV: RIFF, an 18-byte `fmt ` chunk (format 7, 8 bits, cbSize 0), the `fact`
    /// chunk non-PCM formats carry (the sample count), and the samples.
    static func muLawWAV(_ audio: PCMAudio) -> [UInt8] {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        let count = audio.samples.count
        var out: [UInt8] = []
        out.reserveCapacity(58 + count + 1)
        out += Array("RIFF".utf8) + le32(50 + count + count % 2) + Array("WAVE".utf8)
        out += Array("fmt ".utf8) + le32(18) + le16(7) + le16(1) + le32(audio.sampleRate) + le32(audio.sampleRate) + le16(1) + le16(8)
            + le16(0)
        out += Array("fact".utf8) + le32(4) + le32(count)
        out += Array("data".utf8) + le32(count)
        for sample in audio.samples { out.append(muLaw(sample)) }
        if count % 2 == 1 { out.append(0) }  // chunks are padded to an even length
        return out
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
