import SeededRandom
import Testing
import SpeakableDiagnostics

/// ``UTF8Search/firstIndex(of:in:from:to:)`` (which finds a table's marker in the last compile's
/// files, and a template's `"syntax"`) against the plain definition: the first place at or after `from` where the
/// needle lies whole before `to`.
@Suite struct UTF8SearchFirstIndexTests {
    static func naive(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, to <= bytes.count, to - from >= needle.count else { return nil }
        for start in from...(to - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle { return start }
        return nil
    }

    /// Texts of few letters (markers, near misses and overlaps everywhere, as `<` is in XLIFF),
    /// with the needle planted or not, searched in random windows.
    @Test func findsWhatAPlainSearchFinds() {
        var random = SplitMix(seed: 25)
        let alphabet: [UInt8] = Array("<f!-".utf8)
        for round in 0..<3_000 {
            let needle = (0..<(1 + random.below(6))).map { _ in alphabet[random.below(alphabet.count)] }
            var bytes = (0..<random.below(80)).map { _ in alphabet[random.below(alphabet.count)] }
            if random.chance(50), bytes.count >= needle.count {
                let at = random.below(bytes.count - needle.count + 1)
                bytes.replaceSubrange(at..<(at + needle.count), with: needle)
            }
            let from = random.below(bytes.count + 1)
            let to = from + random.below(bytes.count - from + 1)
            let found = bytes.withUnsafeBufferPointer { UTF8Search.firstIndex(of: needle, in: $0, from: from, to: to) }
            #expect(found == Self.naive(needle, in: bytes, from: from, to: to), "round \(round): \(bytes) \(needle) \(from)..<\(to)")
        }
    }

    @Test func aNeedleThatDoesNotFitOrIsEmptyIsNotFound() {
        let bytes = Array("<file id=\"a\">".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(UTF8Search.firstIndex(of: [], in: buffer, from: 0, to: buffer.count) == nil)
            #expect(UTF8Search.firstIndex(of: Array("<file".utf8), in: buffer, from: 0, to: 4) == nil)
            #expect(UTF8Search.firstIndex(of: Array("<file".utf8), in: buffer, from: 0, to: 5) == 0)
            #expect(UTF8Search.firstIndex(of: Array("<file".utf8), in: buffer, from: 1, to: buffer.count) == nil)
        }
    }
}
