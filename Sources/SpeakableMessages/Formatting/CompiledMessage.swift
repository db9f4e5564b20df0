public import SpeakableICU

/// A message ready to format in one locale: parsed once, compiled to a flat program, with every
/// ICU formatter it needs opened once.
///
/// The output is what ICU 72's own MessageFormat returns for the same pattern, arguments and
/// locale — byte for byte, NBSPs and native digits included — and formatting fails where ICU's
/// fails. Compiled messages are immutable and safe to share between threads.
///
/// ```swift
/// let stars = try CompiledMessage("Level {level}, {stars} of 3 stars", locale: .english)
/// try stars.format(["level": 5, "stars": 2])        // "Level 5, 2 of 3 stars"
///
/// let korean = try CompiledMessage("{level}단계, 별 3개 중 {stars}개", locale: ICULocale("ko"))
/// try korean.format(["level": 5, "stars": 2])       // "5단계, 별 3개 중 2개"
/// ```
public final class CompiledMessage: Sendable {
    public let pattern: MessagePattern
    public let locale: ICULocale
    public let timeZone: ICUTimeZone
    /// The argument names in slot order (order of first appearance in the pattern).
    public let argumentNames: [String]

    private let program: MessageProgram
    private let slots: [String: Int]
    private let sites: [ArgumentSite]
    private let decimal: NumberFormat

    /// Compiles a parsed pattern for a locale. Dates are formatted in `timeZone`.
    public init(_ pattern: MessagePattern, locale: ICULocale, timeZone: ICUTimeZone = .utc) throws(MessageCompileError) {
        var compiler = MessageCompiler(locale: locale, timeZone: timeZone)
        self.program = try compiler.compile(pattern)
        self.slots = compiler.slots
        self.argumentNames = compiler.slotNames
        self.sites = compiler.sites
        self.pattern = pattern
        self.locale = locale
        self.timeZone = timeZone
        do {
            self.decimal = try NumberFormat.cached(.decimal, locale: locale)
        } catch {
            throw MessageCompileError(message: "ICU could not open the default formats for \(locale)", range: nil,
                                      icuErrorName: error.name)
        }
    }

    /// Parses and compiles `source`.
    public convenience init(_ source: String, locale: ICULocale, timeZone: ICUTimeZone = .utc) throws(MessageError) {
        let pattern: MessagePattern
        do { pattern = try MessagePattern(source) } catch { throw .syntax(error) }
        do { try self.init(pattern, locale: locale, timeZone: timeZone) } catch { throw .compile(error) }
    }

    /// The slot of an argument name, for ``format(slots:)``.
    public func slot(of name: String) -> Int? { slots[name] }

    /// Formats with named arguments. A name the pattern does not use is ignored; an argument the
    /// pattern uses but `arguments` lacks prints as `{name}`, as in ICU.
    public func format(_ arguments: [String: MessageArgument]) throws(MessageFormatError) -> String {
        var values = [MessageArgument?](repeating: nil, count: argumentNames.count)
        for (i, name) in argumentNames.enumerated() { values[i] = arguments[name] }
        return try run(values)
    }

    /// Formats with values by slot (the order of ``argumentNames``); `nil` is a missing argument.
    /// This is the fast path: no dictionary, no name lookups.
    public func format(slots values: [MessageArgument?]) throws(MessageFormatError) -> String {
        guard values.count == argumentNames.count else {
            throw MessageFormatError(
                kind: .wrongArgumentCount,
                message: "the message has \(argumentNames.count) arguments, but \(values.count) values were given",
                argument: nil, range: nil, icuErrorName: "U_ILLEGAL_ARGUMENT_ERROR")
        }
        return try run(values)
    }

    // MARK: Running the program

    private func run(_ values: [MessageArgument?]) throws(MessageFormatError) -> String {
        let stackSize = max(256, min(program.sizeHint + 64, 2048))
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { stack throws(MessageFormatError) -> String in
            var writer = UTF8Writer(stack: stack)
            try program.literals.withUnsafeBufferPointer { literals throws(MessageFormatError) in
                try values.withUnsafeBufferPointer { values throws(MessageFormatError) in
                    try withUnsafeTemporaryAllocation(of: ICUNumber.self, capacity: max(1, program.pluralDepth)) { numbers throws(MessageFormatError) in
                        try execute(values, literals: literals, numbers: numbers, into: &writer)
                    }
                }
            }
            return writer.makeString()
        }
    }

    private func execute(
        _ values: UnsafeBufferPointer<MessageArgument?>,
        literals: UnsafeBufferPointer<UInt8>,
        numbers: UnsafeMutableBufferPointer<ICUNumber>,
        into out: inout UTF8Writer
    ) throws(MessageFormatError) {
        var depth = 0
        var pc = 0
        let instructions = program.instructions
        let end = instructions.count
        while pc < end {
            switch instructions[pc] {
            case .text(let start, let count):
                out.append(UnsafeBufferPointer(rebasing: literals[Int(start)..<Int(start + count)]))
                pc += 1
            case .value(let slot, let formatter, let site):
                if let value = values[Int(slot)] {
                    try write(value, with: program.formatters[Int(formatter)], site: Int(site), into: &out)
                    // Only values can make the output much longer than the program (issue 13).
                    if out.count > Self.maximumOutputLength { throw outputTooLarge(site: Int(site)) }
                } else {
                    appendMissing(Int(site), to: &out)
                }
                pc += 1
            case .pound:
                if depth > 0 {
                    try writeDecimal(numbers[depth - 1], site: nil, into: &out)
                } else {
                    out.append(byte: UInt8(ascii: "#"))
                }
                pc += 1
            case .popNumber:
                depth -= 1
                pc += 1
            case .jump(let target):
                pc = Int(target)
            case .select(let index):
                let select = program.selects[Int(index)]
                guard let value = values[select.slot] else {
                    appendMissing(select.site, to: &out)
                    pc = select.end
                    continue
                }
                guard case .string(let key) = value else {
                    throw typeError(.notAString, site: select.site, value: value, icu: "U_INVALID_FORMAT_ERROR")
                }
                pc = Self.selectTarget(select, key: key)
            case .plural(let index):
                let plural = program.plurals[Int(index)]
                guard let value = values[plural.slot] else {
                    appendMissing(plural.site, to: &out)
                    pc = plural.end
                    continue
                }
                let (target, number) = try selectPlural(plural, value: value)
                numbers[depth] = number
                depth += 1
                pc = target
            case .choice(let index):
                let choice = program.choices[Int(index)]
                guard let value = values[choice.slot] else {
                    appendMissing(choice.site, to: &out)
                    pc = choice.end
                    continue
                }
                guard let number = value.doubleValue else {
                    throw typeError(.notANumber, site: choice.site, value: value, icu: "U_ILLEGAL_ARGUMENT_ERROR")
                }
                var target = choice.cases[0].target
                for item in choice.cases.dropFirst() {
                    // ICU: `<` starts just above the limit, `#` at it; NaN stays in the first case.
                    if item.isExclusive ? number > item.limit : number >= item.limit {
                        target = item.target
                    } else {
                        break
                    }
                }
                pc = target
            }
        }
    }

    /// The longest output ``format(_:)`` produces, in UTF-8 bytes (1 MiB): screen-reader text
    /// is a few hundred; past this a message that repeats a long argument stops with
    /// `output-too-large` instead of building gigabytes.
    public static let maximumOutputLength = 1 << 20

    private func outputTooLarge(site: Int) -> MessageFormatError {
        MessageFormatError(kind: .outputTooLarge,
                           message: "the formatted text would be longer than \(Self.maximumOutputLength >> 20) MiB",
                           argument: sites[site].name, range: sites[site].range, icuErrorName: "U_ZERO_ERROR")
    }

    private func appendMissing(_ site: Int, to out: inout UTF8Writer) {
        out.append(byte: UInt8(ascii: "{"))
        out.append(sites[site].name)
        out.append(byte: UInt8(ascii: "}"))
    }

    /// A number in the locale's decimal format: digits written straight into the output when the
    /// format's integer fast path applies, otherwise through ICU.
    @inline(__always)
    private func writeDecimal(_ number: ICUNumber, site: Int?, into out: inout UTF8Writer) throws(MessageFormatError) {
        try writeNumber(number, with: decimal, site: site, into: &out)
    }

    @inline(__always)
    private func writeNumber<F: NumberFormatting>(_ number: ICUNumber, with format: F, site: Int?, into out: inout UTF8Writer) throws(MessageFormatError) {
        let at = out.reserve(256)
        if let written = format.writeFastPath(number, into: UnsafeMutableRawBufferPointer(start: at, count: 256)) {
            out.advance(written)
        } else {
            let utf8 = try icu(site: site) { () throws(ICUError) in try format.formatUTF8(number) }
            utf8.withUnsafeBufferPointer { out.append($0) }
        }
    }

    @inline(__always)
    private func write(_ value: MessageArgument, with formatter: ValueFormatter, site: Int, into out: inout UTF8Writer) throws(MessageFormatError) {
        switch formatter {
        case .untyped:
            switch value {
            case .string(let s): out.append(s)
            case .int(let n): try writeNumber(.int(n), with: decimal, site: site, into: &out)
            case .double(let d): try writeNumber(.double(d), with: decimal, site: site, into: &out)
            case .date(let d):
                // A date in an untyped argument: short date and time, as ICU's MessageFormat does.
                let dateTime = try icu(site: site) { () throws(ICUError) in
                    try DateFormat.cached(.styles(date: .short, time: .short), locale: locale, timeZone: timeZone)
                }
                try writeDate(d, with: dateTime, site: site, into: &out)
            }
        case .number(let format):
            switch value {
            case .int(let n): try writeNumber(.int(n), with: format, site: site, into: &out)
            case .double(let d): try writeNumber(.double(d), with: format, site: site, into: &out)
            case .string, .date:
                throw typeError(.notANumber, site: site, value: value, icu: "U_INVALID_FORMAT_ERROR")
            }
        case .skeleton(let skeleton):
            switch value {
            case .int(let n): try writeNumber(.int(n), with: skeleton, site: site, into: &out)
            case .double(let d): try writeNumber(.double(d), with: skeleton, site: site, into: &out)
            case .string, .date:
                throw typeError(.notANumber, site: site, value: value, icu: "U_INVALID_STATE_ERROR")
            }
        case .date(let format):
            switch value {
            // ICU's DateFormat takes a double as milliseconds, but not an Int64 or a string.
            case .date(let d), .double(let d): try writeDate(d, with: format, site: site, into: &out)
            case .int, .string:
                throw typeError(.notADate, site: site, value: value, icu: "U_ILLEGAL_ARGUMENT_ERROR")
            }
        }
    }

    @inline(__always)
    private func writeDate(_ date: ICUDate, with format: DateFormat, site: Int, into out: inout UTF8Writer) throws(MessageFormatError) {
        let utf8 = try icu(site: site) { () throws(ICUError) in try format.formatUTF8(date) }
        utf8.withUnsafeBufferPointer { out.append($0) }
    }

    private static func selectTarget(_ select: SelectInstruction, key: String) -> Int {
        var key = key
        return key.withUTF8 { bytes -> Int in
            for item in select.cases where item.key.count == bytes.count {
                if item.key.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return item.target }
            }
            return select.otherTarget
        }
    }

    /// ICU's PluralFormat::findSubMessage, with its exact order: `=N` cases match the plain value
    /// wherever they are; the category is computed only when a keyword case other than `other`
    /// is reached, and the first matching keyword (or the first `other`) wins.
    private func selectPlural(_ plural: PluralInstruction, value: MessageArgument) throws(MessageFormatError) -> (Int, ICUNumber) {
        guard let raw = value.doubleValue else {
            throw typeError(.notANumber, site: plural.site, value: value, icu: "U_ILLEGAL_ARGUMENT_ERROR")
        }
        // The number the cases and `#` see: the value itself (exact integer) when there is no
        // offset, otherwise value - offset as a double, as in ICU.
        let number: ICUNumber
        if plural.offset == 0, case .int(let n) = value {
            number = .int(n)
        } else {
            number = .double(plural.offset == 0 ? raw : raw - plural.offset)
        }
        var keyword: PluralCategory?
        var chosen: Int?
        var haveKeywordMatch = false
        for item in plural.cases {
            switch item {
            case .explicit(let exact, let target):
                if raw == exact { return (target, number) }
            case .other(let target):
                if !haveKeywordMatch && chosen == nil {
                    chosen = target
                    if keyword == .other { haveKeywordMatch = true }
                }
            case .keyword(let caseCategory, let target):
                guard !haveKeywordMatch else { continue }
                if keyword == nil {
                    let selected = try self.category(of: number, in: plural)
                    keyword = selected
                    if chosen != nil && selected == .other { haveKeywordMatch = true }
                }
                if !haveKeywordMatch, let caseCategory, caseCategory == keyword {
                    chosen = target
                    haveKeywordMatch = true
                }
            }
        }
        return (chosen ?? plural.end, number)
    }

    private func category(of number: ICUNumber, in plural: PluralInstruction) throws(MessageFormatError) -> PluralCategory {
        let rules = plural.rules
        switch plural.selection {
        case .decimalFormat(let format):
            switch number {
            case .int(let n):
                if format.style == .decimal || format.style == .integer { return rules.category(forInteger: n) }
                return try icu(site: plural.site) { () throws(ICUError) in
                    try rules.category(for: Double(n), formattedWith: format)
                }
            case .double(let d):
                if (format.style == .decimal || format.style == .integer),
                   d.magnitude < 9_007_199_254_740_992, d == d.rounded(.towardZero), !(d == 0 && d.sign == .minus) {
                    return rules.category(forInteger: Int64(d))
                }
                return try icu(site: plural.site) { () throws(ICUError) in
                    try rules.category(for: d, formattedWith: format)
                }
            }
        case .plainNumber:
            switch number {
            case .int(let n): return rules.category(for: Double(n))
            case .double(let d): return rules.category(for: d)
            }
        case .dateFormat:
            switch number {
            case .int:
                // ICU formats the number with the date format first, and DateFormat rejects Int64.
                throw MessageFormatError(
                    kind: .notADate,
                    message: "\(sites[plural.site].kindName) argument '\(sites[plural.site].name)' formats its number as a date in the 'other' case, which ICU cannot do for an integer",
                    argument: sites[plural.site].name, range: sites[plural.site].range,
                    icuErrorName: "U_ILLEGAL_ARGUMENT_ERROR")
            case .double(let d): return rules.category(for: d)
            }
        }
    }

    @inline(__always)
    private func icu<R>(site: Int?, _ body: () throws(ICUError) -> R) throws(MessageFormatError) -> R {
        do {
            return try body()
        } catch {
            let name = site.map { sites[$0].name }
            throw MessageFormatError(
                kind: .icuFailure, message: "ICU failed to format \(name.map { "argument '\($0)'" } ?? "a number"): \(error.name)",
                argument: name, range: site.map { sites[$0].range }, icuErrorName: error.name)
        }
    }

    private func typeError(_ kind: MessageFormatError.Kind, site: Int, value: MessageArgument, icu: String) -> MessageFormatError {
        let s = sites[site]
        let needs = switch kind {
        case .notANumber: "a number"
        case .notAString: "a string"
        case .notADate: "a date"
        default: "another kind of value"
        }
        let label = s.kindName.isEmpty ? "argument" : "\(s.kindName) argument"
        return MessageFormatError(
            kind: kind, message: "\(label) '\(s.name)' needs \(needs), but got \(value.described)",
            argument: s.name, range: s.range, icuErrorName: icu)
    }
}

/// Any failure on the way from a pattern to text.
public enum MessageError: Error, Hashable, Sendable, CustomStringConvertible {
    case syntax(MessageSyntaxErrors)
    case compile(MessageCompileError)
    case format(MessageFormatError)

    /// The stable id of the (first) failure.
    public var id: String {
        switch self {
        case .syntax(let e): e.first.id
        case .compile(let e): e.id
        case .format(let e): e.id
        }
    }

    /// The plain sentence of the (first) failure.
    public var message: String {
        switch self {
        case .syntax(let e): e.first.message
        case .compile(let e): e.message
        case .format(let e): e.message
        }
    }

    /// The UTF-16 range in the pattern the failure is about, when known.
    public var range: Range<Int>? {
        switch self {
        case .syntax(let e): e.first.range
        case .compile(let e): e.range
        case .format(let e): e.range
        }
    }

    public var description: String { "\(message) [\(id)]" }
}
