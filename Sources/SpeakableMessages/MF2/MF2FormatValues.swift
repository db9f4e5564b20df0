import SpeakableICU

/// A resolved value (`formatting.md`, "Resolved Values"): what a literal, a variable or an
/// expression stands for once resolved, with what the Default Bidi Strategy needs.
struct MF2Value {
    enum Content {
        /// A value that failed to resolve; `source` is shown as `{source}`.
        case fallback(source: String)
        /// Text from a literal with no function.
        case literal(String)
        /// An input value used with no function.
        case argument(MessageArgument)
        /// The result of `:string`.
        case string(String)
        /// The result of `:number`, `:integer`, `:percent`, `:currency` or `:offset`.
        case number(MF2NumberValue)
        /// The result of `:date`, `:time` or `:datetime`.
        case dateTime(MF2DateTimeValue)
        /// The result of `:test:function`, `:test:select` or `:test:format`.
        case test(MF2TestValue)
    }

    var content: Content
    /// The direction of the formatted value.
    var direction: MF2Direction = .unknown
    /// Whether `u:dir` (other than `inherit`) asks for isolation.
    var isolate = false
    /// The `u:dir` value when it is `ltr` or `rtl` (for parts).
    var explicitDirection: MF2Direction?
    /// The `u:id` option.
    var id: String?
    /// A fallback that selects nothing without a `bad-selector` error: `:string` on an operand
    /// that already failed (see `resolveString`).
    var isQuietFallback = false

    init(_ content: Content, direction: MF2Direction = .unknown) {
        self.content = content
        self.direction = direction
    }

    static func fallback(_ source: String) -> MF2Value { MF2Value(.fallback(source: source)) }

    var isFallback: Bool {
        if case .fallback = content { return true }
        return false
    }

    /// The value as a string, when it has one: literals, strings, numbers in their exact
    /// serialization. Used for option values and for `:string`'s operand.
    var stringValue: String? {
        switch content {
        case .fallback, .dateTime: nil
        case .literal(let s), .string(let s): s
        case .argument(let argument):
            switch argument {
            case .string(let s): s
            case .int(let n): String(n)
            case .double(let d): MF2Numeric.double(d).plainText
            case .date: nil
            }
        case .number(let number): number.value.plainText
        case .test(let test): MF2Numeric.double(test.input).plainText
        }
    }

    /// The numeric value, when the value is a number or a string matching `number-literal`.
    var numericValue: MF2Numeric? {
        switch content {
        case .fallback, .dateTime: nil
        case .literal(let s), .string(let s): MF2Numeric(literal: s)
        case .argument(let argument):
            switch argument {
            case .int(let n): .int(n)
            case .double(let d): .double(d)
            case .string(let s): MF2Numeric(literal: s)
            case .date: nil
            }
        case .number(let number): number.value
        case .test(let test): .double(test.input)
        }
    }
}

/// A resolved option value, marked when it was written as a literal (the standard requires
/// `select` and the date/time field options to be literals).
struct MF2OptionValue {
    var value: MF2Value
    var isLiteral: Bool
    /// From the option's name to the end of its value.
    var range: Range<Int>
}

/// A number as MF2 functions carry it: an exact integer or a double.
enum MF2Numeric: Hashable {
    case int(Int64)
    case double(Double)

    /// Reads the standard's `number-literal`
    /// (`["-"] ("0" / [1-9] *DIGIT) ["." 1*DIGIT] [("e"/"E") ["-"/"+"] 1*DIGIT]`); nil otherwise.
    init?(literal text: String) {
        guard Self.isNumberLiteral(text) else { return nil }
        if let n = Int64(text) {
            self = .int(n)
        } else if let d = Double(text) {
            self = .double(d)
        } else {
            return nil
        }
    }

    static func isNumberLiteral(_ text: String) -> Bool {
        let b = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            return i - start
        }
        if i < b.count, b[i] == UInt8(ascii: "-") { i += 1 }
        guard i < b.count, b[i] >= 0x30, b[i] <= 0x39 else { return false }
        if b[i] == UInt8(ascii: "0") {
            i += 1
        } else {
            _ = digits()
        }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == b.count
    }

    var doubleValue: Double {
        switch self {
        case .int(let n): Double(n)
        case .double(let d): d
        }
    }

    var icu: ICUNumber {
        switch self {
        case .int(let n): .int(n)
        case .double(let d): .double(d)
        }
    }

    /// Plain decimal text: integers exactly, doubles by Swift's shortest form (`1.5`, `1e+30`).
    var plainText: String {
        switch self {
        case .int(let n): return String(n)
        case .double(let d):
            if d == d.rounded(), abs(d) < 9.0e15 { return String(Int64(d)) }
            return String(d)
        }
    }

    /// The value rounded to an integer (half away from zero), exact when it fits `Int64`.
    var rounded: MF2Numeric {
        switch self {
        case .int: return self
        case .double(let d):
            let r = d.rounded(.toNearestOrAwayFromZero)
            if r.isFinite, let exact = Int64(exactly: r) { return .int(exact) }
            return .double(r)
        }
    }

    /// `self + delta`, exact for integers that do not overflow.
    func adding(_ delta: Int64) -> MF2Numeric {
        switch self {
        case .int(let n):
            let (sum, overflow) = n.addingReportingOverflow(delta)
            return overflow ? .double(Double(n) + Double(delta)) : .int(sum)
        case .double(let d): return .double(d + Double(delta))
        }
    }
}

/// The resolved value of a number function.
struct MF2NumberValue {
    enum Function: String { case number, integer, percent, currency }
    /// How the value selects (`select` option); nil when it cannot select.
    enum Selection { case plural, ordinal, exact }

    var value: MF2Numeric
    /// The function whose formatting applies (`:offset` keeps its operand's).
    var function: Function
    /// Resolved, valid options by name, as strings (`minimumFractionDigits` → `2`).
    var options: [String: String]
    var selection: Selection?
}

/// The resolved value of a date/time function.
struct MF2DateTimeValue {
    enum Function: String { case date, time, datetime }

    /// Milliseconds since the epoch.
    var date: ICUDate
    /// The offset written in the operand (minutes east of UTC), if any; a moment given as a
    /// date argument counts as UTC.
    var offsetMinutes: Int?
    var function: Function
    /// Resolved, valid options by name.
    var options: [String: String]
    /// The zone to format in.
    var timeZone: ICUTimeZone
}

/// The resolved value of a `:test:*` function (the test suite's README defines them).
struct MF2TestValue {
    var input: Double
    var decimalPlaces: Int
    var failsFormat: Bool
    var failsSelect: Bool
    /// `:test:select` cannot format, `:test:format` cannot select.
    var canFormat: Bool
    var canSelect: Bool
}
