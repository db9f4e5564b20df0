/// How a decimal format writes integers — its ten digits, the text before a negative number, the
/// grouping separator and grouping sizes — read off ICU's own output, so that integers can be
/// formatted without calling ICU and still come out byte for byte as ICU writes them.
///
/// ``derive(from:)`` returns `nil` unless the model reproduces ICU exactly on a battery of values
/// (every integer up to 1,100, each power of ten and its neighbours, negatives, both `Int64` ends);
/// callers then keep calling ICU.
final class IntegerDigitFormat: Sendable {
    let digits: [[UInt8]]          // UTF-8 of 0...9 (ASCII, Arabic-Indic, Devanagari, …)
    let minus: [UInt8]             // UTF-8 written before the digits of a negative number
    let separator: [UInt8]         // grouping separator, empty when the format does not group
    let primary: Int               // digits in the rightmost group (0: no grouping)
    let secondary: Int             // digits in each further group
    let minimumGrouping: Int       // a number groups only with at least primary + this many digits
    /// All ten digits, each `digitWidth` bytes, back to back (what `write` reads).
    private let flatDigits: [UInt8]
    private let digitWidth: Int

    init(digits: [[UInt8]], minus: [UInt8], separator: [UInt8], primary: Int, secondary: Int, minimumGrouping: Int) {
        self.digits = digits
        self.minus = minus
        self.separator = separator
        self.primary = primary
        self.secondary = secondary
        self.minimumGrouping = minimumGrouping
        let width = digits[0].count
        if digits.allSatisfy({ $0.count == width }) {
            self.flatDigits = digits.flatMap { $0 }
            self.digitWidth = width
        } else {
            self.flatDigits = []
            self.digitWidth = 0
        }
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
        // Digits of |value|, least significant first (UInt64 holds |Int64.min|).
        var magnitude = value.magnitude
        var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &reversed) { raw -> Int in
            let d = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var count = 0
            repeat {
                let (q, r) = magnitude.quotientAndRemainder(dividingBy: 10)
                d[count] = UInt8(truncatingIfNeeded: r)
                magnitude = q
                count += 1
            } while magnitude > 0
            var at = 0
            if value < 0 {
                for byte in minus { out[at] = byte; at += 1 }
            }
            let grouping = primary > 0 && count >= primary + minimumGrouping
            flatDigits.withUnsafeBufferPointer { table in
                separator.withUnsafeBufferPointer { sep in
                    var position = count - 1
                    while position >= 0 {
                        let digit = Int(d[position])
                        if digitWidth == 1 {
                            out[at] = table[digit]
                            at += 1
                        } else if digitWidth > 1 {
                            for k in 0..<digitWidth { out[at + k] = table[digit * digitWidth + k] }
                            at += digitWidth
                        } else {
                            for byte in digits[digit] { out[at] = byte; at += 1 }
                        }
                        if grouping && position > 0 && isGroupBoundary(position) {
                            for k in 0..<sep.count { out[at + k] = sep[k] }
                            at += sep.count
                        }
                        position -= 1
                    }
                }
            }
            return at
        }
    }

    /// Whether a separator follows the digit at `position` (0 = ones), i.e. `position` digits
    /// remain to its right and they end a group.
    @inline(__always)
    private func isGroupBoundary(_ position: Int) -> Bool {
        if position == primary { return true }
        return position > primary && (position - primary) % secondary == 0
    }
}
