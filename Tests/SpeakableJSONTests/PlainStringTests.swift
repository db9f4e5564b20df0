import SpeakableDiagnostics
import Testing
@testable import SpeakableJSON

/// A small seeded generator (SplitMix64), so that a failure repeats.
private struct Seeded {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// ``JSONReader/plainString(_:from:)`` scans eight bytes at a time: it must give what a byte by
/// byte reading of its definition gives, wherever the bytes that end or refuse a string fall.
@Suite struct PlainStringTests {
    /// The definition, one byte at a time.
    static func reference(_ bytes: [UInt8], from start: Int) -> (end: Int, scalars: Int, isASCII: Bool)? {
        var scalars = 0
        var ascii = true
        var end = start
        while end < bytes.count {
            let b = bytes[end]
            if b == 0x22 { return (end, scalars, ascii) }
            if b == 0x5C || b < 0x20 { return nil }
            if b >= 0x80 { ascii = false }
            if b & 0xC0 != 0x80 { scalars += 1 }
            end += 1
        }
        return nil
    }

    @Test func scansAsTheDefinitionDoes() {
        var random = Seeded(state: 7)
        // Bytes on both sides of every boundary the scan tests.
        let special: [UInt8] = [0x22, 0x5C, 0x00, 0x01, 0x1F, 0x20, 0x21, 0x23, 0x5B, 0x5D, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE0, 0xF0, 0xFF, 0xA2, 0xDC, 0x62]
        for _ in 0..<20_000 {
            let count = random.below(40)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                switch random.below(4) {
                case 0: bytes.append(special[random.below(special.count)])
                case 1: bytes.append(UInt8(random.below(256)))
                default: bytes.append(0x61 + UInt8(random.below(26)))
                }
            }
            let start = random.below(count + 1)
            let scanned = bytes.withUnsafeBufferPointer { JSONReader.plainString($0, from: start) }
            let expected = Self.reference(bytes, from: start)
            #expect(scanned?.end == expected?.end && scanned?.scalars == expected?.scalars && scanned?.isASCII == expected?.isASCII,
                    "\(bytes) from \(start)")
        }
    }

    @Test func edges() {
        func scan(_ text: String, from start: Int = 1) -> (end: Int, scalars: Int, isASCII: Bool)? {
            Array(text.utf8).withUnsafeBufferPointer { JSONReader.plainString($0, from: start) }
        }
        #expect(scan(#""""#)! == (1, 0, true))
        #expect(scan(#""héllo" x"#)! == (7, 5, false))
        #expect(scan(#""abcdefgh""#)! == (9, 8, true))
        #expect(scan(#""abcdefghijklmnop😀""#)! == (21, 17, false))
        #expect(scan(#""abcdefg\"#) == nil)
        #expect(scan("\"abcdefghijklmno\tp\"") == nil)
        #expect(scan(#""abcdefghijklmnop"#) == nil)  // never closed
        #expect(scan("", from: 0) == nil)
    }
}

/// The keys of a large object are found in a hash table of their UTF-8: duplicates and their
/// first positions must be what a scan of every earlier key finds, on both sides of the switch
/// from the short list to the table.
@Suite struct ObjectKeysTests {
    @Test func findsWhatAScanFinds() {
        var random = Seeded(state: 3)
        let names = ["a", "b", "k1", "k10", "caf\u{E9}", "cafe\u{301}", "é", "", "x.y", "long.key.name.for.a.message"]
        for _ in 0..<400 {
            var keys = ObjectKeys()
            var written: [(String, SourcePosition)] = []
            for n in 0..<random.below(120) {
                let key = random.below(3) == 0 ? names[random.below(names.count)] : "k\(random.below(150))"
                let position = SourcePosition(line: 1, column: n + 1)
                let expected = written.first { $0.0.utf8.elementsEqual(key.utf8) }?.1
                #expect(keys.firstOccurrence(of: key, at: position) == expected, "\(key) at \(n)")
                if expected == nil { written.append((key, position)) }
            }
        }
    }
}
