internal import CICU
import Synchronization

/// A number to format: ICU keeps integers exact and formats doubles by their shortest form.
public enum ICUNumber: Hashable, Sendable {
    case int(Int64)
    case double(Double)
}

/// Number formatting by ICU number skeleton (`UNumberFormatter`), e.g. `::percent`,
/// `measure-unit/duration-second unit-width-full-name`, `currency/EUR`.
///
/// ```swift
/// let seconds = try SkeletonNumberFormatter.cached(
///     skeleton: "measure-unit/duration-second unit-width-full-name", locale: .english)
/// try seconds.format(26)   // "26 seconds"   (ko: "26초")
/// ```
///
/// Non-negative integers take a fast path when the format's output is the locale's digits plus
/// text that depends only on the plural category ("1 second", "26 seconds"): that text is read off
/// ICU's own output on first use and kept only if it reproduces ICU on a battery of values.
public final class SkeletonNumberFormatter: NumberFormatting, @unchecked Sendable {
    public let skeleton: String
    public let locale: ICULocale
    // @unchecked Sendable: ICU documents UNumberFormatter as immutable and thread-safe; the
    // reusable result object is only touched under `lock`.
    private let handle: OpaquePointer
    private let lock = Mutex<Void>(())
    private var reusableResult: OpaquePointer?  // only touched under `lock`
    /// The integer fast path (`.unavailable` when none applies).
    private var fastIntegers = AffixedIntegerFormat.unavailable  // set once, at the end of init
    /// `fastIntegers` for the hot path, reached without a reference count (`fastIntegers` keeps it alive).
    private var fastIntegersRef = Unmanaged.passUnretained(AffixedIntegerFormat.unavailable)

    /// Opens a formatter; a malformed skeleton throws with `parseOffset` set to the UTF-16
    /// offset in `skeleton` where ICU stopped.
    public init(skeleton: String, locale: ICULocale) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        var parseError = cicu_parse_error()
        let opened = skeleton.withUTF16Buffer { units, length in
            cicu_unumf_openForSkeletonAndLocaleWithError(units, length, locale.identifier, &parseError, &status)
        }
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_unumf_close(opened) }
            throw ICUError(code: status, operation: "unumf_openForSkeletonAndLocale(\(skeleton))",
                           parseOffset: Int(parseError.offset))
        }
        self.handle = opened!
        self.skeleton = skeleton
        self.locale = locale
        if !skeleton.isEmpty, let digits = Self.plainDigits(for: locale),
           let rules = try? PluralRules.cached(for: locale, kind: .cardinal) {
            fastIntegers = AffixedIntegerFormat.derive(digits: [digits, digits.withoutGrouping], rules: rules) { value in
                try? withFormatted(.int(value)) { result throws(ICUError) in try Self.utf8(of: result) }
            }
            fastIntegersRef = .passUnretained(fastIntegers)
        }
    }

    /// How NumberFormatter writes integers in `locale` with no options. (Not the classic
    /// DecimalFormat's digits: the two differ, e.g. Polish "1000" here and "1 000" there, because
    /// only NumberFormatter honours CLDR's minimum grouping digits.)
    private static func plainDigits(for locale: ICULocale) -> IntegerDigitFormat? {
        (try? digitCache.value(for: locale) { () throws(ICUError) -> DigitsBox in
            let plain = try SkeletonNumberFormatter(skeleton: "", locale: locale)
            return DigitsBox(IntegerDigitFormat.derive { value in try? plain.format(value) })
        })?.digits
    }

    private final class DigitsBox: Sendable {
        let digits: IntegerDigitFormat?
        init(_ digits: IntegerDigitFormat?) { self.digits = digits }
    }

    private static let digitCache = FormatterCache<ICULocale, DigitsBox>()

    /// Checks that ICU accepts `skeleton`, without opening a formatter for a locale; verdicts
    /// are remembered. Throws ICU's error, with the offset where it stopped.
    public static func validate(skeleton: String) throws(ICUError) {
        if accepted.withLock({ $0.contains(skeleton) }) { return }
        var status = CICU_U_ZERO_ERROR
        var parseError = cicu_parse_error()
        let opened = skeleton.withUTF16Buffer { units, length in
            cicu_unumf_openForSkeletonAndLocaleWithError(units, length, "root", &parseError, &status)
        }
        if let opened { cicu_unumf_close(opened) }
        if ICUStatus.isFailure(status) || opened == nil {
            throw ICUError(code: status, operation: "unumf_openForSkeletonAndLocale(\(skeleton))",
                           parseOffset: Int(parseError.offset))
        }
        accepted.withLock { _ = $0.insert(skeleton) }
    }

    private static let accepted = Mutex<Set<String>>([])

    deinit {
        if let reusableResult { cicu_unumf_closeResult(reusableResult) }
        cicu_unumf_close(handle)
    }

    /// Formats an integer exactly.
    public func format(_ value: Int64) throws(ICUError) -> String { try formatted(.int(value)) }

    /// Formats a double.
    public func format(_ value: Double) throws(ICUError) -> String { try formatted(.double(value)) }

    /// Formats either kind of number.
    public func format(_ value: ICUNumber) throws(ICUError) -> String { try formatted(value) }

    public func writeFastPath(_ value: ICUNumber, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let whole: Int64
        switch value {
        case .int(let n): whole = n
        case .double(let d):
            guard let exact = NumberFormat.exactInteger(d) else { return nil }
            whole = exact
        }
        return fastIntegers.write(whole, into: buffer)
    }

    /// Whether non-negative integers are formatted without calling ICU.
    public var hasIntegerFastPath: Bool { fastIntegers.isAvailable }

    public func formatUTF8(_ value: ICUNumber) throws(ICUError) -> [UInt8] {
        try withICUText(value) { transcodeToUTF8($0) }
    }

    /// Writes a non-negative integer's UTF-8 at `out` without calling ICU, when the fast path
    /// covers it and it fits in `capacity` bytes; returns the byte count, or -1.
    @inline(__always)
    public func writeInteger(_ value: Int64, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        fastIntegersRef._withUnsafeGuaranteedRef { $0.write(value, into: UnsafeMutableRawBufferPointer(start: out, count: capacity)) } ?? -1
    }

    /// Formats with ICU, bypassing the fast path (tests compare the two).
    public func formatWithICU(_ value: ICUNumber) throws(ICUError) -> String {
        try withICUText(value) { ICUText.string($0) }
    }

    /// Formats with ICU and hands `body` the UTF-16 result (valid only during the call).
    public func withICUText<R>(_ value: ICUNumber, _ body: (UnsafeBufferPointer<UInt16>) -> R) throws(ICUError) -> R {
        try withFormatted(value) { result throws(ICUError) -> R in
            try withUTF16Units("unumf_resultToString", { buffer, capacity, status in
                cicu_unumf_resultToString(result, buffer, capacity, &status)
            }, body)
        }
    }

    /// Formats `value` into this formatter's result object (opened once, reused under a lock)
    /// and hands it to `body`.
    func withFormatted<R>(_ value: ICUNumber, _ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        try lock.withLock { _ throws(ICUError) -> R in
            var status = CICU_U_ZERO_ERROR
            if reusableResult == nil {
                guard let opened = cicu_unumf_openResult(&status), !ICUStatus.isFailure(status) else {
                    throw ICUError(code: status, operation: "unumf_openResult")
                }
                reusableResult = opened
            }
            let result = reusableResult!
            switch value {
            case .int(let n): cicu_unumf_formatInt(handle, n, result, &status)
            case .double(let d): cicu_unumf_formatDouble(handle, d, result, &status)
            }
            try ICUStatus.check(status, "unumf_format(\(skeleton))")
            return try body(result)
        }
    }

    private static func utf8(of result: OpaquePointer) throws(ICUError) -> [UInt8] {
        try withUTF8Result("unumf_resultToString") { buffer, capacity, status in
            cicu_unumf_resultToString(result, buffer, capacity, &status)
        }
    }

    private struct CacheKey: Hashable, Sendable {
        let skeleton: String
        let locale: ICULocale
    }
    private static let cache = FormatterCache<CacheKey, SkeletonNumberFormatter>()

    /// The shared formatter for a skeleton and locale, opened once.
    public static func cached(skeleton: String, locale: ICULocale) throws(ICUError) -> SkeletonNumberFormatter {
        try cache.value(for: CacheKey(skeleton: skeleton, locale: locale)) { () throws(ICUError) in
            try SkeletonNumberFormatter(skeleton: skeleton, locale: locale)
        }
    }

    /// The locale's formatter with no options (the empty skeleton).
    public static func plain(for locale: ICULocale) throws(ICUError) -> SkeletonNumberFormatter {
        try cached(skeleton: "", locale: locale)
    }
}
