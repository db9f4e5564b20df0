import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `plural-categories`: a plural lacking a category the locale needs, or carrying one it never uses.
    public static let pluralCategories = Rule(PluralCategoriesRule.self)
}

/// `plural-categories`: a plural or selectordinal without a case for a category the locale's CLDR
/// rules select (from ICU).
enum PluralCategoriesRule: CheckerRule {
    static let id: RuleID = "plural-categories"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "a plural lacking a category the locale needs, or carrying one it never uses"

    static func check(_ c: MessageContext, _ argument: ArgumentNode, _ plural: PluralArgument, _ info: PluralCategoryInfo,
                      emitter: inout Emitter) {
        let kind = PluralArguments.kindName(plural)
        let rulesName = plural.isOrdinal ? "ordinal" : "plural"
        // The categories written as keywords (a bit per category), and the explicit values.
        var keywords: UInt8 = 0
        var explicit: [Double] = []
        for item in plural.cases {
            switch item.selector {
            case .explicit(let value): explicit.append(value)
            case .keyword(let word): if let category = PluralArguments.category(named: word) { keywords |= category.bit }
            }
        }
        // Every category of the locale has its case: none is missing.
        if info.categoryBits & ~keywords & ~PluralCategory.other.bit == 0 { return }
        let examplesHaveDecimals = c.source.examples.contains { args in
            if case .double(let d)? = args[argument.name] { return d != d.rounded(.towardZero) }
            return false
        }
        // An 'other' case with no words ("#", "{n}") reads the same for every number: no
        // category is missing then.
        if let other = plural.otherCase {
            var texts: [(String, Range<Int>)] = []
            var shows = false
            PluralArguments.collect(other.message, name: argument.name, texts: &texts, showsNumber: &shows)
            if !texts.contains(where: { $0.0.unicodeScalars.contains { $0.properties.isAlphabetic } }) { return }
        }
        let examplesReachMillions = c.source.examples.contains { args in
            switch args[argument.name] {
            case .int(let n)?: return n.magnitude >= 1_000_000
            case .double(let d)?: return d.magnitude >= 1_000_000
            default: return false
            }
        }
        var missing: [PluralCategory] = []
        for category in info.categories where category != .other && keywords & category.bit == 0 {
            if !info.hasIntegers(category) && !examplesHaveDecimals { continue }
            // French, Spanish, Italian, Portuguese `many` holds only whole millions ("1 000 000 de
            // commandes"): needed when the examples say the count gets there.
            if !info.hasSmallIntegers(category) && info.hasIntegers(category) && !examplesReachMillions && !examplesHaveDecimals { continue }
            // Explicit cases for every number of the category cover it (only then: the members
            // are many).
            if !explicit.isEmpty {
                let members = (info.members[category] ?? []).filter { examplesHaveDecimals || $0 == $0.rounded(.towardZero) }
                if !members.isEmpty && members.allSatisfy({ explicit.contains($0 + plural.offset) }) { continue }
            }
            missing.append(category)
        }
        // Where `other` holds no whole number (Polish, Russian, Ukrainian: only fractions), a
        // count shows `other` only for a category without a case of its own: with one such
        // category, `other` is its text (pl one, few, other with `other` "5 głosów"). With two,
        // they share one text, which fits at most one of them.
        if missing.count == 1, plural.otherCase != nil, info.hasIntegers(missing[0]), !info.hasIntegers(.other), !examplesHaveDecimals {
            return
        }
        guard !missing.isEmpty else { return }
        let names = missing.map { "'\($0.rawValue)'" }.joined(separator: " and ")
        RuleRunner.emit(.pluralCategories, c, range: argument.nameRange, emitter: &emitter,
                        message: "\(kind) '\(argument.name)' has no \(names) case, which \(c.tag) needs: \(c.tag) \(rulesName) rules have \(info.describeAll)",
                        hint: "add " + missing.map { "\($0.rawValue) {…}" }.joined(separator: " ") + "; without "
                            + (missing.count == 1 ? "it" : "them") + " " + missing.map { info.describe($0) }.joined(separator: ", ")
                            + " fall to 'other'",
                        subject: "missing:\(argument.name):" + missing.map(\.rawValue).joined(separator: ","))
    }
}
