/// The id of a finding: its rule's (``Rule/id``), or a problem found beside the rules
/// (`json-syntax`, `no-messages`, `unknown-rule`). Ids are part of the interface (configuration,
/// baselines, exemptions, SARIF) and never renamed; they sort as their text.
///
/// ```swift
/// finding.rule == Rule.untranslated.id   // a finding of `untranslated`
/// finding.rule == "no-messages"          // an id written out
/// finding.rule.rawValue                  // "untranslated"
/// ```
public struct RuleID: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// The rule of this id; nil for an id of a problem found beside the rules.
    public var rule: Rule? { Rule(rawValue: rawValue) }

    public var description: String { rawValue }

    public static func < (a: RuleID, b: RuleID) -> Bool { a.rawValue < b.rawValue }
}
