import SpeakableMessages

/// `placeholder-mismatch`, `placeholder-type`, `select-cases`: a translation's arguments against
/// the source's.
enum ArgumentRules {
    /// `passedOnly`: arguments the app passes that the source does not print (a String Catalog
    /// key's): a translation may use them.
    static func compare(_ c: MessageContext, pattern: MessagePattern, sourceUsages: [String: ArgumentUsage],
                        selectorOnly: Set<String> = [], passedOnly: Set<String> = [],
                        composed: (quantities: Set<String>, textSlots: Set<String>)? = nil,
                        skipMismatch: Bool = false, emitter: inout Emitter) {
        let usages = pattern.argumentUsages
        if emitter.isOn(.placeholderMismatch) && !skipMismatch {
            mismatch(c, pattern: pattern, usages: usages, source: sourceUsages, selectorOnly: selectorOnly, passedOnly: passedOnly,
                     composed: composed, emitter: &emitter)
        }
        if emitter.isOn(.placeholderType) { types(c, usages: usages, source: sourceUsages, emitter: &emitter) }
        if emitter.isOn(.selectCases) { selectCases(c, pattern: pattern, usages: usages, source: sourceUsages, emitter: &emitter) }
    }

    // MARK: placeholder-mismatch

    static func mismatch(_ c: MessageContext, pattern: MessagePattern, usages: [String: ArgumentUsage],
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

    // MARK: placeholder-type

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

    static func types(_ c: MessageContext, usages: [String: ArgumentUsage], source: [String: ArgumentUsage],
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

    // MARK: select-cases

    static func selectCases(_ c: MessageContext, pattern: MessagePattern, usages: [String: ArgumentUsage],
                            source: [String: ArgumentUsage], emitter: inout Emitter) {
        for name in usages.keys.sorted() {
            guard case .select(let cases)? = usages[name]?.kind, case .select(let sourceCases)? = source[name]?.kind else { continue }
            let missing = sourceCases.filter { !cases.contains($0) }
            guard !missing.isEmpty else { continue }
            var found: Range<Int>?
            pattern.forEachArgument { argument in
                if found == nil, argument.name == name, case .select = argument.kind { found = argument.nameRange }
            }
            let range = found ?? usages[name]!.ranges[0]
            let list = missing.map { "'\($0)'" }.joined(separator: ", ")
            RuleRunner.emit(.selectCases, c, range: range, emitter: &emitter,
                            message: "select '\(name)' has no case for \(list) of the source; \(missing.count == 1 ? "that value falls" : "those values fall") to 'other'",
                            hint: "add " + missing.map { "\($0) {…}" }.joined(separator: " ") + " as the source has",
                            subject: "\(name):" + missing.joined(separator: ","))
        }
    }
}
