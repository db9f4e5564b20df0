/// How a decimal format writes integers — its ten digits, the text before a negative number, the
/// grouping separator and grouping sizes — read off ICU's own output, so that integers can be
/// formatted without calling ICU and still come out byte for byte as ICU writes them.
///
/// ``derive(from:)`` returns `nil` unless the model reproduces ICU exactly on a battery of values
/// (every integer up to 1,100, each power of ten and its neighbours, negatives, both `Int64` ends);
/// callers then keep calling ICU.
struct IntegerDigitFormat: Sendable {
    let digits: [[UInt8]]          // UTF-8 of 0...9 (ASCII, Arabic-Indic, Devanagari, …)
    let minus: [UInt8]             // UTF-8 written before the digits of a negative number
    let separator: [UInt8]         // grouping separator, empty when the format does not group
    let primary: Int               // digits in the rightmost group (0: no grouping)
    let secondary: Int             // digits in each further group
    let minimumGrouping: Int       // a number groups only with at least primary + this many digits

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
        // Digits of |value|, least significant first (UInt64 holds |Int64.min|).
        var magnitude = value.magnitude
        var digitValues: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                          UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digitValues) { raw in
            repeat {
                raw[count] = UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
        }
        let grouping = primary > 0 && count >= primary + minimumGrouping
        let digitWidth = digits[0].count
        var capacity = minus.count + count * 4 + (grouping ? (count / max(1, min(primary, secondary)) + 1) * separator.count : 0)
        capacity = max(capacity, 1)
        return String(unsafeUninitializedCapacity: capacity) { out in
            var at = 0
            if value < 0 {
                for byte in minus { out[at] = byte; at += 1 }
            }
            withUnsafeBytes(of: &digitValues) { raw in
                var position = count - 1
                while position >= 0 {
                    let digit = digits[Int(raw[position])]
                    if digitWidth == 1 {
                        out[at] = digit[0]; at += 1
                    } else {
                        for byte in digit { out[at] = byte; at += 1 }
                    }
                    if grouping && position > 0 && isGroupBoundary(position) {
                        for byte in separator { out[at] = byte; at += 1 }
                    }
                    position -= 1
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
