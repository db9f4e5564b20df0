import SeededRandom
import Testing
@testable import SpeakableCatalog

/// The key index of tables and locale files finds each key's first place, as a scan of the keys
/// does: for keys that share prefixes, lengths and hashes' low bits, repeated keys, the empty
/// key, non-ASCII keys, and keys that are not there.
@Suite struct KeyIndexTests {
    static let parts = ["table", "message", ".", "_", "-", "0", "1", "9", "é", "행", "😀", "a", "Z", "level.label", ""]

    static func key(_ random: inout SplitMix) -> String {
        (0..<random.below(6)).map { _ in random.pick(parts) }.joined()
    }

    @Test func findsEveryKeysFirstPlaceAndNothingElse() {
        var random = SplitMix(seed: 0x6B65_79)
        for round in 0..<400 {
            var keys = (0..<random.below(round % 10 == 0 ? 3_000 : 40)).map { _ in Self.key(&random) }
            // Real files' keys: one prefix, numbered.
            if round % 3 == 0 { keys += (0..<random.below(600)).map { "table\(round % 7).message\($0)" } }
            if !keys.isEmpty, random.chance(50) { keys.append(random.pick(keys)) }
            let index = KeyIndex(keys)
            // The first place of each key, by a scan.
            var firstPlaces: [String: Int] = [:]
            for (place, key) in keys.enumerated() where firstPlaces[key] == nil { firstPlaces[key] = place }
            for (place, key) in keys.enumerated() {
                let first = firstPlaces[key]
                #expect(index[key] == first, "\(key)")
                // Looked up in order (the hint is the key's own place, a repeated key's later
                // one too), and from anywhere else.
                #expect(index.place(of: key, hint: place) == first, "\(key) at \(place)")
                #expect(index.place(of: key, hint: random.below(keys.count + 2) - 1) == first, "\(key)")
            }
            for _ in 0..<50 {
                let probe = random.chance(30) ? "table\(round % 7).message\(random.below(2_000))" : Self.key(&random)
                #expect(index[probe] == firstPlaces[probe], "\(probe)")
                #expect(index.place(of: probe, hint: random.below(keys.count + 1)) == firstPlaces[probe], "\(probe)")
            }
        }
    }

    @Test func aKeyFromASubstringOrAnotherStorageIsFound() {
        let keys = ["level.label", "board.cell", "한국어.key", "a.long.key.that.is.not.a.small.string"]
        let index = KeyIndex(keys)
        let written = "x:a.long.key.that.is.not.a.small.string"
        #expect(index[String(written.dropFirst(2))] == 3)
        #expect(index[String(decoding: Array("한국어.key".utf8), as: UTF8.self)] == 2)
        #expect(index["board.cel"] == nil)
        #expect(index["board.cell."] == nil)
        #expect(KeyIndex([])["anything"] == nil)
        #expect(KeyIndex([""])[""] == 0)
    }
}
