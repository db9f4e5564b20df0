internal import CICU

/// A CLDR plural category.
public enum PluralCategory: String, CaseIterable, Hashable, Sendable, Comparable {
    case zero, one, two, few, many, other

    /// CLDR's order: zero, one, two, few, many, other.
    public static func < (lhs: PluralCategory, rhs: PluralCategory) -> Bool { lhs.index < rhs.index }

    /// The category named by a UTF-16 keyword, without making a String.
    init?(utf16 keyword: UnsafeBufferPointer<UInt16>) {
        switch (keyword.count, keyword.first) {
        case (4, 0x7A): self = .zero      // z
        case (3, 0x6F): self = .one       // o
        case (3, 0x74): self = .two       // t
        case (3, 0x66): self = .few       // f
        case (4, 0x6D): self = .many      // m
        case (5, 0x6F): self = .other     // o
        default: return nil
        }
    }

    /// The category named `keyword` exactly (`PluralCategory(rawValue:)`), told apart by its
    /// length and first byte before one comparison rather than by a string switch.
    @inline(__always)
    public init?(keyword: String) {
        let candidate: PluralCategory
        switch (keyword.utf8.count, keyword.utf8.first) {
        case (4, 0x7A): candidate = .zero
        case (3, 0x6F): candidate = .one
        case (3, 0x74): candidate = .two
        case (3, 0x66): candidate = .few
        case (4, 0x6D): candidate = .many
        case (5, 0x6F): candidate = .other
        default: return nil
        }
        guard keyword == candidate.rawValue else { return nil }
        self = candidate
    }

    /// The position in CLDR's order (0 for zero … 5 for other).
    public var index: Int {
        switch self {
        case .zero: 0
        case .one: 1
        case .two: 2
        case .few: 3
        case .many: 4
        case .other: 5
        }
    }
}

/// A locale's plural rules (ICU `UPluralRules`), cardinal ("3 stars") or ordinal ("3rd").
///
/// ```swift
/// let russian = try PluralRules.cached(for: ICULocale("ru"), kind: .cardinal)
/// russian.category(for: 3)       // .few
/// russian.categories             // [.one, .few, .many, .other]
/// let korean = try PluralRules.cached(for: ICULocale("ko"), kind: .cardinal)
/// korean.category(for: 1)        // .other — Korean counts with counters, not plurals
/// ```
///
/// Selecting is thread-safe: `uplrules_select` does not mutate the rules.
public final class PluralRules: @unchecked Sendable {
    /// Cardinal ("1 star, 2 stars") or ordinal ("1st, 2nd") rules.
    public enum Kind: Hashable, Sendable {
        case cardinal, ordinal
    }

    public let locale: ICULocale
    public let kind: Kind
    /// The categories this locale uses, in CLDR order.
    public let categories: [PluralCategory]

    // @unchecked Sendable: `handle` is only read after init; ICU's select functions are const.
    private let handle: OpaquePointer
    /// Categories of 0..<smallTableSize, computed once by ICU at init.
    private let smallIntegers: [PluralCategory]
    private static let smallTableSize = 256
    /// ICU's rules for integers, parsed and checked — derived after a few integers went to ICU.
    private let integerRules = LazyFastPath<IntegerPluralRules>(threshold: 1_024)

    public init(locale: ICULocale, kind: Kind) throws(ICUError) {
        var status = CICU_U_ZERO_ERROR
        let type = kind == .cardinal ? CICU_UPLURAL_TYPE_CARDINAL : CICU_UPLURAL_TYPE_ORDINAL
        let opened = cicu_uplrules_openForType(locale.identifier, type, &status)
        if ICUStatus.isFailure(status) || opened == nil {
            if let opened { cicu_uplrules_close(opened) }
            throw ICUError(code: status, operation: "uplrules_openForType(\(locale.identifier))")
        }
        self.handle = opened!
        self.locale = locale
        self.kind = kind

        var found = Set<PluralCategory>()
        status = CICU_U_ZERO_ERROR
        if let keywords = cicu_uplrules_getKeywords(handle, &status) {
            defer { cicu_uenum_close(keywords) }
            while true {
                var length: Int32 = 0
                guard let next = cicu_uenum_next(keywords, &length, &status), !ICUStatus.isFailure(status) else { break }
                if let category = PluralCategory(rawValue: String(cString: next)) { found.insert(category) }
            }
        }
        try ICUStatus.check(status, "uplrules_getKeywords")
        self.categories = PluralCategory.allCases.filter(found.contains)

        var table: [PluralCategory] = []
        table.reserveCapacity(Self.smallTableSize)
        for n in 0..<Self.smallTableSize {
            table.append(try Self.select(handle, Double(n)))
        }
        self.smallIntegers = table
    }

    /// ICU's rules for this locale, parsed for integers, if they agree with `uplrules_select` on
    /// every value of a sweep (all of 0…2,000, both sides of every power of ten, every residue
    /// modulo 1,000 at several magnitudes, negatives, and the ends of `Int64`).
    private static func deriveIntegerRules(handle: OpaquePointer, locale: ICULocale, kind: Kind,
                                           small: [PluralCategory]) -> IntegerPluralRules? {
        guard let text = IntegerPluralRules.ruleText(locale: locale.identifier, kind: kind),
              let rules = IntegerPluralRules(text) else { return nil }
        for value in integerSweep {
            let expected: PluralCategory
            if value >= 0 && value < Int64(small.count) {
                expected = small[Int(value)]
            } else if value.magnitude <= 1 << 53 {
                guard let selected = try? select(handle, Double(value)) else { return nil }
                expected = selected
            } else {
                continue  // beyond 2^53 ICU is asked (see `category(forInteger:)`)
            }
            if rules.category(value) != expected { return nil }
        }
        return rules
    }

    /// The integers every derived integer rule set is checked on.
    static let integerSweep: [Int64] = {
        var values = Array(Int64(0)...2_000)
        var power: Int64 = 10
        while power <= 1_000_000_000_000_000 {
            for delta in -12...12 { values.append(power + Int64(delta)) }
            values += [2 * power, 5 * power + 1, 11 * power, 21 * power]
            if power <= 10_000_000_000_000_000 { values.append(101 * power) }
            power *= 10
        }
        for magnitude in [Int64(10_000), 1_000_000, 123_000_000, 10_000_000_000] {
            for residue in Int64(0)..<1_000 { values.append(magnitude + residue) }
        }
        values += values.prefix(300).map { -$0 }
        values += [Int64.max, Int64.min + 1, 9_007_199_254_740_992, -9_007_199_254_740_992]
        return values
    }()

    /// Whether integers are selected without calling ICU (see `IntegerPluralRules`); derives the
    /// rules now if no selection has yet.
    public var hasIntegerFastPath: Bool {
        integerRules.resolve { Self.deriveIntegerRules(handle: handle, locale: locale, kind: kind, small: smallIntegers) }
    }

    deinit { cicu_uplrules_close(handle) }

    private static func select(_ handle: OpaquePointer, _ number: Double) throws(ICUError) -> PluralCategory {
        // The keyword is read straight from ICU's buffer: no String on this path.
        try withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 16) { buffer throws(ICUError) -> PluralCategory in
            var status = CICU_U_ZERO_ERROR
            let length = cicu_uplrules_select(handle, number, buffer.baseAddress, 16, &status)
            try ICUStatus.check(status, "uplrules_select")
            return PluralCategory(utf16: UnsafeBufferPointer(start: buffer.baseAddress, count: Int(length))) ?? .other
        }
    }

    /// The category of `number` as a plain double (no formatting applied).
    public func category(for number: Double) -> PluralCategory {
        if number >= 0, number < Double(Self.smallTableSize), number == number.rounded(.towardZero) {
            return smallIntegers[Int(number)]
        }
        return (try? Self.select(handle, number)) ?? .other
    }

    /// The category of an integer, exact for every `Int64` (values beyond 2^53 are selected on
    /// ICU's decimal form of the integer, not on a rounded double).
    public func category(forInteger number: Int64) -> PluralCategory {
        if number.magnitude < 1 << 53, let category = integerRules.withValue({ $0.category(number) }) { return category }
        if number >= 0, number < Int64(Self.smallTableSize) {
            return smallIntegers[Int(number)]
        }
        if number.magnitude < 1 << 53, integerRules.isPending {
            integerRules.noteMiss { Self.deriveIntegerRules(handle: handle, locale: locale, kind: kind, small: smallIntegers) }
        }
        if number.magnitude <= 1 << 53 {
            return (try? Self.select(handle, Double(number))) ?? .other
        }
        return (try? category(for: number, formattedWith: SkeletonNumberFormatter.plain(for: locale))) ?? .other
    }

    /// The category of an integer as ICU selects it, bypassing the derived rules (tests compare
    /// the two).
    public func categoryFromICU(forInteger number: Int64) -> PluralCategory {
        if number.magnitude <= 1 << 53 {
            return (try? Self.select(handle, Double(number))) ?? .other
        }
        return (try? category(for: number, formattedWith: SkeletonNumberFormatter.plain(for: locale))) ?? .other
    }

    /// The category of `number` as `format` would print it (ICU `uplrules_selectWithFormat`):
    /// a DecimalFormat that prints "1.0" selects on 1.0, not on 1. Rule-based formats (spellout,
    /// ordinal, duration) select on the plain number, as ICU does.
    public func category(for number: Double, formattedWith format: NumberFormat) throws(ICUError) -> PluralCategory {
        let keyword = try format.withHandle { fmt throws(ICUError) -> String in
            try withUTF16Result("uplrules_selectWithFormat") { buffer, capacity, status in
                cicu_uplrules_selectWithFormat(handle, number, fmt, buffer, capacity, &status)
            }
        }
        return PluralCategory(rawValue: keyword) ?? .other
    }

    /// The category of `number` as a skeleton formatter prints it (ICU `uplrules_selectFormatted`):
    /// `::precision-integer` prints 1.5 as "2" and selects on that.
    public func category(for number: Int64, formattedWith formatter: SkeletonNumberFormatter) throws(ICUError) -> PluralCategory {
        try formatter.withFormatted(.int(number)) { result throws(ICUError) -> PluralCategory in
            let keyword = try withUTF16Result("uplrules_selectFormatted") { buffer, capacity, status in
                cicu_uplrules_selectFormatted(handle, result, buffer, capacity, &status)
            }
            return PluralCategory(rawValue: keyword) ?? .other
        }
    }

    /// See ``category(for:formattedWith:)-(Int64,_)``.
    public func category(for number: Double, formattedWith formatter: SkeletonNumberFormatter) throws(ICUError) -> PluralCategory {
        try formatter.withFormatted(.double(number)) { result throws(ICUError) -> PluralCategory in
            let keyword = try withUTF16Result("uplrules_selectFormatted") { buffer, capacity, status in
                cicu_uplrules_selectFormatted(handle, result, buffer, capacity, &status)
            }
            return PluralCategory(rawValue: keyword) ?? .other
        }
    }

    private struct CacheKey: Hashable, Sendable {
        let locale: ICULocale
        let kind: Kind
    }
    private static let cache = FormatterCache<CacheKey, PluralRules>()

    /// The shared rules for a locale and kind, opened once.
    public static func cached(for locale: ICULocale, kind: Kind) throws(ICUError) -> PluralRules {
        try cache.value(for: CacheKey(locale: locale, kind: kind)) { () throws(ICUError) in
            try PluralRules(locale: locale, kind: kind)
        }
    }
}
