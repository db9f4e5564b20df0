import SpeakableMessages

/// What the rack says about a piece.
public struct PieceDescription: Hashable, Sendable {
    /// The piece's name: "line of 4 across", "T pointing left", "5 blocks, 3 wide by 2 tall".
    public let name: String
    /// Its count, size and row-by-row map: "4 blocks, 2 wide by 3 tall. Row 1: block, block.
    /// Row 2: block, gap. Row 3: block, gap."
    public let shape: String
    /// The full text the rack speaks: the name, then the shape wherever the name alone does not
    /// fix it or is a tetromino letter (for anyone who does not know the letters).
    public let description: String
    /// What the rest of the description adds to the name (nil when nothing): VoiceOver's value.
    public let detail: String?
    /// The piece as the object of a hint: "the 2 by 2 square", "the piece".
    public let reference: String
}

extension Describer {
    /// Names a piece from its cells and reads its shape.
    ///
    /// ```swift
    /// let j = describer.describe(try Piece(map: "XX/X./X."))
    /// j.name          // "J, foot at top right"
    /// j.shape         // "4 blocks, 2 wide by 3 tall. Row 1: block, block. Row 2: block, gap. Row 3: block, gap."
    /// j.description   // "J, foot at top right. 4 blocks, 2 wide by 3 tall. Row 1: block, block. …"
    /// describer.describe(try Piece(map: "XX/XX")).description   // "2 by 2 square"
    /// // ko: "오른쪽 위로 꺾인 J자" / "블록 4개짜리 가로 2칸 세로 3칸 조각. 1행: 블록, 블록. 2행: 블록, 빈칸. 3행: 블록, 빈칸."
    /// ```
    public func describe(_ piece: Piece) -> PieceDescription {
        let shape = piece.shape
        let name = self.name(of: shape)
        let size = shape.nameFixesShape
            ? text(.pieceBlocks, [number(piece.cells.count), number(piece.width), number(piece.height)]) : name
        let filled = Set(piece.cells)
        var rows: [String] = []
        for r in 0..<piece.height {
            let cells = (0..<piece.width).map { c in
                text(.pieceCell, [filled.contains(Piece.Offset(row: r, column: c)) ? "yes" : "no"])
            }
            rows.append(text(.pieceRow, [number(r + 1), .string(list(cells))]))
        }
        let shapeText = sentences([size] + rows)
        let description: String
        let detail: String?
        if !shape.mapFollowsName {
            description = name
            detail = nil
        } else if shape.nameFixesShape {
            description = text(.joinSentences, [.string(text(.sentence, [.string(name)])), .string(shapeText)])
            detail = shapeText
        } else {
            description = shapeText
            detail = sentences(rows)
        }
        let reference = text(.pieceReference, [.string(shape.kind), .string(name)])
        return PieceDescription(name: name, shape: shapeText, description: description, detail: detail, reference: reference)
    }

    /// Just the name of a piece ("T pointing left"; ko "왼쪽을 향한 T자").
    public func name(of piece: Piece) -> String { name(of: piece.shape) }

    func name(of shape: PieceShape) -> String {
        switch shape {
        case .single: text(.pieceSingle, [])
        case .line(let length, let direction): text(.pieceLine, [number(length), .string(direction.rawValue)])
        case .square(let size): text(.pieceSquare, [number(size)])
        case .rectangle(let width, let height): text(.pieceRectangle, [number(width), number(height)])
        case .corner(let open): text(.pieceCorner, [.string(open.rawValue)])
        case .t(let direction): text(.pieceT, [.string(direction.rawValue)])
        case .s(let stance): text(.pieceS, [.string(stance.rawValue)])
        case .z(let stance): text(.pieceZ, [.string(stance.rawValue)])
        case .l(let foot): text(.pieceL, [.string(foot.rawValue)])
        case .j(let foot): text(.pieceJ, [.string(foot.rawValue)])
        case .blocks(let count, let width, let height): text(.pieceBlocks, [number(count), number(width), number(height)])
        }
    }

    /// A rack slot: the piece (name as the label, the rest as VoiceOver's value; the whole
    /// description for TalkBack), or "Empty slot" once it has been placed.
    ///
    /// ```swift
    /// describer.describe(rackSlot: try Piece(map: "XXXX")).voiceOver.label   // "line of 4 across"
    /// describer.describe(rackSlot: nil).voiceOver.label                      // "Empty slot"
    /// ```
    public func describe(rackSlot piece: Piece?, selected: Bool = false) -> AccessibleText {
        guard let piece else {
            return AccessibleText(voiceOver: VoiceOverText(label: rackEmpty), talkBack: TalkBackText(contentDescription: rackEmpty))
        }
        let description = describe(piece)
        var traits: VoiceOverTraits = .button
        if selected { traits.insert(.selected) }
        return AccessibleText(
            voiceOver: VoiceOverText(label: description.name, value: description.detail, traits: traits, hint: rackHint),
            talkBack: TalkBackText(contentDescription: description.description, role: .button, isSelected: selected,
                                   clickLabel: rackAction))
    }
}
