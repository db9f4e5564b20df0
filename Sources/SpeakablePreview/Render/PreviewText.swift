public import SpeakableJSON
import SpeakableEscaping

/// A preview as terminal text: one block per locale and platform, one line per utterance with
/// its estimated speaking time first (so the text can be any width and any script). Text from
/// the project and the scenario is shown with its controls, line separators and bidirectional
/// overrides as `\u{…}` (``VisibleText/terminalLine(_:)``): a translation cannot send escape
/// sequences to the terminal or start a line of its own.
///
/// ```
/// == VoiceOver · en · 52 elements · 3 min 57 s · 6 over budget ==
/// [1] sudokuBoard DailySudoku: board
///     1.2 s  Board, 9 by 9
/// [1] sudokuBoard DailySudoku: row 1, column 1
///     4.0 s  Row 1, column 1, given 5, button, selected
///     0.9 s  hint: Selects the cell.
/// [1] sudokuBoard DailySudoku: row 9, column 9
///     (jump: a right swipe from row 1, column 1 reaches row 1, column 2)
///     3.1 s  Row 9, column 9, given 9, button
///     0.9 s  hint: Selects the cell.
///     0.6 s  on double tap: selected
/// ```
///
/// An element the listing reaches by a jump rather than a right swipe says so first
/// (``Arrival``); a warning about what the screen reader will say follows its utterances as
/// `note:`.
public enum PreviewText {
    /// The whole preview; `colour` adds ANSI colours (use it only on a terminal). With the
    /// `audio` of `--audio`, each element's measured length (its WAV) follows its utterances,
    /// beside the estimate of the same speech and pauses, and each section says both totals.
    public static func render(_ preview: Preview, colour: Bool, audio: AudioIndex? = nil) -> String {
        var out = ""
        let style = Style(colour: colour)
        out += style.dim("Estimated speaking times (calibrated on espeak-ng). A hint or announcement follows after "
                         + seconds(SpeechComposer.hintPause) + "; ! marks app words over their budget.") + "\n"
        var measured: [Int: [Int: AudioIndex.Item]] = [:]
        for item in audio?.items ?? [] { measured[item.section, default: [:]][item.element] = item }
        for (index, section) in preview.sections.enumerated() {
            out += "\n" + render(section, style: style, measured: measured[index] ?? [:])
        }
        return out
    }

    /// One locale and platform.
    public static func render(_ section: PreviewSection, colour: Bool) -> String {
        render(section, style: Style(colour: colour))
    }

    static func render(_ section: PreviewSection, style: Style, measured: [Int: AudioIndex.Item] = [:]) -> String {
        var out = ""
        var header = "== \(section.platform.displayName) · \(VisibleText.terminalLine(section.locale)) · \(section.elements.count) elements · "
            + duration(section.estimatedSeconds)
        let over = section.overBudgetCount
        header += over == 0 ? " · all within budget ==" : " · \(over) over budget =="
        out += style.bold(header) + "\n"
        if !measured.isEmpty {
            let heard = measured.values.reduce(0) { $0 + $1.measuredSeconds }
            out += style.dim("(espeak-ng: \(duration(heard)) measured, \(duration(measured.values.reduce(0) { $0 + $1.estimatedSeconds })) "
                             + "estimated for the same speech)") + "\n"
        }
        if !section.screenReaderWordsKnown {
            out += style.dim("(\(section.platform.displayName)'s own words are shown in English: the preview has no \(section.locale) list)")
                + "\n"
        }
        for (index, element) in section.elements.enumerated() {
            out += style.bold(VisibleText.terminalLine("[\(element.item)] \(element.type)" + (element.title.isEmpty ? "" : " \(element.title)")))
                + "\n"
            if let jump = element.arrival.explanation {
                out += "    " + style.dim("(" + jump + ")") + "\n"
            }
            for utterance in element.utterances {
                out += line(utterance, style: style) + "\n"
            }
            if let item = measured[index] {
                out += "    " + style.dim("espeak-ng: \(seconds(item.measuredSeconds)) measured, \(seconds(item.estimatedSeconds)) estimated") + "\n"
            }
            for note in element.notes {
                out += "    " + style.yellow("note:") + " " + VisibleText.terminalLine(note) + "\n"
            }
        }
        return out
    }

    static func line(_ utterance: Utterance, style: Style) -> String {
        let time = pad(seconds(utterance.estimatedSeconds), to: 7)
        let flag = utterance.isOverBudget ? "!" : " "
        let tag: String
        switch utterance.kind {
        case .focus: tag = ""
        case .hint: tag = style.cyan("hint:") + " "
        case .announcement: tag = style.cyan("announcement:") + " "
        case .activation: tag = style.cyan("on double tap:") + " "
        }
        var line = "  " + (utterance.isOverBudget ? style.red(time + flag) : style.dim(time) + flag) + " " + tag + VisibleText.terminalLine(utterance.text)
        if utterance.isOverBudget, let budget = utterance.appBudgetSeconds {
            line += "  " + style.red("[app words \(hundredths(utterance.appSeconds)), budget \(hundredths(budget))]")
        }
        return line
    }

    static func seconds(_ value: Double) -> String { PreviewFormat.seconds(value) }
    static func duration(_ value: Double) -> String { PreviewFormat.duration(value) }

    /// "2.54 s": close calls need the second decimal.
    static func hundredths(_ value: Double) -> String {
        let n = Int((value * 100).rounded())
        return "\(n / 100).\(n % 100 < 10 ? "0" : "")\(n % 100) s"
    }

    static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    struct Style {
        let colour: Bool
        func paint(_ text: String, _ code: String) -> String { colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        func bold(_ text: String) -> String { paint(text, "1") }
        func dim(_ text: String) -> String { paint(text, "2") }
        func red(_ text: String) -> String { paint(text, "1;31") }
        func cyan(_ text: String) -> String { paint(text, "36") }
        func yellow(_ text: String) -> String { paint(text, "33") }
    }
}

/// A preview as JSON (`speakable preview --json`).
public enum PreviewJSON {
    /// Seconds to the hundredth, as JSON numbers.
    static func seconds(_ value: Double) -> JSONValue { .double((value * 100).rounded() / 100) }

    /// `{"scenario", "pauseBeforeHintSeconds", "previews": [{"locale", "platform", "hintStyle",
    /// "screenReaderWordsKnown", "estimatedSeconds", "overBudget", "elements": [{"item", "type",
    /// "line", "title", "estimatedSeconds", "budgetSeconds", "overBudget", "arrival", "jump",
    /// "notes", "utterances": [{"kind", "text", "pauseBeforeSeconds", "estimatedSeconds",
    /// "budgetSeconds", "appText", "appSeconds", "appBudgetSeconds", "overBudget"}]}]}]}`.
    /// `arrival` is `first`, `swipe`, `jump` or `announcement`; `jump` explains a jump (else
    /// null); `notes` are warnings ([] when none). With the `audio` of `--audio`, each section
    /// also has `"measuredSeconds"` and each element `"measuredSeconds"` and `"audio"` (its WAV's
    /// name in the audio folder).
    public static func render(_ preview: Preview, audio: AudioIndex? = nil) -> JSONValue {
        var measured: [Int: [Int: AudioIndex.Item]] = [:]
        for item in audio?.items ?? [] { measured[item.section, default: [:]][item.element] = item }
        return .object([
            ("scenario", .string(preview.scenarioName)),
            ("pauseBeforeHintSeconds", seconds(SpeechComposer.hintPause)),
            ("previews", .array(preview.sections.enumerated().map { index, section in
                self.section(section, measured: audio == nil ? nil : measured[index] ?? [:])
            })),
        ])
    }

    static func section(_ section: PreviewSection, measured: [Int: AudioIndex.Item]? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("locale", .string(section.locale)),
            ("platform", .string(section.platform.rawValue)),
            ("hintStyle", .string(section.hintStyle.rawValue)),
            ("screenReaderWordsKnown", .bool(section.screenReaderWordsKnown)),
            ("estimatedSeconds", seconds(section.estimatedSeconds)),
        ]
        if let measured { members.append(("measuredSeconds", seconds(measured.values.reduce(0) { $0 + $1.measuredSeconds }))) }
        members += [
            ("overBudget", .int(Int64(section.overBudgetCount))),
            ("elements", .array(section.elements.enumerated().map { index, spoken in
                element(spoken, measured: measured.map { $0[index] })
            })),
        ]
        return .object(members)
    }

    /// `measured`: nil without audio; else the element's WAV, when it has one.
    static func element(_ element: SpokenElement, measured: AudioIndex.Item?? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("item", .int(Int64(element.item))),
            ("type", .string(element.type)),
            ("line", .int(Int64(element.line))),
            ("title", .string(element.title)),
            ("estimatedSeconds", seconds(element.estimatedSeconds)),
        ]
        if let measured {
            members.append(("measuredSeconds", measured.map { seconds($0.measuredSeconds) } ?? .null))
            members.append(("audio", measured.map { .string($0.file) } ?? .null))
        }
        members += [
            ("budgetSeconds", element.budgetSeconds.map(seconds) ?? .null),
            ("overBudget", .bool(element.isOverBudget)),
            ("arrival", .string(element.arrival.name)),
            ("jump", element.arrival.explanation.map { .string($0) } ?? .null),
            ("notes", .array(element.notes.map { .string($0) })),
            ("utterances", .array(element.utterances.map(utterance))),
        ]
        return .object(members)
    }

    static func utterance(_ utterance: Utterance) -> JSONValue {
        .object([
            ("kind", .string(utterance.kind.rawValue)),
            ("text", .string(utterance.text)),
            ("pauseBeforeSeconds", seconds(utterance.pauseBefore)),
            ("estimatedSeconds", seconds(utterance.estimatedSeconds)),
            ("budgetSeconds", utterance.budgetSeconds.map(seconds) ?? .null),
            ("appText", .string(utterance.appText)),
            ("appSeconds", seconds(utterance.appSeconds)),
            ("appBudgetSeconds", utterance.appBudgetSeconds.map(seconds) ?? .null),
            ("overBudget", .bool(utterance.isOverBudget)),
        ])
    }
}
