/// What kind of value a describer passes for an argument.
enum ArgumentType: Hashable, Sendable {
    /// An integer.
    case number
    /// Text already formatted (a name, a joined list).
    case text
    /// One of a few strings, for a `select`.
    case choice([String])
    /// A date.
    case date

    static let yesNo = ArgumentType.choice(["yes", "no"])
    static let corner = ArgumentType.choice(["topLeft", "topRight", "bottomLeft", "bottomRight"])
    /// Where a run of columns is said: in the cells a piece would cover, or in the board reading
    /// (Korean: "5열에서 6열에 배치", "5열부터 6열까지만 비어 있음").
    static let columnsContext = ArgumentType.choice(["placement", "reading"])

    var name: String {
        switch self {
        case .number: "a number"
        case .text: "text"
        case .choice(let cases): "one of " + cases.joined(separator: ", ")
        case .date: "a date"
        }
    }
}

/// A message the describers format: its key and the arguments they pass, in order.
struct MessageSpec: Sendable {
    let key: String
    let arguments: [(name: String, type: ArgumentType)]

    init(_ key: String, _ arguments: (String, ArgumentType)...) {
        self.key = key
        self.arguments = arguments.map { (name: $0.0, type: $0.1) }
    }
}

/// Every message of the built-in catalog, with what the describers pass to it. A catalog that
/// replaces one must use only these arguments, in ways their types allow (checked when a
/// ``Describer`` is made).
enum MessageID: Int, CaseIterable, Sendable {
    case hintGesture, joinList, joinGroups, sentence, joinSentences, boardName, boardLabel
    case sudokuCellLabel, sudokuCellContent, sudokuCellHint, sudokuCellAction
    case blockCellLabel, blockCellContent
    case columnsOne, columnsRange, columnsItem, columnsMany, cellsRow, line
    case placementHint, placementAction, placementNoFit, placementNoFitState
    case boardRow, boardRowsEmpty, boardNeeds, boardNoneNear, boardHint, boardAction
    case pieceSingle, pieceLine, pieceSquare, pieceRectangle, pieceCorner, pieceT, pieceS, pieceZ, pieceL, pieceJ, pieceBlocks
    case pieceRow, pieceCell, pieceReference
    case rackHint, rackAction, rackEmpty
    case eventPlaced, eventCleared, eventCombo, eventNewRack, eventHint, eventRunEnded
    case mode, screenStart, tutorialPrompt, coins, controlPrice, controlCount, level, issue, leaderboardRow
    case duration, statTime, statBestScore, statScore, inkLabel, inkValue, inkHint
    case resultTitle, resultScore, resultStars, resultStreak, resultComeBack, resultNext

    var spec: MessageSpec {
        switch self {
        case .hintGesture: MessageSpec("common.hint.gesture", ("action", .text))
        case .joinList: MessageSpec("common.join.list", ("first", .text), ("next", .text))
        case .joinGroups: MessageSpec("common.join.groups", ("first", .text), ("next", .text))
        case .sentence: MessageSpec("common.sentence", ("text", .text))
        case .joinSentences: MessageSpec("common.join.sentences", ("first", .text), ("next", .text))
        case .boardName: MessageSpec("board.name")
        case .boardLabel: MessageSpec("board.label", ("name", .text), ("rows", .number), ("columns", .number))
        case .sudokuCellLabel:
            MessageSpec("sudoku.cell.label", ("row", .number), ("column", .number), ("content", Self.content), ("digit", .number),
                        ("notes", .text))
        case .sudokuCellContent:
            MessageSpec("sudoku.cell.content", ("content", Self.content), ("digit", .number), ("notes", .text))
        case .sudokuCellHint: MessageSpec("sudoku.cell.hint")
        case .sudokuCellAction: MessageSpec("sudoku.cell.action")
        case .blockCellLabel:
            MessageSpec("block.cell.label", ("row", .number), ("column", .number), ("filled", .yesNo), ("ink", .yesNo), ("marked", .yesNo))
        case .blockCellContent: MessageSpec("block.cell.content", ("filled", .yesNo), ("ink", .yesNo), ("marked", .yesNo))
        case .columnsOne: MessageSpec("block.columns.one", ("column", .number))
        case .columnsRange: MessageSpec("block.columns.range", ("first", .number), ("last", .number), ("context", .columnsContext))
        case .columnsItem: MessageSpec("block.columns.item", ("span", .choice(["range", "single"])), ("first", .number), ("last", .number),
                                       ("context", .columnsContext))
        case .columnsMany: MessageSpec("block.columns.many", ("list", .text))
        case .cellsRow: MessageSpec("block.cells.row", ("row", .number), ("columns", .text))
        case .line: MessageSpec("block.line", ("kind", Self.lineKind), ("number", .number))
        case .placementHint:
            MessageSpec("block.placement.hint", ("piece", .text), ("cells", .text), ("completes", .yesNo), ("lines", .text))
        case .placementAction:
            MessageSpec("block.placement.action", ("piece", .text), ("cells", .text), ("completes", .yesNo), ("lines", .text))
        case .placementNoFit: MessageSpec("block.placement.noFit")
        case .placementNoFitState: MessageSpec("block.placement.noFit.state")
        case .boardRow:
            MessageSpec("block.board.row", ("row", .number), ("state", .choice(["empty", "full", "filled", "gaps"])), ("columns", .text))
        case .boardRowsEmpty: MessageSpec("block.board.rows.empty", ("first", .number), ("last", .number))
        case .boardNeeds: MessageSpec("block.board.needs", ("kind", Self.lineKind), ("line", .number), ("cell", .number))
        case .boardNoneNear: MessageSpec("block.board.noneNear")
        case .boardHint: MessageSpec("block.board.hint")
        case .boardAction: MessageSpec("block.board.action")
        case .pieceSingle: MessageSpec("block.piece.name.single")
        case .pieceLine: MessageSpec("block.piece.name.line", ("length", .number), ("direction", .choice(["across", "down"])))
        case .pieceSquare: MessageSpec("block.piece.name.square", ("size", .number))
        case .pieceRectangle: MessageSpec("block.piece.name.rectangle", ("width", .number), ("height", .number))
        case .pieceCorner: MessageSpec("block.piece.name.corner", ("corner", .corner))
        case .pieceT: MessageSpec("block.piece.name.t", ("direction", .choice(["up", "down", "left", "right"])))
        case .pieceS: MessageSpec("block.piece.name.s", ("stance", Self.stance))
        case .pieceZ: MessageSpec("block.piece.name.z", ("stance", Self.stance))
        case .pieceL: MessageSpec("block.piece.name.l", ("corner", .corner))
        case .pieceJ: MessageSpec("block.piece.name.j", ("corner", .corner))
        case .pieceBlocks: MessageSpec("block.piece.name.blocks", ("count", .number), ("width", .number), ("height", .number))
        case .pieceRow: MessageSpec("block.piece.row", ("row", .number), ("cells", .text))
        case .pieceCell: MessageSpec("block.piece.cell", ("filled", .yesNo))
        case .pieceReference:
            MessageSpec("block.piece.reference",
                        ("kind", .choice(["single", "line", "square", "rectangle", "corner", "t", "s", "z", "l", "j", "blocks"])),
                        ("name", .text))
        case .rackHint: MessageSpec("block.rack.hint")
        case .rackAction: MessageSpec("block.rack.action")
        case .rackEmpty: MessageSpec("block.rack.empty")
        case .eventPlaced: MessageSpec("block.event.placed", ("score", .number))
        case .eventCleared: MessageSpec("block.event.cleared", ("lines", .number), ("score", .number), ("combo", .number))
        case .eventCombo: MessageSpec("block.event.combo", ("combo", .number))
        case .eventNewRack: MessageSpec("block.event.newRack", ("pieces", .text))
        case .eventHint: MessageSpec("block.event.hint", ("piece", .text), ("cells", .text))
        case .eventRunEnded: MessageSpec("block.event.runEnded", ("score", .number), ("best", .yesNo))
        case .mode: MessageSpec("game.mode", ("mode", Self.gameMode))
        case .screenStart: MessageSpec("game.screen.start", ("mode", .text), ("platform", .choice(["voiceover", "talkback"])))
        case .tutorialPrompt: MessageSpec("game.tutorial.prompt", ("screenReader", .choice(["voiceover", "talkback", "none"])))
        case .coins: MessageSpec("game.coins", ("amount", .number))
        case .controlPrice: MessageSpec("game.control.price", ("name", .text), ("price", .number))
        case .controlCount: MessageSpec("game.control.count", ("name", .text), ("count", .number))
        case .level: MessageSpec("game.level", ("level", .number), ("stars", .number), ("total", .number), ("locked", .yesNo))
        case .issue: MessageSpec("game.issue", ("issue", .number), ("stars", .number), ("total", .number), ("locked", .yesNo))
        case .leaderboardRow: MessageSpec("game.leaderboard.row", ("rank", .number), ("name", .text), ("score", .number))
        case .duration:
            MessageSpec("game.duration", ("span", .choice(["seconds", "minutes", "mixed"])), ("minutes", .number), ("seconds", .number))
        case .statTime: MessageSpec("game.stat.time", ("duration", .text))
        case .statBestScore: MessageSpec("game.stat.bestScore", ("score", .number))
        case .statScore: MessageSpec("game.stat.score", ("score", .number), ("combo", .number))
        case .inkLabel: MessageSpec("game.ink.label")
        case .inkValue: MessageSpec("game.ink.value", ("charges", .number), ("total", .number))
        case .inkHint: MessageSpec("game.ink.hint", ("total", .number))
        case .resultTitle: MessageSpec("game.result.title", ("mode", Self.gameMode), ("date", .date), ("level", .number))
        case .resultScore: MessageSpec("game.result.score", ("score", .number))
        case .resultStars: MessageSpec("game.result.stars", ("stars", .number), ("total", .number))
        case .resultStreak: MessageSpec("game.result.streak", ("day", .number))
        case .resultComeBack: MessageSpec("game.result.comeBack")
        case .resultNext: MessageSpec("game.result.next", ("name", .text))
        }
    }

    static let content = ArgumentType.choice(["empty", "given", "value", "error", "notes"])
    static let lineKind = ArgumentType.choice(["row", "column"])
    static let stance = ArgumentType.choice(["standing", "lying"])
    static let gameMode = ArgumentType.choice(["classic", "daily", "journey"])

    /// The message for a dotted key.
    static let byKey: [String: MessageID] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.spec.key, $0) })
}
