import Foundation

// The accessors come from Templates/game.json through the SpeakableAccessors plugin. Without a
// compiled String Catalog in the bundle (Linux, or before Xcode compiles game.xcstrings), each
// returns its source-language text.
print(GameStrings.sudokuCellLabel(row: 2, column: 7, content: .given, digit: 4, notes: ""))
print(GameStrings.sudokuCellLabel(row: 3, column: 5, content: .empty, digit: 0, notes: ""))
print(GameStrings.levelCell(level: 5, stars: 2))
print(GameStrings.locationHint())
print(GameStrings.Content.allCases.map(\.rawValue).joined(separator: ","))
