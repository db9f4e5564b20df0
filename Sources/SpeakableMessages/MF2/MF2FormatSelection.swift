import SpeakableICU

/// A selector's resolved value with the standard's Match and BetterThan operations
/// (`formatting.md`, "Operations on Resolved Values").
struct MF2Selector {
    enum Kind {
        /// `:string`: keys equal to the string (canonical equivalence, i.e. NFC).
        case string(String)
        /// Number selection: `exact` is the value's exact serialization, `keyword` its plural or
        /// ordinal category (nil for `select=exact`).
        case number(exact: String, keyword: String?)
        /// `:test:function` and `:test:select`.
        case test(MF2TestValue)
    }

    enum Match {
        case match, noMatch
        /// The key cannot be compared (`bad-variant-key`).
        case failure(MF2Error.Kind, String)
    }

    let kind: Kind

    /// nil when the value does not support selection (a `bad-selector`).
    init?(_ value: MF2Value, locale: ICULocale) {
        switch value.content {
        case .string(let s):
            kind = .string(s)
        case .number(let number):
            guard let selection = number.selection, number.function != .currency,
                  let selected = MF2Selector.numberKeys(number, selection: selection, locale: locale) else { return nil }
            kind = .number(exact: selected.exact, keyword: selected.keyword)
        case .test(let test):
            guard test.canSelect, !test.failsSelect else { return nil }
            kind = .test(test)
        case .fallback, .literal, .argument, .dateTime:
            return nil
        }
    }

    static let pluralKeywords: Set<String> = ["zero", "one", "two", "few", "many", "other"]

    func match(_ key: String) -> Match {
        switch kind {
        case .string(let s):
            return s == key ? .match : .noMatch
        case .number(let exact, let keyword):
            if MF2Numeric.isNumberLiteral(key) { return key == exact ? .match : .noMatch }
            if Self.pluralKeywords.contains(key) { return key == keyword ? .match : .noMatch }
            return .failure(.badVariantKey, "the key \(key) is neither a number nor a plural category")
        case .test(let test):
            guard test.input == 1 else { return .noMatch }
            if test.decimalPlaces == 1 { return key == "1.0" || key == "1" ? .match : .noMatch }
            return key == "1" ? .match : .noMatch
        }
    }

    /// BetterThan for two keys that both match.
    func isBetter(_ key1: String, than key2: String) -> Bool {
        switch kind {
        case .string: false
        case .number: MF2Numeric.isNumberLiteral(key1) && !MF2Numeric.isNumberLiteral(key2)
        case .test: key1 == "1.0"
        }
    }

    /// The exact serialization and the category of a number, both read off ICU's formatting of
    /// the value with its precision options (so `minimumFractionDigits=1` selects `1.0` and
    /// `one` as the formatted "1.0" would), in plain ASCII digits without grouping.
    static func numberKeys(_ number: MF2NumberValue, selection: MF2NumberValue.Selection,
                           locale: ICULocale) -> (exact: String, keyword: String?)? {
        let skeleton = MF2NumberSkeleton.selection(number)
        guard let formatter = try? SkeletonNumberFormatter.cached(skeleton: skeleton, locale: .english),
              let exact = try? formatter.format(number.value.icu) else { return nil }
        guard selection != .exact else { return (exact, nil) }
        guard let rules = try? PluralRules.cached(for: locale, kind: selection == .ordinal ? .ordinal : .cardinal) else {
            return (exact, "other")
        }
        let category: PluralCategory?
        switch number.value {
        case .int(let n): category = try? rules.category(for: n, formattedWith: formatter)
        case .double(let d): category = try? rules.category(for: d, formattedWith: formatter)
        }
        return (exact, (category ?? .other).rawValue)
    }
}
