import SpeakableDescribers

/// Every cell of one board of a scenario, as one screen reader speaks it in one locale — what
/// the web page draws as an ARIA grid.
public struct BoardPreview: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case sudoku, block
    }

    /// The scenario item, from 1.
    public var item: Int
    public var kind: Kind
    /// The item's title, if it has one ("DailySudoku").
    public var title: String?
    public var rows: Int
    public var columns: Int
    /// The board element's name: VoiceOver's label or TalkBack's content description ("Board, 9 by 9").
    public var name: String
    /// Row-major.
    public var cells: [CellPreview]
}

/// One cell of a ``BoardPreview``.
public struct CellPreview: Hashable, Sendable {
    /// From 1.
    public var row: Int
    public var column: Int
    /// What the cell shows on screen: a digit, notes ("1 5 9"), or nothing.
    public var display: String
    /// How it looks: "given", "value", "error", "notes", "empty" (Sudoku); "filled", "ink",
    /// "marked", "empty" (block boards), space-separated.
    public var style: String
    /// Its accessible name on this platform (VoiceOver's label; TalkBack's content description,
    /// with the state description first when it has one).
    public var name: String
    /// Its hint as the screen reader speaks it ("Selects the cell.", "Double-tap to select the cell").
    public var hint: String?
    public var isSelected: Bool
    /// What focus on it says, by how focus arrived (``GridTransition`` raw values for TalkBack;
    /// VoiceOver says the same every time, under "both").
    public var speech: [String: [Utterance]]
    /// What focus on it says once its selection is the other way round (a Sudoku cell selected
    /// or deselected on the page), keyed as ``speech``; empty where a cell cannot be selected.
    public var toggledSpeech: [String: [Utterance]] = [:]
    /// For a Sudoku cell a digit can go into (not a given one): what it is called, and what is
    /// announced, after each digit 1–9 is placed (index 0 is the digit 1).
    public var placements: [CellPlacement]
}

/// A Sudoku cell after a digit is placed in it.
public struct CellPlacement: Hashable, Sendable {
    public var digit: Int
    /// The cell's new accessible name.
    public var name: String
    /// What the screen reader announces: VoiceOver the new label; TalkBack the new content
    /// description (it speaks a focused node's changed description).
    public var announcement: String
    /// Its estimated speaking time.
    public var announcementSeconds: Double
    /// What focus on the cell says once the digit is in it, keyed as ``CellPreview/speech``.
    public var speech: [String: [Utterance]] = [:]
    /// The same with the cell's selection the other way round (``CellPreview/toggledSpeech``).
    public var toggledSpeech: [String: [Utterance]] = [:]
}

extension LocalePreview {
    func board(of described: DescribedItem, platform: Platform) -> BoardPreview? {
        switch described.item.kind {
        case .sudokuBoard(let board, _):
            let frame = describer.describe(board.frame)
            var cells: [CellPreview] = []
            for cell in board.cells {
                let text = describer.describe(cell)
                var placements: [CellPlacement] = []
                if case .given = cell.content {} else {
                    for digit in 1...9 {
                        var placed = cell
                        placed.content = .value(digit)
                        let after = describer.describe(placed)
                        let name = platform == .voiceOver ? after.voiceOver.label : after.talkBack.contentDescription
                        var placement = CellPlacement(digit: digit, name: name, announcement: name,
                                                      announcementSeconds: composer.announcement(name, budgets: UtteranceBudgets())
                                                          .estimatedSeconds)
                        // Focus on the cell again says its new content, selected as it is or not.
                        placement.speech = self.cell(row: cell.row, column: cell.column, text: after, display: "", style: "",
                                                     selected: placed.isSelected, platform: platform, described: described,
                                                     placements: []).speech
                        placed.isSelected.toggle()
                        placement.toggledSpeech = self.cell(row: cell.row, column: cell.column, text: describer.describe(placed),
                                                            display: "", style: "", selected: placed.isSelected, platform: platform,
                                                            described: described, placements: []).speech
                        placements.append(placement)
                    }
                }
                let (display, style) = Self.look(of: cell.content)
                var preview = self.cell(row: cell.row, column: cell.column, text: text, display: display, style: style,
                                        selected: cell.isSelected, platform: platform, described: described, placements: placements)
                var toggled = cell
                toggled.isSelected.toggle()
                preview.toggledSpeech = self.cell(row: cell.row, column: cell.column, text: describer.describe(toggled), display: display,
                                                  style: style, selected: toggled.isSelected, platform: platform, described: described,
                                                  placements: []).speech
                cells.append(preview)
            }
            return BoardPreview(item: described.index, kind: .sudoku, title: described.item.title, rows: board.rows,
                                columns: board.columns, name: name(of: frame, platform), cells: cells)
        case .blockBoard(let board, let piece, _):
            let frame = describer.describe(board)
            let texts = describer.describeCells(of: board, placing: piece)
            var cells: [CellPreview] = []
            for (i, text) in texts.enumerated() {
                let row = i / board.columns + 1, column = i % board.columns + 1
                let model = board[row, column]
                var style: [String] = [model.isFilled ? "filled" : "empty"]
                if model.hasInk { style.append("ink") }
                if model.isMarkedToClear { style.append("marked") }
                cells.append(cell(row: row, column: column, text: text, display: "", style: style.joined(separator: " "),
                                  selected: false, platform: platform, described: described, placements: []))
            }
            return BoardPreview(item: described.index, kind: .block, title: described.item.title, rows: board.rows,
                                columns: board.columns, name: name(of: frame, platform), cells: cells)
        default:
            return nil
        }
    }

    static func look(of content: SudokuCell.Content) -> (String, String) {
        switch content {
        case .empty: ("", "empty")
        case .given(let d): (String(d), "given")
        case .value(let d): (String(d), "value")
        case .error(let d): (String(d), "error")
        case .notes(let digits): (Set(digits).sorted().map(String.init).joined(separator: " "), "notes")
        }
    }

    func name(of text: AccessibleText, _ platform: Platform) -> String {
        switch platform {
        case .voiceOver: return text.voiceOver.label
        case .talkBack:
            let t = text.talkBack
            return [t.stateDescription, t.contentDescription].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    func cell(row: Int, column: Int, text: AccessibleText, display: String, style: String, selected: Bool, platform: Platform,
              described: DescribedItem, placements: [CellPlacement]) -> CellPreview {
        var speech: [String: [Utterance]] = [:]
        switch platform {
        case .voiceOver:
            speech[GridTransition.both.rawValue] = composer.voiceOver(text.voiceOver, budgets: described.budgets)
        case .talkBack:
            let place = place(of: text, in: described)
            for transition in GridTransition.allCases {
                speech[transition.rawValue] = composer.talkBack(text.talkBack, place: place, transition: transition, leavingGrid: false,
                                                                budgets: described.budgets)
            }
        }
        let hint = speech[GridTransition.both.rawValue]?.first { $0.kind == .hint }?.text
        return CellPreview(row: row, column: column, display: display, style: style, name: name(of: text, platform), hint: hint,
                           isSelected: selected, speech: speech, placements: placements)
    }
}
