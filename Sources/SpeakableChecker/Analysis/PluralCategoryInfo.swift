import SpeakableICU
import Synchronization

/// What a locale's plural rules (cardinal or ordinal) select, probed through ICU: for each
/// category, which of a fixed set of numbers land in it. Used to say which categories a locale
/// needs, which it never uses, and to list sample numbers in findings.
final class PluralCategoryInfo: Sendable {
    let categories: [PluralCategory]
    /// ``categories`` as bits (``PluralCategory/bit``).
    let categoryBits: UInt8
    /// Probe values (integers 0…1000, some large integers, some decimals) by category.
    let members: [PluralCategory: [Double]]
    private let rules: PluralRules

    static let integerProbes: [Double] = (0...1000).map(Double.init) + [10_000, 100_000, 1_000_000, 2_000_000, 10_000_000]
    static let decimalProbes: [Double] = [0.5, 1.5, 2.5, 0.1, 1.1, 2.1, 3.5, 5.5, 10.5, 21.5, 100.5]

    /// Categories holding an integer, and an integer below a million.
    private let withIntegers: Set<PluralCategory>
    private let withSmallIntegers: Set<PluralCategory>

    init(rules: PluralRules) {
        self.rules = rules
        self.categories = rules.categories
        self.categoryBits = rules.categories.reduce(0) { $0 | $1.bit }
        var members: [PluralCategory: [Double]] = [:]
        for n in Self.integerProbes + Self.decimalProbes {
            members[rules.category(for: n), default: []].append(n)
        }
        self.members = members
        withIntegers = Set(members.filter { $0.value.contains { $0 == $0.rounded(.towardZero) } }.keys)
        withSmallIntegers = Set(members.filter { $0.value.contains { $0 == $0.rounded(.towardZero) && $0 < 1_000_000 } }.keys)
    }

    func category(of value: Double) -> PluralCategory { rules.category(for: value) }

    /// Whether the category holds any integer (a category reached only by decimals, like Czech
    /// `many`, matters only for messages that are given decimals).
    func hasIntegers(_ category: PluralCategory) -> Bool { withIntegers.contains(category) }

    /// Whether the category holds an integer below a million.
    func hasSmallIntegers(_ category: PluralCategory) -> Bool { withSmallIntegers.contains(category) }

    /// "one (1, 21, 31, …)".
    func describe(_ category: PluralCategory) -> String {
        let values = members[category] ?? []
        let integers = values.filter { $0 == $0.rounded(.towardZero) }
        let shown = (integers.isEmpty ? values : integers).prefix(3).map(Self.format)
        let more = (integers.isEmpty ? values.count : integers.count) > 3
        return "\(category.rawValue) (\(shown.joined(separator: ", "))\(more ? ", …" : ""))"
    }

    /// "one (1), other (0, 2, 3, …)".
    var describeAll: String { categories.map(describe).joined(separator: ", ") }

    static func format(_ value: Double) -> String {
        value == value.rounded(.towardZero) ? String(Int64(value)) : String(value)
    }

    /// By ICU locale ID (what the rules are opened for): hashing one string, not the three of an
    /// ``ICULocale``, for every plural checked.
    private struct Key: Hashable { let locale: String; let ordinal: Bool }
    private static let cache = Mutex<[Key: PluralCategoryInfo]>([:])

    /// Shared per locale and kind.
    static func cached(for locale: ICULocale, ordinal: Bool) -> PluralCategoryInfo? {
        let key = Key(locale: locale.identifier, ordinal: ordinal)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        guard let rules = try? PluralRules.cached(for: locale, kind: ordinal ? .ordinal : .cardinal) else { return nil }
        let info = PluralCategoryInfo(rules: rules)
        cache.withLock { $0[key] = info }
        return info
    }
}

extension PluralCategory {
    /// One bit per category, for sets of categories without hashing.
    var bit: UInt8 {
        switch self {
        case .zero: 1
        case .one: 2
        case .two: 4
        case .few: 8
        case .many: 16
        case .other: 32
        }
    }
}
