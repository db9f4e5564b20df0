import Testing
@testable import SpeakableDescribers

/// DailySudoku (seeds/000 and its Korean translation seeds/001): position from 1, the five
/// contents, the selected state; on TalkBack the position and selection go in their own fields.
@Suite struct SudokuTests {
    static let contents: [(SudokuCell.Content, String, String)] = [
        (.empty, "empty", "빈칸"),
        (.given(4), "given 4", "주어진 숫자 4"),
        (.value(4), "4", "4"),
        (.error(4), "4, error", "4, 오류"),
        (.notes([9, 1, 5]), "notes 1, 5, 9", "메모 1, 5, 9"),
    ]

    @Test(arguments: 0..<5)
    func everyContentOnBothPlatforms(_ index: Int) {
        let (content, en, ko) = Self.contents[index]
        let cell = SudokuCell(row: 2, column: 7, content: content)
        let text = english.describe(cell)
        #expect(text.voiceOver.label == "Row 2, column 7, \(en)")
        #expect(text.voiceOver.traits == .button)
        #expect(text.voiceOver.hint == "Selects the cell.")
        #expect(text.talkBack.contentDescription == en)
        #expect(text.talkBack.role == .button)
        #expect(text.talkBack.clickLabel == "select the cell")
        #expect(text.talkBack.collectionItemInfo == CollectionItemInfo(rowIndex: 1, columnIndex: 6))
        #expect(text.talkBack.isSelected == false)
        let korean = korean.describe(cell)
        #expect(korean.voiceOver.label == "2행 7열, \(ko)")
        #expect(korean.voiceOver.hint == "칸을 선택합니다.")
        #expect(korean.talkBack.contentDescription == ko)
        #expect(korean.talkBack.clickLabel == "칸을 선택")
    }

    @Test func selectedIsAStateNotWords() {
        for describer in [english, korean] {
            let text = describer.describe(SudokuCell(row: 3, column: 4, content: .empty, isSelected: true))
            #expect(text.voiceOver.traits == [.button, .selected])
            #expect(text.talkBack.isSelected)
            #expect(text.talkBack.stateDescription == nil)
            for words in [text.voiceOver.label, text.talkBack.contentDescription] {
                #expect(!words.lowercased().contains("selected") && !words.contains("선택"))
            }
            // Not said twice on TalkBack: no row or column words in the description.
            #expect(!text.talkBack.contentDescription.contains("Row") && !text.talkBack.contentDescription.contains("행"))
        }
    }

    @Test func gestureHintStyle() {
        let cell = SudokuCell(row: 1, column: 1, content: .given(5))
        #expect(englishGesture.describe(cell).voiceOver.hint == "Double tap to select the cell")
        #expect(koreanGesture.describe(cell).voiceOver.hint == "칸을 선택하려면 이중 탭하세요")
        // TalkBack adds its own gesture: the click label stays the fragment.
        #expect(englishGesture.describe(cell).talkBack.clickLabel == "select the cell")
    }

    @Test func aWholeBoard() {
        var board = SudokuBoard()
        board[1, 1] = .given(5)
        board[9, 9] = .notes([2, 3])
        board.selected = GridPosition(row: 5, column: 5)
        let cells = english.describe(board)
        #expect(cells.count == 81)
        #expect(cells.first?.voiceOver.label == "Row 1, column 1, given 5")
        #expect(cells.last?.voiceOver.label == "Row 9, column 9, notes 2, 3")
        #expect(Set(cells.map(\.voiceOver.label)).count == 81)
        #expect(cells.filter(\.talkBack.isSelected).count == 1)
        #expect(cells[4 * 9 + 4].voiceOver.traits.contains(.selected))
        for (i, cell) in cells.enumerated() {
            #expect(cell.talkBack.collectionItemInfo == CollectionItemInfo(rowIndex: i / 9, columnIndex: i % 9))
        }
        let frame = english.describe(board.frame)
        #expect(frame.voiceOver.label == "Board, 9 by 9")
        #expect(frame.voiceOver.dataTable == GridSize(rows: 9, columns: 9))
        #expect(frame.talkBack.collectionInfo == GridSize(rows: 9, columns: 9))
        #expect(korean.describe(board.frame).voiceOver.label == "게임판, 행 9개, 열 9개")
    }

    /// The board's cells are written field by field in place (`AccessibleText.initializeCell`):
    /// each equals what the public initializers make, every other field at its default.
    @Test func cellsAsTheInitializersMakeThem() {
        var board = SudokuBoard()
        for (k, (content, _, _)) in Self.contents.enumerated() { board[k + 1, k + 2] = content }
        board.selected = GridPosition(row: 3, column: 4)
        for describer in [english, korean] {
            let cells = describer.describe(board)
            for (i, cell) in cells.enumerated() {
                let row = i / 9 + 1, column = i % 9 + 1
                let isSelected = row == 3 && column == 4
                let expected = AccessibleText(
                    voiceOver: VoiceOverText(label: cell.voiceOver.label, traits: isSelected ? [.button, .selected] : .button,
                                             hint: describer.sudokuHint, selectsOnActivation: true),
                    talkBack: TalkBackText(contentDescription: cell.talkBack.contentDescription, role: .button, isSelected: isSelected,
                                           clickLabel: describer.sudokuAction,
                                           collectionItemInfo: CollectionItemInfo(rowIndex: row - 1, columnIndex: column - 1),
                                           selectsOnClick: true))
                #expect(cell == expected)
                #expect(cell == describer.describe(board.cell(row: row, column: column)))
            }
        }
    }
}
