public import SpeakableCatalog

/// A rule of `speakable check`, as configuration, exemptions, baselines, SARIF and `--help` name
/// it. Each rule is declared in a file of its own in `Rules/` (`RoleWordRule` in
/// `RoleWordRule.swift`), with a static member here (``roleWord``); ``allCases`` lists them in the
/// order of the registry.
///
/// ```swift
/// Rule(rawValue: "plural-categories")?.defaultSeverity   // .error
/// Rule.roleWord.summary   // "a label that names its own role or state, which the screen reader adds"
/// ```
public struct Rule: Hashable, Sendable, CaseIterable, RawRepresentable {
    /// The rule's place in the registry (`RuleRegistry.rules`).
    let index: Int

    /// The rule `type` implements.
    init(_ type: any CheckerRule.Type) {
        index = RuleRegistry.rules.firstIndex { ObjectIdentifier($0) == ObjectIdentifier(type) }!
    }

    private init(index: Int) {
        self.index = index
    }

    /// The rule with the id `rawValue`; nil when no rule has it.
    public init?(rawValue: String) {
        guard let index = RuleRegistry.ids.firstIndex(where: { $0.rawValue == rawValue }) else { return nil }
        self.index = index
    }

    /// Every rule, in the order of the registry (the order `--help` and SARIF list them).
    public static var allCases: [Rule] { RuleRegistry.rules.indices.map(Rule.init(index:)) }

    /// The rule's id: part of the interface (configuration, baselines, exemptions, SARIF), never
    /// renamed.
    public var id: RuleID { RuleRegistry.ids[index] }

    /// ``id``'s text: `"role-word"`.
    public var rawValue: String { id.rawValue }

    /// The severity when `speakable.json` does not set one: errors break what a user hears (or
    /// the build); warnings are worth a look.
    public var defaultSeverity: RuleSeverity { RuleRegistry.rules[index].defaultSeverity }

    /// What the rule finds, in one line (SARIF `shortDescription`, `--help`).
    public var summary: String { RuleRegistry.rules[index].summary }

    public static func == (a: Rule, b: Rule) -> Bool { a.index == b.index }

    public func hash(into hasher: inout Hasher) { hasher.combine(index) }
}
