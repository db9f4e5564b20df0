/// One cell of a block-puzzle board (O'Block): filled or empty, possibly an ink cell, possibly
/// marked to clear (a Journey target).
///
/// ```swift
/// describer.describe(BlockCell(row: 3, column: 5)).voiceOver.label                   // "Row 3, column 5, empty"
/// describer.describe(BlockCell(row: 3, column: 5, hasInk: true)).voiceOver.label     // "Row 3, column 5, empty, ink cell"
/// // ko: "3행 5열, 빈칸" / "3행 5열, 빈칸, 잉크 칸"
/// ```
public struct BlockCell: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var isFilled: Bool
    /// An ink cell: clearing a line through it earns a charge.
    public var hasInk: Bool
    /// A Journey target: a filled cell the level asks the player to clear.
    public var isMarkedToClear: Bool

    public init(row: Int, column: Int, isFilled: Bool = false, hasInk: Bool = false, isMarkedToClear: Bool = false) {
        self.row = row
        self.column = column
        self.isFilled = isFilled
        self.hasInk = hasInk
        self.isMarkedToClear = isMarkedToClear
    }

    public var position: GridPosition { GridPosition(row: row, column: column) }
}

/// Why a board map could not be read.
public struct BoardMapError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    /// The row (from 1) and character (from 1) of the problem, when it is at one.
    public let row: Int?
    public let column: Int?
    public var description: String { message }
}

/// A block-puzzle board: rows × columns cells, filled or empty.
///
/// ```swift
/// var board = BlockBoard(rows: 8, columns: 8)
/// for column in [1, 2, 3, 4, 7, 8] { board[4, column] = BlockCell(row: 4, column: column, isFilled: true) }
/// let square = try Piece(map: "XX/XX")
/// board.placement(of: square, touching: GridPosition(row: 3, column: 5))?.cells
/// // [(3, 5), (3, 6), (4, 5), (4, 6)]: of the three equally centred ways that fit, the one that
/// // completes row 4
/// ```
public struct BlockBoard: Hashable, Sendable {
    public let rows: Int
    public let columns: Int
    /// Row-major flags: 1 filled, 2 ink, 4 marked to clear.
    private var flags: [UInt8]

    static let filled: UInt8 = 1, ink: UInt8 = 2, marked: UInt8 = 4

    /// An empty board (8 × 8 by default, as in O'Block).
    public init(rows: Int = 8, columns: Int = 8) {
        self.rows = max(1, rows)
        self.columns = max(1, columns)
        self.flags = Array(repeating: 0, count: self.rows * self.columns)
    }

    /// Reads a board from one string per row: `.` empty, `#` filled, `i` an empty ink cell, `I` a
    /// filled ink cell, `x` a filled cell marked to clear. Every row must be as long as the first.
    ///
    /// ```swift
    /// let board = try BlockBoard(map: ["##..", "#...", "....", "..x#"])
    /// ```
    public init(map: [String]) throws(BoardMapError) {
        guard let first = map.first, !first.isEmpty else {
            throw BoardMapError(message: "a board needs at least one row of cells", row: nil, column: nil)
        }
        let width = first.unicodeScalars.count
        var flags: [UInt8] = []
        for (r, line) in map.enumerated() {
            let scalars = Array(line.unicodeScalars)
            guard scalars.count == width else {
                throw BoardMapError(message: "row \(r + 1) has \(scalars.count) cells, but row 1 has \(width)", row: r + 1, column: nil)
            }
            for (c, s) in scalars.enumerated() {
                switch s {
                case ".": flags.append(0)
                case "#": flags.append(Self.filled)
                case "i": flags.append(Self.ink)
                case "I": flags.append(Self.filled | Self.ink)
                case "x": flags.append(Self.filled | Self.marked)
                default:
                    throw BoardMapError(message: "'\(s)' is not a board cell; use . (empty), # (filled), i (ink), I (filled ink) or x (marked to clear)",
                                        row: r + 1, column: c + 1)
                }
            }
        }
        self.rows = map.count
        self.columns = width
        self.flags = flags
    }

    /// The cell at a position counted from 1.
    public subscript(row: Int, column: Int) -> BlockCell {
        get {
            let f = flags[index(row, column)]
            return BlockCell(row: row, column: column, isFilled: f & Self.filled != 0, hasInk: f & Self.ink != 0,
                             isMarkedToClear: f & Self.marked != 0)
        }
        set {
            flags[index(row, column)] = (newValue.isFilled ? Self.filled : 0) | (newValue.hasInk ? Self.ink : 0)
                | (newValue.isMarkedToClear ? Self.marked : 0)
        }
    }

    @inline(__always) func index(_ row: Int, _ column: Int) -> Int { (row - 1) * columns + column - 1 }

    public func contains(_ position: GridPosition) -> Bool {
        position.row >= 1 && position.row <= rows && position.column >= 1 && position.column <= columns
    }

    public func isFilled(_ row: Int, _ column: Int) -> Bool { flags[index(row, column)] & Self.filled != 0 }

    /// Every cell, row-major.
    public var cells: [BlockCell] {
        var result: [BlockCell] = []
        for row in 1...rows { for column in 1...columns { result.append(self[row, column]) } }
        return result
    }

    /// The board's frame, "Board, 8 by 8".
    public var frame: Board { Board(rows: rows, columns: columns) }

    /// The map `init(map:)` reads.
    public var map: [String] {
        (1...rows).map { row in
            String((1...columns).map { column -> Character in
                let f = flags[index(row, column)]
                if f & Self.marked != 0 { return "x" }
                if f & Self.ink != 0 { return f & Self.filled != 0 ? "I" : "i" }
                return f & Self.filled != 0 ? "#" : "."
            })
        }
    }

    // MARK: Placing pieces

    /// The piece with its top-left bounding-box corner at `anchor`, when every cell it covers is on
    /// the board and empty.
    public func placement(of piece: Piece, at anchor: GridPosition) -> Placement? {
        guard fits(piece, at: anchor) else { return nil }
        let cells = piece.cells.map { GridPosition(row: anchor.row + $0.row, column: anchor.column + $0.column) }
        return Placement(piece: piece, anchor: anchor, cells: cells, completedLines: completedLines(adding: cells))
    }

    func fits(_ piece: Piece, at anchor: GridPosition) -> Bool {
        guard anchor.row >= 1, anchor.column >= 1, anchor.row + piece.height - 1 <= rows,
              anchor.column + piece.width - 1 <= columns else { return false }
        for offset in piece.cells where isFilled(anchor.row + offset.row, anchor.column + offset.column) { return false }
        return true
    }

    /// The placement a double tap on `cell` makes: of all the ways the piece can cover that cell,
    /// the one that fits and is most nearly centred on it — so near an edge the piece moves inward,
    /// and touching the middle of a gap gets the piece across the gap. Ties go to the placement
    /// that completes more lines, then to the one nearer the top left. Nil when no way fits.
    public func placement(of piece: Piece, touching cell: GridPosition) -> Placement? {
        guard contains(cell) else { return nil }
        let n = piece.cells.count
        var sumRow = 0, sumColumn = 0
        for offset in piece.cells { sumRow += offset.row; sumColumn += offset.column }
        var best: (distance: Int, anchors: [GridPosition]) = (Int.max, [])
        for offset in piece.cells {
            let anchor = GridPosition(row: cell.row - offset.row, column: cell.column - offset.column)
            guard fits(piece, at: anchor) else { continue }
            // Distance² (× n²) from the touched cell to the centroid of the covered cells.
            let dr = n * cell.row - (n * anchor.row + sumRow), dc = n * cell.column - (n * anchor.column + sumColumn)
            let distance = dr * dr + dc * dc
            if distance < best.distance {
                best = (distance, [anchor])
            } else if distance == best.distance {
                best.anchors.append(anchor)
            }
        }
        var chosen: Placement?
        for anchor in best.anchors {
            guard let candidate = placement(of: piece, at: anchor) else { continue }
            if let current = chosen {
                let a = (-candidate.completedLines.count, anchor.row, anchor.column)
                let b = (-current.completedLines.count, current.anchor.row, current.anchor.column)
                if a < b { chosen = candidate }
            } else {
                chosen = candidate
            }
        }
        return chosen
    }

    /// The rows and columns that would be full after filling `cells` (and that contain one of them).
    func completedLines(adding cells: [GridPosition]) -> [BoardLine] {
        // A cell is full if it is filled on the board or one of `cells` (a piece has few cells:
        // looked up directly rather than copying the board).
        func full(_ row: Int, _ column: Int) -> Bool {
            if flags[index(row, column)] & Self.filled != 0 { return true }
            for p in cells where p.row == row && p.column == column { return true }
            return false
        }
        var lines: [BoardLine] = []
        var rowsSeen: [Int] = [], columnsSeen: [Int] = []
        for p in cells {
            if !rowsSeen.contains(p.row) { rowsSeen.append(p.row) }
            if !columnsSeen.contains(p.column) { columnsSeen.append(p.column) }
        }
        for row in rowsSeen.sorted() where (1...columns).allSatisfy({ full(row, $0) }) { lines.append(.row(row)) }
        for column in columnsSeen.sorted() where (1...rows).allSatisfy({ full($0, column) }) { lines.append(.column(column)) }
        return lines
    }

    /// Lines one cell from clearing, each with the cell it needs (rows first, then columns).
    public var linesOneCellFromClearing: [(line: BoardLine, needs: GridPosition)] {
        var result: [(BoardLine, GridPosition)] = []
        for row in 1...rows {
            let empty = (1...columns).filter { !isFilled(row, $0) }
            if empty.count == 1 { result.append((.row(row), GridPosition(row: row, column: empty[0]))) }
        }
        for column in 1...columns {
            let empty = (1...rows).filter { !isFilled($0, column) }
            if empty.count == 1 { result.append((.column(column), GridPosition(row: empty[0], column: column))) }
        }
        return result
    }
}

/// A piece put down on a board: the cells it covers and the lines it completes.
public struct Placement: Hashable, Sendable {
    public let piece: Piece
    /// Where the top-left corner of the piece's bounding box goes.
    public let anchor: GridPosition
    /// The covered cells, row-major.
    public let cells: [GridPosition]
    /// The rows and columns that become full, rows first.
    public let completedLines: [BoardLine]
}
