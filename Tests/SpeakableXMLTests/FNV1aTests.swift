import SpeakableDiagnostics
import Testing

/// `FNV1a` against the published FNV-1a 64 test vectors (Landon Curt Noll's `test_fnv.c`), and
/// the values the callers write to disk: a baseline fingerprint (fields each followed by 0x1F)
/// and the 32-bit fold.
@Suite struct FNV1aTests {
    static func hash(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.combine(text)
        return hash.value
    }

    @Test func publishedVectors() {
        #expect(Self.hash("") == 0xCBF2_9CE4_8422_2325)
        #expect(Self.hash("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(Self.hash("b") == 0xAF63_DF4C_8601_F1A5)
        #expect(Self.hash("foobar") == 0x8594_4171_F739_67E8)
        #expect(Self.hash("chongo was here!\n") == 0x4681_0940_EFF5_F915)
    }

    @Test func bytesStringsAndBuffersAgree() {
        for text in ["", "a", "foobar", "행 {row}", "😀\u{0}\u{1F}"] {
            var byByte = FNV1a()
            for byte in text.utf8 { byByte.combine(byte: byte) }
            var byBuffer = FNV1a()
            Array(text.utf8).withUnsafeBufferPointer { byBuffer.combine(bytes: $0) }
            #expect(byByte.value == Self.hash(text), "\(text.debugDescription)")
            #expect(byBuffer.value == Self.hash(text), "\(text.debugDescription)")
        }
        // A range of a buffer, as the readers hash a name inside a file.
        var whole = FNV1a()
        Array("<string name=\"foobar\">".utf8).withUnsafeBufferPointer { whole.combine(bytes: UnsafeBufferPointer(rebasing: $0[14..<20])) }
        #expect(whole.value == Self.hash("foobar"))
    }

    /// A checker baseline fingerprint: "v1", rule, table, locale, key, subject and occurrence,
    /// each followed by 0x1F (users' baselines hold these values).
    @Test func fingerprintRecipe() {
        var hash = FNV1a()
        for field in ["v1", "untranslated", "game", "ko", "level.label", "", "0"] {
            hash.combine(field)
            hash.combine(byte: 0x1F)
        }
        #expect(hash.value == 0x29C0_FA33_D7B1_6A58)
    }

    @Test func folds() {
        var hash = FNV1a()
        hash.combine("a")
        #expect(hash.folded32 == 0xAF63_DC4C ^ 0x8601_EC8C)
        let a: UInt64 = 0xAF63_DC4C_8601_EC8C
        #expect(hash.tableHash == Int(truncatingIfNeeded: a ^ (a >> 29)))
    }
}
