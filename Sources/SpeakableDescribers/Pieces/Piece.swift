/// Why a piece map could not be read.
public struct PieceMapError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    /// The character (from 1, in Unicode scalars) of the problem, when it is at one.
    public let column: Int?
    public var description: String { message }
}

/// A block-puzzle piece: a set of cells. Pieces never rotate, so each orientation is its own
/// piece ("T pointing left" and "T pointing up" are different pieces).
///
/// ```swift
/// let piece = try Piece(map: "XX/X./X.")    // rows separated by "/", X a block, . a gap
/// piece.width              // 2
/// piece.height             // 3
/// piece.shape              // .j(foot: .topRight)
/// describer.describe(piece).name   // "J, foot at top right"
/// ```
public struct Piece: Hashable, Sendable, CustomStringConvertible {
    /// A cell of the piece, counted from 0 at the top-left corner of its bounding box.
    public struct Offset: Hashable, Sendable, Comparable {
        public var row: Int
        public var column: Int

        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }

        public static func < (lhs: Offset, rhs: Offset) -> Bool { (lhs.row, lhs.column) < (rhs.row, rhs.column) }
    }

    /// The cells, row-major, moved so the topmost row and leftmost column are 0.
    public let cells: [Offset]
    /// Columns of the bounding box.
    public let width: Int
    /// Rows of the bounding box.
    public let height: Int
    /// What the piece is called (see ``PieceShape``), read off its cells once.
    public let shape: PieceShape

    public static func == (lhs: Piece, rhs: Piece) -> Bool { lhs.cells == rhs.cells }
    public func hash(into hasher: inout Hasher) { hasher.combine(cells) }

    /// A piece from any non-empty set of cells (they are moved to start at row 0, column 0);
    /// nil for no cells.
    public init?(cells: some Sequence<Offset>) {
        let unique = Set(cells)
        guard let minRow = unique.map(\.row).min(), let minColumn = unique.map(\.column).min() else { return nil }
        let moved = unique.map { Offset(row: $0.row - minRow, column: $0.column - minColumn) }.sorted()
        let width = moved.map(\.column).max()! + 1, height = moved.map(\.row).max()! + 1
        self.cells = moved
        self.width = width
        self.height = height
        self.shape = PieceShape(cells: moved, width: width, height: height)
    }

    /// Reads a piece map: rows separated by `/`, `X` (or `x`, `#`) a block, `.` (or `_`, a space)
    /// a gap. Rows may differ in length (missing cells are gaps); empty rows and columns around
    /// the blocks do not count.
    public init(map: String) throws(PieceMapError) {
        var cells: [Offset] = []
        var row = 0, column = 0
        for (index, s) in map.unicodeScalars.enumerated() {
            switch s {
            case "/":
                row += 1
                column = 0
            case "X", "x", "#":
                cells.append(Offset(row: row, column: column))
                column += 1
            case ".", "_", " ":
                column += 1
            default:
                throw PieceMapError(message: "'\(s)' is not part of a piece map; use X for a block, . for a gap and / between rows",
                                    column: index + 1)
            }
        }
        guard let piece = Piece(cells: cells) else {
            throw PieceMapError(message: "the piece map has no blocks; write X for each block, such as XX/X.", column: nil)
        }
        self = piece
    }

    /// The map `init(map:)` reads, with `X` and `.`: "XX/X./X.".
    public var map: String { Self.map(of: cells, width: width, height: height) }

    static func map(of cells: [Offset], width: Int, height: Int) -> String {
        let set = Set(cells)
        return (0..<height).map { r in
            String((0..<width).map { c in set.contains(Offset(row: r, column: c)) ? "X" : "." })
        }.joined(separator: "/")
    }

    public func contains(row: Int, column: Int) -> Bool { cells.contains(Offset(row: row, column: column)) }

    public var description: String { map }

    /// The 3 × 3 square.
    public static let square3 = Piece(cells: (0..<9).map { Offset(row: $0 / 3, column: $0 % 3) })!

    /// Every fixed polyomino of `count` cells: connected by edges, each orientation counted
    /// separately (1, 2, 6, 19, 63 for 1…5 cells), in a stable order (by map).
    public static func fixedPolyominoes(cells count: Int) -> [Piece] {
        guard count >= 1 else { return [] }
        var level: Set<Piece> = [Piece(cells: [Offset(row: 0, column: 0)])!]
        for _ in 1..<count {
            var next = Set<Piece>()
            for piece in level {
                let set = Set(piece.cells)
                for cell in piece.cells {
                    for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                        let added = Offset(row: cell.row + dr, column: cell.column + dc)
                        if !set.contains(added) { next.insert(Piece(cells: piece.cells + [added])!) }
                    }
                }
            }
            level = next
        }
        return level.sorted { $0.map < $1.map }
    }

    /// The pieces O'Block's rack can hold: every fixed polyomino of 1 to 5 cells (91), and the
    /// 3 × 3 square.
    public static let allRackPieces: [Piece] = (1...5).flatMap { fixedPolyominoes(cells: $0) } + [square3]
}
