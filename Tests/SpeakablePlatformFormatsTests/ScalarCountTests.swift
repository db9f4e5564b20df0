@testable import SpeakablePlatformFormats
import Testing

/// The scanner's column count (the scalars from a line's start to a place), eight bytes at a
/// time, against the count of bytes that do not continue a scalar, one by one, for every range
/// of texts in several scripts.
@Suite struct ScalarCountTests {
    @Test func everyRangeCountsTheScalarsInIt() {
        let texts = ["", "a", "  <string name=\"x\">text</string>", "ßün berstra ge ge ßungün schstra %s lich",
                     "Привет, мир — 漢字かな 탭 😀😀 é", String(repeating: "ü😀a", count: 9)]
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    for end in start...bytes.count {
                        let expected = bytes[start..<end].count { $0 & 0xC0 != 0x80 }
                        #expect(AndroidResourceReader.scalarCount(buffer, start..<end) == expected, "\(text) \(start)..<\(end)")
                    }
                }
            }
        }
    }
}
