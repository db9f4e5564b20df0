/// Turns offsets into a text (UTF-16 code units, as ICU counts them, or Unicode scalars) into
/// 1-based line and column positions, columns counted in Unicode scalars.
///
/// A line ends at `\n`, at `\r\n` (one break) or at a lone `\r`.
///
/// ```swift
/// let text = TextPositions("Row {row},\n{content}")
/// text.position(ofUTF16Offset: 11)   // 2:1
/// ```
public struct TextPositions: Sendable {
    /// For each UTF-16 offset where a scalar starts: its line and column. Index `count` is the end.
    private let lines: [Int32]
    private let columns: [Int32]
    private let scalarIndexOfUTF16: [Int32]
    private let utf16OfScalar: [Int32]

    public init(_ text: String) {
        var lines: [Int32] = []
        var columns: [Int32] = []
        var scalarIndexOfUTF16: [Int32] = []
        var utf16OfScalar: [Int32] = []
        lines.reserveCapacity(text.utf16.count + 1)
        var line: Int32 = 1
        var column: Int32 = 1
        var previousWasCR = false
        var scalarIndex: Int32 = 0
        var utf16Offset: Int32 = 0
        for scalar in text.unicodeScalars {
            let width = Int32(UTF16.width(scalar))
            if previousWasCR && scalar != "\n" {
                line += 1
                column = 1
            }
            for _ in 0..<width {
                lines.append(line)
                columns.append(column)
                scalarIndexOfUTF16.append(scalarIndex)
            }
            utf16OfScalar.append(utf16Offset)
            utf16Offset += width
            scalarIndex += 1
            previousWasCR = false
            if scalar == "\n" {
                line += 1
                column = 1
            } else if scalar == "\r" {
                previousWasCR = true
                column += 1
            } else {
                column += 1
            }
        }
        if previousWasCR {
            line += 1
            column = 1
        }
        lines.append(line)
        columns.append(column)
        scalarIndexOfUTF16.append(scalarIndex)
        utf16OfScalar.append(utf16Offset)
        self.lines = lines
        self.columns = columns
        self.scalarIndexOfUTF16 = scalarIndexOfUTF16
        self.utf16OfScalar = utf16OfScalar
    }

    /// The position of the scalar that starts at (or contains) UTF-16 offset `offset`; offsets past
    /// the end give the end position.
    public func position(ofUTF16Offset offset: Int) -> SourcePosition {
        let i = min(max(0, offset), lines.count - 1)
        return SourcePosition(line: Int(lines[i]), column: Int(columns[i]))
    }

    /// The position of the scalar with index `index` (0-based, in Unicode scalars).
    public func position(ofScalarIndex index: Int) -> SourcePosition {
        let i = min(max(0, index), utf16OfScalar.count - 1)
        return position(ofUTF16Offset: Int(utf16OfScalar[i]))
    }

    /// The scalar index that UTF-16 offset `offset` falls in.
    public func scalarIndex(ofUTF16Offset offset: Int) -> Int {
        Int(scalarIndexOfUTF16[min(max(0, offset), scalarIndexOfUTF16.count - 1)])
    }
}
