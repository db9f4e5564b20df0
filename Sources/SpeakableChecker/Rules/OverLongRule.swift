import SpeakableCatalog
import SpeakableICU
import SpeakableMessages

extension Rule {
    /// `over-long`: spoken length over the role's budget or `maxSeconds`, or text over `maxGraphemes`.
    public static let overLong = Rule(OverLongRule.self)
}

/// `over-long`: formats the message in its locale with the template's examples (a message of
/// selects without examples: with every case) and compares the spoken length with the budget
/// (`maxSeconds`, else the role's `budgets` entry) and the text with `maxGraphemes`.
///
/// A message with arguments but no examples is checked only when all its arguments are selects
/// (their cases are the values); other values are unknown, and guessing them would invent
/// findings. In a translation, example sets that put a source-language string into the spoken
/// text are skipped. An estimate must exceed the budget by more than the estimator's error (15%);
/// a measured length (`--measure`) counts as it is.
enum OverLongRule: CheckerRule {
    static let id: RuleID = "over-long"
    static let defaultSeverity: RuleSeverity = .warning
    static let summary = "spoken length over the role's budget or maxSeconds, or text over maxGraphemes"

    /// At most this many argument sets per message and locale.
    static let maximumVariants = 64
    /// A spoken length counts as over the budget when it exceeds it by more than the estimator's
    /// calibrated error (README, "Spoken length": mean error 10–12%, so 15%).
    static let tolerance = 1.15

    static func check(_ c: MessageContext, pattern: MessagePattern, settings: CheckSettings,
                      spokenSeconds: Checker.SpokenSeconds?, emitter: inout Emitter) {
        let tolerance = settings.spokenLengthIsMeasured ? 1.0 : Self.tolerance
        let budget = c.role.flatMap { c.localeFacts.budget(for: $0) }
        let seconds = c.source.maxSeconds ?? budget?.seconds
        let graphemes = c.source.maxGraphemes ?? budget?.graphemes
        guard (seconds != nil && spokenSeconds != nil) || graphemes != nil else { return }
        // Plain text (no arguments) is what it says: no need to compile it.
        var plain: String?
        if pattern.body.parts.isEmpty {
            plain = ""
        } else if pattern.body.parts.count == 1, case .text(let text, _) = pattern.body.parts[0] {
            plain = text
        }
        var variants = plain == nil ? argumentSets(c, pattern: pattern) : [[:]]
        // (Only sets that hold a string can be dropped: most hold numbers alone.)
        if !c.isSource, variants.contains(where: { $0.values.contains { if case .string = $0 { true } else { false } } }) {
            // Example strings are source-language text ("the 2 by 2 square"); spoken inside a
            // translation they would measure the wrong words. Only sets without them count.
            var spokenText: [String] = []
            untypedNames(pattern.body, into: &spokenText)
            if !spokenText.isEmpty {
                variants.removeAll { args in
                    spokenText.contains { name in if case .string? = args[name] { true } else { false } }
                }
            }
        }
        guard !variants.isEmpty else { return }
        // Text, untyped arguments and plurals given whole numbers and strings print without
        // compiling (``formatWithoutCompiling``).
        var simple: [String]?
        if plain == nil, let decimal = try? NumberFormat.cached(.decimal, locale: c.locale) {
            var texts: [String] = []
            texts.reserveCapacity(variants.count)
            for arguments in variants {
                guard let text = formatWithoutCompiling(pattern, arguments, decimal: decimal, locale: c.locale) else { break }
                texts.append(text)
            }
            if texts.count == variants.count { simple = texts }
        }
        let compiled = plain == nil && simple == nil ? try? CompiledMessage(pattern, locale: c.locale) : nil
        guard plain != nil || simple != nil || compiled != nil else { return }
        var worstSeconds: (Double, String)?
        var worstGraphemes: (Int, String)?
        for (v, arguments) in variants.enumerated() {
            guard let text = plain ?? simple?[v] ?? (try? compiled!.format(arguments)) else { continue }
            if let seconds, let spokenSeconds, let spoken = spokenSeconds(text, c.locale), spoken > seconds * tolerance,
               spoken > (worstSeconds?.0 ?? 0) {
                worstSeconds = (spoken, text)
            }
            if let graphemes {
                let count = GraphemeClusters.count(text)
                if count > graphemes && count > (worstGraphemes?.0 ?? 0) { worstGraphemes = (count, text) }
            }
        }
        let whose = c.source.maxSeconds != nil ? "the message's maxSeconds" : "the \(c.role?.rawValue ?? "") budget"
        if let (spoken, text) = worstSeconds, let seconds {
            RuleRunner.emit(.overLong, c, range: 0..<c.text.text.utf16.count, emitter: &emitter,
                            message: "\"\(text)\" takes about \(format(spoken)) s to speak; \(whose) is \(format(seconds)) s",
                            hint: "shorten it: move detail into the value or the hint, or raise maxSeconds if users need every word",
                            subject: "seconds")
        }
        if let (count, text) = worstGraphemes, let graphemes {
            let whoseCount = c.source.maxGraphemes != nil ? "maxGraphemes" : "the \(c.role?.rawValue ?? "") budget"
            RuleRunner.emit(.overLong, c, range: 0..<c.text.text.utf16.count, emitter: &emitter,
                            message: "\"\(text)\" is \(count) characters; \(whoseCount) is \(graphemes)",
                            hint: "shorten it", subject: "graphemes")
        }
    }

    /// Whether `body` has a select anywhere, and any argument.
    static func selectsAndArguments(_ body: MessageBody) -> (select: Bool, argument: Bool) {
        var argument = false
        for part in body.parts {
            guard case .argument(let node) = part else { continue }
            argument = true
            switch node.kind {
            case .none, .simple: continue
            case .select: return (true, true)
            case .plural(let p): for item in p.cases where selectsAndArguments(item.message).select { return (true, true) }
            case .choice(let c): for item in c.cases where selectsAndArguments(item.message).select { return (true, true) }
            }
        }
        return (false, argument)
    }

    /// The names of the `{name}` arguments anywhere in `body` (repeats included).
    static func untypedNames(_ body: MessageBody, into names: inout [String]) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            switch argument.kind {
            case .none: names.append(argument.name)
            case .simple: break
            case .plural(let p): for item in p.cases { untypedNames(item.message, into: &names) }
            case .select(let s): for item in s.cases { untypedNames(item.message, into: &names) }
            case .choice(let c): for item in c.cases { untypedNames(item.message, into: &names) }
            }
        }
    }

    /// Whether the message is only literal text and `{name}` arguments.
    static func isTextAndUntyped(_ pattern: MessagePattern) -> Bool {
        pattern.body.parts.allSatisfy { part in
            switch part {
            case .text: true
            case .pound: false
            case .argument(let argument): if case .none = argument.kind { true } else { false }
            }
        }
    }

    /// What ``CompiledMessage/format(_:)`` prints for a message of text and `{name}` arguments
    /// (``isTextAndUntyped(_:)``) when every argument is given a whole number or a short string;
    /// nil otherwise (the message is compiled then).
    static func formatTextAndUntyped(_ pattern: MessagePattern, _ arguments: [String: MessageArgument],
                                     decimal: NumberFormat) -> String? {
        guard isTextAndUntyped(pattern) else { return nil }
        var result = ""
        return append(pattern.body, arguments, decimal: decimal, locale: nil, pound: nil, to: &result) ? result : nil
    }

    /// What ``CompiledMessage/format(_:)`` prints, for a message of text, `{name}` arguments given
    /// whole numbers or short strings, and plurals and selectordinals without an offset given
    /// whole numbers (cases of the same parts, `#`): strings as they are, numbers in the locale's
    /// decimal format, a case chosen as the compiled message chooses it (the first `=N` equal to
    /// the value, else the first case of the value's category, else the first `other`). Nil for
    /// anything else, which is compiled.
    static func formatWithoutCompiling(_ pattern: MessagePattern, _ arguments: [String: MessageArgument],
                                       decimal: NumberFormat, locale: ICULocale) -> String? {
        var result = ""
        return append(pattern.body, arguments, decimal: decimal, locale: locale, pound: nil, to: &result) ? result : nil
    }

    /// ``formatWithoutCompiling(_:_:decimal:locale:)`` of one body; `locale` nil: no plurals.
    private static func append(_ body: MessageBody, _ arguments: [String: MessageArgument], decimal: NumberFormat,
                               locale: ICULocale?, pound: Int64?, to result: inout String) -> Bool {
        for part in body.parts {
            switch part {
            case .text(let text, _):
                result += text
            case .pound:
                guard let pound, let text = try? decimal.format(pound) else { return false }
                result += text
            case .argument(let argument):
                switch (argument.kind, arguments[argument.name]) {
                case (.none, .string(let text)?):
                    guard text.utf8.count <= 4096 else { return false }
                    result += text
                case (.none, .int(let n)?):
                    guard let text = try? decimal.format(n) else { return false }
                    result += text
                case (.plural(let plural), .int(let n)?):
                    guard let locale, plural.offset == 0,
                          let rules = try? PluralRules.cached(for: locale, kind: plural.isOrdinal ? .ordinal : .cardinal),
                          let chosen = chooseCase(plural, n, rules) else { return false }
                    guard append(chosen, arguments, decimal: decimal, locale: locale, pound: n, to: &result) else { return false }
                default:
                    return false
                }
            }
        }
        return true
    }

    /// The case a compiled message prints for whole number `n` (no offset).
    private static func chooseCase(_ plural: PluralArgument, _ n: Int64, _ rules: PluralRules) -> MessageBody? {
        for item in plural.cases { if case .explicit(let value) = item.selector, value == Double(n) { return item.message } }
        let other = plural.cases.first { if case .keyword("other") = $0.selector { true } else { false } }
        let needsCategory = plural.cases.contains { if case .keyword(let word) = $0.selector { word != "other" } else { false } }
        guard needsCategory else { return other?.message }
        let category = rules.category(forInteger: n)
        for item in plural.cases {
            if case .keyword(let word) = item.selector, word == category.rawValue { return item.message }
        }
        return other?.message
    }

    static func format(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The examples (or one empty set when the message has only selects or no arguments), each
    /// expanded over every case of every select.
    static func argumentSets(_ c: MessageContext, pattern: MessagePattern) -> [[String: MessageArgument]] {
        // The examples are real argument sets: they are what is measured.
        if !c.source.examples.isEmpty {
            return c.source.examples.count <= maximumVariants ? c.source.examples : Array(c.source.examples.prefix(maximumVariants))
        }
        // Without a select, the values of a message with arguments are unknown (and one without
        // arguments is measured once): what the walk below finds, without it.
        switch selectsAndArguments(pattern.body) {
        case (false, false): return [[:]]
        case (false, true): return []
        default: break
        }
        var selects: [(String, [String])] = []
        var untyped = Set<String>()
        var othersKnown = true
        pattern.forEachArgument { argument in
            switch argument.kind {
            case .select(let select):
                if let i = selects.firstIndex(where: { $0.0 == argument.name }) {
                    selects[i].1 += select.cases.map(\.key).filter { !selects[i].1.contains($0) }
                } else {
                    selects.append((argument.name, select.cases.map(\.key)))
                }
            case .none:
                untyped.insert(argument.name)
            default:
                othersKnown = false
            }
        }
        // `{x}` next to `{x, select, …}` takes the select's values.
        if untyped.contains(where: { name in !selects.contains { $0.0 == name } }) { othersKnown = false }
        selects.sort { $0.0 < $1.0 }
        var bases = c.source.examples
        if bases.isEmpty {
            guard othersKnown else { return [] }
            bases = [[:]]
        }
        // The examples are real argument sets: they are what is measured. Without examples, a
        // message of selects is measured with each case (every combination, up to the limit).
        if !c.source.examples.isEmpty { return Array(bases.prefix(maximumVariants)) }
        var result: [[String: MessageArgument]] = []
        for base in bases {
            var sets = [base]
            for (name, cases) in selects {
                var next: [[String: MessageArgument]] = []
                for set in sets {
                    for key in cases {
                        var copy = set
                        copy[name] = .string(key)
                        next.append(copy)
                        if next.count >= maximumVariants { break }
                    }
                    if next.count >= maximumVariants { break }
                }
                sets = next
            }
            result += sets
            if result.count >= maximumVariants { break }
        }
        return Array(result.prefix(maximumVariants))
    }
}
