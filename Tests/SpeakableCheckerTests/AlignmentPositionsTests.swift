import SpeakableDiagnostics
@testable import SpeakableChecker
import Testing

/// What aligning a decoded Android value with its raw XML works out itself: each raw scalar's
/// line and column (against ``TextPositions``, on texts with every kind of line break, in any
/// order, with scalars of every width) and the white space test (against the scalar's property).
@Suite struct AlignmentPositionsTests {
    @Test func scalarPositionsAreTextPositions() {
        let pieces = ["a", "bc", "\n", "\r", "\r\n", "\n\r", " ", "é", "漢", "😀", "\t", "&amp;", "\\n"]
        var state: UInt64 = 0xA11C
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<(next() % 10) { text += pieces[next() % pieces.count] }
            let scalars = Array(text.unicodeScalars)
            let made = PlatformInput.scalarPositions(scalars)
            let expected = TextPositions(text)
            #expect(made.count == scalars.count + 1)
            for index in 0...scalars.count {
                #expect(made[index] == expected.position(ofScalarIndex: index), "\(text.debugDescription) at \(index)")
            }
        }
    }

    @Test func whiteSpaceIsTheProperty() {
        let others: [UInt32] = [0x85, 0xA0, 0x1680, 0x2000, 0x200A, 0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0xE9, 0x1F600]
        for value in Array(0..<0x80) + others {
            let scalar = Unicode.Scalar(value)!
            #expect(PlatformInput.isWhitespace(scalar) == scalar.properties.isWhitespace, "\(value)")
        }
    }
}
