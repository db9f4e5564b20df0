internal import CICU

/// A locale as ICU understands it, made from a BCP 47 tag ("en", "ko", "sr-Latn", "ar-EG") or an
/// ICU locale ID ("en_US").
///
/// ```swift
/// let serbian = try ICULocale("sr-Latn")
/// serbian.identifier   // "sr_Latn"
/// serbian.languageTag  // "sr-Latn"
/// ```
public struct ICULocale: Hashable, Sendable, CustomStringConvertible {
    /// The ICU locale ID, e.g. `sr_Latn` or `en_US`. This is what ICU's C API receives.
    public let identifier: String
    /// The BCP 47 form, e.g. `sr-Latn`.
    public let languageTag: String
    /// The language subtag, e.g. `sr`.
    public let language: String

    /// Makes a locale from a BCP 47 tag, or from an ICU ID when the text contains `_`.
    ///
    /// Throws `U_ILLEGAL_ARGUMENT_ERROR` when the text is not a well-formed tag (ICU's own
    /// `uloc_forLanguageTag` must consume all of it).
    public init(_ text: String) throws(ICUError) {
        let id: String
        if text.contains("_") || text == "root" || text.isEmpty {
            id = try withCharResult("uloc_canonicalize") { buffer, capacity, status in
                cicu_uloc_canonicalize(text, buffer, capacity, &status)
            }
        } else {
            var parsed: Int32 = 0
            id = try withCharResult("uloc_forLanguageTag") { buffer, capacity, status in
                cicu_uloc_forLanguageTag(text, buffer, capacity, &parsed, &status)
            }
            if Int(parsed) != text.utf8.count || id.isEmpty {
                throw ICUError(code: ICUError.illegalArgument, operation: "uloc_forLanguageTag", parseOffset: Int(parsed))
            }
        }
        self.identifier = id
        self.languageTag = (try? withCharResult("uloc_toLanguageTag") { buffer, capacity, status in
            cicu_uloc_toLanguageTag(id, buffer, capacity, 0, &status)
        }) ?? text
        self.language = (try? withCharResult("uloc_getLanguage") { buffer, capacity, status in
            cicu_uloc_getLanguage(id, buffer, capacity, &status)
        }) ?? ""
    }

    // Equality and hashing look at the ICU ID only: the tag and language are derived from it.
    // (Formatter caches hash a locale on every lookup.)
    public static func == (lhs: ICULocale, rhs: ICULocale) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Whether the locale's script is written right to left.
    public var isRightToLeft: Bool { cicu_uloc_isRightToLeft(identifier) != 0 }

    public var description: String { languageTag }

    /// Every locale ICU has data for, as ICU locale IDs (`af`, `af_NA`, … `zu_ZA`).
    public static var availableIdentifiers: [String] {
        (0..<cicu_uloc_countAvailable()).compactMap { index in cicu_uloc_getAvailable(index).map { String(cString: $0) } }
    }

    /// English (`en`).
    public static let english: ICULocale = try! ICULocale("en")
    /// The root locale (`root`, CLDR's fallback for every locale).
    public static let root: ICULocale = try! ICULocale("root")
}

/// A time zone known to ICU, by its Olson ID ("UTC", "America/Los_Angeles", "Asia/Seoul").
public struct ICUTimeZone: Hashable, Sendable, CustomStringConvertible {
    /// The ID as given.
    public let identifier: String

    /// Checks the ID against ICU's time zone data: Olson IDs and custom IDs such as `GMT+09:00`
    /// pass; anything else throws `U_ILLEGAL_ARGUMENT_ERROR` instead of silently becoming GMT.
    public init(_ identifier: String) throws(ICUError) {
        var isSystem: Int8 = 0
        _ = try withUTF16Result("ucal_getCanonicalTimeZoneID") { buffer, capacity, status in
            identifier.withUTF16Buffer { id, length in
                cicu_ucal_getCanonicalTimeZoneID(id, length, buffer, capacity, &isSystem, &status)
            }
        }
        self.identifier = identifier
    }

    public var description: String { identifier }

    /// The moment a wall-clock time in this zone stands for (Gregorian calendar; `month` 1–12).
    ///
    /// ```swift
    /// try ICUTimeZone("Asia/Seoul").date(year: 2026, month: 8, day: 26, hour: 9)   // 1787702400000
    /// ```
    public func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                     millisecond: Int = 0) throws(ICUError) -> ICUDate {
        var status = CICU_U_ZERO_ERROR
        let calendar = identifier.withUTF16Buffer { zone, length in
            cicu_ucal_open(zone, length, "en_US@calendar=gregorian", CICU_UCAL_GREGORIAN, &status)
        }
        guard let calendar, !ICUStatus.isFailure(status) else {
            throw ICUError(code: status, operation: "ucal_open(\(identifier))")
        }
        defer { cicu_ucal_close(calendar) }
        cicu_ucal_clear(calendar)
        cicu_ucal_setDateTime(calendar, Int32(year), Int32(month - 1), Int32(day), Int32(hour), Int32(minute),
                              Int32(second), &status)
        cicu_ucal_set(calendar, CICU_UCAL_MILLISECOND, Int32(millisecond))
        let millis = cicu_ucal_getMillis(calendar, &status)
        try ICUStatus.check(status, "ucal_getMillis")
        return millis
    }

    /// Coordinated Universal Time.
    public static let utc: ICUTimeZone = try! ICUTimeZone("UTC")
}
