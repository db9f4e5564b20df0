import Testing
@testable import SpeakableCatalog

/// Message keys are checked by their bytes against two masks: they must allow exactly the bytes
/// of the rule (ASCII letters, digits, `.`, `_`, `-`), and a key must not start or end with `.`.
@Suite struct MessageKeyTests {
    static func allowed(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2E || b == 0x5F || b == 0x2D
    }

    @Test func everyByteIsJudgedByTheRule() {
        for b in UInt8.min...UInt8.max {
            #expect([b].withUnsafeBufferPointer(ProjectLoader.isValidKey) == (Self.allowed(b) && b != 0x2E), "byte \(b)")
            #expect([0x61, b, 0x61].withUnsafeBufferPointer(ProjectLoader.isValidKey) == Self.allowed(b), "byte \(b)")
        }
    }

    @Test func keys() {
        for (key, valid) in [("sudoku.cell.label", true), ("", false), (".a", false), ("a.", false), ("a..b", true), ("A-Z_09", true),
                             ("caf\u{E9}", false), ("a b", false), ("a/b", false), ("a@b", false), ("a[b", false), ("a`b", false),
                             ("a{b", false), ("a:b", false)] {
            var utf8 = key
            #expect(utf8.withUTF8(ProjectLoader.isValidKey) == valid, "\(key)")
        }
    }
}
