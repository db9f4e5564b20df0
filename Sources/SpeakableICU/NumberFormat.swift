internal import CICU
import Synchronization

/// A classic ICU `NumberFormat`: what MessageFormat 1 opens for `{n, number}`, `{n, number, integer}`,
/// `{n, number, percent}`, `{n, number, currency}`, `{n, number, #,##0.0}` (a DecimalFormat pattern),
/// and the rule-based `{n, spellout}`, `{n, ordinal}`, `{n, duration}`.
///
/// ```swift
/// let decimal = try NumberFormat.cached(.decimal, locale: .english)
/// decimal.format(9180 as Int64)                          // "9,180"
/// let spellout = try NumberFormat.cached(.spellout(ruleSet: ""), locale: ICULocale("ko"))
/// spellout.format(4530 as Int64)                         // "사천오백삼십"
/// ```
///
/// Integers in `.decimal` and `.integer` styles take a fast path that never calls ICU: its digits,
/// minus sign and grouping are read off ICU's own output and verified against ICU on a battery of
/// values once the format has sent 2,048 integers to ICU (or at once, through
/// ``hasIntegerFastPath`` or `CompiledMessage.prepareFastPaths()`), so a format used a few times
/// never pays for deriving it; a locale whose output does not fit that model keeps calling ICU. Everything else calls ICU under a lock (ICU's rule-based formats are not thread-safe).
public final class NumberFormat: NumberFormatting, @unchecked Sendable {
    /// Which format to open; mirrors ICU MessageFormat's argument styles.
    public enum Style: Hashable, Sendable {
        /// `{n, number}` and `#` — the locale's decimal format.
        case decimal
        /// `{n, number, currency}` — the locale's currency format (currency from the region).
        case currency
        /// `{n, number, percent}`.
        case percent
        /// `{n, number, integer}` — decimal with no fraction digits (rounding half-even).
        case integer
        /// `{n, number, <pattern>}` — a DecimalFormat pattern, applied to the locale's decimal format.
        case pattern(String)
        /// `{n, spellout[,%rule-set]}`; the name is used verbatim and an unknown one falls back to
        /// the default, as in ICU.
        case spellout(ruleSet: String)
        /// `{n, ordinal[, %rule-set]}` — "1st", "2nd".
        case ordinal(ruleSet: String)
        /// `{n, duration[, %rule-set]}` — "1:40", or "1 minute, 40 seconds" with `%with-words`.
        case duration(ruleSet: String)
    }

    public let style: Style
    public let locale: ICULocale
    /// Whether ICU implements this style with a DecimalFormat (plural selection then looks at the
    /// formatted digits; for rule-based styles it looks at the plain number).
    public let isDecimalFormat: Bool

    // @unchecked Sendable: `handle` is only used inside `lock`; the fast paths are atomic.
    private let handle: OpaquePointer
    private let lock = Mutex<Void>(())
    /// Decimal and integer styles: the locale's digits and grouping, derived after a few
    /// integers went to ICU and checked against ICU on a battery of values (nil for the other
    /// styles). Deriving costs about 2,400 ICU calls, so a format used a few times (the checker
    /// opens one per locale) never pays for it.
    private let fastIntegers: LazyFastPath<IntegerDigitFormat>
    /// Spellout, ordinal and duration for integers, from ICU's own rules — derived after a few
    /// integers went to ICU (nil for the other styles).
    private let ruleBased: LazyFastPath<RuleBasedIntegerFormat>

    /// Opens the format. A malformed DecimalFormat pattern throws with `parseOffset` inside it.
    public init(_ style: Style, locale: ICULocale) throws(ICUError) {
        self.style = style
        self.locale = locale
        let uStyle: Int32
        switch style {
        case .decimal, .integer, .pattern: uStyle = CICU_UNUM_DECIMAL
        case .currency: uStyle = CICU_UNUM_CURRENCY
        case .percent: uStyle = CICU_UNUM_PERCENT
        case .spellout: uStyle = CICU_UNUM_SPELLOUT
        case .ordinal: uStyle = CICU_UNUM_ORDINAL
        case .duration: uStyle = CICU_UNUM_DURATION
        }
        var status = CICU_U_ZERO_ERROR
        var parseError = cicu_parse_error()
        let opened = cicu_unum_open(uStyle, nil, 0, locale.identifier, &parseError, &status)
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_unum_close(opened) }
            throw ICUError(code: status, operation: "unum_open(\(locale.identifier))")
        }
        let handle = opened!
        switch style {
        case .integer:
            cicu_unum_setAttribute(handle, CICU_UNUM_MAX_FRACTION_DIGITS, 0)
            cicu_unum_setAttribute(handle, CICU_UNUM_DECIMAL_ALWAYS_SHOWN, 0)
            cicu_unum_setAttribute(handle, CICU_UNUM_PARSE_INT_ONLY, 1)
        case .pattern(let pattern):
            pattern.withUTF16Buffer { units, length in
                cicu_unum_applyPattern(handle, 0, units, length, &parseError, &status)
            }
            if ICUStatus.isFailure(status) {
                cicu_unum_close(handle)
                throw ICUError(code: status, operation: "unum_applyPattern(\(pattern))",
                               parseOffset: Int(parseError.offset))
            }
        case .spellout(let ruleSet), .ordinal(let ruleSet), .duration(let ruleSet):
            if !ruleSet.isEmpty {
                // As ICU MessageFormat does: the rule set name verbatim (untrimmed); an unknown
                // one is ignored and the default kept.
                var ignored = CICU_U_ZERO_ERROR
                ruleSet.withUTF16Buffer { units, length in
                    cicu_unum_setTextAttribute(handle, CICU_UNUM_DEFAULT_RULESET, units, length, &ignored)
                }
            }
        case .decimal, .currency, .percent:
            break
        }
        self.handle = handle
        switch style {
        case .decimal, .currency, .percent, .integer, .pattern: self.isDecimalFormat = true
        case .spellout, .ordinal, .duration: self.isDecimalFormat = false
        }
        switch style {
        case .decimal, .integer: self.fastIntegers = LazyFastPath(threshold: 2_048)
        default: self.fastIntegers = LazyFastPath(threshold: 2_048, isDisabled: true)
        }
        switch style {
        case .spellout, .ordinal, .duration:
            self.ruleBased = LazyFastPath(threshold: 4_096)
        default:
            self.ruleBased = LazyFastPath(threshold: 4_096, isDisabled: true)
        }
    }

    /// ICU's own rules for this rule-based format, read and checked (see `RuleBasedIntegerFormat`).
    private static func deriveRuleBased(_ handle: OpaquePointer, locale: ICULocale) -> RuleBasedIntegerFormat? {
        guard let description = try? withUTF16Result("unum_toPattern", { buffer, capacity, status in
                  cicu_unum_toPattern(handle, 0, buffer, capacity, &status)
              }),
              let ruleSet = try? withUTF16Result("unum_getTextAttribute", { buffer, capacity, status in
                  cicu_unum_getTextAttribute(handle, CICU_UNUM_DEFAULT_RULESET, buffer, capacity, &status)
              }),
              let decimal = try? NumberFormat.cached(.decimal, locale: locale), var digits = decimal.integerDigits
        else { return nil }
        // The rules' own patterns group with the locale symbols' separator even where the
        // locale's decimal format does not group (en_US_POSIX).
        if digits.separator.isEmpty, let separator = try? decimal.withHandle({ decimalHandle throws(ICUError) in
            try withUTF16Result("unum_getSymbol") { buffer, capacity, status in
                cicu_unum_getSymbol(decimalHandle, CICU_UNUM_GROUPING_SEPARATOR_SYMBOL, buffer, capacity, &status)
            }
        }), !separator.isEmpty {
            digits = IntegerDigitFormat(digits: digits.digits, minus: digits.minus, separator: Array(separator.utf8), primary: 0,
                                        secondary: 0, minimumGrouping: 1)
        }
        return RuleBasedIntegerFormat.derive(
            description: description, defaultRuleSet: ruleSet, digits: digits,
            cardinal: try? PluralRules.cached(for: locale, kind: .cardinal),
            ordinal: try? PluralRules.cached(for: locale, kind: .ordinal),
            icuInt: { value in
                try? withUTF16Units("unum_formatInt64", { buffer, capacity, status in
                    cicu_unum_formatInt64(handle, value, buffer, capacity, &status)
                }, transcodeToUTF8)
            },
            icuDouble: { value in
                try? withUTF16Units("unum_formatDouble", { buffer, capacity, status in
                    cicu_unum_formatDouble(handle, value, buffer, capacity, &status)
                }, transcodeToUTF8)
            })
    }

    deinit { cicu_unum_close(handle) }

    /// The decimal fast path, read off ICU and checked against it (see `IntegerDigitFormat`).
    private func deriveIntegers() -> IntegerDigitFormat? {
        // A DecimalFormat is not thread-safe: call it under the lock.
        (try? withHandle { handle throws(ICUError) in
            IntegerDigitFormat.derive { value in
                try? withUTF16Result("unum_formatInt64") { buffer, capacity, status in
                    cicu_unum_formatInt64(handle, value, buffer, capacity, &status)
                }
            }
        }) ?? nil
    }

    /// Whether integers are formatted without calling ICU (see the type's discussion); derives the
    /// fast path now if it has not been.
    public var hasIntegerFastPath: Bool {
        fastIntegers.resolve(deriveIntegers) || ruleBased.resolve(deriveRuleBased)
    }

    /// Whether the decimal fast path has been derived (without deriving it): tests watch the
    /// lazy derivation with it.
    var integerFastPathIsDerived: Bool { fastIntegers.withValue { _ in true } ?? false }

    /// The integer digit model, for formats that build on the locale's digits (derived now if it
    /// has not been).
    var integerDigits: IntegerDigitFormat? {
        guard fastIntegers.resolve(deriveIntegers) else { return nil }
        return fastIntegers.withValue { $0 }
    }

    /// Formats an integer exactly.
    public func format(_ value: Int64) throws(ICUError) -> String { try formatted(.int(value)) }

    /// Formats a double. Whole doubles below 2^53 in magnitude take the integer fast path.
    public func format(_ value: Double) throws(ICUError) -> String { try formatted(.double(value)) }

    /// Formats either kind of number.
    public func format(_ value: ICUNumber) throws(ICUError) -> String { try formatted(value) }

    public func writeFastPath(_ value: ICUNumber, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let out = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let written: Int
        switch value {
        case .int(let n): written = writeInteger(n, into: out, capacity: buffer.count)
        case .double(let d):
            guard let exact = Self.exactInteger(d) else { return nil }
            written = writeWholeDouble(exact, into: out, capacity: buffer.count)
        }
        return written >= 0 ? written : nil
    }

    public func formatUTF8(_ value: ICUNumber) throws(ICUError) -> [UInt8] {
        try withICUText(value) { transcodeToUTF8($0) }
    }

    /// Writes an integer's UTF-8 at `out` without calling ICU, when this format has a fast path
    /// for it and the text fits in `capacity` bytes (give at least 128); returns the byte count,
    /// or -1 when ICU must be asked.
    @inline(__always)
    public func writeInteger(_ value: Int64, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        // Short decimal integers without a call or a stack frame; everything else below.
        if capacity >= 128, let written = fastIntegers.withValue({ $0.writeShort(value, into: out) }), written >= 0 {
            return written
        }
        return writeIntegerInFull(value, into: out, capacity: capacity)
    }

    @inline(never)
    private func writeIntegerInFull(_ value: Int64, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        if capacity >= 128 {
            if let written = fastIntegers.withValue({ $0.write(value, into: out) }) { return written }
            if fastIntegers.isPending { fastIntegers.noteMiss(deriveIntegers) }
        }
        do {
            if let written = ruleBased.withValue({ $0.write(value, into: out, capacity: capacity) }) { return written }
            if ruleBased.isPending { ruleBased.noteMiss(deriveRuleBased) }
        }
        return -1
    }

    private func deriveRuleBased() -> RuleBasedIntegerFormat? {
        // The handle is ICU's RuleBasedNumberFormat, which is not thread-safe: read it under the lock.
        (try? withHandle { handle throws(ICUError) in Self.deriveRuleBased(handle, locale: locale) }) ?? nil
    }

    /// Writes a whole double (below 2^53 in magnitude) as `writeInteger` would, when ICU formats
    /// it exactly as the integer (always for decimal styles; checked for rule-based ones).
    @inline(__always)
    public func writeWholeDouble(_ value: Int64, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        if capacity >= 128 {
            if let written = fastIntegers.withValue({ $0.write(value, into: out) }) { return written }
            if fastIntegers.isPending { fastIntegers.noteMiss(deriveIntegers) }
        }
        do {
            if let written = ruleBased.withValue({ $0.coversWholeDoubles ? $0.write(value, into: out, capacity: capacity) : -1 }) {
                return written
            }
            if ruleBased.isPending { ruleBased.noteMiss(deriveRuleBased) }
        }
        return -1
    }

    /// Formats with ICU and hands `body` the UTF-16 result (valid only during the call).
    public func withICUText<R>(_ value: ICUNumber, _ body: (UnsafeBufferPointer<UInt16>) -> R) throws(ICUError) -> R {
        try withHandle { handle throws(ICUError) -> R in
            try withUTF16Units("unum_format", { buffer, capacity, status in
                switch value {
                case .int(let n): cicu_unum_formatInt64(handle, n, buffer, capacity, &status)
                case .double(let d): cicu_unum_formatDouble(handle, d, buffer, capacity, &status)
                }
            }, body)
        }
    }

    /// The integer a double holds exactly (below 2^53 in magnitude; not -0), or nil.
    @inline(__always)
    public static func exactInteger(_ value: Double) -> Int64? {
        guard value.magnitude < 9_007_199_254_740_992, value == value.rounded(.towardZero),
              !(value == 0 && value.sign == .minus) else { return nil }
        return Int64(value)
    }

    /// Formats with ICU, bypassing the fast path (tests compare the two).
    public func formatWithICU(_ value: Int64) throws(ICUError) -> String {
        try withHandle { handle throws(ICUError) in
            try withUTF16Result("unum_formatInt64") { buffer, capacity, status in
                cicu_unum_formatInt64(handle, value, buffer, capacity, &status)
            }
        }
    }

    /// Formats with ICU, bypassing the fast path.
    public func formatWithICU(_ value: Double) throws(ICUError) -> String {
        try withHandle { handle throws(ICUError) in
            try withUTF16Result("unum_formatDouble") { buffer, capacity, status in
                cicu_unum_formatDouble(handle, value, buffer, capacity, &status)
            }
        }
    }

    func withHandle<R>(_ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try lock.withLock { _ throws(ICUError) -> R in try body(handle) }
    }

    private struct CacheKey: Hashable, Sendable {
        let style: Style
        let locale: ICULocale
    }
    private static let cache = FormatterCache<CacheKey, NumberFormat>()

    /// The shared format for a style and locale, opened once.
    public static func cached(_ style: Style, locale: ICULocale) throws(ICUError) -> NumberFormat {
        try cache.value(for: CacheKey(style: style, locale: locale)) { () throws(ICUError) in
            try NumberFormat(style, locale: locale)
        }
    }
}
