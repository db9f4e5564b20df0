import SpeakableCatalog
import SpeakablePlatformFormats
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `unused-plural-category`: a plural case for a category the locale never selects.
    public static let unusedPluralCategory = Rule(UnusedPluralCategoryRule.self)
}

/// `unused-plural-category`: a plural or selectordinal case for a category the locale's CLDR rules
/// never select, or a keyword that is no CLDR category: text nobody sees. Dead text, not a failure
/// (Android Lint's `UnusedQuantity` is a warning too). A category releases still in use select
/// (``OlderPluralRules``: Hebrew's `many`) is not dead.
enum UnusedPluralCategoryRule: CheckerRule {
    static let id: RuleID = "unused-plural-category"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "a plural case for a category the locale never selects (dead text; Android Lint's UnusedQuantity)"

    static func check(_ c: MessageContext, _ argument: ArgumentNode, _ plural: PluralArgument, _ info: PluralCategoryInfo,
                      emitter: inout Emitter) {
        let rulesName = plural.isOrdinal ? "ordinal" : "plural"
        // Android's default resources (values/) are what every locale without its own
        // translation shows, with that locale's plural rules (Resources.getQuantityString
        // selects by the device's locale): an English `zero` item is Arabic's and Latvian's 0.
        let everyLocaleReaches = c.isSource && (c.formats?.dialect == .java || c.unit.sourceReachesEveryLocale)
        for item in plural.cases {
            guard case .keyword(let word) = item.selector else { continue }
            let category = PluralArguments.category(named: word)
            if let category, info.categoryBits & category.bit != 0 || everyLocaleReaches { continue }
            // Selected by releases still in use (Hebrew's many on Android 13 and iOS 15).
            if let category, !plural.isOrdinal, OlderPluralRules.categories(for: c.tag).contains(category) { continue }
            let what = category == nil ? "'\(word)' is not a CLDR plural category"
                                       : "'\(word)' is never used in \(c.tag)"
            let fix: String
            if word == "zero" || word == "one" || word == "two", category != nil {
                let n = word == "zero" ? 0 : word == "one" ? 1 : 2
                fix = "remove it, or write =\(n) {…} if exactly \(n) needs its own words"
            } else {
                fix = "remove it; \(c.tag) selects only " + info.categories.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            }
            RuleRunner.emit(.unusedPluralCategory, c, range: item.selectorRange, emitter: &emitter,
                            message: "\(what): \(c.tag) \(rulesName) rules have \(info.describeAll), so this case is never shown",
                            hint: fix, subject: "unused:\(argument.name):\(word)")
        }
    }
}
