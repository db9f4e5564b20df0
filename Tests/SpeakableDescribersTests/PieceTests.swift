import Testing
@testable import SpeakableDescribers

/// Turns a piece a quarter turn clockwise (for deriving orientations independently of the namer).
func rotated(_ piece: Piece) -> Piece {
    Piece(cells: piece.cells.map { Piece.Offset(row: $0.column, column: piece.height - 1 - $0.row) })!
}

func rotations(_ piece: Piece) -> [Piece] {
    var result = [piece]
    for _ in 0..<3 { result.append(rotated(result.last!)) }
    return result
}

func mirrored(_ piece: Piece) -> Piece {
    Piece(cells: piece.cells.map { Piece.Offset(row: $0.row, column: piece.width - 1 - $0.column) })!
}

/// The bounding-box corner a cell lies in (for 2 × 3 and 3 × 2 boxes the middle row or column
/// never holds a foot).
func corner(of cell: Piece.Offset, in piece: Piece) -> Corner {
    let top = cell.row == 0, left = cell.column == 0
    return top ? (left ? .topLeft : .topRight) : (left ? .bottomLeft : .bottomRight)
}

@Suite struct PieceTests {
    @Test func fixedPolyominoCountsAreTheKnownOnes() {
        // OEIS A001168: 1, 2, 6, 19, 63 fixed polyominoes of 1…5 cells.
        #expect((1...5).map { Piece.fixedPolyominoes(cells: $0).count } == [1, 2, 6, 19, 63])
        #expect(Piece.allRackPieces.count == 92)
        #expect(Set(Piece.allRackPieces).count == 92)
    }

    @Test func everyShapeIsSpokenDifferentlyInEveryLocale() {
        for describer in [english, korean] {
            var descriptions: [String: String] = [:]
            var voiceOver: [String: String] = [:]
            var names: [String: String] = [:]
            for piece in Piece.allRackPieces {
                let text = describer.describe(piece)
                // TalkBack reads the description; VoiceOver the label, then the value.
                #expect(descriptions.updateValue(piece.map, forKey: text.description) == nil,
                        "\(describer.locale): \(piece.map) and \(descriptions[text.description] ?? "") are both “\(text.description)”")
                let slot = describer.describe(rackSlot: piece).voiceOver
                let spoken = [slot.label, slot.value].compactMap { $0 }.joined(separator: ", ")
                #expect(voiceOver.updateValue(piece.map, forKey: spoken) == nil, "\(describer.locale): VoiceOver says “\(spoken)” twice")
                // A name said without a map must be unique on its own.
                if !piece.shape.mapFollowsName || piece.shape.nameFixesShape {
                    #expect(names.updateValue(piece.map, forKey: text.name) == nil, "\(describer.locale): the name “\(text.name)” twice")
                }
            }
            #expect(descriptions.count == 92)
        }
    }

    @Test func commonShapesGetTheirNames() {
        var kinds: [String: Int] = [:]
        for piece in Piece.allRackPieces { kinds[piece.shape.kind, default: 0] += 1 }
        // 1 block; lines of 2…5 both ways; the 2 × 2 and 3 × 3 squares; 4 corners; the 16
        // lettered tetrominoes; the 61 pentominoes that are not lines.
        #expect(kinds == ["single": 1, "line": 8, "square": 2, "corner": 4, "t": 4, "s": 2, "z": 2, "l": 4, "j": 4, "blocks": 61])
    }

    @Test func lettersAndOrientationsFollowFromTheCells() throws {
        // Derived from the canonical shapes by turning them, independently of the namer's table.
        let l = try Piece(map: "X./X./XX"), j = mirrored(l)
        for (canonical, isL) in [(l, true), (j, false)] {
            for piece in rotations(canonical) {
                // The foot: the one cell off the three-cell line.
                let line = piece.width > piece.height
                    ? (0..<piece.height).first { r in (0..<piece.width).allSatisfy { piece.contains(row: r, column: $0) } }!
                    : (0..<piece.width).first { c in (0..<piece.height).allSatisfy { piece.contains(row: $0, column: c) } }!
                let foot = piece.cells.first { piece.width > piece.height ? $0.row != line : $0.column != line }!
                let expected: PieceShape = isL ? .l(foot: corner(of: foot, in: piece)) : .j(foot: corner(of: foot, in: piece))
                #expect(piece.shape == expected, "\(piece.map)")
            }
        }
        let t = try Piece(map: "XXX/.X.")
        for piece in rotations(t) {
            // The stem: the cell next to the centre that has no cell opposite it.
            let set = Set(piece.cells)
            let centre = piece.cells.first { c in
                [(0, 1), (1, 0), (0, -1), (-1, 0)].filter { set.contains(Piece.Offset(row: c.row + $0.0, column: c.column + $0.1)) }.count == 3
            }!
            let (dr, dc) = [(0, 1), (1, 0), (0, -1), (-1, 0)].first { d in
                set.contains(Piece.Offset(row: centre.row + d.0, column: centre.column + d.1))
                    && !set.contains(Piece.Offset(row: centre.row - d.0, column: centre.column - d.1))
            }!
            let direction: Direction = dr == 1 ? .down : dr == -1 ? .up : dc == 1 ? .right : .left
            #expect(piece.shape == .t(pointing: direction), "\(piece.map)")
        }
        for (map, isS) in [(".XX/XX.", true), ("XX./.XX", false)] {
            for piece in rotations(try Piece(map: map)) {
                let stance: Stance = piece.height > piece.width ? .standing : .lying
                #expect(piece.shape == (isS ? .s(stance) : .z(stance)), "\(piece.map)")
            }
        }
        for piece in rotations(try Piece(map: "X./XX")) {
            let open = [Piece.Offset(row: 0, column: 0), Piece.Offset(row: 0, column: 1), Piece.Offset(row: 1, column: 0),
                        Piece.Offset(row: 1, column: 1)].first { !piece.cells.contains($0) }!
            #expect(piece.shape == .corner(open: corner(of: open, in: piece)), "\(piece.map)")
        }
    }

    @Test func namesInBothLanguages() throws {
        let cases: [(String, String, String)] = [
            ("X", "one block", "블록 하나"),
            ("XXXX", "line of 4 across", "가로 4칸 막대"),
            ("X/X/X", "line of 3 down", "세로 3칸 막대"),
            ("XX/XX", "2 by 2 square", "가로세로 2칸 정사각형"),
            ("XXX/XXX/XXX", "3 by 3 square", "가로세로 3칸 정사각형"),
            ("XXX/XXX", "rectangle, 3 wide by 2 tall", "가로 3칸 세로 2칸 직사각형"),
            (".X/XX", "corner, open at top left", "왼쪽 위가 빈 모서리"),
            ("XX/X.", "corner, open at bottom right", "오른쪽 아래가 빈 모서리"),
            (".X/XX/.X", "T pointing left", "왼쪽을 향한 T자"),
            ("XXX/.X.", "T pointing down", "아래를 향한 T자"),
            ("X./XX/.X", "S standing", "세로 S자"),
            ("XX./.XX", "Z lying", "가로 Z자"),
            ("X./X./XX", "L, foot at bottom right", "오른쪽 아래로 꺾인 L자"),
            ("XX/X./X.", "J, foot at top right", "오른쪽 위로 꺾인 J자"),
            ("XXX/X.X", "5 blocks, 3 wide by 2 tall", "블록 5개짜리 가로 3칸 세로 2칸 조각"),
        ]
        for (map, en, ko) in cases {
            let piece = try Piece(map: map)
            #expect(english.name(of: piece) == en)
            #expect(korean.name(of: piece) == ko)
        }
    }

    @Test func theMapFollowsWhereTheNameDoesNotFixTheShape() throws {
        let u = english.describe(try Piece(map: "X.X/XXX"))
        #expect(u.description == "5 blocks, 3 wide by 2 tall. Row 1: block, gap, block. Row 2: block, block, block.")
        #expect(english.describe(rackSlot: try Piece(map: "X.X/XXX")).voiceOver.value
                == "Row 1: block, gap, block. Row 2: block, block, block.")
        let t = korean.describe(try Piece(map: ".X/XX/.X"))
        #expect(t.description == "왼쪽을 향한 T자. 블록 4개짜리 가로 2칸 세로 3칸 조각. 1행: 빈칸, 블록. 2행: 블록, 블록. 3행: 빈칸, 블록.")
        #expect(korean.describe(try Piece(map: "XX/XX")).description == "가로세로 2칸 정사각형")
    }

    @Test func mapsAreReadAndNormalized() throws {
        let piece = try Piece(map: "..../.XX./.X../.X..")
        #expect(piece.map == "XX/X./X.")
        #expect(try Piece(map: piece.map) == piece)
        #expect(try Piece(map: "##/#_/#_") == piece)
        #expect(try Piece(map: "XX/X/X") == piece)   // short rows end in gaps
        #expect(throws: PieceMapError.self) { try Piece(map: "..") }
        do {
            _ = try Piece(map: "XX/XQ")
            Issue.record("accepted Q")
        } catch {
            #expect(error.column == 5)
            #expect(error.message.contains("'Q'"))
        }
    }
}
