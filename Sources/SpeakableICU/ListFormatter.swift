internal import CICU

/// Joins items as a locale writes a list (ICU `UListFormatter`).
///
/// ```swift
/// let and = try ListFormatter.cached(locale: .english, kind: .and, width: .wide)
/// try and.format(["row 3", "row 4", "column 5"])   // "row 3, row 4, and column 5"
/// // ko: "3행, 4행 및 5열"
/// ```
///
/// ICU's list formatters are immutable; formatting is thread-safe.
public final class ListFormatter: @unchecked Sendable {
    /// "a, b, and c" / "a, b, or c" / "3 ft, 7 in" (units).
    public enum Kind: Hashable, Sendable {
        case and, or, units
    }

    /// How much the joining words are abbreviated.
    public enum Width: Hashable, Sendable {
        case wide, short, narrow
    }

    public let locale: ICULocale
    public let kind: Kind
    public let width: Width
    // @unchecked Sendable: ICU's ListFormatter has only const formatting methods.
    private let handle: OpaquePointer

    public init(locale: ICULocale, kind: Kind = .and, width: Width = .wide) throws(ICUError) {
        let type: Int32 = switch kind {
        case .and: CICU_ULISTFMT_TYPE_AND
        case .or: CICU_ULISTFMT_TYPE_OR
        case .units: CICU_ULISTFMT_TYPE_UNITS
        }
        let w: Int32 = switch width {
        case .wide: CICU_ULISTFMT_WIDTH_WIDE
        case .short: CICU_ULISTFMT_WIDTH_SHORT
        case .narrow: CICU_ULISTFMT_WIDTH_NARROW
        }
        var status = CICU_U_ZERO_ERROR
        let opened = cicu_ulistfmt_openForType(locale.identifier, type, w, &status)
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_ulistfmt_close(opened) }
            throw ICUError(code: status, operation: "ulistfmt_openForType(\(locale.identifier))")
        }
        self.handle = opened!
        self.locale = locale
        self.kind = kind
        self.width = width
    }

    deinit { cicu_ulistfmt_close(handle) }

    /// Joins `items`; an empty list gives "".
    public func format(_ items: [String]) throws(ICUError) -> String {
        let units = items.map { Array($0.utf16) }
        let lengths = units.map { Int32($0.count) }
        return try withPointers(units) { pointers throws(ICUError) in
            try lengths.withUnsafeBufferPointer { lengthBuffer throws(ICUError) in
                try withUTF16Result("ulistfmt_format") { buffer, capacity, status in
                    cicu_ulistfmt_format(handle, pointers, lengthBuffer.baseAddress, Int32(items.count),
                                         buffer, capacity, &status)
                }
            }
        }
    }

    private func withPointers<R>(
        _ arrays: [[UInt16]],
        _ body: (UnsafePointer<UnsafePointer<UInt16>?>) throws(ICUError) -> R
    ) throws(ICUError) -> R {
        // Keep every array alive and pinned while ICU reads it.
        let storage = arrays.map { array -> UnsafeMutablePointer<UInt16> in
            let p = UnsafeMutablePointer<UInt16>.allocate(capacity: max(array.count, 1))
            p.initialize(from: array, count: array.count)
            return p
        }
        defer { storage.forEach { $0.deallocate() } }
        var pointers: [UnsafePointer<UInt16>?] = storage.map { UnsafePointer($0) }
        if pointers.isEmpty { pointers.append(nil) }
        return try pointers.withUnsafeBufferPointer { buffer throws(ICUError) in try body(buffer.baseAddress!) }
    }

    private struct CacheKey: Hashable, Sendable {
        let locale: ICULocale
        let kind: Kind
        let width: Width
    }
    private static let cache = FormatterCache<CacheKey, ListFormatter>()

    /// The shared formatter for a locale, kind and width, opened once.
    public static func cached(locale: ICULocale, kind: Kind = .and, width: Width = .wide) throws(ICUError) -> ListFormatter {
        try cache.value(for: CacheKey(locale: locale, kind: kind, width: width)) { () throws(ICUError) in
            try ListFormatter(locale: locale, kind: kind, width: width)
        }
    }
}
