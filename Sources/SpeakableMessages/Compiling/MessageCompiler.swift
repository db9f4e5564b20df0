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
        link()
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
        program.instructions.append(Op(code: .text, a: Int32(program.literals.count), b: Int32(pendingText.count)))
        program.literals += pendingText
        pendingText.removeAll(keepingCapacity: true)
    }

    private mutating func append(_ instruction: Op) {
        flushText()
        program.instructions.append(instruction)
    }

    private var here: Int { program.instructions.count }

    private mutating func emit(_ body: MessageBody) throws(MessageCompileError) {
        for part in body.parts {
            switch part {
            case .text(let text, _):
                pendingText += Array(text.utf8)
            case .pound where pluralDepth > 0:
                append(Op(code: .pound, a: Int32(pluralDepth - 1)))
            case .pound:
                pendingText.append(UInt8(ascii: "#"))
            case .argument(let argument):
                try emit(argument)
            }
        }
    }

    /// Emits the cases of a complex argument; returns each case's start and the end.
    private mutating func emitCases(_ bodies: [MessageBody]) throws(MessageCompileError) -> ([Int], Int) {
        var targets: [Int] = []
        var jumps: [Int] = []
        for body in bodies {
            flushText()
            targets.append(here)
            try emit(body)
            flushText()
            jumps.append(here)
            append(Op(code: .jump, a: -1))
        }
        let end = here
        for j in jumps { program.instructions[j].a = Int32(end) }
        return (targets, end)
    }

    private mutating func emit(_ argument: ArgumentNode) throws(MessageCompileError) {
        let slot = Int32(slot(for: argument.name))
        switch argument.kind {
        case .none:
            let site = site(argument, kind: "")
            program.formatters.append(.untyped)
            program.formatterSites.append(Int32(site))
            append(Op(code: .untyped, a: slot, b: Int32(program.formatters.count - 1)))
        case .simple(let simple):
            let site = site(argument, kind: simple.type.rawValue)
            let formatter = try formatter(for: simple, argument)
            program.formatters.append(formatter)
            program.formatterSites.append(Int32(site))
            let code: Op.Code = switch formatter {
            case .untyped: .untyped
            case .number: .number
            case .skeleton: .skeleton
            case .date: .date
            }
            append(Op(code: code, a: slot, b: Int32(program.formatters.count - 1)))
        case .select(let select):
            let site = site(argument, kind: "select")
            flushText()
            let at = here
            append(Op(code: .jump, a: -1))  // the select instruction, filled in below
            let (targets, end) = try emitCases(select.cases.map(\.message))
            let first = program.selectCases.count
            var other = -1
            for (item, target) in zip(select.cases, targets) {
                let key = Array(item.key.utf8)
                program.selectCases.append(SelectEntry(keyStart: Int32(program.literals.count), keyCount: Int32(key.count),
                                                      target: Int32(target)))
                program.literals += key
                if item.key == "other" && other < 0 { other = target }
            }
            program.selects.append(SelectTable(firstCase: Int32(first), caseCount: Int32(select.cases.count),
                                               otherTarget: Int32(other), end: Int32(end)))
            program.instructions[at] = Op(code: .select, a: slot, b: Int32(program.selects.count - 1), c: Int32(site))
        case .plural(let plural):
            let site = site(argument, kind: plural.isOrdinal ? "selectordinal" : "plural")
            let rules: PluralRules
            do {
                rules = try PluralRules.cached(for: locale, kind: plural.isOrdinal ? .ordinal : .cardinal)
            } catch {
                throw MessageCompileError(message: "ICU has no plural rules for \(locale)", range: argument.range,
                                          icuErrorName: error.name)
            }
            let (selection, selectionFormat) = try selectionFormat(for: plural, name: argument.name)
            flushText()
            let at = here
            append(Op(code: .jump, a: -1))  // the plural instruction, filled in below
            let numberIndex = Int32(pluralDepth)
            pluralDepth += 1
            program.pluralDepth = max(program.pluralDepth, pluralDepth)
            let (targets, end) = try emitCases(plural.cases.map(\.message))
            pluralDepth -= 1
            let firstExplicit = program.explicitCases.count
            var byCategory = [Int32](repeating: -1, count: 6)
            var other: Int32 = -1
            var needsCategory = false
            for (item, target) in zip(plural.cases, targets) {
                switch item.selector {
                case .explicit(let value):
                    program.explicitCases.append(ExplicitCase(value: value, target: Int32(target)))
                case .keyword("other"):
                    if other < 0 { other = Int32(target) }
                case .keyword(let word):
                    needsCategory = true
                    // A word that is not a CLDR category is never selected.
                    if let category = PluralCategory(keyword: word), byCategory[category.index] < 0 {
                        byCategory[category.index] = Int32(target)
                    }
                }
            }
            // No keyword case for a category: the first `other` (or, without one, nothing).
            let fallback = other >= 0 ? other : Int32(end)
            for i in 0..<6 where byCategory[i] < 0 { byCategory[i] = fallback }
            byCategory[PluralCategory.other.index] = fallback
            program.plurals.append(PluralTable(
                offset: plural.offset, numberIndex: numberIndex, firstExplicit: Int32(firstExplicit),
                explicitCount: Int32(program.explicitCases.count - firstExplicit),
                targets: (byCategory[0], byCategory[1], byCategory[2], byCategory[3], byCategory[4], byCategory[5]),
                needsCategory: needsCategory, selection: selection, rules: .passUnretained(rules),
                selectionFormat: selectionFormat.map { .passUnretained($0) }, end: Int32(end)))
            program.owners.append(rules)
            if let selectionFormat { program.owners.append(selectionFormat) }
            program.instructions[at] = Op(code: .plural, a: slot, b: Int32(program.plurals.count - 1), c: Int32(site))
        case .choice(let choice):
            let site = site(argument, kind: "choice")
            flushText()
            let at = here
            append(Op(code: .jump, a: -1))  // the choice instruction, filled in below
            let (targets, end) = try emitCases(choice.cases.map(\.message))
            let first = program.choiceCases.count
            for (item, target) in zip(choice.cases, targets) {
                program.choiceCases.append(ChoiceEntry(limit: item.limit, isExclusive: item.isExclusive, target: Int32(target)))
            }
            program.choices.append(ChoiceTable(firstCase: Int32(first), caseCount: Int32(choice.cases.count), end: Int32(end)))
            program.instructions[at] = Op(code: .choice, a: slot, b: Int32(program.choices.count - 1), c: Int32(site))
        }
    }

    /// Points every text, value and `#` instruction at the instruction after it, and every jump
    /// and case target, past the jumps they would land on (jumps only go forward).
    private mutating func link() {
        let ops = program.instructions
        func resolve(_ target: Int32) -> Int32 {
            var t = Int(target)
            while t >= 0, t < ops.count, ops[t].code == .jump { t = Int(ops[t].a) }
            return Int32(t)
        }
        for i in ops.indices {
            switch ops[i].code {
            case .text, .untyped, .number, .skeleton, .date, .pound:
                program.instructions[i].c = resolve(Int32(i + 1))
            case .jump:
                program.instructions[i].a = resolve(ops[i].a)
            case .select, .plural, .choice, .halt:
                break
            }
        }
        for i in program.selects.indices {
            program.selects[i].otherTarget = resolve(program.selects[i].otherTarget)
            program.selects[i].end = resolve(program.selects[i].end)
        }
        for i in program.selectCases.indices { program.selectCases[i].target = resolve(program.selectCases[i].target) }
        for i in program.plurals.indices {
            var t = program.plurals[i].targets
            t = (resolve(t.0), resolve(t.1), resolve(t.2), resolve(t.3), resolve(t.4), resolve(t.5))
            program.plurals[i].targets = t
            program.plurals[i].end = resolve(program.plurals[i].end)
        }
        for i in program.explicitCases.indices { program.explicitCases[i].target = resolve(program.explicitCases[i].target) }
        for i in program.choices.indices { program.choices[i].end = resolve(program.choices[i].end) }
        for i in program.choiceCases.indices { program.choiceCases[i].target = resolve(program.choiceCases[i].target) }
    }

    /// The formatter ICU's MessageFormat opens for a simple argument.
    private func formatter(for simple: SimpleArgument, _ argument: ArgumentNode) throws(MessageCompileError) -> ValueFormatter {
        do {
            return try ValueFormatter.open(simple, locale: locale, timeZone: timeZone)
        } catch {
            throw MessageCompileError(
                message: "ICU could not open the \(simple.type.rawValue) format of argument '\(argument.name)' for \(locale): \(error.name)",
                range: argument.range, icuErrorName: error.name)
        }
    }

    /// How the plural's number is formatted for selection (``PluralTable/selection(for:name:decimal:open:)``).
    private func selectionFormat(for plural: PluralArgument, name: String) throws(MessageCompileError)
        -> (PluralTable.Selection, NumberFormat?) {
        let standard: NumberFormat
        do {
            standard = try NumberFormat.cached(.decimal, locale: locale)
        } catch {
            throw MessageCompileError(message: "ICU could not open the decimal format for \(locale)", range: nil,
                                      icuErrorName: error.name)
        }
        return try PluralTable.selection(for: plural, name: name, decimal: standard) { simple, argument throws(MessageCompileError) in
            try formatter(for: simple, argument)
        }
    }
}

extension ValueFormatter {
    /// The formatter ICU's MessageFormat opens for a simple argument (cached per style and locale).
    static func open(_ simple: SimpleArgument, locale: ICULocale, timeZone: ICUTimeZone) throws(ICUError) -> ValueFormatter {
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
    }
}

extension PluralTable {
    /// ICU's `findFirstPluralNumberArg` on the `other` case: the first `#`, or the first simple or
    /// untyped argument with the plural's own name, decides how the number is formatted for
    /// selection. `decimal` is the locale's decimal format; `open` opens a simple argument's
    /// formatter.
    static func selection<E: Error>(for plural: PluralArgument, name: String, decimal standard: NumberFormat,
                                    open: (SimpleArgument, ArgumentNode) throws(E) -> ValueFormatter) throws(E)
        -> (Selection, NumberFormat?) {
        func decimal(_ format: NumberFormat) -> (Selection, NumberFormat?) {
            // The decimal and integer styles print an integer as its digits: it selects on itself.
            format.style == .decimal || format.style == .integer ? (.decimalInteger, format) : (.decimalFormat, format)
        }
        guard let other = plural.otherCase else { return decimal(standard) }
        for part in other.message.parts {
            switch part {
            case .text: continue
            case .pound: return decimal(standard)
            case .argument(let argument):
                guard argument.name == name else { continue }
                switch argument.kind {
                case .none:
                    return decimal(standard)
                case .simple(let simple):
                    switch try open(simple, argument) {
                    case .number(let format): return format.isDecimalFormat ? decimal(format) : (.plainNumber, nil)
                    case .skeleton: return (.plainNumber, nil)
                    case .date: return (.dateFormat, nil)
                    case .untyped: return decimal(standard)
                    }
                case .plural, .select, .choice:
                    continue
                }
            }
        }
        return decimal(standard)
    }
}
