internal import CICU
import Synchronization

/// A moment in time as ICU counts it: milliseconds since 1970-01-01T00:00:00Z (`UDate`).
public typealias ICUDate = Double

/// Dates and times by style, by pattern or by skeleton (ICU `UDateFormat`), in an explicit time zone.
///
/// ```swift
/// let day = try DateFormat.cached(.skeleton("MMMMd"), locale: .english, timeZone: .utc)
/// try day.format(1_756_166_400_000)   // "August 26"   (ko: "8월 26일")
/// ```
///
/// ICU's SimpleDateFormat is not thread-safe; formatting takes a lock.
public final class DateFormat: @unchecked Sendable {
    /// ICU's date and time styles.
    public enum Style: Hashable, Sendable {
        case none, short, medium, long, full
    }

    /// What to open.
    public enum Kind: Hashable, Sendable {
        /// A date style and a time style, e.g. `(.short, .short)` for MessageFormat's `{d}`.
        case styles(date: Style, time: Style)
        /// A SimpleDateFormat pattern such as `y-M-d HH:mm`, applied as MessageFormat applies one.
        case pattern(String)
        /// A skeleton such as `MMMMd`; the locale's best pattern for it is used.
        case skeleton(String)
    }

    public let kind: Kind
    public let locale: ICULocale
    public let timeZone: ICUTimeZone
    // @unchecked Sendable: `handle` is only used inside `lock`.
    private let handle: OpaquePointer
    private let lock = Mutex<Void>(())

    public init(_ kind: Kind, locale: ICULocale, timeZone: ICUTimeZone) throws(ICUError) {
        self.kind = kind
        self.locale = locale
        self.timeZone = timeZone
        var status = CICU_U_ZERO_ERROR
        let opened: OpaquePointer?
        switch kind {
        case .styles(let date, let time):
            opened = Self.open(date: date, time: time, pattern: nil, locale: locale, timeZone: timeZone, &status)
        case .pattern(let pattern):
            // MessageFormat opens the default date style, then applies the pattern to it.
            opened = Self.open(date: .medium, time: .none, pattern: nil, locale: locale, timeZone: timeZone, &status)
            if let opened, !ICUStatus.isFailure(status) {
                pattern.withUTF16Buffer { units, length in cicu_udat_applyPattern(opened, 0, units, length) }
            }
        case .skeleton(let skeleton):
            let best = try DateTimePatternGenerator.cached(for: locale).bestPattern(for: skeleton)
            opened = Self.open(date: .none, time: .none, pattern: best, locale: locale, timeZone: timeZone, &status)
        }
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_udat_close(opened) }
            throw ICUError(code: status, operation: "udat_open(\(locale.identifier))")
        }
        self.handle = opened!
    }

    /// The format without ICU (see `DateFieldFormat`), when it reproduces ICU — derived after a
    /// few dates went to ICU.
    private let fastPath = LazyFastPath<DateFieldFormat>(threshold: 256)

    private func deriveFastPath() -> DateFieldFormat? {
        // ICU's SimpleDateFormat is not thread-safe: read it under the lock.
        lock.withLock { _ in DateFieldFormat.derive(handle: handle, timeZone: timeZone) }
    }

    /// Whether dates are formatted without calling ICU; derives the fast path now if no date has
    /// been formatted yet.
    public var hasFastPath: Bool { fastPath.resolve(deriveFastPath) }

    private static func open(date: Style, time: Style, pattern: String?, locale: ICULocale,
                             timeZone: ICUTimeZone, _ status: inout Int32) -> OpaquePointer? {
        func u(_ style: Style) -> Int32 {
            switch style {
            case .none: CICU_UDAT_NONE
            case .short: CICU_UDAT_SHORT
            case .medium: CICU_UDAT_MEDIUM
            case .long: CICU_UDAT_LONG
            case .full: CICU_UDAT_FULL
            }
        }
        return timeZone.identifier.withUTF16Buffer { tz, tzLength in
            if let pattern {
                return pattern.withUTF16Buffer { p, pLength in
                    cicu_udat_open(CICU_UDAT_PATTERN, CICU_UDAT_PATTERN, locale.identifier, tz, tzLength, p, pLength, &status)
                }
            }
            return cicu_udat_open(u(time), u(date), locale.identifier, tz, tzLength, nil, -1, &status)
        }
    }

    deinit { cicu_udat_close(handle) }

    /// Formats a moment (milliseconds since the epoch).
    public func format(_ date: ICUDate) throws(ICUError) -> String {
        let fast = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer -> String? in
            let count = writeDate(date, into: buffer.baseAddress!, capacity: 512)
            return count < 0 ? nil : String(decoding: UnsafeBufferPointer(start: buffer.baseAddress!, count: count), as: UTF8.self)
        }
        if let fast { return fast }
        return String(decoding: try formatUTF8(date), as: UTF8.self)
    }

    /// Formats with ICU, bypassing the fast path (tests compare the two).
    public func formatWithICU(_ date: ICUDate) throws(ICUError) -> String {
        String(decoding: try formatUTF8(date), as: UTF8.self)
    }

    /// Formats a moment as UTF-8.
    public func formatUTF8(_ date: ICUDate) throws(ICUError) -> [UInt8] {
        try withICUText(date) { transcodeToUTF8($0) }
    }

    /// Writes a moment's UTF-8 at `out` without calling ICU when the fast path covers it and it
    /// fits in `capacity` bytes; returns the byte count, or -1.
    @inline(__always)
    public func writeDate(_ date: ICUDate, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        if let written = fastPath.withValue({ $0.write(date, into: out, capacity: capacity) }) { return written }
        if fastPath.isPending { fastPath.noteMiss(deriveFastPath) }
        return -1
    }

    /// Formats with ICU and hands `body` the UTF-16 result (valid only during the call).
    public func withICUText<R>(_ date: ICUDate, _ body: (UnsafeBufferPointer<UInt16>) -> R) throws(ICUError) -> R {
        try lock.withLock { _ throws(ICUError) -> R in
            try withUTF16Units("udat_format", { buffer, capacity, status in
                cicu_udat_format(handle, date, buffer, capacity, &status)
            }, body)
        }
    }

    /// The SimpleDateFormat pattern in use.
    public var pattern: String {
        (try? lock.withLock { _ throws(ICUError) -> String in
            try withUTF16Result("udat_toPattern") { buffer, capacity, status in
                cicu_udat_toPattern(handle, 0, buffer, capacity, &status)
            }
        }) ?? ""
    }

    private struct CacheKey: Hashable, Sendable {
        let kind: Kind
        let locale: ICULocale
        let timeZone: ICUTimeZone
    }
    private static let cache = FormatterCache<CacheKey, DateFormat>()

    /// The shared format for these options, opened once.
    public static func cached(_ kind: Kind, locale: ICULocale, timeZone: ICUTimeZone) throws(ICUError) -> DateFormat {
        try cache.value(for: CacheKey(kind: kind, locale: locale, timeZone: timeZone)) { () throws(ICUError) in
            try DateFormat(kind, locale: locale, timeZone: timeZone)
        }
    }
}

/// A locale's best date pattern for a skeleton (ICU `UDateTimePatternGenerator`).
///
/// ```swift
/// try DateTimePatternGenerator.cached(for: .english).bestPattern(for: "MMMMd")   // "MMMM d"
/// ```
public final class DateTimePatternGenerator: @unchecked Sendable {
    public let locale: ICULocale
    // @unchecked Sendable: `handle` is only used inside `lock` (getBestPattern mutates caches).
    private let handle: OpaquePointer
    private let lock = Mutex<Void>(())

    public init(locale: ICULocale) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        let opened = cicu_udatpg_open(locale.identifier, &status)
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_udatpg_close(opened) }
            throw ICUError(code: status, operation: "udatpg_open(\(locale.identifier))")
        }
        self.handle = opened!
        self.locale = locale
    }

    deinit { cicu_udatpg_close(handle) }

    public func bestPattern(for skeleton: String) throws(ICUError) -> String {
        try lock.withLock { _ throws(ICUError) -> String in
            try withUTF16Result("udatpg_getBestPattern") { buffer, capacity, status in
                skeleton.withUTF16Buffer { units, length in
                    cicu_udatpg_getBestPattern(handle, units, length, buffer, capacity, &status)
                }
            }
        }
    }

    private static let cache = FormatterCache<ICULocale, DateTimePatternGenerator>()

    public static func cached(for locale: ICULocale) throws(ICUError) -> DateTimePatternGenerator {
        try cache.value(for: locale) { () throws(ICUError) in try DateTimePatternGenerator(locale: locale) }
    }
}
