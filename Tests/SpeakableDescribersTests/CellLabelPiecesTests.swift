import SeededRandom
import SpeakableCatalog
import SpeakableMessages
import Testing
@testable import SpeakableDescribers

/// A board's cell labels are made from pieces formatted once per row and column, its content
/// descriptions once per board (Sudoku and block boards), pencil marks and folds by joining
/// (CellLabelPieces, notesText, fold): each is checked against formatting the messages
/// themselves, cell by cell.
@Suite struct CellLabelPiecesTests {
    static let contentSource = Self.builtInSource("sudoku.cell.content", tag: nil)
    static let koreanContentSource = Self.builtInSource("sudoku.cell.content", tag: "ko")

    static func builtInSource(_ key: String, tag: String?) -> String {
        let entry = DescriberCatalog.builtIn.entries[key]!
        return tag.map { entry.translations[$0]! } ?? entry.source
    }

    /// A describer whose catalog replaces `messages` (key: English source, Korean translation).
    static func describer(_ locale: String, _ messages: [String: (String, String?)],
                          hintStyle: HintStyle = .result) throws -> Describer {
        let entries = messages.map { key, texts in
            DescriberCatalog.Entry(key: key, table: "test", role: .label, source: texts.0,
                                   translations: texts.1.map { ["ko": $0] } ?? [:])
        }
        return try Describer(locale: locale, hintStyle: hintStyle,
                             catalog: DescriberCatalog.builtIn.overriding(with: DescriberCatalog(sourceLocale: "en", entries: entries)))
    }

    /// A board of every content kind, digits and notes in and out of 0 to 9, some repeated.
    static func randomBoard(rows: Int, columns: Int, _ random: inout SplitMix) -> SudokuBoard {
        var board = SudokuBoard(rows: rows, columns: columns)
        for row in 1...rows {
            for column in 1...columns {
                let digit = random.chance(90) ? random.below(10) : random.pick([-3, -1, 10, 11, 12, 99, 1_000])
                switch random.below(5) {
                case 0: board[row, column] = .empty
                case 1: board[row, column] = .given(digit)
                case 2: board[row, column] = .value(digit)
                case 3: board[row, column] = .error(digit)
                default:
                    let digits = (0..<random.below(7)).map { _ in random.chance(95) ? random.below(10) : random.pick([-1, 10, 42]) }
                    board[row, column] = .notes(digits)
                }
            }
        }
        board.selected = random.chance(80) ? GridPosition(row: 1 + random.below(rows), column: 1 + random.below(columns)) : nil
        return board
    }

    static let sizes = [(9, 9), (1, 1), (1, 7), (4, 2), (16, 16), (12, 5), (25, 3)]

    /// Every cell of random boards as `describe(SudokuCell)` formats it (the label whole).
    static func expectCellByCell(_ describer: Describer, seed: UInt64, boards: Int = 12,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        var random = SplitMix(seed: seed)
        for k in 0..<boards {
            let (rows, columns) = sizes[k % sizes.count]
            let board = randomBoard(rows: rows, columns: columns, &random)
            let cells = describer.describe(board)
            let expected = board.cells.map { describer.describe($0) }
            #expect(cells.count == expected.count, sourceLocation: sourceLocation)
            for (cell, want) in zip(cells, expected) where cell != want {
                Issue.record("\(describer.locale): \(cell.voiceOver.label) / \(cell.talkBack.contentDescription), expected \(want.voiceOver.label) / \(want.talkBack.contentDescription)",
                             sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test func theBuiltInLabelsAreCutAtRowAndColumn() throws {
        for describer in [english, korean, englishGesture, koreanGesture] {
            #expect(describer.sudokuLabel?.pieces.map(\.key) == [.row, .column])
        }
        #expect(try Describer(locale: "ar").sudokuLabel?.pieces.map(\.key) == [.row, .column])
    }

    @Test(arguments: ["en", "ko", "ar", "ko-KR"])
    func builtInBoardsAreTheirCells(_ locale: String) throws {
        Self.expectCellByCell(try Describer(locale: locale), seed: 25)
        Self.expectCellByCell(try Describer(locale: locale, hintStyle: .gesture), seed: 26, boards: 4)
    }

    /// Labels the pieces can and cannot cut: each board equals its cells either way.
    @Test func ownLabelsAreTheirCells() throws {
        let content = Self.contentSource
        let cases: [(label: String, keys: [CellLabelPieces.Key]?)] = [
            ("Column {column}, row {row}: " + content, [.column, .row]),
            ("{row}/{column}/{row} " + content, [.row, .column, .row]),
            ("Cell: " + content, [.constant]),
            (content, []),
            ("{row, plural, one {first row} other {row #}}, {column, spellout} — " + content, [.row, .column]),
            ("{row, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} '{'{column}'}' ''x'' " + content, [.row, .column]),
            ("{row, number, ::integer-width/00} {column, number, percent} " + content, [.row, .column]),
            // Pieces longer than 16 bytes.
            ("Row number {row, spellout} and column number {column, spellout}, which is " + content, [.row, .column]),
            // Not cut: the digit before the content, both values in one argument, another content.
            ("{digit} at {row}, {column}: " + content, nil),
            ("{row, plural, other {{column}}} " + content, nil),
            ("Row {row}, column {column}, {content, select, empty {blank} given {given {digit}} error {{digit}, error} notes {notes {notes}} other {{digit}}}", nil),
            // A quoted brace inside a piece.
            ("Row {row} '{x' " + content, [.row]),
        ]
        for (label, keys) in cases {
            let describer = try Self.describer("en", ["sudoku.cell.label": (label, nil)])
            #expect(describer.sudokuLabel?.pieces.map(\.key) == keys, "\(label)")
            Self.expectCellByCell(describer, seed: 7, boards: 5)
        }
    }

    /// The texts are for one board's rows and columns: a cell off it gets no label from them.
    @Test func labelsOnlyForTheBoardsCells() throws {
        let pieces = try #require(english.sudokuLabel)
        let labels = pieces.withTexts(rows: 2, columns: 3) { texts in
            [texts.label(row: 2, column: 3, content: "x"), texts.label(row: 1, column: 1, content: ""),
             texts.label(row: 3, column: 1, content: "x"), texts.label(row: 1, column: 4, content: "x"),
             texts.label(row: 0, column: 1, content: "x"), texts.label(row: 1, column: 0, content: "x")]
        }
        #expect(labels == ["Row 2, column 3, x", "Row 1, column 1, ", nil, nil, nil, nil])
    }

    /// A content message whose text follows a position in the label only inside a quote.
    @Test func contentInsideAQuoteIsNotCut() throws {
        let content = "x' {content, select, empty {e} other {{digit}{notes}}}"
        let describer = try Self.describer("en", ["sudoku.cell.content": (content, nil),
                                                  "sudoku.cell.label": ("Row {row} '{" + content, nil)])
        #expect(describer.sudokuLabel == nil)
        Self.expectCellByCell(describer, seed: 8, boards: 3)
    }

    @Test func koreanLabelsAreTheirCells() throws {
        let content = Self.koreanContentSource
        // With particles after a placeholder the label is formatted whole.
        let particles = try Self.describer("ko", ["sudoku.cell.label": ("Row {row} " + Self.contentSource, "{row}이(가) 있는 행, {column}열, " + content)])
        #expect(particles.sudokuLabel == nil)
        Self.expectCellByCell(particles, seed: 9, boards: 4)
        let reversed = try Self.describer("ko", ["sudoku.cell.label": ("Row {row} " + Self.contentSource, "{column}열 {row}행 — " + content)])
        #expect(reversed.sudokuLabel?.pieces.map(\.key) == [.column, .row])
        Self.expectCellByCell(reversed, seed: 10, boards: 4)
        // A content message of its own, which the label ends with.
        let own = "{content, select, empty {없음} given {고정 {digit}} error {오류 {digit}} notes {후보 {notes}} other {{digit}}}"
        let both = try Self.describer("ko", ["sudoku.cell.content": (Self.contentSource, own),
                                             "sudoku.cell.label": ("Row {row} " + Self.contentSource, "{row}행 {column}열: " + own)])
        #expect(both.sudokuLabel?.pieces.map(\.key) == [.row, .column])
        Self.expectCellByCell(both, seed: 11, boards: 4)
    }

    /// Near the longest text a message may make: the content fits, the label does not (it is
    /// then the key, as formatting it whole makes it).
    @Test func aLabelLongerThanAMessageMayMakeIsTheKey() throws {
        let separator = String(repeating: "-", count: 116_506)
        let describer = try Self.describer("en", ["common.join.list": ("{first}" + separator + "{next}", nil)])
        var board = SudokuBoard(rows: 2, columns: 2)
        board[1, 1] = .notes(Array(0...9))
        board[2, 2] = .notes(Array(0...9).reversed())
        board[1, 2] = .given(3)
        let cells = describer.describe(board)
        #expect(cells == board.cells.map { describer.describe($0) })
        #expect(cells[0].talkBack.contentDescription.utf8.count == 1_048_570)
        #expect(cells[0].voiceOver.label == "{sudoku.cell.label}")
        #expect(cells[1].voiceOver.label == "Row 1, column 2, given 3")
    }

    /// Labels longer than the stack buffer (512 bytes) they are made in: a long content, a long piece.
    @Test func longLabelsAreMadeOnTheHeap() throws {
        let separator = String(repeating: "·", count: 60)
        let longNotes = try Self.describer("en", ["common.join.list": ("{first}" + separator + "{next}", nil)])
        let longPiece = try Self.describer("en", ["sudoku.cell.label": (String(repeating: "a", count: 600) + " {row}, {column}: " + Self.contentSource, nil)])
        for describer in [longNotes, longPiece] {
            var board = SudokuBoard(rows: 3, columns: 3)
            board[1, 1] = .notes(Array(0...9))
            board[2, 3] = .notes([1, 2])
            board[3, 3] = .given(7)
            let cells = describer.describe(board)
            #expect(cells == board.cells.map { describer.describe($0) })
            #expect(cells.contains { $0.voiceOver.label.utf8.count > 600 })
        }
    }

    /// The per-board texts belong to one board: describers of other catalogs and locales, and
    /// other boards, in turn, each as its cells.
    @Test func boardsAndDescribersInTurn() throws {
        let reversed = try Self.describer("en", ["sudoku.cell.label": ("Column {column}, row {row}: " + Self.contentSource, nil)])
        let describers = [english, korean, reversed, koreanGesture, try Describer(locale: "ar")]
        var random = SplitMix(seed: 12)
        for k in 0..<30 {
            let describer = describers[k % describers.count]
            let (rows, columns) = Self.sizes[random.below(Self.sizes.count)]
            let board = Self.randomBoard(rows: rows, columns: columns, &random)
            #expect(describer.describe(board) == board.cells.map { describer.describe($0) })
        }
    }

    // MARK: Block boards

    static let blockContentSource = Self.builtInSource("block.cell.content", tag: nil)
    static let pieces = ["XX/XX", "XXXX", "X/X/X", ".X/XX", ".X/XX/.X", "X", "XXX/X../X.."].map { try! Piece(map: $0) }

    /// Every cell of random block boards, with and without a piece selected, as
    /// `describe(cellAt:on:placing:)` describes it alone (its label formatted whole).
    static func expectBlockCellByCell(_ describer: Describer, seed: UInt64, boards: Int = 10,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
        var random = SplitMix(seed: seed)
        for k in 0..<boards {
            let (rows, columns) = [(8, 8), (1, 1), (3, 9), (10, 4), (8, 8)][k % 5]
            var board = BlockBoard(rows: rows, columns: columns)
            for row in 1...rows {
                for column in 1...columns where random.chance(60) {
                    board[row, column] = BlockCell(row: row, column: column, isFilled: random.chance(70), hasInk: random.chance(30),
                                                   isMarkedToClear: random.chance(30))
                }
            }
            let piece = random.chance(25) ? nil : random.pick(pieces)
            let cells = describer.describeCells(of: board, placing: piece)
            var expected: [AccessibleText] = []
            for row in 1...rows {
                for column in 1...columns {
                    expected.append(describer.describe(cellAt: GridPosition(row: row, column: column), on: board, placing: piece))
                }
            }
            #expect(cells.count == expected.count, sourceLocation: sourceLocation)
            for (cell, want) in zip(cells, expected) where cell != want {
                Issue.record("\(describer.locale): \(cell.voiceOver.label), expected \(want.voiceOver.label)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    @Test(arguments: ["en", "ko", "ar"])
    func blockBoardsAreTheirCells(_ locale: String) throws {
        let describer = try Describer(locale: locale)
        #expect(describer.blockLabel?.pieces.map(\.key) == [.row, .column])
        Self.expectBlockCellByCell(describer, seed: 30)
        Self.expectBlockCellByCell(try Describer(locale: locale, hintStyle: .gesture), seed: 31, boards: 3)
    }

    @Test func ownBlockLabelsAreTheirCells() throws {
        let content = Self.blockContentSource
        let cases: [(label: String, keys: [CellLabelPieces.Key]?)] = [
            ("Column {column}, row {row}: " + content, [.column, .row]),
            ("Cell " + content, [.constant]),
            ("{filled, select, yes {full} other {free}} at {row}, {column}: " + content, nil),
        ]
        for (label, keys) in cases {
            let describer = try Self.describer("en", ["block.cell.label": (label, nil)])
            #expect(describer.blockLabel?.pieces.map(\.key) == keys, "\(label)")
            Self.expectBlockCellByCell(describer, seed: 32, boards: 5)
        }
        let korean = try Self.describer("ko", ["block.cell.label": ("Row {row} " + content, "{column}열 {row}행: " + Self.builtInSource("block.cell.content", tag: "ko"))])
        #expect(korean.blockLabel?.pieces.map(\.key) == [.column, .row])
        Self.expectBlockCellByCell(korean, seed: 33, boards: 5)
    }

    /// Columns are said as a set: in any order, any number of times.
    @Test func columnsAreSaidAsTheirSet() {
        var random = SplitMix(seed: 34)
        for describer in [english, korean] {
            for _ in 0..<300 {
                let columns = (0..<1 + random.below(8)).map { _ in 1 + random.below(10) }
                for context: MessageArgument in ["placement", "reading"] {
                    #expect(describer.columnsText(columns, context: context) == describer.columnsText(Set(columns).sorted(), context: context),
                            "\(columns)")
                }
            }
        }
        #expect(english.columnsText([6, 5, 5, 1, 6, 3, 2], context: "placement") == "columns 1 to 3 and 5 to 6")
    }

    // MARK: Pencil marks and folds

    @Test func joinSeparatorsAreReadOnlyFromFirstThenNext() throws {
        #expect(english.joinSeparators[MessageID.joinList.rawValue] == ", ")
        #expect(english.joinSeparators[MessageID.joinGroups.rawValue] == "; ")
        #expect(korean.joinSeparators[MessageID.joinList.rawValue] == ", ")
        #expect(english.joinSeparators[MessageID.boardLabel.rawValue] == nil)
        let cases: [(String, String?)] = [
            ("{first}{next}", ""), ("{first} und {next}", " und "), ("{first}'{'{next}", "{"),
            ("{next}, {first}", nil), ("<{first}, {next}", nil), ("{first}, {next}.", nil),
            ("{first}, {next, select, other {{next}}}", nil), ("{first}", nil), ("{first}, {first}", nil),
        ]
        for (source, separator) in cases {
            let describer = try Self.describer("en", ["common.join.list": (source, nil)])
            #expect(describer.joinSeparators[MessageID.joinList.rawValue] == separator, "\(source)")
        }
        // A Korean particle after {first} is resolved from the item: not a plain join.
        let particle = try Self.describer("ko", ["common.join.list": ("{first}, {next}", "{first}와(과) {next}")])
        #expect(particle.joinSeparators[MessageID.joinList.rawValue] == nil)
    }

    @Test func notesAreWhatFormattingEachDigitMakes() throws {
        let describers = [english, korean, try Describer(locale: "ar"),
                          try Self.describer("en", ["common.join.list": ("{first}{next}", nil)]),
                          try Self.describer("ko", ["common.join.list": ("{first}, {next}", "{first} 그리고 {next}")]),
                          try Self.describer("ko", ["common.join.list": ("{first}, {next}", "{first}와(과) {next}")])]
        var random = SplitMix(seed: 13)
        var lists: [[Int]] = [[], [5], [5, 5], Array(0...9), Array((0...9).reversed()), [9, 0, 9, 0], [10], [-1, 3], [3, 10, 3]]
        for _ in 0..<300 {
            lists.append((0..<random.below(14)).map { _ in random.chance(97) ? random.below(10) : random.pick([-2, 10, 12]) })
        }
        for describer in describers {
            for digits in lists {
                #expect(describer.notesText(digits) == describer.notesTextInGeneral(digits), "\(describer.locale) \(digits)")
            }
            #expect(describer.digitTexts == (0...9).map(describer.digitsText))
        }
    }

    @Test func foldsAreWhatFormattingEachStepMakes() throws {
        let items = ["", "a", "é", "블록", "빈칸", "👍🏽", "x, y", "1 000", "\u{301}"]
        var random = SplitMix(seed: 14)
        let own = try Self.describer("en", ["common.join.groups": ("{first}{next}", nil)])
        for describer in [english, korean, own] {
            for id in [MessageID.joinList, .joinGroups, .joinSentences] {
                for count in 0..<8 {
                    let list = (0..<count).map { _ in random.pick(items) }
                    #expect(describer.fold(list, with: id) == describer.foldInGeneral(list, with: id), "\(id) \(list)")
                }
            }
        }
        // Past the longest text a message may make, each step makes the key, as formatting does.
        let long = String(repeating: "a", count: 600_000)
        #expect(english.fold([long, long, "b"], with: .joinList) == english.foldInGeneral([long, long, "b"], with: .joinList))
        #expect(english.fold([long, long, "b"], with: .joinList) == "{common.join.list}, b")
    }
}
