/// One Sudoku cell: where it is, what it holds, and whether it is selected.
///
/// ```swift
/// let cell = SudokuCell(row: 2, column: 7, content: .given(4))
/// describer.describe(cell).voiceOver.label            // "Row 2, column 7, given 4"
/// describer.describe(cell).talkBack.contentDescription // "given 4" (row and column go in collectionItemInfo)
/// // ko: "2행 7열, 주어진 숫자 4" / "주어진 숫자 4"
/// ```
public struct SudokuCell: Hashable, Sendable {
    /// What a cell holds (DailySudoku's `CellUi`: value, given, error, notes).
    public enum Content: Hashable, Sendable {
        case empty
        /// A digit the puzzle starts with.
        case given(Int)
        /// A digit the player entered.
        case value(Int)
        /// A digit the player entered that breaks a rule.
        case error(Int)
        /// Pencil marks: the digits the player noted as candidates, in any order.
        case notes([Int])
    }

    /// From 1, top to bottom.
    public var row: Int
    /// From 1, left to right.
    public var column: Int
    public var content: Content
    public var isSelected: Bool

    public init(row: Int, column: Int, content: Content, isSelected: Bool = false) {
        self.row = row
        self.column = column
        self.content = content
        self.isSelected = isSelected
    }
}

/// A whole Sudoku grid (9 × 9 usually), row-major, with at most one selected cell.
public struct SudokuBoard: Hashable, Sendable {
    public let rows: Int
    public let columns: Int
    public private(set) var contents: [SudokuCell.Content]
    public var selected: GridPosition?

    /// An empty board.
    public init(rows: Int = 9, columns: Int = 9) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        self.contents = Array(repeating: .empty, count: self.rows * self.columns)
    }

    public subscript(row: Int, column: Int) -> SudokuCell.Content {
        get { contents[(row - 1) * columns + column - 1] }
        set { contents[(row - 1) * columns + column - 1] = newValue }
    }

    /// The cell at a position (from 1), with its selection.
    public func cell(row: Int, column: Int) -> SudokuCell {
        SudokuCell(row: row, column: column, content: self[row, column],
                   isSelected: selected == GridPosition(row: row, column: column))
    }

    /// Every cell in row-major order: the order the accessibility elements should have.
    public var cells: [SudokuCell] {
        var result: [SudokuCell] = []
        result.reserveCapacity(contents.count)
        for row in 1...rows {
            for column in 1...columns { result.append(cell(row: row, column: column)) }
        }
        return result
    }

    /// The board's frame, "Board, 9 by 9".
    public var frame: Board { Board(rows: rows, columns: columns) }
}
