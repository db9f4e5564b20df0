internal import CICU

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
/// `UNumberFormatter` is immutable and thread-safe; each call formats into its own result object.
public final class SkeletonNumberFormatter: @unchecked Sendable {
    public let skeleton: String
    public let locale: ICULocale
    // @unchecked Sendable: ICU documents UNumberFormatter as immutable and thread-safe.
    private let handle: OpaquePointer

    /// Opens a formatter; a malformed skeleton throws with `parseOffset` set to the UTF-16
    /// offset in `skeleton` where ICU stopped.
    public init(skeleton: String, locale: ICULocale) throws(ICUError) {
        var status = U_ZERO_ERROR
        var parseError = UParseError()
        let opened = skeleton.withUTF16Buffer { units, length in
            cicu_unumf_openForSkeletonAndLocaleWithError(units, length, locale.identifier, &parseError, &status)
        }
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_unumf_close(opened) }
            throw ICUError(code: status.rawValue, operation: "unumf_openForSkeletonAndLocale(\(skeleton))",
                           parseOffset: Int(parseError.offset))
        }
        self.handle = opened!
        self.skeleton = skeleton
        self.locale = locale
    }

    deinit { cicu_unumf_close(handle) }

    /// Formats an integer exactly.
    public func format(_ value: Int64) throws(ICUError) -> String {
        try withFormatted(.int(value)) { result throws(ICUError) in try Self.string(of: result) }
    }

    /// Formats a double.
    public func format(_ value: Double) throws(ICUError) -> String {
        try withFormatted(.double(value)) { result throws(ICUError) in try Self.string(of: result) }
    }

    /// Formats either kind of number.
    public func format(_ value: ICUNumber) throws(ICUError) -> String {
        try withFormatted(value) { result throws(ICUError) in try Self.string(of: result) }
    }

    func withFormatted<R>(_ value: ICUNumber, _ body: (OpaquePointer) throws(ICUError) -> R) throws(ICUError) -> R {
        var status = U_ZERO_ERROR
        guard let result = cicu_unumf_openResult(&status), !ICUStatus.isFailure(status) else {
            throw ICUError(code: status.rawValue, operation: "unumf_openResult")
        }
        defer { cicu_unumf_closeResult(result) }
        switch value {
        case .int(let n): cicu_unumf_formatInt(handle, n, result, &status)
        case .double(let d): cicu_unumf_formatDouble(handle, d, result, &status)
        }
        try ICUStatus.check(status, "unumf_format(\(skeleton))")
        return try body(result)
    }

    private static func string(of result: OpaquePointer) throws(ICUError) -> String {
        try withUTF16Result("unumf_resultToString") { buffer, capacity, status in
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
