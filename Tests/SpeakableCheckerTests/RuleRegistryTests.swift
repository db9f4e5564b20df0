import SpeakableCatalog
@testable import SpeakableChecker
import Testing

/// The rule ids are an interface (configuration, baselines, exemptions, SARIF): the registry lists
/// exactly these, in this order, with these default severities.
@Suite struct RuleRegistryTests {
    static let ids: [(id: String, severity: RuleSeverity)] = [
        ("syntax-error", .error), ("missing-translation", .warning), ("extra-key", .warning),
        ("placeholder-mismatch", .error), ("placeholder-type", .error), ("plural-categories", .error),
        ("select-cases", .error), ("plural-literal-number", .warning), ("untranslated", .warning),
        ("over-long", .warning), ("role-word", .warning), ("label-style", .warning), ("hint-gesture", .warning),
        ("korean-action-form", .warning), ("korean-particle", .error), ("bidi-control", .error),
        ("invisible-character", .error), ("whitespace", .warning), ("printf-injection", .error),
        ("key-family", .warning), ("format-mismatch", .error), ("action-fragment", .warning),
        ("unused-plural-category", .warning), ("unknown-locale", .error),
    ]

    @Test func theRegistryListsEveryRuleOnceInItsOrder() {
        #expect(Rule.allCases.map(\.rawValue) == Self.ids.map(\.id))
        #expect(Rule.allCases.map(\.defaultSeverity) == Self.ids.map(\.severity))
        #expect(Rule.allCases.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func eachRuleIsFoundByItsIdAndItsType() {
        for (index, rule) in Rule.allCases.enumerated() {
            #expect(Rule(rawValue: rule.rawValue) == rule)
            #expect(rule.id.rule == rule)
            #expect(Rule(RuleRegistry.rules[index]) == rule)
        }
        #expect(Rule(rawValue: "json-syntax") == nil)
        #expect(RuleID("json-syntax").rule == nil)
        #expect(Rule.roleWord.id == "role-word")
        #expect(Rule.unknownLocale == Rule(UnknownLocaleRule.self))
    }

    @Test func ruleIdsSortAsTheirText() {
        let ids: [RuleID] = ["whitespace", "bidi-control", "json-syntax", "extra-key"]
        #expect(ids.sorted().map(\.rawValue) == ["bidi-control", "extra-key", "json-syntax", "whitespace"])
        #expect("\(RuleID("role-word"))" == "role-word")
    }
}
