import SpeakableMessages

extension Describer {
    /// A block-puzzle board cell with no piece selected: "Row 3, column 5, empty" (VoiceOver);
    /// "empty" with the position in `collectionItemInfo` (TalkBack).
    ///
    /// ```swift
    /// describer.describe(BlockCell(row: 3, column: 5, isFilled: true, isMarkedToClear: true)).voiceOver.label
    /// // "Row 3, column 5, filled, marked to clear"   (ko "3행 5열, 채워짐, 지울 대상")
    /// ```
    public func describe(_ cell: BlockCell) -> AccessibleText {
        describe(cell, pieces: nil, sharedContents: nil)
    }

    /// A cell; with `pieces` (a board's, see CellLabelPieces), the label is made from them and
    /// the content description, which is kept in `sharedContents` by its three flags.
    func describe(_ cell: BlockCell, pieces: CellLabelTexts?, sharedContents: UnsafeMutablePointer<String?>?) -> AccessibleText {
        let filled: MessageArgument = cell.isFilled ? "yes" : "no", ink: MessageArgument = cell.hasInk ? "yes" : "no"
        let marked: MessageArgument = cell.isMarkedToClear ? "yes" : "no"
        let label: String, content: String
        if let pieces, let sharedContents {
            let slot = (cell.isFilled ? 1 : 0) | (cell.hasInk ? 2 : 0) | (cell.isMarkedToClear ? 4 : 0)
            if let known = sharedContents[slot] {
                content = known
            } else {
                content = text(.blockCellContent, filled, ink, marked, count: 3)
                sharedContents[slot] = content
            }
            label = pieces.label(row: cell.row, column: cell.column, content: content)
                ?? text(.blockCellLabel, number(cell.row), number(cell.column), filled, ink, marked, count: 5)
        } else {
            label = text(.blockCellLabel, number(cell.row), number(cell.column), filled, ink, marked, count: 5)
            content = text(.blockCellContent, filled, ink, marked, count: 3)
        }
        return AccessibleText(
            voiceOver: VoiceOverText(label: label),
            talkBack: TalkBackText(contentDescription: content,
                                   collectionItemInfo: CollectionItemInfo(rowIndex: cell.row - 1, columnIndex: cell.column - 1)))
    }

    /// A board cell while `piece` is selected: its hint says what a double tap does — every cell
    /// the piece would cover and every line it would complete (see
    /// ``BlockBoard/placement(of:touching:)`` for which placement a cell gets) — or that it does
    /// not fit.
    ///
    /// ```swift
    /// var board = BlockBoard()
    /// for column in [1, 2, 3, 4, 7, 8] { board[4, column] = BlockCell(row: 4, column: column, isFilled: true) }
    /// describer.describe(cellAt: GridPosition(row: 3, column: 5), on: board, placing: try Piece(map: "XX/XX")).voiceOver.hint
    /// // "Places the 2 by 2 square covering row 3, columns 5 to 6; row 4, columns 5 to 6; completes row 4."
    /// // ko: "가로세로 2칸 정사각형을 3행 5열에서 6열, 4행 5열에서 6열에 배치하고 4행을 완성합니다."
    /// ```
    public func describe(cellAt position: GridPosition, on board: BlockBoard, placing piece: Piece?) -> AccessibleText {
        describe(cellAt: position, on: board, placing: piece, reference: piece.map(describeReference))
    }

    /// Every cell of a board, row-major, with the hints for `piece` when one is selected — what a
    /// game refreshes when the player picks a piece (the piece is named once for all 64 cells).
    public func describeCells(of board: BlockBoard, placing piece: Piece?) -> [AccessibleText] {
        // Labels from pieces formatted once per row and column, and each content description
        // formatted once per board (see CellLabelPieces); the recorder sees every message.
        if recorder == nil, let blockLabel,
           let cells = blockLabel.withTexts(rows: board.rows, columns: board.columns, { texts in
               withUnsafeTemporaryAllocation(of: String?.self, capacity: 8) { shared in
                   shared.initialize(repeating: nil)
                   defer { _ = shared.deinitialize() }
                   return describeCells(of: board, placing: piece, pieces: texts, sharedContents: shared.baseAddress!)
               }
           }) {
            return cells
        }
        return describeCells(of: board, placing: piece, pieces: nil, sharedContents: nil)
    }

    private func describeCells(of board: BlockBoard, placing piece: Piece?, pieces: CellLabelTexts?,
                               sharedContents: UnsafeMutablePointer<String?>?) -> [AccessibleText] {
        let reference = piece.map(describeReference)
        var result: [AccessibleText] = []
        result.reserveCapacity(board.rows * board.columns)
        // Neighbouring cells often get the same placement: its texts are made once per board.
        var placed: [GridPosition: (hint: String, action: String)] = [:]
        for row in 1...board.rows {
            for column in 1...board.columns {
                result.append(describe(cellAt: GridPosition(row: row, column: column), on: board, placing: piece, reference: reference,
                                       placed: &placed, pieces: pieces, sharedContents: sharedContents))
            }
        }
        return result
    }

    func describe(cellAt position: GridPosition, on board: BlockBoard, placing piece: Piece?, reference: String?) -> AccessibleText {
        var placed: [GridPosition: (hint: String, action: String)] = [:]
        return describe(cellAt: position, on: board, placing: piece, reference: reference, placed: &placed)
    }

    /// `placed`: the texts of placements already described on this board, by anchor; `pieces` and
    /// `sharedContents`: the board's label pieces and content descriptions, as
    /// `describe(_:pieces:sharedContents:)` takes them.
    func describe(cellAt position: GridPosition, on board: BlockBoard, placing piece: Piece?, reference: String?,
                  placed: inout [GridPosition: (hint: String, action: String)], pieces: CellLabelTexts? = nil,
                  sharedContents: UnsafeMutablePointer<String?>? = nil) -> AccessibleText {
        var result = describe(board[position.row, position.column], pieces: pieces, sharedContents: sharedContents)
        guard let piece, let reference else { return result }
        if let placement = board.placement(of: piece, touching: position) {
            let texts: (hint: String, action: String)
            if let known = placed[placement.anchor] {
                texts = known
            } else {
                let phrases = placementPhrases(placement, reference: reference)
                let action = text(.placementAction, phrases)
                texts = (hintStyle == .result ? text(.placementHint, phrases) : text(.hintGesture, [.string(action)]), action)
                placed[placement.anchor] = texts
            }
            result.voiceOver.hint = texts.hint
            result.talkBack.clickLabel = texts.action
        } else {
            result.voiceOver.hint = noFitHint
            result.talkBack.stateDescription = noFitState
        }
        return result
    }

    /// The hint and action for a placement, as ``describe(cellAt:on:placing:)`` gives them.
    public func hint(for placement: Placement) -> (voiceOver: String, action: String) {
        let phrases = placementPhrases(placement, reference: describeReference(placement.piece))
        let action = text(.placementAction, phrases)
        return (hint(result: text(.placementHint, phrases), action: action), action)
    }

    /// [piece, cells, completes, lines] for block.placement.hint/action.
    func placementPhrases(_ placement: Placement, reference: String) -> [MessageArgument?] {
        let lines = placement.completedLines.map(lineText)
        return [.string(reference), .string(coveredCells(placement.cells)), lines.isEmpty ? "no" : "yes", .string(andJoined(lines))]
    }

    func describeReference(_ piece: Piece) -> String {
        let shape = piece.shape
        return text(.pieceReference, [.string(shape.kind), .string(name(of: shape))])
    }

    /// "row 3, columns 5 to 6; row 4, columns 5 to 6".
    func coveredCells(_ cells: [GridPosition]) -> String {
        var rows: [String] = []
        var index = 0
        while index < cells.count {
            let row = cells[index].row
            var columns: [Int] = []
            while index < cells.count && cells[index].row == row {
                columns.append(cells[index].column)
                index += 1
            }
            rows.append(text(.cellsRow, number(row), .string(columnsText(columns, context: "placement")), count: 2))
        }
        return groups(rows)
    }

    /// "column 5", "columns 5 to 6", "columns 1 to 3 and 6"; `context` is where they are said,
    /// "placement" (the cells a piece would cover) or "reading" (the board reading).
    func columnsText(_ columns: [Int], context: MessageArgument) -> String {
        // Each column once, ascending, in runs of neighbours.
        var runs: [(Int, Int)] = []
        for column in columns.sorted() {
            if let last = runs.last, last.1 >= column { continue }
            if let last = runs.last, last.1 == column - 1 { runs[runs.count - 1].1 = column } else { runs.append((column, column)) }
        }
        if runs.count == 1 {
            let (first, last) = runs[0]
            return first == last ? text(.columnsOne, number(first), count: 1)
                                 : text(.columnsRange, number(first), number(last), context, count: 3)
        }
        let items = runs.map { run in
            text(.columnsItem, run.0 == run.1 ? "single" : "range", number(run.0), number(run.1), context, count: 4)
        }
        return text(.columnsMany, [.string(andJoined(items))])
    }

    func lineText(_ line: BoardLine) -> String {
        switch line {
        case .row(let n): text(.line, "row", number(n), count: 2)
        case .column(let n): text(.line, "column", number(n), count: 2)
        }
    }

    /// The board element, ahead of its cells: "Board, 8 by 8", and a double tap that speaks the
    /// whole position (``positionReading(of:)``).
    public func describe(_ board: BlockBoard) -> AccessibleText {
        var result = describe(board.frame)
        result.voiceOver.hint = boardHint
        result.talkBack.clickLabel = boardAction
        return result
    }

    /// The whole position in one go: row by row (neighbouring empty rows together), then the
    /// lines one cell from clearing and the cell each needs.
    ///
    /// ```swift
    /// describer.positionReading(of: try BlockBoard(map: ["....", "###.", "#...", "...."]))
    /// // "Row 1: empty. Row 2: all filled except column 4. Row 3: column 1 filled. Row 4: empty.
    /// //  Row 2 needs column 4."
    /// ```
    public func positionReading(of board: BlockBoard) -> String {
        var phrases: [String] = []
        var row = 1
        while row <= board.rows {
            let filled = (1...board.columns).filter { board.isFilled(row, $0) }
            if filled.isEmpty {
                var last = row
                while last < board.rows && !(1...board.columns).contains(where: { board.isFilled(last + 1, $0) }) { last += 1 }
                phrases.append(last > row ? text(.boardRowsEmpty, [number(row), number(last)])
                                          : text(.boardRow, [number(row), "empty", ""]))
                row = last + 1
                continue
            }
            if filled.count == board.columns {
                phrases.append(text(.boardRow, [number(row), "full", ""]))
            } else if filled.count * 2 > board.columns {
                let empty = (1...board.columns).filter { !board.isFilled(row, $0) }
                phrases.append(text(.boardRow, [number(row), "gaps", .string(columnsText(empty, context: "reading"))]))
            } else {
                phrases.append(text(.boardRow, [number(row), "filled", .string(columnsText(filled, context: "reading"))]))
            }
            row += 1
        }
        let near = board.linesOneCellFromClearing
        if near.isEmpty {
            phrases.append(text(.boardNoneNear, []))
        } else {
            for (line, cell) in near {
                switch line {
                case .row(let n): phrases.append(text(.boardNeeds, ["row", number(n), number(cell.column)]))
                case .column(let n): phrases.append(text(.boardNeeds, ["column", number(n), number(cell.row)]))
                }
            }
        }
        return sentences(phrases)
    }

    /// What to announce when something happens in the game.
    ///
    /// ```swift
    /// describer.announcement(for: .placed(score: 320))                              // "Placed. Score 320."
    /// describer.announcement(for: .linesCleared(lines: 2, score: 640, combo: 2))    // "Cleared 2 lines. Score 640. Combo times 2."
    /// // ko: "배치 완료. 점수 320점." / "2줄 지움. 점수 640점. 콤보 2배."
    /// ```
    public func announcement(for event: GameEvent) -> String {
        switch event {
        case .placed(let score):
            return text(.eventPlaced, [number(score)])
        case .linesCleared(let lines, let score, let combo):
            return text(.eventCleared, [number(lines), number(score), number(combo)])
        case .combo(let combo):
            return text(.eventCombo, [number(combo)])
        case .newRack(let pieces):
            return text(.eventNewRack, [.string(groups(pieces.map { name(of: $0) }))])
        case .hint(let placement):
            return text(.eventHint, [.string(describeReference(placement.piece)), .string(coveredCells(placement.cells))])
        case .runEnded(let score, let newBest):
            return text(.eventRunEnded, [number(score), newBest ? "yes" : "no"])
        }
    }
}
