/// A cell's place on a board, counted from 1 as players say it: row 1 is the top row, column 1
/// the leftmost column.
public struct GridPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Row-major order: top to bottom, then left to right (the order screen readers traverse).
    public static func < (lhs: GridPosition, rhs: GridPosition) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    public var description: String { "(\(row), \(column))" }
}

/// A board's frame as a screen reader announces it: "Board, 8 by 8".
///
/// ```swift
/// describer.describe(Board(rows: 8, columns: 8)).voiceOver.label   // "Board, 8 by 8"
/// // ko: "게임판, 행 8개, 열 8개"
/// ```
public struct Board: Hashable, Sendable {
    /// The board's name as the app shows it; nil: the catalog's "Board" (게임판).
    public var name: String?
    public var rows: Int
    public var columns: Int

    public init(name: String? = nil, rows: Int, columns: Int) {
        self.name = name
        self.rows = rows
        self.columns = columns
    }
}

/// A full line of a board: a row or a column, by its number from 1.
public enum BoardLine: Hashable, Sendable, Comparable {
    case row(Int)
    case column(Int)

    /// Rows before columns, each in order.
    public static func < (lhs: BoardLine, rhs: BoardLine) -> Bool {
        switch (lhs, rhs) {
        case (.row(let a), .row(let b)), (.column(let a), .column(let b)): a < b
        case (.row, .column): true
        case (.column, .row): false
        }
    }
}
