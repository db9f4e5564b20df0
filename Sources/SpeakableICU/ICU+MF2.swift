internal import CICU

/// One span of a formatted number, named as `Intl.NumberFormat.prototype.formatToParts` names
/// them (and MessageFormat 2's formatted parts after it): `integer`, `group`, `decimal`,
/// `fraction`, `minusSign`, `plusSign`, `percentSign`, `currency`, `unit`, `compact`,
/// `exponentSeparator`, `exponentMinusSign`, `exponentInteger`, and `literal` for text outside
/// every field.
public struct NumberPart: Hashable, Sendable {
    public var type: String
    public var value: String

    public init(type: String, value: String) {
        self.type = type
        self.value = value
    }
}

extension SkeletonNumberFormatter {
    /// Formats a number and splits the text into its fields (ICU's field positions, the
    /// innermost field winning where fields nest, as a grouping separator inside the integer).
    ///
    /// ```swift
    /// let formatter = try SkeletonNumberFormatter.cached(skeleton: "", locale: .english)
    /// try formatter.formatToParts(.double(-1234.5)).map(\.type)
    /// // ["minusSign", "integer", "group", "integer", "decimal", "fraction"]
    /// ```
    public func formatToParts(_ value: ICUNumber) throws(ICUError) -> [NumberPart] {
        try withFormatted(value) { result throws(ICUError) -> [NumberPart] in
            let text = try withUTF16Units("unumf_resultToString", { buffer, capacity, status in
                cicu_unumf_resultToString(result, buffer, capacity, &status)
            }) { Array($0) }
            var capacity = 16
            var fields: [Int32] = [], begins: [Int32] = [], ends: [Int32] = []
            var count = 0
            for _ in 0..<2 {
                fields = Array(repeating: 0, count: capacity)
                begins = fields
                ends = fields
                var status = CICU_U_ZERO_ERROR
                count = Int(cicu_unumf_resultGetFields(result, &fields, &begins, &ends, Int32(capacity), &status))
                try ICUStatus.check(status, "unumf_resultGetAllFieldPositions")
                if count <= capacity { break }
                capacity = count
            }
            count = min(count, capacity)
            // The innermost field of each UTF-16 unit (-1: none).
            var owner = [Int32](repeating: -1, count: text.count)
            var ownerLength = [Int](repeating: Int.max, count: text.count)
            for i in 0..<count {
                let begin = max(0, Int(begins[i])), end = min(text.count, Int(ends[i]))
                guard begin < end else { continue }
                for unit in begin..<end where end - begin < ownerLength[unit] {
                    owner[unit] = fields[i]
                    ownerLength[unit] = end - begin
                }
            }
            var parts: [NumberPart] = []
            var start = 0
            while start < text.count {
                var end = start + 1
                while end < text.count, owner[end] == owner[start] { end += 1 }
                let piece = String(decoding: text[start..<end], as: UTF16.self)
                parts.append(NumberPart(type: Self.partType(owner[start], piece), value: piece))
                start = end
            }
            return parts
        }
    }

    private static func partType(_ field: Int32, _ text: String) -> String {
        switch field {
        case CICU_UNUM_INTEGER_FIELD: "integer"
        case CICU_UNUM_FRACTION_FIELD: "fraction"
        case CICU_UNUM_DECIMAL_SEPARATOR_FIELD: "decimal"
        case CICU_UNUM_GROUPING_SEPARATOR_FIELD: "group"
        case CICU_UNUM_CURRENCY_FIELD: "currency"
        case CICU_UNUM_PERCENT_FIELD, CICU_UNUM_PERMILL_FIELD: "percentSign"
        case CICU_UNUM_SIGN_FIELD: text.unicodeScalars.contains { $0 == "+" || $0 == "\u{FF0B}" } ? "plusSign" : "minusSign"
        case CICU_UNUM_EXPONENT_SYMBOL_FIELD: "exponentSeparator"
        case CICU_UNUM_EXPONENT_SIGN_FIELD: "exponentMinusSign"
        case CICU_UNUM_EXPONENT_FIELD: "exponentInteger"
        case CICU_UNUM_MEASURE_UNIT_FIELD: "unit"
        case CICU_UNUM_COMPACT_FIELD: "compact"
        default: "literal"
        }
    }
}
