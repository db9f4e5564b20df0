import SpeakableMessages

extension Describer {
    /// A Sudoku cell. VoiceOver gets position and content in the label, `button` and `selected`
    /// as traits; TalkBack gets the content as the description, the selection as `selected`, and
    /// the position as `collectionItemInfo` — each said once.
    ///
    /// ```swift
    /// let text = describer.describe(SudokuCell(row: 4, column: 6, content: .notes([9, 1, 5])))
    /// text.voiceOver.label              // "Row 4, column 6, notes 1, 5, 9"
    /// text.talkBack.contentDescription  // "notes 1, 5, 9"
    /// // ko: "4행 6열, 메모 1, 5, 9" / "메모 1, 5, 9"
    /// ```
    public func describe(_ cell: SudokuCell) -> AccessibleText {
        withUnsafeTemporaryAllocation(of: AccessibleText.self, capacity: 1) { text in
            withSudokuArguments { values in
                describe(cell.row, cell.column, cell.content, isSelected: cell.isSelected, values,
                         messages[MessageID.sudokuCellLabel.rawValue], messages[MessageID.sudokuCellContent.rawValue],
                         pieces: nil, sharedContents: nil, into: text.baseAddress!)
            }
            return text.baseAddress!.move()
        }
    }

    /// Every cell of a board, row-major (the order of the accessibility elements).
    public func describe(_ board: SudokuBoard) -> [AccessibleText] {
        // Labels from pieces formatted once per row and column, and each content description
        // formatted once per board (see CellLabelPieces); the recorder sees every message.
        if recorder == nil, let sudokuLabel,
           let cells = sudokuLabel.withTexts(rows: board.rows, columns: board.columns, { texts in
               withUnsafeTemporaryAllocation(of: String?.self, capacity: Self.sharedContentCount) { shared in
                   shared.initialize(repeating: nil)
                   defer { _ = shared.deinitialize() }
                   return describe(board, pieces: texts, sharedContents: shared.baseAddress!)
               }
           }) {
            return cells
        }
        return describe(board, pieces: nil, sharedContents: nil)
    }

    /// The board's cells; with `pieces`, each label is made from them and the content, and the
    /// content descriptions of digits 0 to 9 are kept in `sharedContents` (see `sharedContentSlot`).
    private func describe(_ board: SudokuBoard, pieces: CellLabelTexts?,
                          sharedContents: UnsafeMutablePointer<String?>?) -> [AccessibleText] {
        let columns = board.columns
        let count = board.rows * columns
        let selected = board.selected
        // The two messages every cell formats, looked up once per board.
        let labels = messages[MessageID.sudokuCellLabel.rawValue], contents = messages[MessageID.sudokuCellContent.rawValue]
        return withSudokuArguments { values in
            board.contents.withUnsafeBufferPointer { cellContents in
                // Each cell is described straight into the array's storage, with one argument
                // buffer for the whole board.
                [AccessibleText](unsafeUninitializedCapacity: count) { cells, initialized in
                    let out = cells.baseAddress!
                    var row = 1, column = 1
                    for index in 0..<count {
                        let isSelected = selected.map { $0.row == row && $0.column == column } ?? false
                        describe(row, column, cellContents[index], isSelected: isSelected, values, labels, contents,
                                 pieces: pieces, sharedContents: sharedContents, into: out + index)
                        initialized = index + 1
                        if column == columns {
                            row += 1
                            column = 1
                        } else {
                            column += 1
                        }
                    }
                }
            }
        }
    }

    /// Content descriptions a board keeps: empty, given, value and error, each with digits 0 to 9.
    static let sharedContentCount = 40

    /// Where a board keeps the content description of `content`, or nil when it is made for each
    /// cell (notes, digits outside 0 to 9).
    @inline(__always)
    static func sharedContentSlot(_ content: SudokuCell.Content) -> Int? {
        let kind: Int, digit: Int
        switch content {
        case .empty: return 0
        case .given(let d): kind = 1; digit = d
        case .value(let d): kind = 2; digit = d
        case .error(let d): kind = 3; digit = d
        case .notes: return nil
        }
        return digit >= 0 && digit <= 9 ? kind * 10 + digit : nil
    }

    /// Lends `body` room for the label's five arguments (row, column, content, digit, notes; the
    /// content message takes the last three), on the stack.
    @inline(__always)
    private func withSudokuArguments<R>(_ body: (UnsafeMutableBufferPointer<MessageArgument?>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: MessageArgument?.self, capacity: 5) { values in
            values.initialize(repeating: nil)
            defer { _ = values.deinitialize() }
            return body(values)
        }
    }

    @inline(__always)
    private func describe(_ row: Int, _ column: Int, _ content: SudokuCell.Content, isSelected: Bool,
                          _ values: UnsafeMutableBufferPointer<MessageArgument?>, _ labels: BoundMessage, _ contents: BoundMessage,
                          pieces: CellLabelTexts?, sharedContents: UnsafeMutablePointer<String?>?,
                          into text: UnsafeMutablePointer<AccessibleText>) {
        let label: String, description: String
        if let pieces, let sharedContents {
            let slot = Self.sharedContentSlot(content)
            if let slot, let known = sharedContents[slot] {
                description = known
            } else {
                setSudokuArguments(row, column, content, values)
                description = contents.format(UnsafeBufferPointer(rebasing: UnsafeBufferPointer(values)[2..<5]), recorder)
                if let slot { sharedContents[slot] = description }
            }
            if let made = pieces.label(row: row, column: column, content: description) {
                label = made
            } else {
                setSudokuArguments(row, column, content, values)
                label = labels.format(UnsafeBufferPointer(values), recorder)
            }
        } else {
            setSudokuArguments(row, column, content, values)
            let all = UnsafeBufferPointer(values)
            label = labels.format(all, recorder)
            description = contents.format(UnsafeBufferPointer(rebasing: all[2..<5]), recorder)
        }
        var traits: VoiceOverTraits = .button
        if isSelected { traits.insert(.selected) }
        // A double tap selects the cell: VoiceOver gains the `.selected` trait, TalkBack's click
        // finds the node selected.
        AccessibleText.initializeCell(
            text, label: label, traits: traits, hint: sudokuHint, selectsOnActivation: true,
            contentDescription: description, role: .button, isSelected: isSelected, clickLabel: sudokuAction,
            collectionItemInfo: CollectionItemInfo(rowIndex: row - 1, columnIndex: column - 1), selectsOnClick: true)
    }

    /// Puts a cell's values in the label's slots (row, column, content, digit, notes).
    @inline(__always)
    private func setSudokuArguments(_ row: Int, _ column: Int, _ content: SudokuCell.Content,
                                    _ values: UnsafeMutableBufferPointer<MessageArgument?>) {
        // Slots 0, 1 and 3 only ever hold integers (or nil), which need no destroying: they are
        // written over; the strings in 2 and 4 are assigned.
        let slots = values.baseAddress!
        slots.initialize(to: .int(Int64(row)))
        (slots + 1).initialize(to: .int(Int64(column)))
        let digit: Int
        switch content {
        case .empty: values[2] = .string("empty"); digit = 0; values[4] = .string("")
        case .given(let d): values[2] = .string("given"); digit = d; values[4] = .string("")
        case .value(let d): values[2] = .string("value"); digit = d; values[4] = .string("")
        case .error(let d): values[2] = .string("error"); digit = d; values[4] = .string("")
        case .notes(let digits): values[2] = .string("notes"); digit = 0; values[4] = .string(notesText(digits))
        }
        (slots + 3).initialize(to: .int(Int64(digit)))
    }

    /// Pencil marks, each digit once, ascending, joined as `list` joins them: "1, 5, 9".
    func notesText(_ digits: [Int]) -> String {
        if recorder == nil, let separator = joinSeparators[MessageID.joinList.rawValue],
           let text = Self.notesText(digits, digitTexts: digitTexts, separator: separator) {
            return text
        }
        return notesTextInGeneral(digits)
    }

    /// `notesText` by formatting each digit and folding with common.join.list.
    func notesTextInGeneral(_ digits: [Int]) -> String {
        var result: String?
        var previous: Int?
        for digit in digits.sorted() where digit != previous {
            previous = digit
            let item = digitsText(digit)
            result = result.map { text(.joinList, .string($0), .string(item), count: 2) } ?? item
        }
        return result ?? ""
    }

    /// Digits 0 to 9 from their texts, joined with `separator` (common.join.list `{first}…{next}`)
    /// in ascending order, each once; nil when a digit is outside 0 to 9 or the text would be
    /// longer than a message may make.
    static func notesText(_ digits: [Int], digitTexts: [String], separator: String) -> String? {
        var set: UInt16 = 0
        for digit in digits {
            guard digit >= 0 && digit <= 9 else { return nil }
            set |= 1 << UInt16(digit)
        }
        var result = ""
        var isFirst = true
        while set != 0 {
            let digit = set.trailingZeroBitCount
            set &= set - 1
            if !isFirst { result += separator }
            isFirst = false
            result += digitTexts[digit]
            guard result.utf8.count <= CompiledMessage.maximumOutputLength else { return nil }
        }
        return result
    }

    /// A board's frame: "Board, 8 by 8" (ko "게임판, 행 8개, 열 8개"), with the grid size for VoiceOver's
    /// data table and TalkBack's `collectionInfo`. Its content description sits on the node that
    /// carries `collectionInfo`, so it is also the grid's name: TalkBack says "In grid Board, 8 by
    /// 8, 8 rows, 8 columns" when focus enters the grid and "Out of grid Board, 8 by 8" when it
    /// leaves.
    public func describe(_ board: Board) -> AccessibleText {
        let label = text(.boardLabel, [.string(board.name ?? boardName), number(board.rows), number(board.columns)])
        let size = GridSize(rows: board.rows, columns: board.columns)
        return AccessibleText(voiceOver: VoiceOverText(label: label, dataTable: size),
                              talkBack: TalkBackText(contentDescription: label, collectionInfo: size))
    }
}
