import SpeakableCatalog
import SpeakableDescribers
import SpeakablePreview
import Testing

/// What the page draws: standalone cells on the board they belong to, and a team's own grid.
@Suite struct BoardDrawingTests {
    func boards(_ json: String) throws -> [BoardPreview] {
        let read = Scenario.read(json, file: "test.json")
        let scenario = try #require(read.scenario, "\(read.diagnostics)")
        var request = PreviewRequest(scenario: scenario, scenarioName: "test.json", locales: ["en"], platforms: [.voiceOver])
        request.includeBoards = true
        return try Previewer.preview(request).sections[0].boards
    }

    @Test func standaloneCellsAreDrawnOnTheBoardBeforeThem() throws {
        // Examples/Scenarios/sudoku.json's shape: a board, then cells of it said on their own.
        let drawn = try boards(#"""
        {"items": [
          {"type": "sudokuBoard", "rows": ["5 . .", ". . .", ". . ."], "cells": [[1, 1]]},
          {"type": "sudokuCell", "row": 2, "column": 2, "content": "value", "digit": 8},
          {"type": "sudokuCell", "row": 3, "column": 3, "content": "notes", "notes": [9, 1], "selected": true}
        ]}
        """#)
        #expect(drawn.count == 1)
        let board = try #require(drawn.first)
        #expect(board.item == 1)
        #expect(board.cells.map(\.display) == ["5", "", "", "", "8", "", "", "", "1 9"])
        #expect(board.cells[4].name == "Row 2, column 2, 8")
        #expect(board.cells.map(\.isSelected) == [false, false, false, false, false, false, false, false, true])
    }

    @Test func cellsWithoutABoardGetOneOfTheirOwn() throws {
        let drawn = try boards(#"""
        {"items": [
          {"type": "blockCell", "row": 3, "column": 5, "filled": true},
          {"type": "coins", "amount": 9180},
          {"type": "blockCell", "row": 3, "column": 6, "ink": true}
        ]}
        """#)
        #expect(drawn.count == 1)
        let board = try #require(drawn.first)
        #expect(board.kind == .block)
        #expect(board.rows == 8 && board.columns == 8)
        #expect(board.cells[2 * 8 + 4].style == "filled")
        #expect(board.cells[2 * 8 + 5].style == "empty ink")
        #expect(board.cells.filter { $0.style != "empty" }.count == 2)
    }
}
