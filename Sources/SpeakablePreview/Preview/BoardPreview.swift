public import SpeakableDescribers

/// Every cell of one board of a scenario, as one screen reader speaks it in one locale — what
/// the web page draws as an ARIA grid.
public struct BoardPreview: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A team's own board (a scenario's `grid`).
        case sudoku, block, grid
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
    /// Its fields: the page composes what focus on it says as the reviewer moves (TalkBack's
    /// row and column as they change, "In grid …" on the way in).
    public var text: AccessibleText
    /// Its fields once its selection is the other way round (a Sudoku cell selected or
    /// deselected on the page); nil where a cell cannot be selected.
    public var toggledText: AccessibleText? = nil
    /// The budgets of its words.
    public var budgets: UtteranceBudgets
    /// For a Sudoku cell a digit can go into (not a given one): what it is called, and what is
    /// announced, after each digit 1–9 is placed (index 0 is the digit 1).
    public var placements: [CellPlacement]
}

/// A Sudoku cell after a digit is placed in it.
public struct CellPlacement: Hashable, Sendable {
    public var digit: Int
    /// The cell's new accessible name — also what the screen reader announces: VoiceOver the new
    /// label; TalkBack the new content description (it speaks a focused node's changed description).
    public var name: String
    /// The cell's fields once the digit is in it, and with its selection the other way round.
    public var text: AccessibleText
    public var toggledText: AccessibleText
}

extension LocalePreview {
    /// The boards of a scenario as the page draws them: each board item, with the standalone
    /// cells that follow it (`sudokuCell`, `blockCell`: cells of the last board of their kind)
    /// drawn on it; standalone cells before any board of their kind on a board of their own
    /// (9 × 9, 8 × 8), named after the first of them.
    func boards(_ items: [DescribedItem], platform: Platform) -> [BoardPreview] {
        var order: [String] = []
        var owners: [String: DescribedItem] = [:]
        var sudoku: [String: SudokuBoard] = [:]
        var block: [String: BlockBoard] = [:]
        for described in items {
            guard let grid = described.grid else { continue }
            if owners[grid.id] == nil {
                owners[grid.id] = described
                order.append(grid.id)
            }
            switch described.item.kind {
            case .sudokuBoard(let board, _):
                sudoku[grid.id] = board
            case .blockBoard(let board, _, _):
                block[grid.id] = board
            case .sudokuCell(let cell):
                var board = sudoku[grid.id] ?? SudokuBoard(rows: grid.rows, columns: grid.columns)
                guard cell.row <= board.rows, cell.column <= board.columns else { continue }
                board[cell.row, cell.column] = cell.content
                if cell.isSelected { board.selected = GridPosition(row: cell.row, column: cell.column) }
                sudoku[grid.id] = board
            case .blockCell(let cell):
                var board = block[grid.id] ?? BlockBoard(rows: grid.rows, columns: grid.columns)
                guard board.contains(cell.position) else { continue }
                board[cell.row, cell.column] = cell
                block[grid.id] = board
            default:
                break
            }
        }
        return order.compactMap { id in
            board(of: owners[id]!, platform: platform, sudoku: sudoku[id], block: block[id])
        }
    }

    /// One board item as the page draws it; `sudoku`/`block`: the board with the standalone
    /// cells drawn on it (or a board of standalone cells alone).
    func board(of described: DescribedItem, platform: Platform, sudoku: SudokuBoard? = nil, block: BlockBoard? = nil) -> BoardPreview? {
        if let sudoku, case .sudokuCell = described.item.kind {
            return board(sudoku: sudoku, described: described, platform: platform)
        }
        if let block, case .blockCell = described.item.kind {
            return board(block: block, piece: nil, described: described, platform: platform)
        }
        switch described.item.kind {
        case .sudokuBoard(let board, _):
            return self.board(sudoku: sudoku ?? board, described: described, platform: platform)
        case .blockBoard(let board, let piece, _):
            return self.board(block: block ?? board, piece: piece, described: described, platform: platform)
        case .grid(let grid):
            return self.board(grid: grid, described: described, platform: platform)
        default:
            return nil
        }
    }

    func board(sudoku board: SudokuBoard, described: DescribedItem, platform: Platform) -> BoardPreview {
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
                    // Focus on the cell again says its new content, selected as it is or not.
                    placed.isSelected.toggle()
                    placements.append(CellPlacement(digit: digit, name: name, text: after, toggledText: describer.describe(placed)))
                }
            }
            let (display, style) = Self.look(of: cell.content)
            var preview = self.cell(row: cell.row, column: cell.column, text: text, display: display, style: style,
                                    selected: cell.isSelected, platform: platform, described: described, placements: placements)
            var toggled = cell
            toggled.isSelected.toggle()
            preview.toggledText = describer.describe(toggled)
            cells.append(preview)
        }
        return BoardPreview(item: described.index, kind: .sudoku, title: described.item.title, rows: board.rows,
                            columns: board.columns, name: name(of: frame, platform), cells: cells)
    }

    func board(block board: BlockBoard, piece: Piece?, described: DescribedItem, platform: Platform) -> BoardPreview {
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
    }

    func board(grid: GridSpec, described: DescribedItem, platform: Platform) -> BoardPreview {
        let frame = describer.describe(grid)
        var cells: [CellPreview] = []
        for cell in grid.allCells {
            let text = describer.describe(cell: cell, of: grid)
            let element = grid.element(of: cell)
            // What the cell shows: its value, else its label (the page adds "selected" itself).
            let display = (element.value ?? element.label).map { describer.text(of: $0) } ?? ""
            cells.append(self.cell(row: cell.position.row, column: cell.position.column, text: text, display: display,
                                   style: "own", selected: element.isSelected, platform: platform,
                                   described: described, placements: []))
        }
        return BoardPreview(item: described.index, kind: .grid, title: described.item.title, rows: grid.rows,
                            columns: grid.columns, name: name(of: frame, platform), cells: cells)
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
        case .voiceOver: return [text.voiceOver.label, text.voiceOver.value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        case .talkBack:
            let t = text.talkBack
            return [t.stateDescription, t.contentDescription].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    func cell(row: Int, column: Int, text: AccessibleText, display: String, style: String, selected: Bool, platform: Platform,
              described: DescribedItem, placements: [CellPlacement]) -> CellPreview {
        let after = platform == .voiceOver ? composer.voiceOverAfterFocus(text.voiceOver, budgets: described.budgets)
                                           : composer.talkBackAfterFocus(text.talkBack, budgets: described.budgets)
        let hint = after.first { $0.kind == .hint }?.text
        return CellPreview(row: row, column: column, display: display, style: style, name: name(of: text, platform), hint: hint,
                           isSelected: selected, text: text, budgets: described.budgets, placements: placements)
    }
}
