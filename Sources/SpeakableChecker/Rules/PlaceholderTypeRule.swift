import SpeakableCatalog
import SpeakableMessages

extension Rule {
    /// `placeholder-type`: the same argument used as another type (number, select, date).
    public static let placeholderType = Rule(PlaceholderTypeRule.self)
}

/// `placeholder-type`: an argument the translation uses as another kind of value than the source.
enum PlaceholderTypeRule: CheckerRule {
    static let id: RuleID = "placeholder-type"
    static let defaultSeverity: RuleSeverity = .error
    static let summary = "the same argument used as another type (number, select, date)"

    /// The kind of value a use needs: nil for any value (`{name}`).
    static func valueClass(_ kind: ArgumentUsage.Kind) -> String? {
        switch kind {
        case .untyped: nil
        case .number, .plural, .ordinal: "number"
        case .select: "string"
        case .date: "date"
        case .conflicting: "conflict"
        }
    }

    static func valueClass(_ argument: MessageArgument) -> String {
        switch argument {
        case .int, .double: "number"
        case .string: "string"
        case .date: "date"
        }
    }

    static func check(_ c: MessageContext, usages: [String: ArgumentUsage], source: [String: ArgumentUsage],
                      emitter: inout Emitter) {
        for name in usages.keys.sorted() {
            guard let usage = usages[name], let sourceUsage = source[name] else { continue }
            let range = usage.ranges[0]
            if case .conflicting(let kinds) = usage.kind {
                RuleRunner.emit(.placeholderType, c, range: range, emitter: &emitter,
                                message: "argument '\(name)' is used as \(kinds.map(\.name).joined(separator: " and ")) in one message: formatting fails for every value of one of them",
                                hint: "use '\(name)' as the source does (\(sourceUsage.kind.name))", subject: "conflict:\(name)")
                continue
            }
            guard let target = valueClass(usage.kind) else { continue }
            if let expected = valueClass(sourceUsage.kind), expected != "conflict" {
                if expected != target {
                    RuleRunner.emit(.placeholderType, c, range: range, emitter: &emitter,
                                    message: "argument '\(name)' is used as \(usage.kind.name) here but as \(sourceUsage.kind.name) in the source",
                                    hint: "the app passes a \(expected) for '\(name)'; as \(usage.kind.name) formatting fails",
                                    subject: "\(name):\(sourceUsage.kind.name)>\(usage.kind.name)")
                } else if case .plural = sourceUsage.kind, case .ordinal = usage.kind {
                    RuleRunner.emit(.placeholderType, c, range: range, emitter: &emitter,
                                    message: "argument '\(name)' is a count (plural) in the source but selectordinal here",
                                    hint: "use plural: selectordinal picks forms for 1st, 2nd, 3rd", subject: "\(name):plural>ordinal")
                } else if case .ordinal = sourceUsage.kind, case .plural = usage.kind {
                    RuleRunner.emit(.placeholderType, c, range: range, emitter: &emitter,
                                    message: "argument '\(name)' is an ordinal (selectordinal) in the source but plural here",
                                    hint: "use selectordinal: plural picks forms for counts, not for 1st, 2nd, 3rd",
                                    subject: "\(name):ordinal>plural")
                }
                continue
            }
            // The source takes any value: what the app passes then is format-mismatch's business.
        }
    }
}
