import SpeakableMessages

extension Describer {
    /// A Sudoku cell. VoiceOver gets position and content in the label, `button` and `selected`
    /// as traits; TalkBack gets the content as the description, the selection as `selected`, and
    /// the position as `collectionItemInfo` — each said once.
    ///
    /// ```swift
    /// let text = describer.describe(SudokuCell(row: 4, column: 6, content: .notes([9, 1, 5])))
    /// text.voiceOver.label              // "Row 4, column 6, notes 1, 5, 9"
    /// text.talkBack.contentDescription  // "notes 1, 5, 9"
    /// // ko: "4행 6열, 메모 1, 5, 9" / "메모 1, 5, 9"
    /// ```
    public func describe(_ cell: SudokuCell) -> AccessibleText {
        let (content, digit, notes) = arguments(for: cell.content)
        let label = text(.sudokuCellLabel, number(cell.row), number(cell.column), content, digit, notes, count: 5)
        let description = text(.sudokuCellContent, content, digit, notes, count: 3)
        var traits: VoiceOverTraits = .button
        if cell.isSelected { traits.insert(.selected) }
        // A double tap selects the cell: VoiceOver gains the `.selected` trait, TalkBack's click
        // finds the node selected.
        return AccessibleText(
            voiceOver: VoiceOverText(label: label, traits: traits, hint: sudokuHint, selectsOnActivation: true),
            talkBack: TalkBackText(contentDescription: description, role: .button, isSelected: cell.isSelected,
                                   clickLabel: sudokuAction,
                                   collectionItemInfo: CollectionItemInfo(rowIndex: cell.row - 1, columnIndex: cell.column - 1),
                                   selectsOnClick: true))
    }

    /// Every cell of a board, row-major (the order of the accessibility elements).
    public func describe(_ board: SudokuBoard) -> [AccessibleText] {
        board.cells.map { describe($0) }
    }

    private func arguments(for content: SudokuCell.Content) -> (MessageArgument?, MessageArgument?, MessageArgument?) {
        switch content {
        case .empty: return ("empty", 0, "")
        case .given(let d): return ("given", number(d), "")
        case .value(let d): return ("value", number(d), "")
        case .error(let d): return ("error", number(d), "")
        case .notes(let digits):
            return ("notes", 0, .string(list(Set(digits).sorted().map { digitsText($0) })))
        }
    }

    /// A board's frame: "Board, 8 by 8" (ko "게임판, 행 8개, 열 8개"), with the grid size for VoiceOver's
    /// data table and TalkBack's `collectionInfo`. Its content description sits on the node that
    /// carries `collectionInfo`, so it is also the grid's name: TalkBack says "In grid Board, 8 by
    /// 8, 8 rows, 8 columns" when focus enters the grid and "Out of grid Board, 8 by 8" when it
    /// leaves.
    public func describe(_ board: Board) -> AccessibleText {
        let label = text(.boardLabel, [.string(board.name ?? boardName), number(board.rows), number(board.columns)])
        let size = GridSize(rows: board.rows, columns: board.columns)
        return AccessibleText(voiceOver: VoiceOverText(label: label, dataTable: size),
                              talkBack: TalkBackText(contentDescription: label, collectionInfo: size))
    }
}
