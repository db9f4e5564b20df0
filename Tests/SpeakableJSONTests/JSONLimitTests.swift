import SpeakableDiagnostics
import SpeakableJSON
import Testing

/// Issue 13: the JSON reader's limits, each at the limit and one past it (docs/limits.md), and
/// keys compared as JSON compares them.
@Suite struct JSONLimitTests {
    /// The documented limits (docs/limits.md).
    @Test func theLimitsAreTheDocumentedOnes() {
        #expect(JSONReader.maximumSize == 64 * 1024 * 1024)
        #expect(JSONReader.maximumValues == 1_000_000)
        #expect(JSONReader.maximumDepth == 512)
        // One byte past the real size limit is refused before reading.
        let past = JSONReader.read([UInt8](repeating: 0x20, count: JSONReader.maximumSize + 1), file: "big.json")
        #expect(past.root == nil)
        #expect(past.diagnostics.map(\.rendered) == ["big.json:1:1: error: the file is 67108865 bytes; the limit is 67108864 bytes (64 MiB) [json-too-large]"])
    }

    // The boundaries themselves, with small limits (the same code; the real ones take seconds
    // to fill in a debug build).

    @Test(arguments: [1, 2, 1000]) func documentSizeAtTheLimitAndOnePast(limit: Int) {
        let limits = JSONReader.Limits(size: limit)
        let atLimit = [UInt8](repeating: UInt8(ascii: "0"), count: limit)
        let read = JSONReader.read(atLimit, limits: limits)
        #expect(read.root != nil || limit > 1, "\(read.diagnostics)")
        #expect(!read.diagnostics.contains { $0.id == "json-too-large" })
        let past = JSONReader.read(atLimit + [UInt8(ascii: "0")], file: "big.json", limits: limits)
        #expect(past.root == nil)
        #expect(past.diagnostics.map(\.id) == ["json-too-large"])
    }

    @Test(arguments: [1, 2, 1000]) func valueCountAtTheLimitAndOnePast(limit: Int) {
        // An array of n - 1 zeros is n values; a lone number is one.
        func document(values: Int) -> [UInt8] {
            if values == 1 { return [UInt8(ascii: "0")] }
            return Array(("[" + Array(repeating: "0", count: values - 1).joined(separator: ",") + "]").utf8)
        }
        let limits = JSONReader.Limits(values: limit)
        let atLimit = JSONReader.read(document(values: limit), limits: limits)
        #expect(atLimit.diagnostics.isEmpty)
        #expect(atLimit.root != nil)
        let past = JSONReader.read(document(values: limit + 1), file: "many.json", limits: limits)
        #expect(past.root == nil)
        #expect(past.diagnostics.map(\.message) == ["the file holds more than \(limit) values"])
    }

    /// A String Catalog is read entry by entry (streaming the members of "strings"): the same
    /// size and value limits, and the streamed values count.
    @Test func streamedReadsKeepTheLimits() {
        // {"strings": {"k0": 0, …}}: 2 + n values.
        func catalog(_ n: Int) -> [UInt8] {
            Array(("{\"strings\": {" + (0..<n).map { "\"k\($0)\": 0" }.joined(separator: ", ") + "}}").utf8)
        }
        var streamed = 0
        let atLimit = JSONReader.read(catalog(10), limits: JSONReader.Limits(values: 12), streamingMembersOf: "strings") { _ in streamed += 1 }
        #expect(atLimit.diagnostics.isEmpty)
        #expect(streamed == 10)
        let pastValues = JSONReader.read(catalog(11), file: "c.xcstrings", limits: JSONReader.Limits(values: 12),
                                         streamingMembersOf: "strings") { _ in }
        #expect(pastValues.root == nil)
        #expect(pastValues.diagnostics.map(\.message) == ["the file holds more than 12 values"])
        let bytes = catalog(3)
        let pastSize = JSONReader.read(bytes, file: "c.xcstrings", limits: JSONReader.Limits(size: bytes.count - 1),
                                       streamingMembersOf: "strings") { _ in Issue.record("read past the size limit") }
        #expect(pastSize.root == nil)
        #expect(pastSize.diagnostics.map(\.id) == ["json-too-large"])
    }

    /// Keys that differ only in Unicode normalization were reported as duplicates.
    @Test func keysAreComparedByCodePoints() {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        let distinct = JSONReader.read("{\"\(nfc)\": 1, \"\(nfd)\": 2}")
        #expect(distinct.diagnostics.isEmpty)
        #expect(distinct.root?.members?.count == 2)
        let twice = JSONReader.read("{\"\(nfc)\": 1, \"\(nfd)\": 2, \"\(nfd)\": 3, \"\(nfc)\": 4}", file: "k.json")
        #expect(twice.diagnostics.map(\.id) == ["json-duplicate-key", "json-duplicate-key"])
        #expect(twice.diagnostics.map(\.message) == ["duplicate key '\(nfd)' in this object (first at 1:13)",
                                                     "duplicate key '\(nfc)' in this object (first at 1:2)"])
    }

    /// The same with the keys in a large object, where the reader keeps keys in a hash table
    /// once past its short list (16 keys): duplicates found on both sides of the switch, by code
    /// points, first positions right.
    @Test func keysOfLargeObjectsAreComparedByCodePoints() {
        let nfc = "caf\u{E9}", nfd = "cafe\u{301}"
        /// Column of the `n`-th (0-based) `"key"` in `text` (one line; columns count scalars).
        func column(of key: String, _ n: Int, in text: String) -> Int {
            let scalars = Array(text.unicodeScalars), needle = Array("\"\(key)\"".unicodeScalars)
            var found = -1
            for i in 0...(scalars.count - needle.count) where Array(scalars[i..<i + needle.count]) == needle {
                found += 1
                if found == n { return i + 1 }
            }
            return -1
        }
        for fillers in [2, 14, 15, 16, 40] {
            let filler = (0..<fillers).map { "\"k\($0)\": 0" }.joined(separator: ", ")
            let text = "{\"\(nfc)\": 1, \(filler), \"\(nfd)\": 2, \"\(nfd)\": 3, \"k1\": 5, \"\(nfc)\": 4}"
            let result = JSONReader.read(text, file: "k.json")
            #expect(result.diagnostics.map(\.message) == [
                "duplicate key '\(nfd)' in this object (first at 1:\(column(of: nfd, 0, in: text)))",
                "duplicate key 'k1' in this object (first at 1:\(column(of: "k1", 0, in: text)))",
                "duplicate key '\(nfc)' in this object (first at 1:\(column(of: nfc, 0, in: text)))",
            ], "\(fillers) fillers")
            #expect(result.root?.members?.count == fillers + 5)
        }
    }

    /// "U+000" with three digits.
    @Test func controlCharactersAreNamedWithFourDigits() {
        let result = JSONReader.read([UInt8(ascii: "\""), 0x01, UInt8(ascii: "\""), ])
        #expect(result.diagnostics.first?.message == "control character U+0001 must be escaped in a string")
        let tab = JSONReader.read([UInt8(ascii: "\""), 0x1F, UInt8(ascii: "\"")])
        #expect(tab.diagnostics.first?.message == "control character U+001F must be escaped in a string")
    }
}

@Suite struct JSONDepthLimitTests {
    @Test func depthAtTheLimitAndOnePast() {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect(JSONReader.read(nested(JSONReader.maximumDepth)).diagnostics.isEmpty)
        #expect(JSONReader.read(nested(JSONReader.maximumDepth + 1)).diagnostics.map(\.id) == ["json-too-deep"])
    }
}
