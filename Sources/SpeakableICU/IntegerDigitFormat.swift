/// How a decimal format writes integers — its ten digits, the text before a negative number, the
/// grouping separator and grouping sizes — read off ICU's own output, so that integers can be
/// formatted without calling ICU and still come out byte for byte as ICU writes them.
///
/// ``derive(from:)`` returns `nil` unless the model reproduces ICU exactly on a battery of values
/// (every integer up to 1,100, each power of ten and its neighbours, negatives, both `Int64` ends);
/// callers then keep calling ICU.
final class IntegerDigitFormat: @unchecked Sendable {  // immutable after init
    let digits: [[UInt8]]          // UTF-8 of 0...9 (ASCII, Arabic-Indic, Devanagari, …)
    let minus: [UInt8]             // UTF-8 written before the digits of a negative number
    let separator: [UInt8]         // grouping separator, empty when the format does not group
    let primary: Int               // digits in the rightmost group (0: no grouping)
    let secondary: Int             // digits in each further group
    let minimumGrouping: Int       // a number groups only with at least primary + this many digits
    // The same, in memory this object owns, for `write` (no arrays on the hot path).
    private let flatDigits: UnsafeMutablePointer<UInt8>   // 10 × digitWidth bytes
    private let digitWidth: Int                            // 0: digits of different widths
    private let minusBytes: UnsafeMutablePointer<UInt8>
    private let minusCount: Int
    private let separatorBytes: UnsafeMutablePointer<UInt8>
    private let separatorCount: Int
    /// The digits are ASCII "0"…"9" (most locales): `writeASCII`.
    private let isASCII: Bool
    /// `pairTable`, read without the lazy-global check.
    private let pairs: UnsafeMutablePointer<UInt16> = IntegerDigitFormat.pairTable
    /// ASCII digits: below this (10, 100 or 1,000), a value has no separator and is written
    /// straight from the pair table (`write`); 0 for other digits.
    private let shortLimit: Int64

    init(digits: [[UInt8]], minus: [UInt8], separator: [UInt8], primary: Int, secondary: Int, minimumGrouping: Int) {
        self.digits = digits
        self.minus = minus
        self.separator = separator
        self.primary = primary
        self.secondary = secondary
        self.minimumGrouping = minimumGrouping
        let width = digits[0].count
        let uniform = digits.allSatisfy { $0.count == width }
        self.digitWidth = uniform ? width : 0
        flatDigits = .allocate(capacity: max(1, 10 * width))
        if uniform { flatDigits.initialize(from: digits.flatMap { $0 }, count: 10 * width) }
        minusBytes = .allocate(capacity: max(1, minus.count))
        minusBytes.initialize(from: minus, count: minus.count)
        minusCount = minus.count
        separatorBytes = .allocate(capacity: max(1, separator.count))
        separatorBytes.initialize(from: separator, count: separator.count)
        separatorCount = separator.count
        isASCII = digits.map { $0 } == (0..<10).map { [UInt8(48 + $0)] }
        // A number groups only with more digits than the first group holds.
        let ungroupedDigits = primary == 0 ? 3 : min(3, primary)
        shortLimit = isASCII ? [1, 10, 100, 1_000][ungroupedDigits] : 0
    }

    deinit {
        flatDigits.deallocate()
        minusBytes.deallocate()
        separatorBytes.deallocate()
    }

    /// The same digits and minus sign, never grouped.
    var withoutGrouping: IntegerDigitFormat {
        IntegerDigitFormat(digits: digits, minus: minus, separator: [], primary: 0, secondary: 0, minimumGrouping: 1)
    }

    static func derive(from icu: (Int64) -> String?) -> IntegerDigitFormat? {
        var digits: [[UInt8]] = []
        for n in 0...9 {
            guard let text = icu(Int64(n)), !text.isEmpty else { return nil }
            digits.append(Array(text.utf8))
        }
        guard Set(digits).count == 10 else { return nil }

        guard let negativeOne = icu(-1), negativeOne.utf8.count > digits[1].count,
              Array(negativeOne.utf8.suffix(digits[1].count)) == digits[1] else { return nil }
        let minus = Array(negativeOne.utf8.dropLast(digits[1].count))

        // Grouping, read off a long number: the groups between separators, right to left.
        guard let long = icu(1_234_567_890_123_456_789),
              let tokens = tokenize(Array(long.utf8), digits: digits) else { return nil }
        var groups: [Int] = []
        var separators = Set<[UInt8]>()
        var run = 0
        for token in tokens.reversed() {
            switch token {
            case .digit: run += 1
            case .other(let text):
                separators.insert(text)
                groups.append(run)
                run = 0
            }
        }
        groups.append(run)
        guard separators.count <= 1, groups.reduce(0, +) == 19 else { return nil }
        let separator = separators.first ?? []
        let primary = groups.count > 1 ? groups[0] : 0
        let secondary = groups.count > 2 ? groups[1] : primary
        if groups.count > 2, groups[1..<(groups.count - 1)].contains(where: { $0 != secondary }) { return nil }

        var minimumGrouping = 1
        if primary > 0 {
            var found = false
            for extra in 1...3 {
                var power: Int64 = 1
                for _ in 0..<(primary + extra - 1) { power *= 10 }
                guard let text = icu(power), let t = tokenize(Array(text.utf8), digits: digits) else { return nil }
                if t.contains(where: { if case .other = $0 { true } else { false } }) {
                    minimumGrouping = extra
                    found = true
                    break
                }
            }
            if !found { return nil }
        }

        let model = IntegerDigitFormat(digits: digits, minus: minus, separator: separator, primary: primary,
                                       secondary: secondary, minimumGrouping: minimumGrouping)
        for value in battery() {
            guard let expected = icu(value), model.format(value) == expected else { return nil }
        }
        return model
    }

    private enum Token: Equatable {
        case digit(Int)
        case other([UInt8])
    }

    private static func tokenize(_ bytes: [UInt8], digits: [[UInt8]]) -> [Token]? {
        var tokens: [Token] = []
        var pending: [UInt8] = []
        var index = 0
        outer: while index < bytes.count {
            for (value, digit) in digits.enumerated()
            where index + digit.count <= bytes.count && Array(bytes[index..<(index + digit.count)]) == digit {
                if !pending.isEmpty { tokens.append(.other(pending)); pending = [] }
                tokens.append(.digit(value))
                index += digit.count
                continue outer
            }
            pending.append(bytes[index])
            index += 1
        }
        // Text after the last digit (a suffix) is not part of this model.
        return pending.isEmpty ? tokens : nil
    }

    private static func battery() -> [Int64] {
        var values = Array(Int64(0)...1_100)
        var power: Int64 = 1
        for _ in 0...18 {
            for v in [power - 1, power, power + 1, 2 * power, 12_345 &* power] where v > 0 {
                values.append(v)
            }
            if power > Int64.max / 10 { break }
            power *= 10
        }
        values += [Int64.max, Int64.max - 1, 9_007_199_254_740_993]
        values += values.map { -$0 }
        values.append(Int64.min)
        return values
    }

    func format(_ value: Int64) -> String {
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            let count = write(value, into: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: count), as: UTF8.self)
        }
    }

    /// Writes the formatted integer as UTF-8 at `out`, which has room for 128 bytes (19 digits of
    /// up to 4 bytes, 6 separators, a sign), and returns the byte count.
    @inline(__always)
    func write(_ value: Int64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        let written = writeShort(value, into: out)
        if written >= 0 { return written }
        return writeDigits(value, minimumDigits: 1, primary: primary, secondary: secondary, minimumGrouping: minimumGrouping, into: out)
    }

    /// ``write(_:into:)`` for the short values that need no grouping and no locale digits (below
    /// `shortLimit`, ASCII digits only); -1 for every other value.
    @inline(__always)
    func writeShort(_ value: Int64, into out: UnsafeMutablePointer<UInt8>) -> Int {
        // Most values in screen-reader text are short: rows, columns, counts.
        if value >= 0 && value < shortLimit {
            if value < 10 {
                out[0] = UInt8(truncatingIfNeeded: value) &+ 48
                return 1
            }
            if value < 100 {
                UnsafeMutableRawPointer(out).storeBytes(of: pairs[Int(value)], as: UInt16.self)
                return 2
            }
            let (hundreds, rest) = value.quotientAndRemainder(dividingBy: 100)
            out[0] = UInt8(truncatingIfNeeded: hundreds) &+ 48
            UnsafeMutableRawPointer(out + 1).storeBytes(of: pairs[Int(rest)], as: UInt16.self)
            return 3
        }
        return -1
    }

    /// Writes `value` with at least `minimumDigits` digits (zeros in front) and no grouping —
    /// what date fields print. `value` must not be negative.
    @inline(__always)
    func writeUngrouped(_ value: Int64, minimumDigits: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        writeDigits(value, minimumDigits: minimumDigits, primary: 0, secondary: 0, minimumGrouping: 1, into: out)
    }

    /// Writes `value` grouped as a DecimalFormat pattern says (`primary`/`secondary` digits per
    /// group, 0: none), with this locale's digits, separator and minus sign, at least
    /// `minimumDigits` digits.
    @inline(__always)
    func writeGrouped(_ value: Int64, minimumDigits: Int, primary: Int, secondary: Int, minimumGrouping: Int,
                      into out: UnsafeMutablePointer<UInt8>) -> Int {
        writeDigits(value, minimumDigits: minimumDigits, primary: primary, secondary: secondary,
                    minimumGrouping: minimumGrouping, into: out)
    }

    /// The one digit writer: the length is known first (sign, digits, separators), then the
    /// digits are written from the right with a separator after every group. At most 24 digits.
    @inline(__always)
    private func writeDigits(_ value: Int64, minimumDigits: Int, primary: Int, secondary: Int, minimumGrouping: Int,
                             into out: UnsafeMutablePointer<UInt8>) -> Int {
        let width = digitWidth
        if isASCII && minimumDigits <= 1 && (primary == 0 || (primary == 3 && secondary == 3)) {
            return writeASCII(value, grouping: primary == 3, minimumGrouping: minimumGrouping, into: out)
        }
        guard width > 0 else {
            return writeMixedWidths(value, minimumDigits: minimumDigits, primary: primary, secondary: secondary,
                                    minimumGrouping: minimumGrouping, into: out)
        }
        var magnitude = value.magnitude  // UInt64 holds |Int64.min|
        var count = 1
        var power: UInt64 = 10
        while count < 19 && magnitude >= power {
            count += 1
            power &*= 10
        }
        count = max(count, min(minimumDigits, 24))
        var separators = 0
        if primary > 0 && count >= primary + minimumGrouping && count > primary {
            separators = 1 + (count - primary - 1) / max(1, secondary)
        }
        let sign = value < 0 ? minusCount : 0
        let total = sign + count * width + separators * separatorCount
        for k in 0..<sign { out[k] = minusBytes[k] }
        var at = total
        var untilSeparator = separators > 0 ? primary : Int.max
        var remaining = count
        while remaining > 0 {
            let (q, r) = magnitude.quotientAndRemainder(dividingBy: 10)
            magnitude = q
            if width == 1 {
                at -= 1
                out[at] = flatDigits[Int(r)]
            } else {
                at -= width
                for k in 0..<width { out[at + k] = flatDigits[Int(r) * width + k] }
            }
            remaining -= 1
            untilSeparator -= 1
            if untilSeparator == 0 && remaining > 0 {
                at -= separatorCount
                for k in 0..<separatorCount { out[at + k] = separatorBytes[k] }
                untilSeparator = max(1, secondary)
            }
        }
        return total
    }

    /// ASCII digits "0"…"9", ungrouped or in groups of three: two digits per division, no tables
    /// but one of the hundred two-digit pairs.
    @inline(__always)
    private func writeASCII(_ value: Int64, grouping: Bool, minimumGrouping: Int, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var m = value.magnitude
        let count = Self.digitCount(m)
        let separators = grouping && count >= 3 &+ minimumGrouping && count > 3 ? (count &- 1) / 3 : 0
        let sign = value < 0 ? minusCount : 0
        let total = sign &+ count &+ separators &* separatorCount
        for k in 0..<sign { out[k] = minusBytes[k] }
        var at = total
        let pairs = self.pairs
        if separators == 0 {
            while m >= 100 {
                let (q, r) = m.quotientAndRemainder(dividingBy: 100)
                at &-= 2
                UnsafeMutableRawPointer(out + at).storeBytes(of: pairs[Int(r)], as: UInt16.self)
                m = q
            }
            if m >= 10 {
                at &-= 2
                UnsafeMutableRawPointer(out + at).storeBytes(of: pairs[Int(m)], as: UInt16.self)
            } else {
                at &-= 1
                out[at] = UInt8(truncatingIfNeeded: m) &+ 48
            }
            return total
        }
        // Full groups of three, each after a separator, then the leading group.
        for _ in 0..<separators {
            let (q, r) = m.quotientAndRemainder(dividingBy: 1_000)
            let (hundreds, rest) = r.quotientAndRemainder(dividingBy: 100)
            at &-= 2
            UnsafeMutableRawPointer(out + at).storeBytes(of: pairs[Int(rest)], as: UInt16.self)
            at &-= 1
            out[at] = UInt8(truncatingIfNeeded: hundreds) &+ 48
            at &-= separatorCount
            for k in 0..<separatorCount { out[at &+ k] = separatorBytes[k] }
            m = q
        }
        while m >= 10 {
            let (q, r) = m.quotientAndRemainder(dividingBy: 10)
            at &-= 1
            out[at] = UInt8(truncatingIfNeeded: r) &+ 48
            m = q
        }
        at &-= 1
        out[at] = UInt8(truncatingIfNeeded: m) &+ 48
        return total
    }

    /// The number of decimal digits of `m` (1 for 0).
    @inline(__always)
    static func digitCount(_ m: UInt64) -> Int {
        if m < 10_000 { return m < 100 ? (m < 10 ? 1 : 2) : (m < 1_000 ? 3 : 4) }
        if m < 100_000_000 { return m < 1_000_000 ? (m < 100_000 ? 5 : 6) : (m < 10_000_000 ? 7 : 8) }
        var count = 9
        var power: UInt64 = 1_000_000_000
        while count < 20 && m >= power {
            count += 1
            if count == 20 { break }
            power &*= 10
        }
        return count
    }

    /// "00", "01", … "99" as little-endian UInt16s (the first digit in the low byte).
    nonisolated(unsafe) private static let pairTable: UnsafeMutablePointer<UInt16> = {
        let table = UnsafeMutablePointer<UInt16>.allocate(capacity: 100)
        for n in 0..<100 { table[n] = UInt16(48 + n / 10) | UInt16(48 + n % 10) << 8 }
        return table
    }()


    /// Digits of different byte lengths (never seen in ICU's data, but possible): one at a time.
    private func writeMixedWidths(_ value: Int64, minimumDigits: Int, primary: Int, secondary: Int, minimumGrouping: Int,
                                  into out: UnsafeMutablePointer<UInt8>) -> Int {
        var magnitude = value.magnitude
        var reversed: [UInt8] = []
        repeat {
            reversed.append(UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        while reversed.count < min(minimumDigits, 24) { reversed.append(0) }
        var at = 0
        if value < 0 {
            for k in 0..<minusCount { out[k] = minusBytes[k] }
            at = minusCount
        }
        let count = reversed.count
        let grouping = primary > 0 && count >= primary + minimumGrouping
        var position = count - 1
        while position >= 0 {
            for byte in digits[Int(reversed[position])] { out[at] = byte; at += 1 }
            if grouping && position > 0
                && (position == primary || (position > primary && (position - primary) % max(1, secondary) == 0)) {
                for k in 0..<separatorCount { out[at + k] = separatorBytes[k] }
                at += separatorCount
            }
            position -= 1
        }
        return at
    }

}
