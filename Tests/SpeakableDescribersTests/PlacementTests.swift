import Testing
@testable import SpeakableDescribers

/// Which placement a double tap on a cell makes, near edges and in gaps, and what it says.
@Suite struct PlacementTests {
    @Test func nearEdgesThePieceMovesInward() throws {
        let board = BlockBoard()
        let square = try Piece(map: "XX/XX")
        let cases: [(GridPosition, GridPosition)] = [
            (GridPosition(row: 1, column: 1), GridPosition(row: 1, column: 1)),
            (GridPosition(row: 8, column: 8), GridPosition(row: 7, column: 7)),
            (GridPosition(row: 1, column: 8), GridPosition(row: 1, column: 7)),
            (GridPosition(row: 8, column: 1), GridPosition(row: 7, column: 1)),
        ]
        for (touch, anchor) in cases {
            #expect(board.placement(of: square, touching: touch)?.anchor == anchor, "touching \(touch)")
        }
        let line = try Piece(map: "XXXX")
        let hint = { (column: Int) in english.describe(cellAt: GridPosition(row: 3, column: column), on: board, placing: line).voiceOver.hint }
        #expect(hint(1) == "Places the line of 4 across covering row 3, columns 1 to 4.")
        #expect(hint(8) == "Places the line of 4 across covering row 3, columns 5 to 8.")
        // In the open, the line centres on the touched cell (ties go left).
        #expect(hint(4) == "Places the line of 4 across covering row 3, columns 2 to 5.")
        #expect(korean.describe(cellAt: GridPosition(row: 3, column: 8), on: board, placing: line).voiceOver.hint
                == "가로 4칸 막대를 3행 5열에서 8열에 배치합니다.")
        let down = try Piece(map: "X/X/X")
        #expect(english.describe(cellAt: GridPosition(row: 8, column: 2), on: board, placing: down).voiceOver.hint
                == "Places the line of 3 down covering row 6, column 2; row 7, column 2; row 8, column 2.")
    }

    @Test func touchingAGapGetsThePieceAcrossIt() throws {
        // Row 5 is full but for columns 3 to 6: a line of 4 touched anywhere in the gap fills it.
        let board = try BlockBoard(map: ["........", "........", "........", "........", "##....##", "........", "........", "........"])
        let line = try Piece(map: "XXXX")
        for column in 3...6 {
            let placement = board.placement(of: line, touching: GridPosition(row: 5, column: column))
            #expect(placement?.anchor == GridPosition(row: 5, column: 3), "touching column \(column)")
            #expect(placement?.completedLines == [.row(5)])
        }
        let text = english.describe(cellAt: GridPosition(row: 5, column: 4), on: board, placing: line)
        #expect(text.voiceOver.hint == "Places the line of 4 across covering row 5, columns 3 to 6; completes row 5.")
        #expect(text.talkBack.clickLabel == "place the line of 4 across covering row 5, columns 3 to 6; completing row 5")
        let korean = korean.describe(cellAt: GridPosition(row: 5, column: 4), on: board, placing: line)
        #expect(korean.voiceOver.hint == "가로 4칸 막대를 5행 3열에서 6열에 배치하고 5행을 완성합니다.")
        #expect(korean.talkBack.clickLabel == "가로 4칸 막대를 5행 3열에서 6열에 배치하여 5행을 완성")
    }

    @Test func rowsAndColumnsCompletedTogether() throws {
        var map = Array(repeating: "#######.", count: 8)
        map[7] = "#####..."
        let board = try BlockBoard(map: map)
        let corner = try Piece(map: ".X/XX")
        let placement = board.placement(of: corner, touching: GridPosition(row: 8, column: 7))
        #expect(placement?.cells == [GridPosition(row: 7, column: 8), GridPosition(row: 8, column: 7), GridPosition(row: 8, column: 8)])
        // Row 7 gets its last cell, and so does column 7 (rows 1 to 7 were filled there).
        #expect(placement?.completedLines == [.row(7), .column(7)])
        let vertical = try Piece(map: "X/X/X/X/X")
        let column = try BlockBoard(map: Array(repeating: ".......#", count: 3) + Array(repeating: "........", count: 5))
        let fill = column.placement(of: vertical, touching: GridPosition(row: 6, column: 8))
        #expect(fill?.completedLines == [.column(8)])
        #expect(english.hint(for: fill!).voiceOver
                == "Places the line of 5 down covering row 4, column 8; row 5, column 8; row 6, column 8; row 7, column 8; row 8, column 8; completes column 8.")
        let both = try BlockBoard(map: Array(repeating: ".......#", count: 6) + ["........", "#####..."])
        let l = try Piece(map: "..X/XXX")   // L, foot at top right
        let filled = both.placement(of: l, touching: GridPosition(row: 8, column: 7))
        #expect(filled?.completedLines == [.row(8), .column(8)])
        #expect(english.hint(for: filled!).voiceOver
                == "Places the L, foot at top right covering row 7, column 8; row 8, columns 6 to 8; completes row 8 and column 8.")
        #expect(korean.hint(for: filled!).voiceOver
                == "오른쪽 위로 꺾인 L자를 7행 8열, 8행 6열에서 8열에 배치하고 8행, 8열을 완성합니다.")
    }

    @Test func aPieceThatDoesNotFitSaysSoOnBothPlatforms() throws {
        let board = try BlockBoard(map: ["###.####", "########", "########", "########", "########", "########", "########", "########"])
        let text = english.describe(cellAt: GridPosition(row: 1, column: 4), on: board, placing: try Piece(map: "XX"))
        #expect(text.voiceOver.hint == "Does not fit here.")
        #expect(text.talkBack.clickLabel == nil)
        #expect(text.talkBack.stateDescription == "does not fit")
        #expect(korean.describe(cellAt: GridPosition(row: 1, column: 4), on: board, placing: try Piece(map: "XX")).voiceOver.hint
                == "여기에는 들어가지 않습니다.")
        // The one cell that fits a single block.
        #expect(english.describe(cellAt: GridPosition(row: 1, column: 4), on: board, placing: try Piece(map: "X")).voiceOver.hint
                == "Places the block covering row 1, column 4; completes row 1 and column 4.")
    }

    @Test func everyPlacementIsRightOnAMixedBoard() throws {
        // Against brute force: a placement covers the touched cell on empty cells inside the
        // board; no placement means no way to cover the cell fits.
        let board = try BlockBoard(map: ["..#.....", ".##..#..", "......#.", "#..#....", "....##..", ".#......", "...#..#.", "#......#"])
        for piece in Piece.allRackPieces {
            for row in 1...8 {
                for column in 1...8 {
                    let touch = GridPosition(row: row, column: column)
                    let placement = board.placement(of: piece, touching: touch)
                    var anyFits = false
                    for offset in piece.cells {
                        let anchor = GridPosition(row: row - offset.row, column: column - offset.column)
                        let cells = piece.cells.map { GridPosition(row: anchor.row + $0.row, column: anchor.column + $0.column) }
                        if cells.allSatisfy({ board.contains($0) && !board[$0.row, $0.column].isFilled }) { anyFits = true }
                    }
                    #expect((placement != nil) == anyFits, "\(piece.map) at \(touch)")
                    if let placement {
                        #expect(placement.cells.contains(touch))
                        #expect(placement.cells.allSatisfy { board.contains($0) && !board[$0.row, $0.column].isFilled })
                    }
                }
            }
        }
    }

    @Test func describeCellsGivesEveryCellItsHint() throws {
        let board = BlockBoard()
        let square = try Piece(map: "XX/XX")
        let cells = english.describeCells(of: board, placing: square)
        #expect(cells.count == 64)
        for (i, cell) in cells.enumerated() {
            let single = english.describe(cellAt: GridPosition(row: i / 8 + 1, column: i % 8 + 1), on: board, placing: square)
            #expect(cell == single)
        }
        #expect(english.describeCells(of: board, placing: nil).allSatisfy { $0.voiceOver.hint == nil && $0.talkBack.clickLabel == nil })
    }
}

@Suite struct BoardReadingTests {
    static let board = try! BlockBoard(map: ["........", "........", "###.##..", "#######.", "##..##..", "........", "#.......", "#......."])

    @Test func rowByRowThenTheLinesNearlyDone() {
        #expect(english.positionReading(of: Self.board) == "Rows 1 to 2: empty. Row 3: all filled except columns 4 and 7 to 8. "
                + "Row 4: all filled except column 8. Row 5: columns 1 to 2 and 5 to 6 filled. Row 6: empty. "
                + "Row 7: column 1 filled. Row 8: column 1 filled. Row 4 needs column 8.")
        #expect(korean.positionReading(of: Self.board) == "1행부터 2행까지 비어 있음. 3행: 4열, 7열부터 8열까지만 비어 있음. "
                + "4행: 8열만 비어 있음. 5행: 1열부터 2열까지, 5열부터 6열까지 채워짐. 6행: 비어 있음. "
                + "7행: 1열 채워짐. 8행: 1열 채워짐. 4행은 8열만 채우면 지워짐.")
    }

    @Test func columnsOneCellFromClearingToo() throws {
        let board = try BlockBoard(map: ["#...", "#...", "....", "#..."])
        #expect(english.positionReading(of: board)
                == "Row 1: column 1 filled. Row 2: column 1 filled. Row 3: empty. Row 4: column 1 filled. Column 1 needs row 3.")
        #expect(english.positionReading(of: BlockBoard(rows: 2, columns: 2))
                == "Rows 1 to 2: empty. No line is one cell from clearing.")
    }

    @Test func theBoardElementOffersTheReading() {
        let text = english.describe(Self.board)
        #expect(text.voiceOver.label == "Board, 8 by 8")
        #expect(text.voiceOver.hint == "Speaks the whole position.")
        #expect(text.talkBack.clickLabel == "hear the whole position")
        #expect(korean.describe(Self.board).talkBack.clickLabel == "전체 상황을 확인")
    }
}
