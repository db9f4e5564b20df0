import SpeakableCatalog
import SpeakableDescribers

/// What the preview adds to a spoken element besides its utterances: its fields, its place in a
/// grid (with the grid's name), whether it is a grid's own element, and warnings.
extension LocalePreview {
    /// The name TalkBack gives each grid of the scenario — the text of its collection node (the
    /// board element's content description, "Board, 9 by 9") — by the grid ids
    /// ``describeItems()`` gives: "item‹n›" for the board of item n, "sudoku" and "block" for
    /// the boards standalone cells belong to when the scenario has none.
    static func gridNames(of scenario: Scenario, describer: Describer) -> [String: String] {
        var names: [String: String] = [
            "sudoku": describer.describe(Board(rows: 9, columns: 9)).talkBack.contentDescription,
            "block": describer.describe(Board(rows: 8, columns: 8)).talkBack.contentDescription,
        ]
        for (index, item) in scenario.items.enumerated() {
            let frame: AccessibleText
            switch item.kind {
            case .sudokuBoard(let board, _): frame = describer.describe(board.frame)
            case .blockBoard(let board, _, _): frame = describer.describe(board)
            case .grid(let grid): frame = describer.describe(grid)
            default: continue
            }
            names["item\(index + 1)"] = frame.talkBack.contentDescription
        }
        return names
    }

    /// `spoken` with its fields, place, grid and notes.
    func annotated(_ spoken: SpokenElement, text: AccessibleText?, described: DescribedItem, platform: Platform) -> SpokenElement {
        var element = spoken
        element.text = text
        element.itemTitle = described.item.title
        element.place = place(of: text, in: described)
        if text?.talkBack.collectionInfo != nil, let grid = described.grid { element.gridRoot = grid.id }
        if let text { element.notes = Self.notes(for: text, platform: platform, hintStyle: describer.hintStyle) }
        return element
    }

    /// Warnings about what a screen reader will say for `text`.
    ///
    /// TalkBack speaks no iOS hint: an element whose only text is a hint says nothing on Android.
    ///
    /// VoiceOver speaks the hint it is given and never adds "Double tap to …" itself: a control
    /// with an action (TalkBack's click label) but no result hint says nothing of what it does
    /// in the `result` style.
    static func notes(for text: AccessibleText, platform: Platform, hintStyle: HintStyle) -> [String] {
        if platform == .talkBack {
            // TalkBack speaks no VoiceOver hint: an element with nothing but a hint says nothing.
            let talkBack = text.talkBack
            guard let hint = text.voiceOver.hint, !hint.isEmpty, talkBack.contentDescription.isEmpty,
                  (talkBack.stateDescription ?? "").isEmpty, (talkBack.clickLabel ?? "").isEmpty else { return [] }
            return ["TalkBack does not speak iOS hints (“\(hint)”): on Android, say what a control does with its "
                    + "click label (a message with the action role, “Double-tap to …”)"]
        }
        guard platform == .voiceOver, hintStyle == .result, let action = text.talkBack.clickLabel, !action.isEmpty,
              (text.voiceOver.hint ?? "").isEmpty else { return [] }
        return ["no VoiceOver hint: the element has an action (“\(action)”) but no result hint, and VoiceOver adds no "
                + "“Double tap to …” of its own; give it a result hint (“resultHint”, or a message with the hint role), "
                + "or use \"hintStyle\": \"gesture\""]
    }
}
