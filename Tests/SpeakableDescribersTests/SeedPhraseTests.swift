import SpeakableCatalog
import Testing
@testable import SpeakableDescribers

let english = try! Describer(locale: "en")
let englishGesture = try! Describer(locale: "en", hintStyle: .gesture)
let korean = try! Describer(locale: "ko")
let koreanGesture = try! Describer(locale: "ko", hintStyle: .gesture)

/// The O'Block board of the placement example: row 4 filled but for columns 5 and 6.
func rowFourBoard() -> BlockBoard {
    var board = BlockBoard()
    for column in [1, 2, 3, 4, 7, 8] { board[4, column] = BlockCell(row: 4, column: column, isFilled: true) }
    return board
}

/// Every phrase the seeds quote as what a screen reader says (seeds/002 Soundscape, seeds/003
/// O'Block; seeds/000 DailySudoku quotes none, its cells are in SudokuTests), each produced by
/// the call a game would make, compared exactly.
@Suite struct SeedPhraseTests {
    // MARK: seeds/003 — O'Block, "Every control gets a name"

    @Test func coinBalance() {
        #expect(english.describe(CoinBalance(9180)).voiceOver.label == "9,180 O’Coins")
    }

    @Test func hintButtonWithItsPrice() {
        let hint = english.describe(Control(label: "Hint", price: 100))
        #expect(hint.voiceOver.label == "Hint, 100 O’Coins")
        #expect(hint.voiceOver.traits == .button)
    }

    @Test func journeyCoversAndLevels() {
        #expect(english.describe(JourneyIssue(3, locked: true)).voiceOver.label == "Issue 3, locked")
        #expect(english.describe(Level(5, stars: 2)).voiceOver.label == "Level 5, 2 of 3 stars")
        #expect(english.describe(Level(6, locked: true)).voiceOver.label == "Level 6, locked")
    }

    @Test func leaderboardRowsAreOneElement() {
        #expect(english.describe(LeaderboardRow(rank: 1, name: "Mina", score: 4530)).voiceOver.label == "Rank 1, Mina, 4530 points")
    }

    // MARK: "The rack describes its pieces"

    @Test func piecesWithAName() throws {
        #expect(english.describe(try Piece(map: "XXXX")).description == "line of 4 across")
        #expect(english.describe(try Piece(map: "XX/XX")).description == "2 by 2 square")
        #expect(english.describe(try Piece(map: "X")).description == "one block")
    }

    @Test func pieceReadRowByRow() throws {
        let piece = english.describe(try Piece(map: "XX/X./X."))
        #expect(piece.shape == "4 blocks, 2 wide by 3 tall. Row 1: block, block. Row 2: block, gap. Row 3: block, gap.")
        #expect(piece.description.hasSuffix(piece.shape))
    }

    @Test func tetrominoLettersWithOrientation() throws {
        #expect(english.describe(try Piece(map: ".X/XX/.X")).name == "T pointing left")
        #expect(english.describe(try Piece(map: "X./X./XX")).name == "L, foot at bottom right")
        #expect(english.describe(try Piece(map: "X./XX/.X")).name == "S standing")
        #expect(english.describe(try Piece(map: ".X/XX")).name == "corner, open at top left")
    }

    // MARK: "The board is 64 cells you can touch"

    @Test func boardCells() {
        #expect(english.describe(BlockCell(row: 3, column: 5)).voiceOver.label == "Row 3, column 5, empty")
        #expect(english.describe(BlockCell(row: 3, column: 5, isFilled: true)).voiceOver.label == "Row 3, column 5, filled")
        #expect(english.describe(BlockCell(row: 3, column: 5, hasInk: true)).voiceOver.label == "Row 3, column 5, empty, ink cell")
        #expect(english.describe(BlockCell(row: 3, column: 5, isFilled: true, isMarkedToClear: true)).voiceOver.label
                == "Row 3, column 5, filled, marked to clear")
    }

    @Test func placementHintNamesEveryCoveredCellAndCompletedLine() throws {
        let text = english.describe(cellAt: GridPosition(row: 3, column: 5), on: rowFourBoard(), placing: try Piece(map: "XX/XX"))
        #expect(text.voiceOver.hint == "Places the 2 by 2 square covering row 3, columns 5 to 6; row 4, columns 5 to 6; completes row 4.")
    }

    @Test func aPieceThatCannotGoThereSaysSo() throws {
        let board = try BlockBoard(map: ["########", "########", "#######.", "########", "........", "........", "........", "........"])
        let text = english.describe(cellAt: GridPosition(row: 3, column: 8), on: board, placing: try Piece(map: "XX/XX"))
        #expect(text.voiceOver.hint == "Does not fit here.")   // the seed's "does not fit here"
    }

    @Test func boardElementAheadOfItsCells() {
        #expect(english.describe(BlockBoard()).voiceOver.label == "Board, 8 by 8")
    }

    @Test func gameScreenOpensOnItsMode() {
        let screen = english.describe(GameScreen(mode: .classic))
        #expect(screen.voiceOver.label == "Classic")
        #expect(screen.voiceOver.traits == .header)
        // "…with the two sentences a screen reader needs to play, not on 'Back, button'."
        #expect(screen.voiceOver.announcement?.hasPrefix("Classic. ") == true)
        #expect(screen.voiceOver.announcement?.split(separator: ".").count == 3)
        #expect(english.describe(Control(label: "Back")).voiceOver.label == "Back")   // VoiceOver adds ", button"
    }

    @Test func resultSummary() {
        let summary = ResultSummary(title: .daily(1_756_166_400_000), score: 4530, seconds: 26, streakDay: 1,
                                    comeBackTomorrow: true, next: "Share")
        #expect(english.describe(summary).voiceOver.label
                == "Daily, August 26. 4530 points. Time 26 seconds. Day one. Come back tomorrow. Share is next")
    }

    @Test func numbersSayWhatTheyAre() {
        #expect(english.describe(Stat.bestScore(110)).voiceOver.label == "Best score 110")
        #expect(english.describe(Stat.time(seconds: 38)).voiceOver.label == "Time 38 seconds")
        #expect(english.describe(Stat.score(320, combo: 2)).voiceOver.label == "Score 320, combo times 2")
    }

    @Test func announcementsAfterTheDrop() {
        #expect(english.announcement(for: .placed(score: 320)) == "Placed. Score 320.")
        #expect(english.announcement(for: .linesCleared(lines: 2, score: 640, combo: 2)) == "Cleared 2 lines. Score 640. Combo times 2.")
    }

    @Test func howToPlayPrompt() {
        #expect(english.describe(TutorialPrompt(screenReaderRunning: true)).voiceOver.label == "Double tap a cell in the gap")
        #expect(english.describe(TutorialPrompt(screenReaderRunning: false)).voiceOver.label == "Drag the piece")
    }

    @Test func emptyRackSlot() {
        #expect(english.describe(rackSlot: nil).voiceOver.label == "Empty slot")
    }

    // MARK: seeds/002 — Soundscape

    @Test func gestureHintFromAFragment() {
        let location = Control(label: "My Location", action: "hear about your current location", startsSpeech: true)
        let text = englishGesture.describe(location)
        #expect(text.voiceOver.hint == "Double tap to hear about your current location")
        #expect(text.voiceOver.traits == [.button, .startsMediaSession, .playsSound])
        // TalkBack composes "Double-tap to …" itself from the click label.
        #expect(text.talkBack.clickLabel == "hear about your current location")
    }
}
