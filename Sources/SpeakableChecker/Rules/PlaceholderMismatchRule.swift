import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `placeholder-mismatch`: an argument missing, extra or renamed against the source.
    public static let placeholderMismatch = Rule(PlaceholderMismatchRule.self)
}

/// `placeholder-mismatch`: a translation's arguments missing, extra or renamed against the source's.
enum PlaceholderMismatchRule: CheckerRule {
    static let id: RuleID = "placeholder-mismatch"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "an argument missing, extra or renamed against the source"

    static func check(_ c: MessageContext, pattern: MessagePattern, usages: [String: ArgumentUsage],
                         source: [String: ArgumentUsage], selectorOnly: Set<String>, passedOnly: Set<String> = [],
                         composed: (quantities: Set<String>, textSlots: Set<String>)?, emitter: inout Emitter) {
        // An argument the source only uses to choose a plural form prints nothing: leaving it out
        // loses nothing (Korean "{score}점" for "{score} {score, plural, one {point} other {points}}").
        var missing = source.keys.filter { usages[$0] == nil }.sorted()
        // An argument the app passes that the source does not print (a String Catalog key's
        // `%lld` where English says "starred") is the translation's to print or not.
        let extra = usages.keys.filter { source[$0] == nil && !passedOnly.contains($0) }
        // A composed Android message: the translation prints a plural's quantity where the
        // source prints the plural's text (both are arguments the app passes).
        if let composed, !extra.isEmpty, extra.allSatisfy(composed.quantities.contains), missing.allSatisfy(composed.textSlots.contains) {
            return
        }
        if !(missing.count == 1 && extra.count == 1) { missing.removeAll { selectorOnly.contains($0) } }
        let extraInOrder = extra.sorted { usages[$0]!.ranges[0].lowerBound < usages[$1]!.ranges[0].lowerBound }
        if missing.count == 1 && extraInOrder.count == 1 {
            let range = nameRange(of: extraInOrder[0], in: pattern) ?? usages[extraInOrder[0]]!.ranges[0]
            RuleRunner.emit(.placeholderMismatch, c, range: range, emitter: &emitter,
                            message: "argument '\(extraInOrder[0])' is not in the source, which has '\(missing[0])' instead",
                            hint: "rename it to {\(missing[0])}: argument names are not translated",
                            subject: "renamed:\(missing[0])>\(extraInOrder[0])")
            return
        }
        for name in missing {
            RuleRunner.emit(.placeholderMismatch, c, range: 0..<0, emitter: &emitter,
                            message: "argument '\(name)' of the source is missing from the translation",
                            hint: "add {\(name)} where the translation says it; without it \(c.tag) users never hear that value",
                            subject: "missing:\(name)")
        }
        for name in extraInOrder {
            let range = nameRange(of: name, in: pattern) ?? usages[name]!.ranges[0]
            RuleRunner.emit(.placeholderMismatch, c, range: range, emitter: &emitter,
                            message: "argument '\(name)' is not in the source",
                            hint: "the app never passes '\(name)'; it would be spoken as \"{\(name)}\". Use the source's arguments: "
                                + source.keys.sorted().map { "{\($0)}" }.joined(separator: ", "),
                            subject: "extra:\(name)")
        }
    }

    static func nameRange(of name: String, in pattern: MessagePattern) -> Range<Int>? {
        var found: Range<Int>?
        pattern.forEachArgument { if found == nil && $0.name == name { found = $0.nameRange } }
        return found
    }
}
