/// Converting an ICU MessageFormat 1 pattern to a MessageFormat 2 message.
extension MF2Message {
    /// The most variants a conversion writes. MF2 has no nested selection, so the selects and
    /// plurals of an MF1 message become one `.match` over the cross product of their cases; above
    /// this many variants the conversion keeps only the `other` path and says so.
    public static let maximumConvertedVariants = 1024

    /// Converts an MF1 pattern to an MF2 message with the same meaning, and notes where the
    /// meaning could not be kept exactly (or is kept by a `:speakable:` function only Speakable
    /// reads). The message is canonical: its ``source`` is ``serialized()`` and its ranges point
    /// into it; the notes' ranges point into `pattern.source`.
    ///
    /// ```swift
    /// let (message, notes) = MF2Message.converting(
    ///     try MessagePattern("{n, plural, offset:1 =0 {nobody} one {you and # other} other {you and # others}}"))
    /// message.source
    /// // .input {$n :number}
    /// // .local $n-offset = {$n :offset subtract=1}
    /// // .match $n $n-offset
    /// // 0 * {{nobody}}
    /// // * one {{you and {$n-offset} other}}
    /// // * * {{you and {$n-offset} others}}
    /// notes   // []
    /// ```
    ///
    /// | MF1 | MF2 | kept? |
    /// |---|---|---|
    /// | text (apostrophe quoting already applied) | text, `\{ \} \\` escaped | yes; U+0000 is dropped (note `nul-dropped`) |
    /// | `{x}` | `{$x}` | yes |
    /// | `{0}` (numbered) | `{$arg.0}` | yes (an MF1 name never contains `.`, so ``convertedToMF1()`` reads it back as `{0}`) |
    /// | a name MF2 cannot spell (a control character, NBSP, U+3000, a bidi mark) | the name with those characters replaced by `_` | note `argument-renamed` |
    /// | `{n, number}` | `{$n :number}` | yes |
    /// | `{n, number, integer}` | `{$n :integer}` | MF1 rounds half-even to an integer; rounding of `:integer` is the implementation's (note `integer-rounding`) |
    /// | `{n, number, percent}` | `{$n :percent}` | yes |
    /// | `{n, number, currency}` | `{$n :speakable:currency}` | MF1 takes the currency of the locale's region; `:currency` needs `currency=XXX` (note `locale-currency`) |
    /// | `{n, number, ::skeleton}` of grouping, sign, `integer-width/*00`, `.00#`, `@@#`, `precision-integer`, `/w`, rounding-mode tokens, `currency/XXX`, `percent scale/100` with a precision | `:number` (`:currency`, `:percent`) with `useGrouping`, `signDisplay`, `minimumIntegerDigits`, fraction or significant digits, `trailingZeroDisplay`, `roundingMode` (`halfEven`, ICU's default, when the skeleton has a precision) | yes; without a precision ICU shows up to 6 fraction digits and `:number`'s default is the implementation's (note `skeleton-precision`) |
    /// | any other `{n, number, ::skeleton}` (units, scale, notation, …) | `{$n :speakable:number skeleton=\|…\|}` | Speakable only (note `speakable-function`) |
    /// | `{n, number, #,##0.0}` | `{$n :speakable:number pattern=\|…\|}` | Speakable only (note `speakable-function`) |
    /// | `{d, date}`, `medium` / `short` / `long` / `full` | `{$d :date}`, `length=short`, `length=long`, `fields=year-month-day-weekday length=long` | the standard leaves the exact output to the implementation (note `date-style`) |
    /// | `{t, time}`, `medium` / `short` / `long` / `full` | `{$t :time precision=second}`, `{$t :time}`, `precision=second timeZoneStyle=short`, `… timeZoneStyle=long` | as for dates (note `date-style`) |
    /// | `{d, date, ::skeleton}`, `{d, date, pattern}` (and `time`) | `{$d :speakable:date skeleton=\|…\|}`, `pattern=\|…\|` (`:speakable:time`) | Speakable only (note `speakable-function`) |
    /// | `{n, spellout}`, `ordinal`, `duration` `[, %ruleset]` | `{$n :speakable:spellout}` (`:speakable:ordinal`, `:speakable:duration`) `[ruleset=\|…\|]` | Speakable only (note `speakable-function`) |
    /// | `{n, plural, …}` | `.input {$n :number}` and a selector `$n` | yes |
    /// | `{n, selectordinal, …}` | `.input {$n :number}` and `.local $n-ordinal = {$n :number select=ordinal}` as its selector | yes |
    /// | a plural whose `other` case starts with `{n, number, integer}` (ICU then chooses by the number so formatted) | `.local $n-integer = {$n :integer select=plural}` as its selector | rounding of `:integer` is the implementation's (note `integer-selection`) |
    /// | a plural whose `other` case starts with another formatted `{n, …}` (percent, currency, a pattern, a date) | a `:number` selector | MF2 chooses by the number itself (note `selection-format`) |
    /// | `{x, select, …}` | `.input {$x :string}` | yes |
    /// | `=N` | key `N` (integers without leading zeros, as MF2 compares the serialized value) | yes |
    /// | `one`, `few`, … | the same key | yes; a word that is not a CLDR category (never chosen by ICU) is dropped (note `unknown-plural-keyword`) |
    /// | `other` | `*` | yes |
    /// | a repeated key | only the first case (the one ICU chooses) | note `duplicate-case` |
    /// | `offset:K` | `.local $n-offset = {$n :offset subtract=K}`; `=N` keys on `$n`, keywords on `$n-offset` (two selectors) | yes; a non-integer offset becomes `:speakable:offset` (note `speakable-function`) |
    /// | `#` | `{$n}` (declared `:number`: the locale's decimal format, as MF1 prints `#`), or `{$n-offset}` | yes |
    /// | several or nested plurals and selects | one `.match` with a selector per plural or select (two for an offset plural with both kinds of keys), in source order, and one variant per combination of cases; a selector a combination does not reach has key `*` | yes (MF2 picks the variant whose keys match best, selector by selector, which is the case each MF1 select picks); a select or plural with only `other` makes no selector; more than ``maximumConvertedVariants`` variants, or variants longer in all than half of ``MessagePattern/maximumLength``: only the `other` path is kept (note `too-many-variants`) |
    /// | a selected argument that is missing or of the wrong type | MF2 reports the selector's error and uses `*` variants | MF1 prints `{name}` in place of (or fails on) that argument only, in the case that reaches it; the whole message is now inside the selection |
    /// | `{n, choice, …}` | `{$n :speakable:choice style=\|…\|}` with the choice text as written | cannot be kept in MF2 (no range keys; note `choice-not-kept`) |
    public static func converting(_ pattern: MessagePattern) -> (message: MF2Message, notes: [MF2ConversionNote]) {
        var converter = MF1ToMF2Converter(pattern: pattern)
        let message = converter.convert()
        return (message.canonicalized(), converter.notes)
    }
}

/// The work of ``MF2Message/converting(_:)``.
struct MF1ToMF2Converter {
    let pattern: MessagePattern
    private(set) var notes: [MF2ConversionNote] = []

    /// MF1 argument name → MF2 variable name.
    private var names: [String: String] = [:]
    private var usedNames: Set<String> = []
    private var declarations: [MF2Declaration] = []
    /// MF1 argument name → the function of its `.input` declaration.
    private var inputKinds: [String: SelectorKind] = [:]
    /// (argument, kind, offset) → the variable that selects (or formats) it.
    private var selectorVariables: [SelectorID: String] = [:]
    /// The `.match` selectors, in order.
    private var positions: [String] = []

    /// What a selector chooses on: plural or ordinal categories of the number as given, or (when
    /// ICU formats the number with the integer style to choose, see ``selectsOnInteger(_:name:)``)
    /// of the number rounded to an integer; or strings.
    enum SelectorKind: Hashable { case plural, ordinal, integerPlural, integerOrdinal, string }

    struct SelectorID: Hashable {
        var argument: String
        var kind: SelectorKind
        var offset: Double
    }

    /// One way through the message's selects: the key chosen at each selector position (the
    /// others are `*`) and the pattern that results.
    struct Alternative {
        var keys: [Int: MF2Key] = [:]
        var parts: [MF2PatternPart] = []
    }

    /// The plural a `#` belongs to.
    struct PluralContext {
        var argument: String
        var isOrdinal: Bool
        var offset: Double
    }

    init(pattern: MessagePattern) {
        self.pattern = pattern
    }

    private static let empty = 0..<0

    mutating func note(_ id: String, _ message: String, _ range: Range<Int>) {
        notes.append(MF2ConversionNote(id: id, message: message, range: range))
    }

    // MARK: Whole message

    mutating func convert() -> MF2Message {
        let (count, length) = Self.estimate(pattern.body, limit: MF2Message.maximumConvertedVariants,
                                            lengthLimit: MessagePattern.maximumLength / 2)
        if count > MF2Message.maximumConvertedVariants || length > MessagePattern.maximumLength / 2 {
            let why = count > MF2Message.maximumConvertedVariants
                ? "more than \(MF2Message.maximumConvertedVariants) MF2 variants"
                : "\(count) MF2 variants whose text would be longer than a message may be"
            note("too-many-variants",
                 "the selects and plurals of this message combine into \(why); only the 'other' case of each was kept",
                 0..<pattern.source.utf16.count)
            let parts = otherPath(pattern.body, context: nil)
            return MF2Message(source: "", declarations: [], body: .pattern(MF2Pattern(parts: Self.merged(parts), range: Self.empty)))
        }
        let alternatives = convert(pattern.body, context: nil)
        if positions.isEmpty {
            let parts = alternatives.first?.parts ?? []
            return MF2Message(source: "", declarations: declarations,
                              body: .pattern(MF2Pattern(parts: Self.merged(parts), range: Self.empty)))
        }
        let variants = alternatives.map { alternative in
            MF2Variant(keys: positions.indices.map { alternative.keys[$0] ?? .catchall(range: Self.empty) },
                       pattern: MF2Pattern(parts: Self.merged(alternative.parts), range: Self.empty), range: Self.empty)
        }
        let selectors = positions.map { MF2Variable(name: $0, range: Self.empty) }
        return MF2Message(source: "", declarations: declarations,
                          body: .select(MF2Select(selectors: selectors, variants: variants, range: Self.empty)))
    }

    /// How many variants `body` makes and how long their text is in all (UTF-16 units of the
    /// MF1 source each part comes from), both saturating just above their limits.
    static func estimate(_ body: MessageBody, limit: Int, lengthLimit: Int) -> (count: Int, length: Int) {
        func add(_ a: Int, _ b: Int, _ cap: Int) -> Int { min(a.addingReportingOverflow(b).overflow ? cap + 1 : a + b, cap + 1) }
        func times(_ a: Int, _ b: Int, _ cap: Int) -> Int {
            let (value, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? cap + 1 : min(value, cap + 1)
        }
        var count = 1
        var length = 0
        for part in body.parts {
            var partCount = 1
            var partLength: Int
            switch part {
            case .text(_, let range), .pound(let range):
                partLength = range.count + 16
            case .argument(let argument):
                var cases: [MessageBody] = []
                switch argument.kind {
                case .plural(let plural): cases = plural.cases.map(\.message)
                case .select(let select): cases = select.cases.map(\.message)
                case .none, .simple, .choice: break
                }
                if cases.isEmpty {
                    partLength = argument.range.count + 16
                } else {
                    partCount = 0
                    partLength = 0
                    for item in cases {
                        let inner = estimate(item, limit: limit, lengthLimit: lengthLimit)
                        partCount = add(partCount, inner.count, limit)
                        partLength = add(partLength, inner.length, lengthLimit)
                    }
                    partCount = max(partCount, 1)
                }
            }
            // Every earlier alternative gets each of this part's, and the other way round.
            length = add(times(length, partCount, lengthLimit), times(partLength, count, lengthLimit), lengthLimit)
            count = times(count, partCount, limit)
            if count > limit || length > lengthLimit { return (count, length) }
        }
        return (count, length)
    }

    /// Text parts merged, empty ones dropped.
    static func merged(_ parts: [MF2PatternPart]) -> [MF2PatternPart] {
        var result: [MF2PatternPart] = []
        for part in parts {
            if case .text(let text, _) = part {
                if text.isEmpty { continue }
                if case .text(let previous, _)? = result.last {
                    result[result.count - 1] = .text(previous + text, range: empty)
                    continue
                }
            }
            result.append(part)
        }
        return result
    }

    // MARK: Bodies

    private mutating func convert(_ body: MessageBody, context: PluralContext?) -> [Alternative] {
        var alternatives = [Alternative()]
        for part in body.parts {
            switch part {
            case .text(let text, let range):
                append(.text(cleaned(text, range: range), range: Self.empty), to: &alternatives)
            case .pound:
                append(pound(context), to: &alternatives)
            case .argument(let argument):
                switch argument.kind {
                case .plural(let plural):
                    let choices = pluralAlternatives(argument, plural)
                    alternatives = Self.product(alternatives, choices)
                case .select(let select):
                    let choices = selectAlternatives(argument, select, context: context)
                    alternatives = Self.product(alternatives, choices)
                case .none, .simple, .choice:
                    append(placeholder(argument), to: &alternatives)
                }
            }
        }
        return alternatives
    }

    private func append(_ part: MF2PatternPart, to alternatives: inout [Alternative]) {
        for index in alternatives.indices { alternatives[index].parts.append(part) }
    }

    static func product(_ left: [Alternative], _ right: [Alternative]) -> [Alternative] {
        var result: [Alternative] = []
        result.reserveCapacity(left.count * right.count)
        for a in left {
            for b in right {
                var combined = a
                combined.keys.merge(b.keys) { first, _ in first }
                combined.parts += b.parts
                result.append(combined)
            }
        }
        return result
    }

    /// The message with every select and plural replaced by its `other` case (for a message whose
    /// cross product is too large).
    private mutating func otherPath(_ body: MessageBody, context: PluralContext?) -> [MF2PatternPart] {
        var parts: [MF2PatternPart] = []
        for part in body.parts {
            switch part {
            case .text(let text, let range):
                parts.append(.text(cleaned(text, range: range), range: Self.empty))
            case .pound:
                parts.append(pound(context))
            case .argument(let argument):
                switch argument.kind {
                case .plural(let plural):
                    if let other = plural.otherCase {
                        let inner = PluralContext(argument: argument.name, isOrdinal: plural.isOrdinal, offset: plural.offset)
                        parts += otherPath(other.message, context: inner)
                    }
                case .select(let select):
                    if let other = select.cases.first(where: { $0.key == "other" }) {
                        parts += otherPath(other.message, context: context)
                    }
                case .none, .simple, .choice:
                    parts.append(placeholder(argument))
                }
            }
        }
        return parts
    }

    private mutating func cleaned(_ text: String, range: Range<Int>) -> String {
        guard text.unicodeScalars.contains("\0") else { return text }
        note("nul-dropped", "U+0000 cannot be written in an MF2 message and was dropped", range)
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\0" }))
    }

    // MARK: Selects and plurals

    private mutating func selectAlternatives(_ argument: ArgumentNode, _ select: SelectArgument,
                                             context: PluralContext?) -> [Alternative] {
        var seen: Set<String> = []
        var kept: [SelectCase] = []
        for item in select.cases {
            if seen.insert(item.key).inserted {
                kept.append(item)
            } else {
                note("duplicate-case", "the case '\(item.key)' of '\(argument.name)' repeats an earlier one, which ICU chooses; this one was dropped", item.keyRange)
            }
        }
        var position: Int?
        if kept.contains(where: { $0.key != "other" }) {
            let variable = selectorVariable(SelectorID(argument: argument.name, kind: .string, offset: 0), argument: argument)
            position = positions.count
            positions.append(variable)
        }
        var alternatives: [Alternative] = []
        for item in kept {
            var inner = convert(item.message, context: context)
            if item.key != "other", let position {
                let key = MF2Key.literal(MF2Literal(value: item.key, isQuoted: false, range: Self.empty))
                for index in inner.indices { inner[index].keys[position] = key }
            }
            alternatives += inner
        }
        return alternatives
    }

    private mutating func pluralAlternatives(_ argument: ArgumentNode, _ plural: PluralArgument) -> [Alternative] {
        let categories: Set<String> = ["zero", "one", "two", "few", "many", "other"]
        var seen: Set<String> = []
        var kept: [(key: String?, isExact: Bool, item: PluralCase)] = []
        for item in plural.cases {
            let key: String?
            var isExact = false
            switch item.selector {
            case .explicit(let value):
                isExact = true
                guard let text = Self.exactKey(value) else {
                    note("unsupported-exact-value", "the case '\(item.selectorText)' of '\(argument.name)' has no MF2 key (MF2 compares exact values as integers or decimals); it was dropped", item.selectorRange)
                    continue
                }
                key = text
            case .keyword(let word):
                guard categories.contains(word) else {
                    note("unknown-plural-keyword", "'\(word)' is not a plural category, so ICU never chooses this case of '\(argument.name)'; it was dropped", item.selectorRange)
                    continue
                }
                key = word == "other" ? nil : word
            }
            let identity = (isExact ? "=" : "") + (key ?? "other")
            guard seen.insert(identity).inserted else {
                note("duplicate-case", "the case '\(item.selectorText)' of '\(argument.name)' repeats an earlier one, which ICU chooses; this one was dropped", item.selectorRange)
                continue
            }
            kept.append((key, isExact, item))
        }
        let onInteger = Self.selectsOnInteger(plural, name: argument.name)
        let kind: SelectorKind = switch (plural.isOrdinal, onInteger) {
        case (false, false): .plural
        case (true, false): .ordinal
        case (false, true): .integerPlural
        case (true, true): .integerOrdinal
        }
        if let simple = Self.selectionArgument(plural, name: argument.name), !onInteger {
            switch simple.style {
            case .number(.default), .numberSkeleton:
                break
            default:
                note("selection-format", "ICU chooses this case by the number as its 'other' case's first {\(argument.name), \(simple.typeText)\(simple.styleText.map { ",\($0)" } ?? "")} formats it; the MF2 selector chooses by the number itself", argument.range)
            }
        }
        if onInteger {
            note("integer-selection", "ICU chooses this case by the number formatted with the integer style (the 'other' case starts with {\(argument.name), number, integer}), so the selector is :integer, which rounds as the implementation does", argument.range)
        }
        let context = PluralContext(argument: argument.name, isOrdinal: plural.isOrdinal, offset: plural.offset)
        let hasExact = kept.contains { $0.isExact }
        let hasKeyword = kept.contains { !$0.isExact && $0.key != nil }
        var exactPosition: Int?
        var keywordPosition: Int?
        if hasExact {
            exactPosition = positions.count
            positions.append(selectorVariable(SelectorID(argument: argument.name, kind: kind, offset: 0), argument: argument))
        }
        if hasKeyword {
            if plural.offset == 0, let exactPosition {
                keywordPosition = exactPosition
            } else {
                keywordPosition = positions.count
                positions.append(selectorVariable(SelectorID(argument: argument.name, kind: kind, offset: plural.offset),
                                                  argument: argument))
            }
        }
        var alternatives: [Alternative] = []
        for (key, isExact, item) in kept {
            var inner = convert(item.message, context: context)
            if let key, let position = isExact ? exactPosition : keywordPosition {
                let literal = MF2Key.literal(MF2Literal(value: key, isQuoted: false, range: Self.empty))
                for index in inner.indices { inner[index].keys[position] = literal }
            }
            alternatives += inner
        }
        return alternatives
    }

    /// `=N` as an MF2 key: the serialized form MF2 compares with (integers without a fraction).
    static func exactKey(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// `#`: the plural's value (minus its offset) in the locale's decimal format.
    private mutating func pound(_ context: PluralContext?) -> MF2PatternPart {
        guard let context else {
            // The parser only makes `#` parts inside plural cases.
            return .text("#", range: Self.empty)
        }
        // `#` prints in the locale's decimal format whatever the plural selects on: the plain
        // `:number` input, or its `:offset` local.
        let variable = selectorVariable(SelectorID(argument: context.argument, kind: .plural, offset: context.offset), argument: nil)
        return .expression(MF2Expression(operand: .variable(MF2Variable(name: variable, range: Self.empty)),
                                         function: nil, attributes: [], range: Self.empty))
    }

    // MARK: Declarations

    /// The variable that selects `id`, declaring it (and what it is built on) the first time.
    private mutating func selectorVariable(_ id: SelectorID, argument: ArgumentNode?) -> String {
        if let name = selectorVariables[id] { return name }
        let base = variableName(id.argument, range: argument?.nameRange ?? Self.empty)
        let name: String
        if id.offset != 0 {
            // `:offset` on the plain plural value; an ordinal selects on `:number select=ordinal` of it.
            let plain = selectorVariable(SelectorID(argument: id.argument, kind: .plural, offset: 0), argument: argument)
            // One `:offset` local per offset; other kinds select on a second local built on it.
            let offsetID = SelectorID(argument: id.argument, kind: .plural, offset: id.offset)
            let offsetName: String
            if let existing = selectorVariables[offsetID] {
                offsetName = existing
            } else {
                offsetName = unique(base + "-offset")
                declarations.append(local(offsetName, plain, offsetFunction(id.offset, range: argument?.range ?? Self.empty)))
                selectorVariables[offsetID] = offsetName
            }
            if id.kind == .plural {
                name = offsetName
            } else {
                name = unique(offsetName + Self.suffix(id.kind))
                declarations.append(local(name, offsetName, Self.selectorFunction(id.kind, explicit: true)))
            }
        } else if id.kind != .plural && id.kind != .string {
            // Inputs stay plain (`#` and `{n}` print them so, and no `select` is inherited);
            // ordinal and `:integer` selectors are locals on them.
            let plain = selectorVariable(SelectorID(argument: id.argument, kind: .plural, offset: 0), argument: argument)
            name = unique(plain + Self.suffix(id.kind))
            declarations.append(local(name, plain, Self.selectorFunction(id.kind, explicit: true)))
        } else if let existing = inputKinds[id.argument] {
            if existing == id.kind {
                name = base
            } else {
                name = unique(base + Self.suffix(id.kind))
                declarations.append(local(name, base, Self.selectorFunction(id.kind, explicit: true)))
            }
        } else {
            inputKinds[id.argument] = id.kind
            name = base
            declarations.append(MF2Declaration(
                kind: .input, name: base, nameRange: Self.empty,
                value: MF2Expression(operand: .variable(MF2Variable(name: base, range: Self.empty)),
                                     function: Self.selectorFunction(id.kind, explicit: false), attributes: [], range: Self.empty),
                range: Self.empty))
        }
        selectorVariables[id] = name
        return name
    }

    private static func selectorFunction(_ kind: SelectorKind, explicit: Bool) -> MF2Function {
        switch kind {
        case .plural: explicit ? function("number", ["select": "plural"]) : function("number")
        case .ordinal: function("number", ["select": "ordinal"])
        case .integerPlural: explicit ? function("integer", ["select": "plural"]) : function("integer")
        case .integerOrdinal: function("integer", ["select": "ordinal"])
        case .string: function("string")
        }
    }

    private static func suffix(_ kind: SelectorKind) -> String {
        switch kind {
        case .plural: "-plural"
        case .ordinal: "-ordinal"
        case .integerPlural, .integerOrdinal: "-integer"
        case .string: "-string"
        }
    }

    /// ICU chooses a plural's case by the number as formatted by the first `#` or argument with
    /// the plural's name in its `other` case (`findFirstPluralNumberArg`); whether that is
    /// `{n, number, integer}`, which rounds the number first.
    static func selectsOnInteger(_ plural: PluralArgument, name: String) -> Bool {
        selectionArgument(plural, name: name)?.style == .number(.integer)
    }

    /// The simple argument by whose format ICU chooses the plural's case (`findFirstPluralNumberArg`
    /// on its `other` case), or nil for the locale's decimal format (a `#`, `{n}`, or nothing).
    static func selectionArgument(_ plural: PluralArgument, name: String) -> SimpleArgument? {
        guard let other = plural.otherCase else { return nil }
        for part in other.message.parts {
            switch part {
            case .text: continue
            case .pound: return nil
            case .argument(let argument):
                guard argument.name == name else { continue }
                switch argument.kind {
                case .none: return nil
                case .simple(let simple): return simple
                case .plural, .select, .choice: continue
                }
            }
        }
        return nil
    }

    private mutating func offsetFunction(_ offset: Double, range: Range<Int>) -> MF2Function {
        if offset == offset.rounded(), abs(offset) < 1e9 {
            let amount = String(Int64(abs(offset)))
            return Self.function("offset", [offset > 0 ? "subtract" : "add": amount])
        }
        note("speakable-function", "the offset \(offset) is not an integer, which :offset needs; it was kept as :\(MF2Message.speakableNamespace):offset", range)
        return Self.function(MF2Message.speakableNamespace + ":offset", ["subtract": "\(offset)"])
    }

    private func local(_ name: String, _ operand: String, _ function: MF2Function) -> MF2Declaration {
        MF2Declaration(kind: .local, name: name, nameRange: Self.empty,
                       value: MF2Expression(operand: .variable(MF2Variable(name: operand, range: Self.empty)),
                                            function: function, attributes: [], range: Self.empty),
                       range: Self.empty)
    }

    /// The MF2 variable for an MF1 argument name: the name itself when MF2 can spell it,
    /// `arg.N` for a numbered argument, otherwise the name with `_` for what MF2 cannot spell.
    private mutating func variableName(_ argument: String, range: Range<Int>) -> String {
        if let name = names[argument] { return name }
        var name: String
        if !argument.isEmpty, argument.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            name = "arg." + argument
        } else if MF2Printer.isName(argument) {
            name = argument
        } else {
            var scalars = String.UnicodeScalarView()
            for (index, scalar) in argument.unicodeScalars.enumerated() {
                let fits = index == 0 ? MF2Printer.isNameStart(scalar) : MF2Printer.isNameChar(scalar)
                scalars.append(fits ? scalar : "_")
            }
            name = scalars.isEmpty ? "_" : String(scalars)
            name = unique(name)
            note("argument-renamed", "the argument name '\(argument)' has characters an MF2 variable cannot have; it is '$\(name)' in MF2", range)
        }
        usedNames.insert(name)
        names[argument] = name
        return name
    }

    private mutating func unique(_ candidate: String) -> String {
        var name = candidate
        var counter = 2
        while usedNames.contains(name) || names.values.contains(name) {
            name = "\(candidate)-\(counter)"
            counter += 1
        }
        usedNames.insert(name)
        return name
    }

    // MARK: Placeholders

    static func function(_ name: String, _ options: KeyValuePairs<String, String> = [:]) -> MF2Function {
        MF2Function(name: name, nameRange: empty, options: options.map { option in
            MF2Option(name: option.key, nameRange: empty,
                      value: .literal(MF2Literal(value: option.value, isQuoted: false, range: empty)))
        })
    }

    private static func speakable(_ name: String, _ options: KeyValuePairs<String, String> = [:]) -> MF2Function {
        function(MF2Message.speakableNamespace + ":" + name, options)
    }

    private mutating func placeholder(_ argument: ArgumentNode) -> MF2PatternPart {
        let operand = MF2Operand.variable(MF2Variable(name: variableName(argument.name, range: argument.nameRange), range: Self.empty))
        var function: MF2Function?
        switch argument.kind {
        case .none, .plural, .select:
            break
        case .choice(let choice):
            let start = choice.cases.first?.limitRange.lowerBound ?? argument.range.upperBound - 1
            let style = Self.substring(pattern.source, start..<max(start, argument.range.upperBound - 1))
            function = Self.speakable("choice", ["style": style])
            note("choice-not-kept", "MF2 has no choice selection (its keys are exact values and plural categories, not ranges); the choice was kept as :\(MF2Message.speakableNamespace):choice with its MF1 text, which only Speakable reads; rewrite it as a .match on :number", argument.range)
        case .simple(let simple):
            function = simpleFunction(simple, argument: argument)
        }
        return .expression(MF2Expression(operand: operand, function: function, attributes: [], range: Self.empty))
    }

    private mutating func simpleFunction(_ simple: SimpleArgument, argument: ArgumentNode) -> MF2Function {
        let range = argument.range
        func speakableNote(_ name: String, _ what: String) {
            note("speakable-function", "MF2 has no standard function for \(what); it was kept as :\(MF2Message.speakableNamespace):\(name), which only Speakable reads", range)
        }
        switch simple.style {
        case .number(.default):
            return Self.function("number")
        case .number(.integer):
            note("integer-rounding", "MF1's integer style rounds to the nearest integer, ties to even (2.5 → 2); :integer leaves rounding of fractions to the implementation", range)
            return Self.function("integer")
        case .number(.percent):
            return Self.function("percent")
        case .number(.currency):
            note("locale-currency", "MF1's currency style uses the currency of the locale's region (USD for en, KRW for ko); MF2's :currency needs a currency option, so this is :\(MF2Message.speakableNamespace):currency; write {$\(names[argument.name] ?? argument.name) :currency currency=XXX} to name the currency", range)
            return Self.speakable("currency")
        case .numberSkeleton(let skeleton):
            if let standard = Self.standardFunction(skeleton: skeleton) {
                if !standard.hasPrecision && standard.function.name != "currency" {
                    note("skeleton-precision", "the skeleton became :\(standard.function.name) options; without a precision ICU shows up to 6 fraction digits, while :\(standard.function.name) leaves that default to the implementation", range)
                }
                return standard.function
            }
            speakableNote("number", "this ICU number skeleton")
            return Self.speakable("number", ["skeleton": skeleton])
        case .numberPattern(let text):
            speakableNote("number", "a DecimalFormat pattern")
            return Self.speakable("number", ["pattern": text])
        case .dateTime(let style):
            let isTime = simple.type == .time
            let function: MF2Function
            let standard: String
            switch (isTime, style) {
            case (false, .default), (false, .medium): function = Self.function("date"); standard = ":date"
            case (false, .short): function = Self.function("date", ["length": "short"]); standard = ":date length=short"
            case (false, .long): function = Self.function("date", ["length": "long"]); standard = ":date length=long"
            case (false, .full):
                function = Self.function("date", ["fields": "year-month-day-weekday", "length": "long"])
                standard = ":date fields=year-month-day-weekday length=long"
            case (true, .default), (true, .medium):
                function = Self.function("time", ["precision": "second"]); standard = ":time precision=second"
            case (true, .short): function = Self.function("time"); standard = ":time"
            case (true, .long):
                function = Self.function("time", ["precision": "second", "timeZoneStyle": "short"])
                standard = ":time precision=second timeZoneStyle=short"
            case (true, .full):
                function = Self.function("time", ["precision": "second", "timeZoneStyle": "long"])
                standard = ":time precision=second timeZoneStyle=long"
            }
            let name = style == .default ? "default (medium)" : style.rawValue
            note("date-style", "MF1's \(name) \(isTime ? "time" : "date") style became \(standard), the nearest standard options; the standard leaves the exact output to the implementation", range)
            return function
        case .dateSkeleton(let skeleton):
            let name = simple.type == .time ? "time" : "date"
            speakableNote(name, "an ICU date skeleton")
            return Self.speakable(name, ["skeleton": skeleton])
        case .datePattern(let text):
            let name = simple.type == .time ? "time" : "date"
            speakableNote(name, "a SimpleDateFormat pattern")
            return Self.speakable(name, ["pattern": text])
        case .ruleSet(let ruleSet):
            let name = simple.type.rawValue
            let what = switch simple.type {
            case .spellout: "spelled-out numbers"
            case .ordinal: "ordinal numbers such as 3rd (:number select=ordinal only selects)"
            default: "durations"
            }
            speakableNote(name, what)
            return ruleSet.isEmpty ? Self.speakable(name) : Self.speakable(name, ["ruleset": ruleSet])
        }
    }

    /// The standard function and options for an ICU number skeleton made only of tokens they can
    /// say (grouping, sign, minimum integer digits, fraction or significant digits, rounding
    /// mode, `percent scale/100`, `currency/XXX`), or nil. ICU rounds half-even by default, so a
    /// precision without a rounding mode gets `roundingMode=halfEven`.
    static func standardFunction(skeleton: String) -> (function: MF2Function, hasPrecision: Bool)? {
        let tokens = skeleton.split(whereSeparator: { $0 == " " }).map(String.init)
        guard !tokens.isEmpty else { return nil }
        var name = "number"
        var options: [(String, String)] = []
        var seen: Set<String> = []
        func set(_ option: String, _ value: String) -> Bool {
            guard seen.insert(option).inserted else { return false }
            options.append((option, value))
            return true
        }
        let groups = ["group-off": "never", "group-min2": "min2", "group-auto": "auto", "group-on-aligned": "always"]
        let signs = ["sign-auto": "auto", "sign-always": "always", "sign-never": "never",
                     "sign-except-zero": "exceptZero", "sign-negative": "negative"]
        let modes = ["rounding-mode-ceiling": "ceil", "rounding-mode-floor": "floor", "rounding-mode-up": "expand",
                     "rounding-mode-down": "trunc", "rounding-mode-half-ceiling": "halfCeil",
                     "rounding-mode-half-floor": "halfFloor", "rounding-mode-half-up": "halfExpand",
                     "rounding-mode-half-down": "halfTrunc", "rounding-mode-half-even": "halfEven"]
        var hasPrecision = false
        var percent = false, scaled = false
        for token in tokens {
            if let value = groups[token] {
                guard set("useGrouping", value) else { return nil }
            } else if let value = signs[token] {
                guard set("signDisplay", value) else { return nil }
            } else if let value = modes[token] {
                guard set("roundingMode", value) else { return nil }
            } else if token == "percent" {
                percent = true
            } else if token == "scale/100" {
                scaled = true
            } else if token.hasPrefix("currency/"), token.count == 12,
                      token.dropFirst(9).allSatisfy({ $0.isASCII && $0.isUppercase }), name == "number" {
                name = "currency"
                guard set("currency", String(token.dropFirst(9))) else { return nil }
            } else if token.hasPrefix("integer-width/*"), token.count > 15, token.dropFirst(15).allSatisfy({ $0 == "0" }) {
                guard set("minimumIntegerDigits", String(token.count - 15)) else { return nil }
            } else if !hasPrecision, let (low, high, strip, significant) = precision(token) {
                hasPrecision = true
                if significant {
                    _ = set("minimumSignificantDigits", String(low))
                    _ = set("maximumSignificantDigits", String(high))
                } else {
                    if low > 0 { _ = set("minimumFractionDigits", String(low)) }
                    _ = set("maximumFractionDigits", String(high))
                }
                if strip { _ = set("trailingZeroDisplay", "stripIfInteger") }
            } else {
                return nil
            }
        }
        if percent || scaled {
            // Without a precision, `percent scale/100` shows up to 6 fraction digits, which
            // :percent (and MF1's percent style, which it converts back to) does not.
            guard percent && scaled && name == "number" && hasPrecision else { return nil }
            name = "percent"
        }
        guard options.contains(where: { $0.0 != "roundingMode" }) || name != "number" else { return nil }
        if hasPrecision && !seen.contains("roundingMode") { options.append(("roundingMode", "halfEven")) }
        let function = MF2Function(name: name, nameRange: empty, options: options.map {
            MF2Option(name: $0.0, nameRange: empty, value: .literal(MF2Literal(value: $0.1, isQuoted: false, range: empty)))
        })
        return (function, hasPrecision)
    }

    /// `.00##`, `@@#`, `precision-integer`, each optionally with `/w`: (minimum, maximum,
    /// strip trailing zeros, significant digits).
    private static func precision(_ token: String) -> (Int, Int, Bool, Bool)? {
        var body = Substring(token)
        var strip = false
        if body.hasSuffix("/w") { strip = true; body = body.dropLast(2) }
        if body == "precision-integer" { return (0, 0, strip, false) }
        let significant = body.first == "@"
        if !significant {
            guard body.first == "." else { return nil }
            body = body.dropFirst()
        }
        let required: Character = significant ? "@" : "0"
        let low = body.prefix { $0 == required }.count
        let rest = body.dropFirst(low)
        guard rest.allSatisfy({ $0 == "#" }), low + rest.count <= 99, !(significant && low == 0),
              low + rest.count > 0 || !significant else { return nil }
        return (low, low + rest.count, strip, significant)
    }

    static func substring(_ source: String, _ range: Range<Int>) -> String {
        let units = source.utf16
        guard range.lowerBound >= 0, range.upperBound <= units.count else { return "" }
        let start = units.index(units.startIndex, offsetBy: range.lowerBound)
        let end = units.index(start, offsetBy: range.count)
        return String(source[start..<end])
    }
}
