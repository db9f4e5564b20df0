import Synchronization

/// How a locale's default number format writes integers, as far as printf-style formats
/// (`java.util.Formatter`'s `%,d`, CFString's `%lld`) can reproduce it.
///
/// ```swift
/// let en = IntegerGrouping.of(ICULocale("en"))!
/// (en.primary, en.secondary, en.minimumGrouping)   // (3, 3, 1): "9,180", "1,234,567"
/// IntegerGrouping.of(ICULocale("es"))!.minimumGrouping   // 2: "9180", but "19.180"
/// IntegerGrouping.of(ICULocale("en-IN"))!.secondary      // 2: "12,34,567"
/// ```
///
/// Read off ICU's own output and kept only when the model reproduces ICU on a battery of values.
/// MessageFormat's `{n, number}` and `#` use the classic decimal format, which ignores CLDR's
/// minimum grouping digits (Polish "9 180"); number skeletons use NumberFormatter, which honours
/// it (Polish "9180 sekund"): ``of(_:skeleton:)`` tells the two apart.
public struct IntegerGrouping: Hashable, Sendable {
    /// Digits in the rightmost group (0: the format never groups).
    public let primary: Int
    /// Digits in each further group.
    public let secondary: Int
    /// A number groups only when it has at least `primary + minimumGrouping` digits.
    public let minimumGrouping: Int
    /// The grouping separator as written ("," "." U+202F "’" "٬").
    public let separator: String
    /// The locale's ten digits ("0"…"9", "٠"…"٩", …).
    public let digits: [String]

    /// Whether a printf `%,d` that groups every `primary` digits from the right, from the
    /// first number that has more digits than one group, writes what ICU writes: the same
    /// grouping sizes everywhere and no minimum grouping.
    public var isUniform: Bool { primary == 0 || (secondary == primary && minimumGrouping == 1) }

    /// The grouping of `locale`'s integers in MessageFormat's `{n, number}` (`skeleton: false`)
    /// or in a number skeleton (`true`); nil when ICU's output does not fit the model (then
    /// nothing is claimed).
    public static func of(_ locale: ICULocale, skeleton: Bool = false) -> IntegerGrouping? {
        let key = (skeleton ? "s:" : "c:") + locale.identifier
        if let known = cache.withLock({ $0[key] }) { return known }
        var result: IntegerGrouping?
        let model: IntegerDigitFormat?
        if skeleton {
            let plain = try? SkeletonNumberFormatter(skeleton: "", locale: locale)
            model = plain.flatMap { plain in IntegerDigitFormat.derive { try? plain.format($0) } }
        } else {
            // The decimal format's own model (derived once per locale, for formatting too).
            model = (try? NumberFormat.cached(.decimal, locale: locale))?.integerDigits
        }
        if let model {
            result = IntegerGrouping(primary: model.primary, secondary: model.secondary, minimumGrouping: model.minimumGrouping,
                                     separator: String(decoding: model.separator, as: UTF8.self),
                                     digits: model.digits.map { String(decoding: $0, as: UTF8.self) })
        }
        cache.withLock { $0[key] = .some(result) }
        return result
    }

    private static let cache = Mutex<[String: IntegerGrouping?]>([:])
}

/// What a number format writes for the integers of one plural category.
public enum IntegerPattern: Hashable, Sendable {
    /// The integer in the locale's default format, with this text before and after it.
    case around(prefix: String, suffix: String)
    /// Always this text, without the number (Arabic "ثانية" for one second, Hebrew "שתי שניות"
    /// for two).
    case text(String)
}

extension SkeletonNumberFormatter {
    /// For a skeleton whose non-negative integers come out, per plural category of the locale,
    /// as "the locale's default integer format with fixed text around it" (or a fixed text) —
    /// unit formats (`measure-unit/duration-second unit-width-full-name`: "1 second", "26
    /// seconds", "26초"; Arabic "ثانية", "ثانيتان", "٣ ثوان"), `percent` — that pattern per
    /// category; nil for any other format.
    ///
    /// ```swift
    /// let seconds = try SkeletonNumberFormatter(skeleton: "measure-unit/duration-second unit-width-full-name",
    ///                                           locale: ICULocale("en"))
    /// seconds.integerPatterns()   // [.one: .around("", " second"), .other: .around("", " seconds")]
    /// ```
    ///
    /// Every category of the locale that integers reach must be seen on a battery of integers
    /// (0…150, powers of ten and their neighbours up to 10^18), every value of a category must
    /// give the same pattern, and negative numbers must come out as the same text around the
    /// signed number (as printf writes them), or the answer is nil.
    public func integerPatterns() -> [PluralCategory: IntegerPattern]? {
        guard let plain = try? SkeletonNumberFormatter(skeleton: "", locale: locale),
              let rules = try? PluralRules.cached(for: locale, kind: .cardinal) else { return nil }
        var values = Array(Int64(0)...150) + [999, 1000, 1001, 1234, 9180, 9999, 10_000, 12_345, 99_999, 100_000, 1_234_567]
        var power: Int64 = 1_000_000
        while power <= 1_000_000_000_000_000 {
            values += [power, power + 1, 2 * power, 2 * power + 3]
            power *= 10
        }
        var patterns: [PluralCategory: IntegerPattern] = [:]
        for value in values {
            guard let whole = try? format(value), let number = try? plain.format(value) else { return nil }
            let pattern: IntegerPattern
            if let range = whole.range(of: number) {
                pattern = .around(prefix: String(whole[..<range.lowerBound]), suffix: String(whole[range.upperBound...]))
            } else {
                pattern = .text(whole)
            }
            let category = rules.category(forInteger: value)
            if let known = patterns[category] {
                guard known == pattern else { return nil }
            } else {
                patterns[category] = pattern
            }
        }
        // Negative numbers: a printf format puts the sign before the digits, inside the text
        // around them ("€-5.00"); ICU may put it outside ("-€5.00").
        for value: Int64 in [-1, -2, -5, -21, -1234, -1_000_000] {
            guard let whole = try? format(value), let number = try? plain.format(value) else { return nil }
            switch patterns[rules.category(forInteger: -value)] {
            case .around(let prefix, let suffix)?: guard whole == prefix + number + suffix else { return nil }
            case .text(let text)?: guard whole == text else { return nil }
            case nil: return nil
            }
        }
        // Categories reached only by decimals (Czech `many`) print like `other` for integers,
        // which is what a platform picks for them; an integer category never seen is a failure.
        for category in rules.categories where patterns[category] == nil {
            if rules.integerSample(of: category) != nil { return nil }
        }
        return patterns
    }
}

extension PluralRules {
    /// An integer of `category` below 10^7 (searched once per locale), or nil when only
    /// decimals reach it.
    public func integerSample(of category: PluralCategory) -> Int64? {
        for n in Int64(0)...1_100 where self.category(forInteger: n) == category { return n }
        var power: Int64 = 10_000
        while power <= 1_000_000_000 {
            if self.category(forInteger: power) == category { return power }
            power *= 10
        }
        return nil
    }
}

extension String {
    fileprivate func range(of needle: String) -> Range<String.Index>? {
        guard !needle.isEmpty else { return nil }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) { return start..<index(start, offsetBy: needle.count) }
            start = index(after: start)
        }
        return nil
    }
}
