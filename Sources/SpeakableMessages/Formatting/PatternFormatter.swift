public import SpeakableICU

/// Formats parsed patterns in one locale without compiling them: each format is the text
/// ``CompiledMessage/format(_:)`` returns for the same pattern, locale, time zone and arguments,
/// or nil where compiling the pattern or formatting it throws.
///
/// Compiling a message pays for itself once it is formatted a few times; a message formatted
/// once (an example in a translator's file) costs a fraction of that when its tree is walked
/// instead. Every formatter the pattern names is opened (from the shared caches) whichever case
/// is taken, so a pattern that cannot compile formats to nil here too.
///
/// ```swift
/// let formatter = PatternFormatter(locale: .english)
/// let stars = try MessagePattern("Level {level}, {stars, plural, one {# star} other {# stars}}")
/// formatter.format(stars, ["level": 5, "stars": 2])       // "Level 5, 2 stars"
/// formatter.format(stars, ["level": 5])                   // "Level 5, {stars}"
/// formatter.format(stars, ["level": 5, "stars": "two"])   // nil: a plural needs a number
/// stars.formatted(["level": 5, "stars": 1], locale: .english)   // "Level 5, 1 star"
/// ```
public struct PatternFormatter: Sendable {
    public let locale: ICULocale
    public let timeZone: ICUTimeZone
    /// The locale's decimal format (`#`, untyped numbers); nil when ICU cannot open it (every
    /// compile fails then, and every format here is nil).
    private let decimal: NumberFormat?
    /// The locale's plural rules; nil when ICU cannot open them (a pattern with such a plural
    /// cannot compile).
    private let cardinal: PluralRules?
    private let ordinal: PluralRules?

    /// A formatter for `locale`, formatting dates in `timeZone`. Opens the locale's decimal
    /// format and plural rules once (from the shared caches).
    public init(locale: ICULocale, timeZone: ICUTimeZone = .utc) {
        self.locale = locale
        self.timeZone = timeZone
        decimal = try? NumberFormat.cached(.decimal, locale: locale)
        cardinal = try? PluralRules.cached(for: locale, kind: .cardinal)
        ordinal = try? PluralRules.cached(for: locale, kind: .ordinal)
    }

    /// Derives the locale's integer fast path now rather than after the first couple of
    /// thousand numbers ICU formats: for a formatter about to format at least that many (every
    /// example of a large project). The text formatted is the same either way.
    public func prepareFastPaths() {
        _ = decimal?.hasIntegerFastPath
    }

    /// `pattern` formatted with named `arguments`: what `CompiledMessage(pattern, locale:
    /// timeZone:).format(arguments)` returns, or nil where either throws. A name the pattern does
    /// not use is ignored; an argument it uses that `arguments` lacks prints as `{name}`.
    public func format(_ pattern: MessagePattern, _ arguments: [String: MessageArgument]) -> String? {
        guard let decimal else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.stackSize) { stack -> String? in
            var walk = Walk(out: Output(base: stack.baseAddress!, count: 0, capacity: Self.stackSize, ownsBase: false))
            defer { if walk.out.ownsBase { walk.out.base.deallocate() } }
            do {
                try run(pattern.body, number: nil, arguments, decimal, &walk)
            } catch {
                return nil
            }
            // Two names that differ only in Unicode normalization: refused, as compiling refuses them.
            if walk.nonASCIIName {
                do { try MessageCompiler.checkNormalization(pattern) } catch { return nil }
            }
            guard walk.out.count <= CompiledMessage.maximumOutputLength else { return nil }
            return walk.out.makeString()
        }
    }

    private static let stackSize = 1_024

    /// Any failure: compiling or formatting would have thrown.
    private struct Failed: Error {}

    /// The state of one format.
    private struct Walk: ~Copyable {
        var out: Output
        /// Whether an argument name has a byte outside ASCII (only those can differ in normalization).
        var nonASCIIName = false
    }

    // MARK: Walking the tree

    /// Formats `body`; `number` is the innermost plural's number (for `#`).
    private func run(_ body: MessageBody, number: ICUNumber?, _ arguments: [String: MessageArgument], _ decimal: NumberFormat,
                     _ walk: inout Walk) throws(Failed) {
        for part in body.parts {
            switch part {
            case .text(let text, _):
                walk.out.append(text)
            case .pound:
                switch number {
                case .int(let n)?: try writeInteger(n, with: decimal, into: &walk.out)
                case .double(let d)?: try writeDouble(d, with: decimal, into: &walk.out)
                case nil: walk.out.append(byte: UInt8(ascii: "#"))
                }
            case .argument(let argument):
                try run(argument, number: number, arguments, decimal, &walk)
            }
        }
    }

    private func run(_ argument: ArgumentNode, number: ICUNumber?, _ arguments: [String: MessageArgument], _ decimal: NumberFormat,
                     _ walk: inout Walk) throws(Failed) {
        if !walk.nonASCIIName { walk.nonASCIIName = Self.hasNonASCII(argument.name) }
        let value = arguments[argument.name]
        switch argument.kind {
        case .none:
            switch value {
            case .string(let text)?:
                walk.out.append(text)
                // Only strings can make the output much longer than the pattern.
                if walk.out.count > CompiledMessage.maximumOutputLength { throw Failed() }
            case .int(let n)?: try writeInteger(n, with: decimal, into: &walk.out)
            case .double(let d)?: try writeDouble(d, with: decimal, into: &walk.out)
            case .date(let d)?:
                // Short date and time, as ICU's MessageFormat does.
                guard let format = try? DateFormat.cached(.styles(date: .short, time: .short), locale: locale, timeZone: timeZone) else {
                    throw Failed()
                }
                try writeDate(d, with: format, into: &walk.out)
            case nil: appendMissing(argument, to: &walk.out)
            }
        case .simple(let simple):
            let formatter: ValueFormatter
            if case .number(.default) = simple.style {
                // `{n, number}`: the decimal format, opened already.
                formatter = .number(decimal)
            } else {
                guard let opened = try? ValueFormatter.open(simple, locale: locale, timeZone: timeZone) else { throw Failed() }
                formatter = opened
            }
            guard let value else {
                appendMissing(argument, to: &walk.out)
                return
            }
            switch formatter {
            case .number(let format):
                switch value {
                case .int(let n): try writeInteger(n, with: format, into: &walk.out)
                case .double(let d): try writeDouble(d, with: format, into: &walk.out)
                case .string, .date: throw Failed()
                }
            case .skeleton(let format):
                switch value {
                case .int(let n): try writeSkeleton(.int(n), whole: n, with: format, into: &walk.out)
                case .double(let d): try writeSkeleton(.double(d), whole: NumberFormat.exactInteger(d), with: format, into: &walk.out)
                case .string, .date: throw Failed()
                }
            case .date(let format):
                switch value {
                // ICU's DateFormat takes a double as milliseconds, but not an Int64 or a string.
                case .date(let d), .double(let d): try writeDate(d, with: format, into: &walk.out)
                case .int, .string: throw Failed()
                }
            case .untyped:
                throw Failed()
            }
        case .select(let select):
            var chosen = -1
            switch value {
            case .string(let key)?:
                // The first case whose key has the same UTF-8 (as ICU compares code units), else the first `other`.
                chosen = select.cases.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
                    ?? select.cases.firstIndex { $0.key == "other" } ?? -1
                if chosen < 0 { throw Failed() }
            case .int?, .double?, .date?:
                throw Failed()
            case nil:
                appendMissing(argument, to: &walk.out)
            }
            for (index, item) in select.cases.enumerated() {
                if index == chosen {
                    try run(item.message, number: number, arguments, decimal, &walk)
                } else {
                    try check(item.message, &walk)
                }
            }
        case .plural(let plural):
            guard let rules = plural.isOrdinal ? ordinal : cardinal else { throw Failed() }
            var chosen = -1
            var caseNumber = number
            if let value {
                let selection: (PluralTable.Selection, NumberFormat?)
                do {
                    selection = try PluralTable.selection(for: plural, name: argument.name, decimal: decimal) { simple, _ throws(ICUError) in
                        try ValueFormatter.open(simple, locale: locale, timeZone: timeZone)
                    }
                } catch {
                    throw Failed()
                }
                let raw: Double
                let selected: ICUNumber
                switch value {
                case .int(let n) where plural.offset == 0:
                    raw = Double(n)
                    selected = .int(n)
                case .int(let n):
                    raw = Double(n)
                    selected = .double(raw - plural.offset)
                case .double(let d):
                    raw = d
                    selected = .double(plural.offset == 0 ? d : d - plural.offset)
                case .string, .date:
                    throw Failed()
                }
                chosen = try pluralCase(plural, raw: raw, number: selected, rules: rules, selection: selection, decimal: decimal)
                caseNumber = selected
            } else {
                appendMissing(argument, to: &walk.out)
            }
            for (index, item) in plural.cases.enumerated() {
                if index == chosen {
                    try run(item.message, number: caseNumber, arguments, decimal, &walk)
                } else {
                    try check(item.message, &walk)
                }
            }
        case .choice(let choice):
            var chosen = -1
            if let value {
                guard let number = value.doubleValue else { throw Failed() }
                // ICU: `<` starts just above the limit, `#` at it; NaN stays in the first case.
                chosen = 0
                for index in choice.cases.indices.dropFirst() {
                    let item = choice.cases[index]
                    guard item.isExclusive ? number > item.limit : number >= item.limit else { break }
                    chosen = index
                }
            } else {
                appendMissing(argument, to: &walk.out)
            }
            for (index, item) in choice.cases.enumerated() {
                if index == chosen {
                    try run(item.message, number: number, arguments, decimal, &walk)
                } else {
                    try check(item.message, &walk)
                }
            }
        }
    }

    /// The case a plural takes (see ``PluralTable``): an `=N` case equal to the raw value wherever
    /// it is; else the first keyword case of the category of `number` (only computed when there
    /// is a keyword case other than `other`); else the first `other`.
    private func pluralCase(_ plural: PluralArgument, raw: Double, number: ICUNumber, rules: PluralRules,
                            selection: (PluralTable.Selection, NumberFormat?), decimal: NumberFormat) throws(Failed) -> Int {
        var needsCategory = false
        for (index, item) in plural.cases.enumerated() {
            switch item.selector {
            case .explicit(let value): if value == raw { return index }
            case .keyword(let word): if word != "other" { needsCategory = true }
            }
        }
        let other = plural.cases.firstIndex { $0.selector == .keyword("other") }
        guard needsCategory else {
            guard let other else { throw Failed() }
            return other
        }
        let category = try self.category(of: number, rules: rules, selection: selection, decimal: decimal)
        let word = category.rawValue
        guard let index = plural.cases.firstIndex(where: { $0.selector == .keyword(word) }) ?? other else { throw Failed() }
        return index
    }

    private func category(of number: ICUNumber, rules: PluralRules, selection: (PluralTable.Selection, NumberFormat?),
                          decimal: NumberFormat) throws(Failed) -> PluralCategory {
        func withFormat(_ d: Double) throws(Failed) -> PluralCategory {
            do {
                return try rules.category(for: d, formattedWith: selection.1 ?? decimal)
            } catch {
                throw Failed()
            }
        }
        switch selection.0 {
        case .decimalInteger:
            switch number {
            case .int(let n): return rules.category(forInteger: n)
            case .double(let d):
                if let n = NumberFormat.exactInteger(d) { return rules.category(forInteger: n) }
                return try withFormat(d)
            }
        case .decimalFormat:
            switch number {
            case .int(let n): return try withFormat(Double(n))
            case .double(let d): return try withFormat(d)
            }
        case .plainNumber:
            switch number {
            case .int(let n): return rules.category(for: Double(n))
            case .double(let d): return rules.category(for: d)
            }
        case .dateFormat:
            switch number {
            // ICU formats the number with the date format first, and DateFormat rejects Int64.
            case .int: throw Failed()
            case .double(let d): return rules.category(for: d)
            }
        }
    }

    /// What compiling a case not taken would refuse: a formatter ICU cannot open, a plural
    /// without rules.
    private func check(_ body: MessageBody, _ walk: inout Walk) throws(Failed) {
        for part in body.parts {
            guard case .argument(let argument) = part else { continue }
            if !walk.nonASCIIName { walk.nonASCIIName = Self.hasNonASCII(argument.name) }
            switch argument.kind {
            case .none:
                continue
            case .simple(let simple):
                if case .number(.default) = simple.style { continue }
                guard (try? ValueFormatter.open(simple, locale: locale, timeZone: timeZone)) != nil else { throw Failed() }
            case .select(let select):
                for item in select.cases { try check(item.message, &walk) }
            case .plural(let plural):
                guard (plural.isOrdinal ? ordinal : cardinal) != nil else { throw Failed() }
                for item in plural.cases { try check(item.message, &walk) }
            case .choice(let choice):
                for item in choice.cases { try check(item.message, &walk) }
            }
        }
    }

    /// Whether `name` has a byte outside ASCII (scanned in place).
    @inline(__always)
    private static func hasNonASCII(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in bytes.contains { $0 >= 0x80 } }
    }

    @inline(never)
    private func appendMissing(_ argument: ArgumentNode, to out: inout Output) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(argument.name)
        out.append(byte: UInt8(ascii: "}"))
    }

    // MARK: Values

    /// As ``CompiledMessage``: the format's fast path where it has one, otherwise ICU.
    private func writeInteger(_ n: Int64, with format: NumberFormat, into out: inout Output) throws(Failed) {
        let at = out.reserve(Output.fastCapacity)
        let written = format.writeInteger(n, into: at, capacity: Output.fastCapacity)
        if written >= 0 {
            out.count += written
        } else {
            try writeWithICU(.int(n), with: format, into: &out)
        }
    }

    private func writeDouble(_ d: Double, with format: NumberFormat, into out: inout Output) throws(Failed) {
        if let whole = NumberFormat.exactInteger(d) {
            let at = out.reserve(Output.fastCapacity)
            let written = format.writeWholeDouble(whole, into: at, capacity: Output.fastCapacity)
            if written >= 0 {
                out.count += written
                return
            }
        }
        try writeWithICU(.double(d), with: format, into: &out)
    }

    private func writeWithICU(_ number: ICUNumber, with format: NumberFormat, into out: inout Output) throws(Failed) {
        do {
            try format.withICUText(number) { units in out.appendUTF16(units) }
        } catch {
            throw Failed()
        }
    }

    private func writeSkeleton(_ number: ICUNumber, whole: Int64?, with format: SkeletonNumberFormatter, into out: inout Output) throws(Failed) {
        if let whole {
            let at = out.reserve(Output.fastCapacity)
            let written = format.writeInteger(whole, into: at, capacity: Output.fastCapacity)
            if written >= 0 {
                out.count += written
                return
            }
        }
        do {
            try format.withICUText(number) { units in out.appendUTF16(units) }
        } catch {
            throw Failed()
        }
    }

    private func writeDate(_ date: ICUDate, with format: DateFormat, into out: inout Output) throws(Failed) {
        let at = out.reserve(Output.fastCapacity)
        let written = format.writeDate(date, into: at, capacity: Output.fastCapacity)
        if written >= 0 {
            out.count += written
            return
        }
        do {
            try format.withICUText(date) { units in out.appendUTF16(units) }
        } catch {
            throw Failed()
        }
    }
}

extension MessagePattern {
    /// This pattern formatted once with named `arguments`, without compiling it: what
    /// ``CompiledMessage/format(_:)`` returns for it in `locale` and `timeZone`, or nil where
    /// compiling or formatting throws (see ``PatternFormatter``, which formats many patterns in
    /// one locale).
    ///
    /// ```swift
    /// let pattern = try MessagePattern("{count, plural, one {# line cleared} other {# lines cleared}}")
    /// pattern.formatted(["count": 2], locale: .english)          // "2 lines cleared"
    /// pattern.formatted(["count": "two"], locale: .english)      // nil
    /// ```
    public func formatted(_ arguments: [String: MessageArgument], locale: ICULocale, timeZone: ICUTimeZone = .utc) -> String? {
        PatternFormatter(locale: locale, timeZone: timeZone).format(self, arguments)
    }
}
