/// One of a square's four corners.
public enum Corner: String, Hashable, Sendable, CaseIterable {
    case topLeft, topRight, bottomLeft, bottomRight
}

/// Which way something points.
public enum Direction: String, Hashable, Sendable, CaseIterable {
    case up, down, left, right
}

/// Whether an S or Z piece is tall (standing) or wide (lying).
public enum Stance: String, Hashable, Sendable, CaseIterable {
    case standing, lying
}

/// A line's direction: across (one row) or down (one column).
public enum LineDirection: String, Hashable, Sendable, CaseIterable {
    case across, down
}

/// What a piece is called, read off its cells. Shapes with a common name get it — one block,
/// lines, squares and rectangles, the three-block corner, the tetromino letters with their
/// orientation — and every other shape is described by its count and size.
///
/// ```swift
/// try Piece(map: "XXXX").shape        // .line(length: 4, direction: .across)
/// try Piece(map: ".X/XX/.X").shape    // .t(pointing: .left)
/// try Piece(map: "X./X./XX").shape    // .l(foot: .bottomRight)
/// try Piece(map: ".X/XX").shape       // .corner(open: .topLeft)
/// try Piece(map: "XXX/X.X").shape     // .blocks(count: 5, width: 3, height: 2)
/// ```
public enum PieceShape: Hashable, Sendable {
    /// One block.
    case single
    /// A straight line of 2 or more blocks.
    case line(length: Int, direction: LineDirection)
    /// A full square of 2 × 2 or more.
    case square(size: Int)
    /// A full rectangle at least 2 wide and 2 tall that is not a square.
    case rectangle(width: Int, height: Int)
    /// Three blocks in a 2 × 2 box; the named corner is the open one.
    case corner(open: Corner)
    /// The T tetromino; the direction is where its stem points.
    case t(pointing: Direction)
    /// The S tetromino (.XX/XX. lying, X./XX/.X standing).
    case s(Stance)
    /// The Z tetromino (XX./.XX lying, .X/XX/X. standing).
    case z(Stance)
    /// The L tetromino; the corner is where its foot is (X./X./XX: bottom right).
    case l(foot: Corner)
    /// The J tetromino, L's mirror image (.X/.X/XX: foot at bottom left).
    case j(foot: Corner)
    /// Any other shape: its count and size, then its row-by-row map.
    case blocks(count: Int, width: Int, height: Int)

    /// Whether the name alone fixes the shape. When it does not, the rack reads a row-by-row map
    /// after it. The tetromino letters fix the shape, but their map still follows for anyone who
    /// does not know the letters (see ``mapFollowsName``).
    public var nameFixesShape: Bool {
        if case .blocks = self { false } else { true }
    }

    /// Whether the rack reads the row-by-row map after the name: for the tetromino letters and for
    /// shapes named by count and size.
    public var mapFollowsName: Bool {
        switch self {
        case .t, .s, .z, .l, .j, .blocks: true
        case .single, .line, .square, .rectangle, .corner: false
        }
    }

    /// The kind, as the catalog's `select` cases name it.
    public var kind: String {
        switch self {
        case .single: "single"
        case .line: "line"
        case .square: "square"
        case .rectangle: "rectangle"
        case .corner: "corner"
        case .t: "t"
        case .s: "s"
        case .z: "z"
        case .l: "l"
        case .j: "j"
        case .blocks: "blocks"
        }
    }

    /// The shape of any piece (also ``Piece/shape``).
    public init(_ piece: Piece) { self = piece.shape }

    /// Reads the shape off normalized cells (row-major, starting at row 0 and column 0).
    init(cells: [Piece.Offset], width: Int, height: Int) {
        let count = cells.count
        func has(_ row: Int, _ column: Int) -> Bool { cells.contains(Piece.Offset(row: row, column: column)) }
        if count == 1 {
            self = .single
        } else if count == width * height {
            if height == 1 {
                self = .line(length: width, direction: .across)
            } else if width == 1 {
                self = .line(length: height, direction: .down)
            } else if width == height {
                self = .square(size: width)
            } else {
                self = .rectangle(width: width, height: height)
            }
        } else if count == 3 && width == 2 && height == 2 {
            let open: Corner = !has(0, 0) ? .topLeft : !has(0, 1) ? .topRight : !has(1, 0) ? .bottomLeft : .bottomRight
            self = .corner(open: open)
        } else if count == 4, let letter = Self.tetromino(Piece.map(of: cells, width: width, height: height)) {
            self = letter
        } else {
            self = .blocks(count: count, width: width, height: height)
        }
    }

    /// The 16 tetrominoes that are neither lines nor the square, by map.
    static func tetromino(_ map: String) -> PieceShape? {
        switch map {
        case "XXX/.X.": .t(pointing: .down)
        case ".X./XXX": .t(pointing: .up)
        case ".X/XX/.X": .t(pointing: .left)
        case "X./XX/X.": .t(pointing: .right)
        case ".XX/XX.": .s(.lying)
        case "X./XX/.X": .s(.standing)
        case "XX./.XX": .z(.lying)
        case ".X/XX/X.": .z(.standing)
        case "X./X./XX": .l(foot: .bottomRight)
        case "XX/.X/.X": .l(foot: .topLeft)
        case "XXX/X..": .l(foot: .bottomLeft)
        case "..X/XXX": .l(foot: .topRight)
        case ".X/.X/XX": .j(foot: .bottomLeft)
        case "XX/X./X.": .j(foot: .topRight)
        case "XXX/..X": .j(foot: .bottomRight)
        case "X../XXX": .j(foot: .topLeft)
        default: nil
        }
    }
}

