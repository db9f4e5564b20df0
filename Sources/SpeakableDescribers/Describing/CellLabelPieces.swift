import SpeakableDiagnostics
import SpeakableICU
import SpeakableMessages
import SpeakableParticles

/// A grid cell's label cut into pieces that a whole board formats once per row or column.
///
/// Every built-in translation writes a cell label (`sudoku.cell.label`, `block.cell.label`) as a
/// position followed by exactly the pattern of the cell's content description
/// (`sudoku.cell.content`, `block.cell.content`): "Row {row}, column {column}, " then the content
/// (Korean "{row}행 {column}열, "). Top-level parts of a message format one after the other, so
/// such a label is the text of its leading pieces followed by the cell's content description.
/// The leading text is cut where each top-level argument but the first starts ("Row {row}, column "
/// and "{column}, "); when every piece uses only the row, only the column or no argument (the
/// label's first two arguments), a board formats each piece once per row (or column) and writes
/// every label from those texts and the content's.
///
/// Each piece starts at the start of the label or at an argument's `{`, where a parse starts
/// afresh (no quoting is open there, nothing is nested), so a piece compiled alone formats what
/// the same parts format inside the label. Labels with particles to resolve are never cut (a
/// particle reads the value before it).
struct CellLabelPieces: Sendable {
    /// Which of a cell's values a piece's text depends on.
    enum Key: Sendable, Equatable {
        case constant, row, column
    }

    struct Piece: Sendable {
        let message: CompiledMessage
        let key: Key
    }

    /// The pieces before the content, in order.
    let pieces: [Piece]

    /// The pieces of `label`, or nil when it is not a position followed by `content`'s pattern,
    /// or its position cannot be cut into pieces of one value each.
    init?(label: BoundMessage, content: BoundMessage) {
        guard let labelMessage = label.message, let contentMessage = content.message,
              labelMessage.particleCount == 0, contentMessage.particleCount == 0 else { return nil }
        let source = labelMessage.pattern.source
        let contentSource = contentMessage.pattern.source
        let units = Array(source.utf16), contentUnits = Array(contentSource.utf16)
        guard !contentUnits.isEmpty, contentUnits.count <= units.count,
              units[(units.count - contentUnits.count)...].elementsEqual(contentUnits) else { return nil }
        let contentStart = units.count - contentUnits.count
        // Where each top-level argument starts, up to the content's.
        var starts: [Int] = []
        var reachesContent = false
        for part in labelMessage.pattern.body.parts {
            guard case .argument(let argument) = part else { continue }
            let start = argument.range.lowerBound
            if start == contentStart { reachesContent = true; break }
            if start > contentStart { break }
            starts.append(start)
        }
        guard reachesContent else { return nil }
        // The text before the first argument goes with it.
        if starts.isEmpty { starts = [0] } else { starts[0] = 0 }
        if contentStart == 0 { starts = [] }
        let spec = label.id.spec.arguments
        guard spec.count >= 2 else { return nil }
        let (row, column) = (spec[0].name, spec[1].name)
        var pieces: [Piece] = []
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : contentStart
            guard end > start else { continue }
            let text = String(decoding: units[start..<end], as: UTF16.self)
            guard let message = try? CompiledMessage(text, locale: labelMessage.compiled.locale,
                                                     timeZone: labelMessage.compiled.timeZone) else { return nil }
            let key: Key
            switch message.argumentNames {
            case []: key = .constant
            case [row]: key = .row
            case [column]: key = .column
            default: return nil
            }
            pieces.append(Piece(message: message, key: key))
        }
        self.pieces = pieces
    }
}

extension CellLabelPieces {
    /// Formats every piece once for each row (or column) of a `rows` × `columns` board and lends
    /// `body` the texts; nil when a piece does not format (the labels are then formatted whole).
    func withTexts<R>(rows: Int, columns: Int, _ body: (CellLabelTexts) -> R) -> R? {
        let stride = max(rows, columns)
        let count = pieces.count * stride
        var bytes = MessageBuffer(capacity: 16 * count + 16)
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count + 2 * pieces.count) { table -> R? in
            let spans = table.baseAddress!, steps = spans + 2 * count
            let failed = withUnsafeTemporaryAllocation(of: MessageArgument?.self, capacity: 1) { value -> Bool in
                value.initialize(repeating: nil)
                defer { _ = value.deinitialize() }
                for (p, piece) in pieces.enumerated() {
                    steps[2 * p] = piece.key == .row ? 1 : 0
                    steps[2 * p + 1] = piece.key == .column ? 1 : 0
                    let values = UnsafeBufferPointer(rebasing: value[..<(piece.key == .constant ? 0 : 1)])
                    for n in 1...(piece.key == .row ? rows : piece.key == .column ? columns : 1) {
                        let start = bytes.count
                        value[0] = .int(Int64(n))
                        do { try piece.message.format(slots: values, into: &bytes) } catch { return true }
                        spans[2 * (p * stride + n - 1)] = start
                        spans[2 * (p * stride + n - 1) + 1] = bytes.count - start
                    }
                }
                return false
            }
            if failed { return nil }
            // Room to read a text as two 8-byte words.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { zeros in
                zeros.initialize(repeating: 0)
                bytes.append(utf8: UnsafeBufferPointer(zeros))
            }
            return bytes.withUTF8 { all in
                body(CellLabelTexts(bytes: all.baseAddress!, spans: spans, steps: steps, stride: stride, count: pieces.count,
                                   rows: rows, columns: columns))
            }
        }
    }
}

/// The texts of a label's pieces for one board (see ``CellLabelPieces/withTexts(rows:columns:_:)``):
/// each piece's text for every row (or column), and a cell's label made from them.
struct CellLabelTexts {
    /// The texts, with 16 readable bytes past the last.
    let bytes: UnsafePointer<UInt8>
    /// Start and byte count of piece `p`'s text for value `n` at `2 × (p × stride + n − 1)`.
    let spans: UnsafePointer<Int>
    /// For piece `p`, 1 at `2p` when its text goes with the row, 1 at `2p + 1` when with the column.
    let steps: UnsafePointer<Int>
    let stride: Int
    /// How many pieces.
    let count: Int
    /// The board's size: the rows and columns the texts are for.
    let rows: Int, columns: Int

    @inline(__always)
    private func span(_ p: Int, row: Int, column: Int) -> Int {
        2 * (p * stride + (row - 1) * steps[2 * p] + (column - 1) * steps[2 * p + 1])
    }

    /// The label of the cell at `row`, `column` whose content description is `content`: the
    /// pieces' texts, then the content — or nil when that is longer than a message may make
    /// (formatting the label whole then fails), or the cell is not on the board.
    func label(row: Int, column: Int, content: String) -> String? {
        guard row >= 1 && row <= rows && column >= 1 && column <= columns else { return nil }
        let stackSize = 512
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { stack -> String? in
            // The pieces go on the stack while they fit with 16 bytes of room past them (for the
            // last word written); past that, the label is made on the heap.
            let out = stack.baseAddress!
            var at = 0
            for p in 0..<count {
                let i = span(p, row: row, column: column)
                let start = spans[i], n = spans[i + 1]
                guard at + n + 16 <= stackSize else { return labelOnTheHeap(row: row, column: column, content: content) }
                let source = UnsafeRawPointer(bytes + start), target = UnsafeMutableRawPointer(out + at)
                if n <= 16 {
                    target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
                    (target + 8).storeBytes(of: (source + 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
                } else {
                    target.copyMemory(from: source, byteCount: n)
                }
                at += n
            }
            guard at + content.utf8.count <= stackSize else { return labelOnTheHeap(row: row, column: column, content: content) }
            append(content, to: out, at: &at)
            return UTF8Validation.string(validated: UnsafeBufferPointer(start: out, count: at))
        }
    }

    /// `label(row:column:content:)` for a label longer than the stack buffer (only such a label
    /// can be longer than a message may make).
    @inline(never)
    private func labelOnTheHeap(row: Int, column: Int, content: String) -> String? {
        var length = content.utf8.count
        for p in 0..<count { length += spans[span(p, row: row, column: column) + 1] }
        guard length <= CompiledMessage.maximumOutputLength else { return nil }
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: length)
        defer { out.deallocate() }
        var at = 0
        for p in 0..<count {
            let i = span(p, row: row, column: column)
            (out + at).update(from: bytes + spans[i], count: spans[i + 1])
            at += spans[i + 1]
        }
        append(content, to: out, at: &at)
        return UTF8Validation.string(validated: UnsafeBufferPointer(start: out, count: at))
    }

    @inline(__always)
    private func append(_ text: String, to out: UnsafeMutablePointer<UInt8>, at: inout Int) {
        let written: Int? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            if let base = utf8.baseAddress { (out + at).update(from: base, count: utf8.count) }
            return utf8.count
        }
        if let written {
            at += written
        } else {
            for byte in text.utf8 {
                out[at] = byte
                at += 1
            }
        }
    }
}
