import SpeakableCatalog

/// A rule of `speakable check`: a type of its own, in a file of its own in `Rules/`, holding its
/// id, default severity and summary, its check, and the text of every finding it reports.
///
/// To add a rule, write a type conforming to this protocol in a new file (with its ``Rule`` member,
/// `extension Rule { public static let myRule = Rule(MyRule.self) }`), add the type to
/// `RuleRegistry.rules` (`RuleRegistry.swift`) at the place the rule is documented in, and call
/// its check from `RuleRunner` at the step that has what it reads.
///
/// The check is the type's static `check` method. Its parameters are what the rule reads, so
/// that it runs where those are at hand, called directly (no dynamic dispatch per message): a
/// message in its locale (``MessageContext``), a translation against its source, or a locale's
/// translations as a whole. `RuleRunner` calls every rule's check, each behind
/// `emitter.isOn(_:)`, in one place per step (its DocC lists them); `Checker` calls
/// `UnknownLocaleRule`'s, which judges the input's locales once.
protocol CheckerRule: SendableMetatype {
    /// The rule's id: part of the interface (configuration, baselines, exemptions, SARIF), never
    /// renamed.
    static var id: RuleID { get }
    /// The severity when `speakable.json` does not set one: errors break what a user hears (or
    /// the build); warnings are worth a look.
    static var defaultSeverity: RuleSeverity { get }
    /// What the rule finds, in one line (SARIF `shortDescription`, `--help`).
    static var summary: String { get }
}
