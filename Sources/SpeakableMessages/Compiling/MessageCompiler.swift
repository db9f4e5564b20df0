import SpeakableICU

/// Compiles a ``MessagePattern`` for one locale into a ``MessageProgram``.
struct MessageCompiler {
    let locale: ICULocale
    let timeZone: ICUTimeZone
    private(set) var slots: [String: Int] = [:]
    private(set) var slotNames: [String] = []
    private(set) var sites: [ArgumentSite] = []
    private var program = MessageProgram()
    private var pendingText: [UInt8] = []
    private var pluralDepth = 0

    init(locale: ICULocale, timeZone: ICUTimeZone) {
        self.locale = locale
        self.timeZone = timeZone
    }

    mutating func compile(_ pattern: MessagePattern) throws(MessageCompileError) -> MessageProgram {
        try Self.checkNormalization(pattern)
        // Slots follow the order of first appearance, like MessagePattern.argumentNames.
        for name in pattern.argumentNames { slot(for: name) }
        try emit(pattern.body)
        flushText()
        program.sizeHint = program.literals.count + 16 * sites.count
        return program
    }

    /// ICU tells argument names apart by their code units; Swift strings compare canonically
    /// equivalent text as equal, so `café` (NFC) and `café` (NFD) would share one value here.
    /// Such a message is refused rather than formatted differently from ICU.
    static func checkNormalization(_ pattern: MessagePattern) throws(MessageCompileError) {
        var first: [String: (utf8: [UInt8], range: Range<Int>)] = [:]
        var problem: MessageCompileError?
        pattern.forEachArgument { argument in
            guard problem == nil, argument.name.utf8.contains(where: { $0 >= 0x80 }) else { return }
            let bytes = Array(argument.name.utf8)
            if let seen = first[argument.name] {
                if seen.utf8 != bytes {
                    problem = MessageCompileError(
                        message: "arguments '\(argument.name)' here and at offset \(seen.range.lowerBound) differ only in Unicode normalization "
                            + "(NFC and NFD): ICU treats them as two arguments, Speakable cannot; write both the same way",
                        range: argument.range, icuErrorName: "U_ZERO_ERROR", id: "argument-normalization")
                }
            } else {
                first[argument.name] = (bytes, argument.range)
            }
        }
        if let problem { throw problem }
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

    /// Adjacent literals become one instruction.
    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        program.instructions.append(.text(start: Int32(program.literals.count), count: Int32(pendingText.count)))
        program.literals += pendingText
        pendingText.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ instruction: Instruction) {
        flushText()
        program.instructions.append(instruction)
    }

    private var here: Int { program.instructions.count }

    private mutating func emit(_ body: MessageBody) throws(MessageCompileError) {
        for part in body.parts {
            switch part {
            case .text(let text, _):
                pendingText += Array(text.utf8)
            case .pound:
                append(.pound)
            case .argument(let argument):
                try emit(argument)
            }
        }
    }

    /// Emits the cases of a complex argument; returns each case's start and the end.
    private mutating func emitCases(_ bodies: [MessageBody], popNumber: Bool) throws(MessageCompileError) -> ([Int], Int) {
        var targets: [Int] = []
        var jumps: [Int] = []
        for body in bodies {
            flushText()
            targets.append(here)
            try emit(body)
            if popNumber { append(.popNumber) }
            flushText()
            jumps.append(here)
            append(.jump(-1))
        }
        let end = here
        for j in jumps { program.instructions[j] = .jump(Int32(end)) }
        return (targets, end)
    }

    private mutating func emit(_ argument: ArgumentNode) throws(MessageCompileError) {
        let slot = slot(for: argument.name)
        switch argument.kind {
        case .none:
            let site = site(argument, kind: "")
            program.formatters.append(.untyped)
            append(.value(slot: Int32(slot), formatter: Int32(program.formatters.count - 1), site: Int32(site)))
        case .simple(let simple):
            let site = site(argument, kind: simple.type.rawValue)
            program.formatters.append(try formatter(for: simple, argument))
            append(.value(slot: Int32(slot), formatter: Int32(program.formatters.count - 1), site: Int32(site)))
        case .select(let select):
            let site = site(argument, kind: "select")
            flushText()
            let at = here
            append(.jump(-1))  // the select/plural/choice instruction, filled in below  // replaced below
            let (targets, end) = try emitCases(select.cases.map(\.message), popNumber: false)
            var cases: [(key: [UInt8], target: Int)] = []
            var other = -1
            for (item, target) in zip(select.cases, targets) {
                cases.append((Array(item.key.utf8), target))
                if item.key == "other" && other < 0 { other = target }
            }
            program.selects.append(SelectInstruction(slot: slot, site: site, cases: cases, otherTarget: other, end: end))
            program.instructions[at] = .select(Int32(program.selects.count - 1))
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
            flushText()
            let at = here
            append(.jump(-1))  // the select/plural/choice instruction, filled in below
            pluralDepth += 1
            program.pluralDepth = max(program.pluralDepth, pluralDepth)
            let (targets, end) = try emitCases(plural.cases.map(\.message), popNumber: true)
            pluralDepth -= 1
            var cases: [PluralInstruction.Case] = []
            var sawOther = false
            for (item, target) in zip(plural.cases, targets) {
                switch item.selector {
                case .explicit(let value):
                    cases.append(.explicit(value, target: target))
                case .keyword("other"):
                    if !sawOther { cases.append(.other(target: target)) }
                    sawOther = true
                case .keyword(let word):
                    cases.append(.keyword(PluralCategory(rawValue: word), target: target))
                }
            }
            program.plurals.append(PluralInstruction(
                slot: slot, site: site, offset: plural.offset, rules: rules, cases: cases, selection: selection, end: end))
            program.instructions[at] = .plural(Int32(program.plurals.count - 1))
        case .choice(let choice):
            let site = site(argument, kind: "choice")
            flushText()
            let at = here
            append(.jump(-1))  // the select/plural/choice instruction, filled in below
            let (targets, end) = try emitCases(choice.cases.map(\.message), popNumber: false)
            let cases = zip(choice.cases, targets).map { (limit: $0.limit, isExclusive: $0.isExclusive, target: $1) }
            program.choices.append(ChoiceInstruction(slot: slot, site: site, cases: cases, end: end))
            program.instructions[at] = .choice(Int32(program.choices.count - 1))
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
