import SpeakableICU

/// Compiles a ``MessagePattern`` for one locale into a ``MessageProgram``.
struct MessageCompiler {
    let locale: ICULocale
    let timeZone: ICUTimeZone
    private(set) var slots: [String: Int] = [:]
    private(set) var slotNames: [String] = []
    private(set) var sites: [ArgumentSite] = []
    private var instructions: [Instruction] = []

    init(locale: ICULocale, timeZone: ICUTimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    mutating func compile(_ pattern: MessagePattern) throws(MessageCompileError) -> MessageProgram {
        // Slots follow the order of first appearance, like MessagePattern.argumentNames.
        for name in pattern.argumentNames { slot(for: name) }
        try emit(pattern.body, inPlural: false)
        return MessageProgram(instructions: instructions)
    }

    @discardableResult
    private mutating func slot(for name: String) -> Int {
        if let existing = slots[name] { return existing }
        slots[name] = slotNames.count
        slotNames.append(name)
        return slotNames.count - 1
    }

    private mutating func site(_ argument: ArgumentNode, kind: String) -> Int {
        sites.append(ArgumentSite(name: argument.name, range: argument.range, kindName: kind))
        return sites.count - 1
    }

    private mutating func emitText(_ text: String) {
        if case .text(let previous)? = instructions.last {
            instructions[instructions.count - 1] = .text(previous + text)
        } else {
            instructions.append(.text(text))
        }
    }

    private mutating func emit(_ body: MessageBody, inPlural: Bool) throws(MessageCompileError) {
        for part in body.parts {
            switch part {
            case .text(let text, _):
                emitText(text)
            case .pound:
                instructions.append(.pound)
            case .argument(let argument):
                try emit(argument)
            }
        }
    }

    private mutating func emit(_ argument: ArgumentNode) throws(MessageCompileError) {
        let slot = slot(for: argument.name)
        switch argument.kind {
        case .none:
            let site = site(argument, kind: "")
            instructions.append(.value(slot: slot, formatter: .untyped, argument: site))
        case .simple(let simple):
            let site = site(argument, kind: simple.type.rawValue)
            instructions.append(.value(slot: slot, formatter: try formatter(for: simple, argument), argument: site))
        case .select(let select):
            let site = site(argument, kind: "select")
            let at = instructions.count
            instructions.append(.jump(-1))  // placeholder, replaced below
            var cases: [(key: [UInt8], target: Int)] = []
            var other = -1
            var jumps: [Int] = []
            for item in select.cases {
                let target = instructions.count
                cases.append((Array(item.key.utf8), target))
                if item.key == "other" && other < 0 { other = target }
                try emit(item.message, inPlural: false)
                jumps.append(instructions.count)
                instructions.append(.jump(-1))
            }
            let end = instructions.count
            for j in jumps { instructions[j] = .jump(end) }
            instructions[at] = .select(SelectInstruction(slot: slot, argument: site, cases: cases, otherTarget: other, end: end))
        case .plural(let plural):
            let site = site(argument, kind: plural.isOrdinal ? "selectordinal" : "plural")
            let rules: PluralRules
            do {
                rules = try PluralRules.cached(for: locale, kind: plural.isOrdinal ? .ordinal : .cardinal)
            } catch {
                throw MessageCompileError(message: "ICU has no plural rules for \(locale)", range: argument.range,
                                          icuErrorName: error.name)
            }
            let selection = try selectionFormat(for: plural, name: argument.name)
            let at = instructions.count
            instructions.append(.jump(-1))
            var cases: [PluralInstruction.Case] = []
            var sawOther = false
            var jumps: [Int] = []
            for item in plural.cases {
                let target = instructions.count
                switch item.selector {
                case .explicit(let value):
                    cases.append(.explicit(value, target: target))
                case .keyword("other"):
                    if !sawOther { cases.append(.other(target: target)) }
                    sawOther = true
                case .keyword(let word):
                    cases.append(.keyword(PluralCategory(rawValue: word), target: target))
                }
                try emit(item.message, inPlural: true)
                instructions.append(.popNumber)
                jumps.append(instructions.count)
                instructions.append(.jump(-1))
            }
            let end = instructions.count
            for j in jumps { instructions[j] = .jump(end) }
            instructions[at] = .plural(PluralInstruction(
                slot: slot, argument: site, offset: plural.offset, rules: rules, cases: cases,
                selection: selection, end: end))
        case .choice(let choice):
            let site = site(argument, kind: "choice")
            let at = instructions.count
            instructions.append(.jump(-1))
            var cases: [(limit: Double, isExclusive: Bool, target: Int)] = []
            var jumps: [Int] = []
            for item in choice.cases {
                cases.append((item.limit, item.isExclusive, instructions.count))
                try emit(item.message, inPlural: false)
                jumps.append(instructions.count)
                instructions.append(.jump(-1))
            }
            let end = instructions.count
            for j in jumps { instructions[j] = .jump(end) }
            instructions[at] = .choice(ChoiceInstruction(slot: slot, argument: site, cases: cases, end: end))
        }
    }

    /// The formatter ICU's MessageFormat opens for a simple argument.
    private func formatter(for simple: SimpleArgument, _ argument: ArgumentNode) throws(MessageCompileError) -> ValueFormatter {
        do {
            switch simple.style {
            case .number(let keyword):
                let style: NumberFormat.Style = switch keyword {
                case .default: .decimal
                case .currency: .currency
                case .percent: .percent
                case .integer: .integer
                }
                return .number(try NumberFormat.cached(style, locale: locale))
            case .numberPattern(let pattern):
                return .number(try NumberFormat.cached(.pattern(pattern), locale: locale))
            case .numberSkeleton(let skeleton):
                return .skeleton(try SkeletonNumberFormatter.cached(skeleton: skeleton, locale: locale))
            case .dateTime(let keyword):
                let style: DateFormat.Style = switch keyword {
                case .default, .medium: .medium
                case .short: .short
                case .long: .long
                case .full: .full
                }
                let kind: DateFormat.Kind = simple.type == .time
                    ? .styles(date: .none, time: style) : .styles(date: style, time: .none)
                return .date(try DateFormat.cached(kind, locale: locale, timeZone: timeZone))
            case .dateSkeleton(let skeleton):
                return .date(try DateFormat.cached(.skeleton(skeleton), locale: locale, timeZone: timeZone))
            case .datePattern(let pattern):
                return .date(try DateFormat.cached(.pattern(pattern), locale: locale, timeZone: timeZone))
            case .ruleSet(let ruleSet):
                let style: NumberFormat.Style = switch simple.type {
                case .ordinal: .ordinal(ruleSet: ruleSet)
                case .duration: .duration(ruleSet: ruleSet)
                default: .spellout(ruleSet: ruleSet)
                }
                return .number(try NumberFormat.cached(style, locale: locale))
            }
        } catch {
            throw MessageCompileError(
                message: "ICU could not open the \(simple.type.rawValue) format of argument '\(argument.name)' for \(locale): \(error.name)",
                range: argument.range, icuErrorName: error.name)
        }
    }

    /// ICU's `findFirstPluralNumberArg` on the `other` case: the first `#`, or the first simple or
    /// untyped argument with the plural's own name, decides how the number is formatted for selection.
    private func selectionFormat(for plural: PluralArgument, name: String) throws(MessageCompileError) -> PluralInstruction.Selection {
        let decimal: NumberFormat
        do {
            decimal = try NumberFormat.cached(.decimal, locale: locale)
        } catch {
            throw MessageCompileError(message: "ICU could not open the decimal format for \(locale)", range: nil,
                                      icuErrorName: error.name)
        }
        guard let other = plural.otherCase else { return .decimalFormat(decimal) }
        for part in other.message.parts {
            switch part {
            case .text: continue
            case .pound: return .decimalFormat(decimal)
            case .argument(let argument):
                guard argument.name == name else { continue }
                switch argument.kind {
                case .none:
                    return .decimalFormat(decimal)
                case .simple(let simple):
                    switch try formatter(for: simple, argument) {
                    case .number(let format): return format.isDecimalFormat ? .decimalFormat(format) : .plainNumber
                    case .skeleton: return .plainNumber
                    case .date: return .dateFormat
                    case .untyped: return .decimalFormat(decimal)
                    }
                case .plural, .select, .choice:
                    continue
                }
            }
        }
        return .decimalFormat(decimal)
    }
}
