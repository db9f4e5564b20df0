import SpeakableICU
import SpeakableParticles
import Testing
@testable import SpeakableDescribers

/// What the DocC comments promise, checked: each example's call and the output it shows.
@Suite struct DocExampleTests {
    @Test func describerAndAccessibleText() throws {
        let cell = english.describe(SudokuCell(row: 2, column: 7, content: .given(4), isSelected: true))
        #expect(cell.voiceOver.label == "Row 2, column 7, given 4")
        #expect(cell.voiceOver.traits.names == ["button", "selected"])
        #expect(cell.talkBack.contentDescription == "given 4")
        let text = english.describe(SudokuCell(row: 3, column: 4, content: .empty, isSelected: true))
        #expect(text.voiceOver.label == "Row 3, column 4, empty")
        #expect(text.voiceOver.hint == "Selects the cell.")
        #expect(text.talkBack.contentDescription == "empty")
        #expect(text.talkBack.collectionItemInfo?.rowIndex == 2 && text.talkBack.collectionItemInfo?.columnIndex == 3)
        #expect(text.talkBack.clickLabel == "select the cell")
        #expect(korean.describe(try Piece(map: ".X/XX/.X")).name == "왼쪽을 향한 T자")
        #expect(korean.describe(SudokuCell(row: 4, column: 6, content: .notes([9, 1, 5]))).voiceOver.label == "4행 6열, 메모 1, 5, 9")
        #expect(try english.format("game.coins", ["amount": 9180]) == "9,180 O’Coins")
    }

    @Test func piecesAndShapes() throws {
        let piece = try Piece(map: "XX/X./X.")
        #expect(piece.width == 2 && piece.height == 3 && piece.shape == .j(foot: .topRight))
        #expect(try Piece(map: "XXXX").shape == .line(length: 4, direction: .across))
        #expect(try Piece(map: ".X/XX/.X").shape == .t(pointing: .left))
        #expect(try Piece(map: "X./X./XX").shape == .l(foot: .bottomRight))
        #expect(try Piece(map: ".X/XX").shape == .corner(open: .topLeft))
        #expect(try Piece(map: "XXX/X.X").shape == .blocks(count: 5, width: 3, height: 2))
        let j = korean.describe(piece)
        #expect(j.name == "오른쪽 위로 꺾인 J자")
        #expect(j.shape == "블록 4개짜리 가로 2칸 세로 3칸 조각. 1행: 블록, 블록. 2행: 블록, 빈칸. 3행: 블록, 빈칸.")
        #expect(english.describe(rackSlot: try Piece(map: "XXXX")).voiceOver.label == "line of 4 across")
    }

    @Test func boards() throws {
        var board = BlockBoard(rows: 8, columns: 8)
        for column in [1, 2, 3, 4, 7, 8] { board[4, column] = BlockCell(row: 4, column: column, isFilled: true) }
        #expect(board == rowFourBoard())
        #expect(board.placement(of: try Piece(map: "XX/XX"), touching: GridPosition(row: 3, column: 5))?.cells
                == [GridPosition(row: 3, column: 5), GridPosition(row: 3, column: 6), GridPosition(row: 4, column: 5), GridPosition(row: 4, column: 6)])
        #expect(korean.describe(cellAt: GridPosition(row: 3, column: 5), on: rowFourBoard(), placing: try Piece(map: "XX/XX")).voiceOver.hint
                == "가로세로 2칸 정사각형을 3행 5열에서 6열, 4행 5열에서 6열에 배치하고 4행을 완성합니다.")
        #expect(english.positionReading(of: try BlockBoard(map: ["....", "###.", "#...", "...."]))
                == "Row 1: empty. Row 2: all filled except column 4. Row 3: column 1 filled. Row 4: empty. Row 2 needs column 4.")
        #expect(korean.describe(BlockCell(row: 3, column: 5, hasInk: true)).voiceOver.label == "3행 5열, 빈칸, 잉크 칸")
    }

    @Test func controls() {
        #expect(korean.describe(Control(label: "힌트", price: 100)).voiceOver.label == "힌트, 오코인 100개")
        #expect(koreanGesture.describe(Control(label: "내 위치", action: "현재 위치를 확인")).voiceOver.hint == "현재 위치를 확인하려면 이중 탭하세요")
    }

    @Test func scenarios() throws {
        let read = Scenario.read(#"{"items": [{"type": "coins", "amount": 9180}]}"#, file: "coins.json")
        let report = ScenarioReport(scenario: try #require(read.scenario), describer: english)
        #expect(report.elements[0].voiceOver.label == "9,180 O’Coins")
    }

    @Test func particles() throws {
        let ko = try ICULocale("ko")
        let message = try ParticleResolvingMessage("{piece}을(를) {row}행에 배치", locale: ko)
        #expect(try message.format(["piece": "가로 4칸 막대", "row": 3]) == "가로 4칸 막대를 3행에 배치")
        #expect(try message.format(["piece": "정사각형", "row": 3]) == "정사각형을 3행에 배치")
        let count = try ParticleResolvingMessage("{n}이(가) 남았습니다", locale: ko)
        #expect(try count.format(["n": 3]) == "3이 남았습니다")
        #expect(try count.format(["n": 2]) == "2가 남았습니다")
        let particle = try #require(KoreanParticle(notation: "을(를)"))
        #expect(particle.form(after: .consonant) == "을" && particle.form(after: .vowel) == "를")
        #expect(KoreanParticle(notation: "(으)로")?.form(after: .rieul) == "")   // the 로 stays in the text
        #expect(KoreanParticles.attach("7", "(으)로") == "7로")
        #expect(KoreanParticle(notation: "(이)에요")?.form(after: .vowel) == "예요")
        #expect(KoreanParticles.attach("칫솔", "을(를)") == "칫솔을")
        #expect(KoreanParticles.attach("URL", "은(는)") == "URL은")
    }
}
