import SpeakableDescribers
import SpeakableEscaping
import SpeakableICU
import SpeakableJSON
import SpeakableSpeech

/// How a piece of speech counts towards its estimated length (``SpokenLength``), so that the
/// page's script can time what it puts together: syllables, words and pauses inside it, and the
/// pause it makes at its start (`lead`) and end (`trail`) when something is spoken before or
/// after it (0 none, 1 short, 2 long) — a text that ends a sentence makes a long pause before
/// whatever follows.
struct PartCounts: Hashable, Sendable {
    var syllables: Int
    var words: Int
    var shortPauses: Int
    var longPauses: Int
    var lead: Int
    var trail: Int

    /// The counts of `text` alone, and its pauses at either end found by speaking it after and
    /// before a word ("x").
    static func of(_ text: String, locale: ICULocale) -> PartCounts {
        let alone = SpokenLength.count(text, locale: locale)
        let word = SpokenLength.count("x", locale: locale)
        func pause(_ joined: String, words: Int) -> Int {
            let both = SpokenLength.count(joined, locale: locale)
            let long = both.longPauses - alone.longPauses - words * word.longPauses
            let short = both.shortPauses - alone.shortPauses - words * word.shortPauses
            return long > 0 ? 2 : short > 0 ? 1 : 0
        }
        var counts = PartCounts(syllables: alone.syllables, words: alone.words, shortPauses: alone.shortPauses,
                                longPauses: alone.longPauses, lead: 0, trail: 0)
        if alone.words == 0 {
            // Punctuation alone: its pause falls between what comes before and after it.
            counts.lead = pause("x " + text + " x", words: 2)
            counts.trail = counts.lead
        } else {
            counts.lead = pause("x " + text, words: 1)
            counts.trail = pause(text + " x", words: 1)
        }
        return counts
    }

    /// Parts spoken one after another as a screen reader joins them (``SpeechComposer/join(_:)``:
    /// ", " between them, a space after a sentence's end): the text and its estimated seconds —
    /// exactly what the page's script computes, and what ``SpokenLength`` says of the joined text.
    static func compose(_ parts: [(text: String, counts: PartCounts)], profile: SpokenLength.Profile) -> (text: String, seconds: Double) {
        var syllables = 0, words = 0, short = 0, long = 0
        var pending = 0
        var seen = false
        var previous: String?
        for (text, counts) in parts where !text.isEmpty {
            if let previous { pending = max(pending, endsSentence(previous) ? 0 : 1) }
            previous = text
            if counts.words == 0 {
                pending = max(pending, counts.lead)
                continue
            }
            pending = max(pending, counts.lead)
            if seen {
                if pending == 2 { long += 1 } else if pending == 1 { short += 1 }
            }
            syllables += counts.syllables
            words += counts.words
            short += counts.shortPauses
            long += counts.longPauses
            pending = counts.trail
            seen = true
        }
        let seconds = Double(syllables) * profile.perSyllable + Double(words) * profile.perWord
            + Double(short) * profile.shortPause + Double(long) * profile.longPause
        return (SpeechComposer.join(parts.map(\.text)), seconds)
    }

    static func endsSentence(_ text: String) -> Bool {
        guard let last = text.unicodeScalars.last else { return false }
        return ".!?。！？".unicodeScalars.contains(last)
    }
}

/// The data one section of the page gives its script (JSON in a `<script type="application/json">`):
/// not every utterance of every cell for every way focus can arrive, but the pieces they are made
/// of, which the script joins and times as the reviewer moves — TalkBack's row and column as they
/// change, "In grid …" on the way in, "Out of grid …" on the way out, a cell's selection, a digit
/// placed. Each text is written once (`p`: parts with their counts, `u`: whole utterances) and
/// referred to by its index.
///
/// ```
/// {"locale": "en", "platform": "talkback", "ui": {…}, "pr": [perSyllable, perWord, shortPause, longPause],
///  "p": [[text, syllables, words, shortPauses, longPauses, lead, trail]…],
///  "u": [[kind, text, seconds, label, overBudget]…], "rw": [p of "Row 1"…], "cw": [p of "Column 1"…],
///  "elements": [{"t": title, "s": [u…], "f": [p…]}],
///  "boards": [{"e": p, "x": p, "c": [[selected, [name, f0, f1, r0, r1, o0, o1], …digits 1–9]]}]}
/// ```
///
/// An element's `s` is what it says in swipe order; `f` (TalkBack, outside a grid) the parts of
/// its focus utterance, to which the script adds "Out of grid ‹name›" when focus comes straight
/// from a grid. A cell's variants are its content as the page shows it (then after each digit
/// 1–9): its name, the parts of its focus utterance unselected and selected (`f0`, `f1`; the
/// script adds TalkBack's coordinates and `e`), what follows focus (`r0`, `r1`: hints,
/// announcements, what a double tap says) and the over-budget flag of the focus utterance.
struct PageData {
    let section: PreviewSection
    let composer: SpeechComposer
    let words: PageWords
    let locale: ICULocale

    private var parts: [JSONValue] = []
    private var partIndex: [String: Int] = [:]
    private var utterances: [JSONValue] = []
    private var utteranceIndex: [[String]: Int] = [:]

    init(section: PreviewSection) {
        self.section = section
        let locale = (try? ICULocale(section.locale)) ?? .english
        self.locale = locale
        self.composer = SpeechComposer(locale: locale)
        self.words = PageWords(locale: section.locale, platform: section.platform)
    }

    /// The index of `text` in `p`.
    mutating func part(_ text: String) -> Int {
        if let known = partIndex[text] { return known }
        let c = PartCounts.of(text, locale: locale)
        // Shown with any override it leaves open made visible (VisibleText.bidiBalanced), as
        // everything else on the page; counted as it is spoken.
        parts.append(.array([.string(VisibleText.bidiBalanced(text)), .int(Int64(c.syllables)), .int(Int64(c.words)), .int(Int64(c.shortPauses)),
                             .int(Int64(c.longPauses)), .int(Int64(c.lead)), .int(Int64(c.trail))]))
        partIndex[text] = parts.count - 1
        return parts.count - 1
    }

    func overText(_ utterance: Utterance) -> String {
        guard utterance.isOverBudget, let budget = utterance.appBudgetSeconds else { return "" }
        return words.overBudget(appSeconds: utterance.appSeconds, budget: budget)
    }

    /// `utterance`'s text as the script shows it: among the reader's words, each app part
    /// that holds right-to-left letters or bidirectional controls isolated (FSI … PDI), as the
    /// script isolates the parts it composes; any override a part leaves open shown as
    /// `\u{202E}` (VisibleText.bidiBalanced). An utterance that is all the app's is its own
    /// paragraph.
    static func isolatedText(_ utterance: Utterance) -> String {
        guard utterance.segments.count > 1 else { return VisibleText.bidiBalanced(utterance.text) }
        var text = ""
        for segment in utterance.segments {
            let shown = VisibleText.bidiBalanced(segment.text)
            text += segment.isApp && needsIsolation(shown) ? "\u{2068}" + shown + "\u{2069}" : shown
        }
        return text
    }

    /// Whether `text` has right-to-left letters or bidirectional controls: the script's
    /// `needsIsolation` (Hebrew to Arabic presentation forms, RLM, embeddings, overrides and
    /// isolates, the right-to-left scripts of the supplementary planes).
    static func needsIsolation(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFC, 0x200F, 0x202A...0x202E, 0x2066...0x2069,
                 0x10800...0x10BFF, 0x1E800...0x1EBFF: true
            default: false
            }
        }
    }

    /// The index of `utterance` in `u`.
    mutating func utterance(_ utterance: Utterance) -> Int {
        let row = [utterance.kind.rawValue, Self.isolatedText(utterance), PreviewFormat.seconds(utterance.estimatedSeconds),
                   words.kind(utterance) ?? "", overText(utterance)]
        if let known = utteranceIndex[row] { return known }
        utterances.append(.array(row.map { .string(VisibleText.bidiBalanced($0)) }))
        utteranceIndex[row] = utterances.count - 1
        return utterances.count - 1
    }

    /// What focus on `text` says before its place in a grid, and what follows focus.
    mutating func variant(_ text: AccessibleText, budgets: UtteranceBudgets) -> (focus: JSONValue, rest: JSONValue, over: JSONValue) {
        let (spoken, app): ([String], [String])
        let rest: [Utterance]
        switch section.platform {
        case .voiceOver:
            (spoken, app) = composer.voiceOverFocusParts(text.voiceOver)
            rest = composer.voiceOverAfterFocus(text.voiceOver, budgets: budgets)
        case .talkBack:
            (spoken, app) = composer.talkBackFocusParts(text.talkBack)
            rest = composer.talkBackAfterFocus(text.talkBack, budgets: budgets)
        }
        // The over-budget flag of the focus utterance: the app's words against the focus budget
        // (the screen reader's words are not counted).
        let focus = composer.utterance(.focus, SpeechComposer.join(spoken), app: SpeechComposer.join(app), pause: 0,
                                       budget: budgets.focus)
        let over = overText(focus)
        return (.array(spoken.filter { !$0.isEmpty }.map { .int(Int64(part($0))) }),
                .array(rest.map { .int(Int64(utterance($0))) }), over.isEmpty ? .int(0) : .string(over))
    }

    /// A cell's variant: `[name, f0, f1, r0, r1, o0, o1]`, from its fields as they are and with
    /// its selection the other way round.
    mutating func cellVariant(name: String, text: AccessibleText, toggled: AccessibleText?, selected: Bool,
                              budgets: UtteranceBudgets) -> JSONValue {
        let mine = variant(text, budgets: budgets)
        let other = toggled.map { variant($0, budgets: budgets) } ?? mine
        let (unselected, chosen) = selected ? (other, mine) : (mine, other)
        return .array([.int(Int64(part(name))), unselected.focus, chosen.focus, unselected.rest, chosen.rest, unselected.over,
                       chosen.over])
    }

    mutating func json() -> JSONValue {
        let profile = SpokenLength.Profile.forLanguage(locale.language)
        var elements: [JSONValue] = []
        for element in section.elements {
            var members: [(String, JSONValue)] = [("t", .string(VisibleText.bidiBalanced(words.title(of: element)))),
                                                  ("s", .array(element.utterances.map { .int(Int64(utterance($0))) }))]
            if section.platform == .talkBack, element.place == nil, let text = element.text {
                var focus = composer.talkBackFocusParts(text.talkBack).parts
                if text.talkBack.isHeading { focus.append(composer.phrases.talkBackHeading) }
                members.append(("f", .array(focus.filter { !$0.isEmpty }.map { .int(Int64(part($0))) })))
            }
            elements.append(.object(members))
        }
        var boards: [JSONValue] = []
        var rows = 0, columns = 0
        for board in section.boards {
            rows = max(rows, board.rows)
            columns = max(columns, board.columns)
            var members: [(String, JSONValue)] = []
            if section.platform == .talkBack {
                members.append(("e", .int(Int64(part(composer.phrases.talkBackGridEntered(name: board.name, rows: board.rows,
                                                                                         columns: board.columns))))))
                members.append(("x", .int(Int64(part(composer.phrases.talkBackGridLeft(name: board.name))))))
            }
            var cells: [JSONValue] = []
            for cell in board.cells {
                var variants: [JSONValue] = [.int(cell.isSelected ? 1 : 0),
                                             cellVariant(name: cell.name, text: cell.text, toggled: cell.toggledText,
                                                         selected: cell.isSelected, budgets: cell.budgets)]
                for placement in cell.placements {
                    variants.append(cellVariant(name: placement.name, text: placement.text, toggled: placement.toggledText,
                                                selected: cell.isSelected, budgets: cell.budgets))
                }
                cells.append(.array(variants))
            }
            members.append(("c", .array(cells)))
            boards.append(.object(members))
        }
        var result: [(String, JSONValue)] = [
            ("locale", .string(section.locale)),
            ("platform", .string(section.platform.rawValue)),
            ("ui", .object([("cell", .string(words.cellTemplate)), ("placed", .string(words.placedTemplate)),
                            ("cleared", .string(words.clearedTemplate)), ("activated", .string(words.activatedTemplate)),
                            ("announcement", .string(words.announcement)), ("nothing", .string(words.saysNothing))])),
            ("pr", .array([.double(profile.perSyllable), .double(profile.perWord), .double(profile.shortPause),
                           .double(profile.longPause)])),
        ]
        if section.platform == .talkBack {
            let rowWords = rows == 0 ? [] : (1...rows).map { JSONValue.int(Int64(part(composer.phrases.talkBackRow($0)))) }
            let columnWords = columns == 0 ? [] : (1...columns).map { JSONValue.int(Int64(part(composer.phrases.talkBackColumn($0)))) }
            result.append(("rw", .array(rowWords)))
            result.append(("cw", .array(columnWords)))
        }
        result.append(("elements", .array(elements)))
        result.append(("boards", .array(boards)))
        result.append(("p", .array(parts)))
        result.append(("u", .array(utterances)))
        return .object(result)
    }
}
