/// How a number format writes non-negative integers when its output, per plural category, is
/// either "the locale's digits with text before and after" or "a fixed text" — as unit formats
/// do ("1 second", "26 seconds", "26초"; Arabic "ثانية" for 1 and "ثانيتان" for 2, where the
/// unit's pattern has no number), and percent, currency, `group-off` or precision skeletons
/// ("€5.00", "9180").
///
/// Derived from ICU's own output for a battery of values and kept only when it reproduces every
/// one of them; otherwise the format keeps calling ICU.
final class AffixedIntegerFormat: @unchecked Sendable {
    // @unchecked Sendable: immutable after init.
    private let digits: IntegerDigitFormat?
    private let rules: PluralRules?
    /// `digits` and `rules` for `write`, reached without a reference count (the two above keep them alive).
    private let digitsRef: Unmanaged<IntegerDigitFormat>?
    private let rulesRef: Unmanaged<PluralRules>?
    /// When every category of the rules was seen and all have the same form (`group-off`,
    /// precision skeletons): that form's row in `layout`, and no category is computed; else -1.
    private let uniformRow: Int
    /// All prefixes, suffixes and fixed texts back to back, UTF-8.
    private let affixBytes: UnsafeMutablePointer<UInt8>
    /// Per plural category (by `PluralCategory.index`): prefix start, prefix length, suffix start,
    /// suffix length in `affixBytes`. A negative prefix start: the category was never seen. A
    /// negative suffix length: the prefix is the whole text (no number in it).
    private let layout: UnsafeMutablePointer<Int32>
    /// Values below this (10^15) are covered; beyond, ICU is asked.
    static let limit: Int64 = 1_000_000_000_000_000

    private enum Form {
        case affixed(prefix: [UInt8], suffix: [UInt8])
        case fixed([UInt8])
    }

    private static func same(_ a: Form, _ b: Form) -> Bool {
        switch (a, b) {
        case (.affixed(let p, let s), .affixed(let p2, let s2)): p == p2 && s == s2
        case (.fixed(let t), .fixed(let t2)): t == t2
        default: false
        }
    }

    private init(digits: IntegerDigitFormat?, rules: PluralRules?, forms: [PluralCategory: Form]) {
        self.digits = digits
        self.rules = rules
        self.digitsRef = digits.map { .passUnretained($0) }
        self.rulesRef = rules.map { .passUnretained($0) }
        var uniformRow = -1
        if let rules, let first = rules.categories.first, let form = forms[first],
           rules.categories.allSatisfy({ forms[$0].map { Self.same($0, form) } ?? false }) {
            uniformRow = first.index * 4
        }
        self.uniformRow = uniformRow
        var bytes: [UInt8] = []
        var layout: [Int32] = []
        for category in PluralCategory.allCases {
            switch forms[category] {
            case nil:
                layout += [-1, 0, 0, 0]
            case .affixed(let prefix, let suffix)?:
                layout += [Int32(bytes.count), Int32(prefix.count)]
                bytes += prefix
                layout += [Int32(bytes.count), Int32(suffix.count)]
                bytes += suffix
            case .fixed(let text)?:
                layout += [Int32(bytes.count), Int32(text.count), 0, -1]
                bytes += text
            }
        }
        affixBytes = .allocate(capacity: max(1, bytes.count))
        affixBytes.initialize(from: bytes, count: bytes.count)
        self.layout = .allocate(capacity: layout.count)
        self.layout.initialize(from: layout, count: layout.count)
    }

    deinit {
        affixBytes.deallocate()
        layout.deallocate()
    }

    /// The format that covers nothing (what a format whose output does not fit the model gets).
    static let unavailable = AffixedIntegerFormat(digits: nil, rules: nil, forms: [:])

    var isAvailable: Bool { digits != nil }

    /// The values the model is derived from and checked on.
    static let battery: [Int64] = {
        var values = Array(Int64(0)...150) + [999, 1000, 1001, 1234, 9999, 10_000, 12_345, 99_999, 100_000, 1_000_000, 1_234_567]
        var power: Int64 = 10_000_000
        while power < limit {
            values += [power, power + 1, 2 * power + 3]
            power *= 10
        }
        return values
    }()

    /// Tries each digit model in turn (the locale's plain digits, then the same without
    /// grouping); returns the first that reproduces ICU on the whole battery.
    static func derive(digits candidates: [IntegerDigitFormat], rules: PluralRules, icu: (Int64) -> [UInt8]?) -> AffixedIntegerFormat {
        var expected: [[UInt8]] = []
        for value in battery {
            guard let text = icu(value) else { return .unavailable }
            expected.append(text)
        }
        for digits in candidates {
            if let format = derive(digits: digits, rules: rules, expected: expected) { return format }
        }
        return .unavailable
    }

    private static func derive(digits: IntegerDigitFormat, rules: PluralRules, expected: [[UInt8]]) -> AffixedIntegerFormat? {
        var forms: [PluralCategory: Form] = [:]
        var ok = true
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            for (value, text) in zip(battery, expected) {
                let count = digits.write(value, into: buffer.baseAddress!)
                let number = Array(buffer[0..<count])
                let category = rules.category(forInteger: value)
                let form: Form
                if let range = firstOccurrence(of: number, in: text) {
                    form = .affixed(prefix: Array(text[..<range.lowerBound]), suffix: Array(text[range.upperBound...]))
                } else {
                    form = .fixed(text)
                }
                switch (forms[category], form) {
                case (nil, _):
                    forms[category] = form
                case (.affixed(let p, let s)?, .affixed(let p2, let s2)) where p == p2 && s == s2:
                    continue
                case (.fixed(let t)?, .fixed(let t2)) where t == t2:
                    continue
                default:
                    ok = false
                    return
                }
            }
        }
        // A category never seen in the battery has no form: its values go to ICU.
        return ok ? AffixedIntegerFormat(digits: digits, rules: rules, forms: forms) : nil
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
    @inline(__always)
    func write(_ value: Int64, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard let digitsRef, let rulesRef, value >= 0, value < Self.limit else { return nil }
        let row = uniformRow >= 0 ? uniformRow : rulesRef._withUnsafeGuaranteedRef { $0.category(forInteger: value) }.index * 4
        let prefixStart = Int(layout[row]), prefixCount = Int(layout[row + 1])
        let suffixStart = Int(layout[row + 2]), suffixCount = Int(layout[row + 3])
        guard prefixStart >= 0, prefixCount + max(0, suffixCount) + 80 <= buffer.count else { return nil }
        let out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        if prefixCount > 0 { out.update(from: affixBytes + prefixStart, count: prefixCount) }
        if suffixCount < 0 { return prefixCount }
        var at = prefixCount
        at += digitsRef._withUnsafeGuaranteedRef { $0.write(value, into: out + at) }
        if suffixCount > 0 { (out + at).update(from: affixBytes + suffixStart, count: suffixCount) }
        return at + suffixCount
    }
}
