import SeededRandom
import Testing
@testable import SpeakableCompiler

/// The stamp's hash of an input's bytes (`CompileStamp.contentHash`): the same bytes, the same
/// hash; any one byte changed, any one bit flipped (the high bit of a word included, which a
/// multiply alone carries only upward), or a byte added, another hash.
@Suite struct ContentHashTests {
    func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { CompileStamp.contentHash($0) }
    }

    /// Bytes of a translation file, long enough for whole 32-byte blocks and a tail.
    func sample(_ count: Int) -> [UInt8] {
        var random = SplitMix(seed: 25)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    @Test func theSameBytesHashTheSame() {
        let bytes = sample(1_000)
        #expect(hash(bytes) == hash(Array(bytes)))
        #expect(hash([]) == hash([]))
    }

    @Test func everySingleBitFlipChangesTheHash() {
        let bytes = sample(100)
        let original = hash(bytes)
        var seen: Set<UInt64> = [original]
        for index in bytes.indices {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= UInt8(1) << bit
                let changed = hash(flipped)
                #expect(changed != original, "byte \(index), bit \(bit)")
                seen.insert(changed)
            }
        }
        // No two of the 800 one-bit edits collide either.
        #expect(seen.count == bytes.count * 8 + 1)
    }

    @Test func twoHighBitFlipsInOneLaneDoNotCancel() {
        // Bytes 7 and 39 are the high bytes of the same lane's words in two blocks.
        let bytes = sample(96)
        var flipped = bytes
        flipped[7] ^= 0x80
        flipped[39] ^= 0x80
        #expect(hash(flipped) != hash(bytes))
    }

    @Test func lengthCounts() {
        let bytes = sample(64)
        #expect(hash(bytes) != hash(bytes + [0]))
        #expect(hash([0]) != hash([0, 0]))
        #expect(hash([]) != hash([0]))
    }
}
