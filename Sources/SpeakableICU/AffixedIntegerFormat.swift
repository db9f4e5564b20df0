/// How a number format writes non-negative integers when its output is "the locale's decimal
/// digits, with text before and after that depends only on the plural category" — as unit formats
/// do ("1 second", "26 seconds", "26초"), and percent, currency or precision skeletons such as
/// `::currency/EUR` ("€5.00").
///
/// Derived from ICU's own output for a battery of values and kept only when it reproduces every
/// one of them; otherwise the format keeps calling ICU.
final class AffixedIntegerFormat: Sendable {
    private let digits: IntegerDigitFormat?
    private let rules: PluralRules?
    /// All prefixes and suffixes back to back, UTF-8.
    private let affixBytes: [UInt8]
    /// Per plural category (by `PluralCategory.index`): prefix start, prefix length, suffix start,
    /// suffix length in `affixBytes`; a negative prefix start when the category was never seen.
    private let layout: [Int32]
    /// Values below this (10^15) are covered; beyond, ICU is asked.
    static let limit: Int64 = 1_000_000_000_000_000

    private init(digits: IntegerDigitFormat?, rules: PluralRules?, affixes: [PluralCategory: (prefix: [UInt8], suffix: [UInt8])]) {
        self.digits = digits
        self.rules = rules
        var bytes: [UInt8] = []
        var layout: [Int32] = []
        for category in PluralCategory.allCases {
            guard let affix = affixes[category] else {
                layout += [-1, 0, 0, 0]
                continue
            }
            layout += [Int32(bytes.count), Int32(affix.prefix.count)]
            bytes += affix.prefix
            layout += [Int32(bytes.count), Int32(affix.suffix.count)]
            bytes += affix.suffix
        }
        self.affixBytes = bytes
        self.layout = layout
    }

    /// The format that covers nothing (what a format whose output does not fit the model gets).
    static let unavailable = AffixedIntegerFormat(digits: nil, rules: nil, affixes: [:])

    var isAvailable: Bool { digits != nil }

    static func derive(digits: IntegerDigitFormat, rules: PluralRules, icu: (Int64) -> [UInt8]?) -> AffixedIntegerFormat {
        var affixes: [PluralCategory: (prefix: [UInt8], suffix: [UInt8])] = [:]
        var values = Array(Int64(0)...150) + [999, 1000, 1001, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 1_000_000, 1_234_567]
        var power: Int64 = 10_000_000
        while power < limit {
            values += [power, power + 1, 2 * power + 3]
            power *= 10
        }
        var samples = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            for value in values {
                guard let expected = icu(value) else { samples = -1; return }
                let count = digits.write(value, into: buffer.baseAddress!)
                let number = Array(buffer[0..<count])
                guard let range = firstOccurrence(of: number, in: expected) else { samples = -1; return }
                let prefix = Array(expected[..<range.lowerBound])
                let suffix = Array(expected[range.upperBound...])
                let category = rules.category(forInteger: value)
                if let known = affixes[category] {
                    guard known.prefix == prefix, known.suffix == suffix else { samples = -1; return }
                } else {
                    affixes[category] = (prefix, suffix)
                }
                samples += 1
            }
        }
        // A category never seen in the battery has no affixes: its values go to ICU.
        guard samples == values.count else { return .unavailable }
        return AffixedIntegerFormat(digits: digits, rules: rules, affixes: affixes)
    }

    /// The leftmost occurrence ("0.00" holds the number 0 at the start); a wrong guess cannot
    /// survive the battery, where every value of a category must give the same affixes.
    private static func firstOccurrence(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }

    /// Writes `value` if it is covered (0 ≤ value < 10^15 and its category was seen) and fits in
    /// `buffer` (15 digits and their separators take at most 80 bytes); nil otherwise.
    func write(_ value: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let digits, let rules, value >= 0, value < Self.limit else { return nil }
        let row = rules.category(forInteger: value).index * 4
        return layout.withUnsafeBufferPointer { layout -> Int? in
            let prefixStart = Int(layout[row]), prefixCount = Int(layout[row + 1])
            let suffixStart = Int(layout[row + 2]), suffixCount = Int(layout[row + 3])
            guard prefixStart >= 0, prefixCount + suffixCount + 80 <= buffer.count else { return nil }
            let out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return affixBytes.withUnsafeBufferPointer { bytes -> Int in
                var at = 0
                if prefixCount > 0 { out.update(from: bytes.baseAddress! + prefixStart, count: prefixCount) }
                at += prefixCount
                at += digits.write(value, into: out + at)
                if suffixCount > 0 { (out + at).update(from: bytes.baseAddress! + suffixStart, count: suffixCount) }
                return at + suffixCount
            }
        }
    }
}
