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
///
/// The fastest way is by slot into a reusable ``MessageBuffer``: no dictionary, no name lookups,
/// and once the buffer has grown, no allocation at all.
///
/// ```swift
/// var buffer = MessageBuffer()
/// try stars.format(slots: [.int(5), .int(2)], into: &buffer)   // buffer.makeString(): "Level 5, 2 of 3 stars"
/// ```
///
/// Integers, plural categories, spellouts, durations, unit formats and dates are written without
/// calling ICU where a fast path derived from ICU and checked against it applies (see
/// docs/internals/engine.md); everything else is ICU's own call.
public final class CompiledMessage: Sendable {
    public let pattern: MessagePattern
    public let locale: ICULocale
    public let timeZone: ICUTimeZone
    /// The argument names in slot order (order of first appearance in the pattern).
    public let argumentNames: [String]

    private let image: ProgramImage
    private let slots: [String: Int]
    private let sites: [ArgumentSite]
    /// The locale's decimal format (`#`, untyped numbers), without a reference count on the hot
    /// path (`image` keeps it alive).
    private let decimal: Unmanaged<NumberFormat>
    private let decimalOwner: NumberFormat

    /// Compiles a parsed pattern for a locale. Dates are formatted in `timeZone`.
    public init(_ pattern: MessagePattern, locale: ICULocale, timeZone: ICUTimeZone = .utc) throws(MessageCompileError) {
        var compiler = MessageCompiler(locale: locale, timeZone: timeZone)
        let program = try compiler.compile(pattern)
        self.slots = compiler.slots
        self.argumentNames = compiler.slotNames
        self.sites = compiler.sites
        self.image = ProgramImage(program, sites: compiler.sites)
        self.pattern = pattern
        self.locale = locale
        self.timeZone = timeZone
        do {
            self.decimalOwner = try NumberFormat.cached(.decimal, locale: locale)
        } catch {
            throw MessageCompileError(message: "ICU could not open the default formats for \(locale)", range: nil,
                                      icuErrorName: error.name)
        }
        self.decimal = .passUnretained(decimalOwner)
    }

    /// Parses and compiles `source`.
    public convenience init(_ source: String, locale: ICULocale, timeZone: ICUTimeZone = .utc) throws(MessageError) {
        let pattern: MessagePattern
        do { pattern = try MessagePattern(source) } catch { throw .syntax(error) }
        do { try self.init(pattern, locale: locale, timeZone: timeZone) } catch { throw .compile(error) }
    }

    /// Derives now every fast path this message's formats can have (plural rules for integers,
    /// spellouts and durations, dates), which otherwise happens after a format has sent enough
    /// values to ICU to pay for it. For a message that will be formatted thousands of times from
    /// its first frame on; costs up to a few milliseconds per format, once per process.
    public func prepareFastPaths() {
        for formatter in image.formatterObjects {
            switch formatter {
            case .number(let f): _ = f.hasIntegerFastPath
            case .skeleton(let f): _ = f.hasIntegerFastPath
            case .date(let f): _ = f.hasFastPath
            case .untyped: break
            }
        }
        image.pluralRules.forEach { _ = $0.hasIntegerFastPath }
        _ = decimalOwner.hasIntegerFastPath
    }

    /// The slot of an argument name, for ``format(slots:)``.
    public func slot(of name: String) -> Int? { slots[name] }

    // MARK: Formatting

    /// Formats with named arguments. A name the pattern does not use is ignored; an argument the
    /// pattern uses but `arguments` lacks prints as `{name}`, as in ICU.
    public func format(_ arguments: [String: MessageArgument]) throws(MessageFormatError) -> String {
        let values = argumentNames.map { arguments[$0] }
        return try values.withUnsafeBufferPointer { values throws(MessageFormatError) in try makeString(values) }
    }

    /// Formats with named arguments, appending the UTF-8 to `buffer` (see ``MessageBuffer``).
    public func format(_ arguments: [String: MessageArgument], into buffer: inout MessageBuffer) throws(MessageFormatError) {
        let values = argumentNames.map { arguments[$0] }
        try values.withUnsafeBufferPointer { values throws(MessageFormatError) in try append(values, to: &buffer) }
    }

    /// Formats with values by slot (the order of ``argumentNames``); `nil` is a missing argument.
    /// This is the fast path: no dictionary, no name lookups.
    public func format(slots values: [MessageArgument?]) throws(MessageFormatError) -> String {
        try values.withUnsafeBufferPointer { values throws(MessageFormatError) in try format(slots: values) }
    }

    /// Formats with values by slot, read in place (no array is made).
    public func format(slots values: UnsafeBufferPointer<MessageArgument?>) throws(MessageFormatError) -> String {
        try checkCount(values.count)
        return try makeString(values)
    }

    /// Formats with values by slot, appending the UTF-8 to `buffer`: once the buffer has grown,
    /// nothing is allocated.
    public func format(slots values: [MessageArgument?], into buffer: inout MessageBuffer) throws(MessageFormatError) {
        try values.withUnsafeBufferPointer { values throws(MessageFormatError) in try format(slots: values, into: &buffer) }
    }

    /// Formats with values by slot, read in place, appending the UTF-8 to `buffer`.
    public func format(slots values: UnsafeBufferPointer<MessageArgument?>, into buffer: inout MessageBuffer) throws(MessageFormatError) {
        try checkCount(values.count)
        try append(values, to: &buffer)
    }

    /// Formats with values by slot and lends `body` the UTF-8 (valid only during the call),
    /// without making a `String` or touching the heap while the text fits on the stack — for a
    /// caller that transforms the text or hands the bytes on.
    public func withUTF8<R>(slots values: UnsafeBufferPointer<MessageArgument?>,
                            _ body: (UnsafeBufferPointer<UInt8>) -> R) throws(MessageFormatError) -> R {
        try checkCount(values.count)
        let stackSize = Output.stackSize(for: image.sizeHint)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { stack throws(MessageFormatError) -> R in
            var out = Output(base: stack.baseAddress!, count: 0, capacity: stackSize, ownsBase: false)
            defer { if out.ownsBase { out.base.deallocate() } }
            try run(values, into: &out)
            return body(UnsafeBufferPointer(start: out.base, count: out.count))
        }
    }

    @inline(__always)
    private func checkCount(_ count: Int) throws(MessageFormatError) {
        guard count == argumentNames.count else {
            throw MessageFormatError(
                kind: .wrongArgumentCount,
                message: "the message has \(argumentNames.count) arguments, but \(count) values were given",
                argument: nil, range: nil, icuErrorName: "U_ILLEGAL_ARGUMENT_ERROR")
        }
    }

    // MARK: Running the program

    private func makeString(_ values: UnsafeBufferPointer<MessageArgument?>) throws(MessageFormatError) -> String {
        let stackSize = Output.stackSize(for: image.sizeHint)
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: stackSize) { stack throws(MessageFormatError) -> String in
            var out = Output(base: stack.baseAddress!, count: 0, capacity: stackSize, ownsBase: false)
            defer { if out.ownsBase { out.base.deallocate() } }
            try run(values, into: &out)
            return out.makeString()
        }
    }

    @inline(__always)
    private func append(_ values: UnsafeBufferPointer<MessageArgument?>, to buffer: inout MessageBuffer) throws(MessageFormatError) {
        let start = buffer.count
        var out = Output(base: buffer.base, count: start, capacity: buffer.capacity, ownsBase: true)
        do {
            try run(values, into: &out)
        } catch {
            buffer.adopt(base: out.base, capacity: out.capacity, count: start)
            throw error
        }
        buffer.adopt(base: out.base, capacity: out.capacity, count: out.count)
    }

    /// Runs the program with room for the numbers of nested plurals (`#`): on the stack for up
    /// to four levels, left uninitialized (a plural writes its number before `#` reads it).
    @inline(__always)
    private func run(_ values: UnsafeBufferPointer<MessageArgument?>, into out: inout Output) throws(MessageFormatError) {
        let depth = image.pluralDepth
        if depth <= 4 {
            try withUnsafeTemporaryAllocation(of: ICUNumber.self, capacity: 4) { numbers throws(MessageFormatError) in
                try execute(values, numbers: numbers.baseAddress!, into: &out)
            }
        } else {
            let numbers = UnsafeMutablePointer<ICUNumber>.allocate(capacity: depth)
            defer { numbers.deallocate() }
            try execute(values, numbers: numbers, into: &out)
        }
    }

    private func execute(
        _ values: UnsafeBufferPointer<MessageArgument?>,
        numbers: UnsafeMutablePointer<ICUNumber>,
        into out: inout Output
    ) throws(MessageFormatError) {
        let image = self.image
        let ops = image.ops
        var pc = 0
        // Every path ends at the `halt` after the last instruction.
        run: while true {
            let op = ops[pc]
            switch op.code {
            case .text:
                out.appendPadded(image.literals + Int(op.a), count: Int(op.b))
                pc = Int(op.c)
            case .number:
                let format = Unmanaged<NumberFormat>.fromOpaque(image.formatters[Int(op.b)])
                switch values[Int(op.a)] {
                case .int(let n)?: try writeInteger(n, with: format, formatter: Int(op.b), into: &out)
                case .double(let d)?: try writeDouble(d, with: format, formatter: Int(op.b), into: &out)
                case .string?, .date?: throw typeError(.notANumber, formatter: Int(op.b), value: values[Int(op.a)]!, icu: "U_INVALID_FORMAT_ERROR")
                case nil: appendMissing(formatter: Int(op.b), to: &out)
                }
                pc = Int(op.c)
            case .untyped:
                switch values[Int(op.a)] {
                case .string(let text)?:
                    if text.utf8.withContiguousStorageIfAvailable({ bytes in out.append(bytes) }) == nil { out.appendBridged(text) }
                    // Only strings can make the output much longer than the program, so only they are checked here.
                    if out.count > Self.maximumOutputLength { throw outputTooLarge(site: site(ofFormatter: Int(op.b))) }
                case .int(let n)?: try writeInteger(n, with: decimal, formatter: Int(op.b), into: &out)
                case .double(let d)?: try writeDouble(d, with: decimal, formatter: Int(op.b), into: &out)
                case .date(let d)?: try writeUntypedDate(d, formatter: Int(op.b), into: &out)
                case nil: appendMissing(formatter: Int(op.b), to: &out)
                }
                pc = Int(op.c)
            case .skeleton:
                let format = Unmanaged<SkeletonNumberFormatter>.fromOpaque(image.formatters[Int(op.b)])
                switch values[Int(op.a)] {
                case .int(let n)?: try writeSkeleton(.int(n), with: format, formatter: Int(op.b), into: &out)
                case .double(let d)?: try writeSkeleton(.double(d), with: format, formatter: Int(op.b), into: &out)
                case .string?, .date?: throw typeError(.notANumber, formatter: Int(op.b), value: values[Int(op.a)]!, icu: "U_INVALID_STATE_ERROR")
                case nil: appendMissing(formatter: Int(op.b), to: &out)
                }
                pc = Int(op.c)
            case .date:
                let format = Unmanaged<DateFormat>.fromOpaque(image.formatters[Int(op.b)])
                switch values[Int(op.a)] {
                // ICU's DateFormat takes a double as milliseconds, but not an Int64 or a string.
                case .date(let d)?, .double(let d)?: try writeDate(d, with: format, formatter: Int(op.b), into: &out)
                case .int?, .string?: throw typeError(.notADate, formatter: Int(op.b), value: values[Int(op.a)]!, icu: "U_ILLEGAL_ARGUMENT_ERROR")
                case nil: appendMissing(formatter: Int(op.b), to: &out)
                }
                pc = Int(op.c)
            case .pound:
                switch numbers[Int(op.a)] {
                case .int(let n): try writeInteger(n, with: decimal, formatter: nil, into: &out)
                case .double(let d): try writeDouble(d, with: decimal, formatter: nil, into: &out)
                }
                pc = Int(op.c)
            case .jump:
                pc = Int(op.a)
            case .halt:
                break run
            case .select:
                let table = image.selects[Int(op.b)]
                switch values[Int(op.a)] {
                case .string(let key)?:
                    let cases = image.selectCases + Int(table.firstCase)
                    let literals = image.literals
                    let target = key.utf8.withContiguousStorageIfAvailable { bytes in
                        Self.selectTarget(table, key: bytes, cases: cases, literals: literals)
                    }
                    pc = Int(target ?? Self.selectTargetSlow(table, key: key, cases: cases, literals: literals))
                case .int?, .double?, .date?: throw typeError(.notAString, site: Int(op.c), value: values[Int(op.a)]!, icu: "U_INVALID_FORMAT_ERROR")
                case nil:
                    appendMissing(Int(op.c), to: &out)
                    pc = Int(table.end)
                }
            case .plural:
                // Read in place: the table is larger than what an integer's selection reads of it.
                let table = UnsafePointer(image.plurals + Int(op.b))
                let number: ICUNumber
                let target: Int32
                switch values[Int(op.a)] {
                case .int(let n)?:
                    (target, number) = try selectPlural(table, integer: n, site: Int(op.c))
                case .double(let d)?:
                    (target, number) = try selectPlural(table.pointee, double: d, site: Int(op.c))
                case .string?, .date?:
                    // Not bound in the pattern: binding the value made every number a copy of the argument.
                    throw typeError(.notANumber, site: Int(op.c), value: values[Int(op.a)]!, icu: "U_ILLEGAL_ARGUMENT_ERROR")
                case nil:
                    appendMissing(Int(op.c), to: &out)
                    pc = Int(table.pointee.end)
                    continue
                }
                numbers[Int(table.pointee.numberIndex)] = number
                pc = Int(target)
            case .choice:
                let table = image.choices[Int(op.b)]
                guard let value = values[Int(op.a)] else {
                    appendMissing(Int(op.c), to: &out)
                    pc = Int(table.end)
                    continue
                }
                guard let number = value.doubleValue else {
                    throw typeError(.notANumber, site: Int(op.c), value: value, icu: "U_ILLEGAL_ARGUMENT_ERROR")
                }
                pc = Int(choiceTarget(table, number))
            }
        }
        // Numbers and dates are short, but a message may hold hundreds of thousands of them.
        if out.count > Self.maximumOutputLength { throw outputTooLarge(site: nil) }
    }

    /// The site of the value instruction that uses formatter `formatter`.
    private func site(ofFormatter formatter: Int) -> Int { Int(image.formatterSites[formatter]) }

    private func choiceTarget(_ table: ChoiceTable, _ number: Double) -> Int32 {
        let cases = image.choiceCases + Int(table.firstCase)
        var target = cases[0].target
        for k in 1..<Int(table.caseCount) {
            let item = cases[k]
            // ICU: `<` starts just above the limit, `#` at it; NaN stays in the first case.
            if item.isExclusive ? number > item.limit : number >= item.limit {
                target = item.target
            } else {
                break
            }
        }
        return target
    }

    /// The longest output ``format(_:)`` produces, in UTF-8 bytes (1 MiB): screen-reader text
    /// is a few hundred; past this a message that repeats a long argument stops with
    /// `output-too-large` instead of building gigabytes.
    public static let maximumOutputLength = 1 << 20

    @inline(never)
    private func outputTooLarge(site: Int?) -> MessageFormatError {
        MessageFormatError(kind: .outputTooLarge,
                           message: "the formatted text would be longer than \(Self.maximumOutputLength >> 20) MiB",
                           argument: site.map { sites[$0].name }, range: site.map { sites[$0].range }, icuErrorName: "U_ZERO_ERROR")
    }

    @inline(never)
    private func appendMissing(formatter: Int, to out: inout Output) {
        appendMissing(site(ofFormatter: formatter), to: &out)
    }

    @inline(never)
    private func appendMissing(_ site: Int, to out: inout Output) {
        let (start, count) = image.placeholderRanges[site]
        out.append(image.placeholders + Int(start), count: Int(count))
    }

    /// The case of `table` whose key is `key` (the first), else `other`'s.
    @inline(__always)
    private static func selectTarget(_ table: SelectTable, key bytes: UnsafeBufferPointer<UInt8>,
                                     cases: UnsafeMutablePointer<SelectEntry>, literals: UnsafeMutablePointer<UInt8>) -> Int32 {
        for k in 0..<Int(table.caseCount) {
            let item = cases[k]
            if Int(item.keyCount) == bytes.count && Output.equal(literals + Int(item.keyStart), bytes) {
                return item.target
            }
        }
        return table.otherTarget
    }

    @inline(never)
    private static func selectTargetSlow(_ table: SelectTable, key: String, cases: UnsafeMutablePointer<SelectEntry>,
                                         literals: UnsafeMutablePointer<UInt8>) -> Int32 {
        let bytes = Array(key.utf8)
        for k in 0..<Int(table.caseCount) {
            let item = cases[k]
            if UnsafeBufferPointer(start: literals + Int(item.keyStart), count: Int(item.keyCount)).elementsEqual(bytes) {
                return item.target
            }
        }
        return table.otherTarget
    }

    // MARK: Values

    /// An integer in a NumberFormat: written straight into the output by the format's fast path
    /// (digits, RBNF), otherwise by ICU.
    @inline(__always)
    private func writeInteger(_ n: Int64, with format: Unmanaged<NumberFormat>, formatter: Int?, into out: inout Output) throws(MessageFormatError) {
        let at = out.reserve(Output.fastCapacity)
        let written = format._withUnsafeGuaranteedRef { $0.writeInteger(n, into: at, capacity: Output.fastCapacity) }
        if written >= 0 {
            out.count &+= written
        } else {
            try writeWithICU(.int(n), with: format, site: formatter.map(site(ofFormatter:)), into: &out)
        }
    }

    @inline(__always)
    private func writeDouble(_ d: Double, with format: Unmanaged<NumberFormat>, formatter: Int?, into out: inout Output) throws(MessageFormatError) {
        if let whole = NumberFormat.exactInteger(d) {
            let at = out.reserve(Output.fastCapacity)
            let written = format._withUnsafeGuaranteedRef { $0.writeWholeDouble(whole, into: at, capacity: Output.fastCapacity) }
            if written >= 0 {
                out.count &+= written
                return
            }
        }
        try writeWithICU(.double(d), with: format, site: formatter.map(site(ofFormatter:)), into: &out)
    }

    @inline(never)
    private func writeWithICU(_ number: ICUNumber, with format: Unmanaged<NumberFormat>, site: Int?, into out: inout Output) throws(MessageFormatError) {
        do {
            try format.takeUnretainedValue().withICUText(number) { units in out.appendUTF16(units) }
        } catch {
            throw icuFailure(error, site: site)
        }
    }

    @inline(__always)
    private func writeSkeleton(_ number: ICUNumber, with format: Unmanaged<SkeletonNumberFormatter>, formatter: Int, into out: inout Output) throws(MessageFormatError) {
        let whole: Int64?
        switch number {
        case .int(let n): whole = n
        case .double(let d): whole = NumberFormat.exactInteger(d)
        }
        if let whole {
            let at = out.reserve(Output.fastCapacity)
            let written = format._withUnsafeGuaranteedRef { $0.writeInteger(whole, into: at, capacity: Output.fastCapacity) }
            if written >= 0 {
                out.count &+= written
                return
            }
        }
        try writeSkeletonWithICU(number, with: format, site: site(ofFormatter: formatter), into: &out)
    }

    @inline(never)
    private func writeSkeletonWithICU(_ number: ICUNumber, with format: Unmanaged<SkeletonNumberFormatter>, site: Int, into out: inout Output) throws(MessageFormatError) {
        do {
            try format.takeUnretainedValue().withICUText(number) { units in out.appendUTF16(units) }
        } catch {
            throw icuFailure(error, site: site)
        }
    }

    @inline(__always)
    private func writeDate(_ date: ICUDate, with format: Unmanaged<DateFormat>, formatter: Int, into out: inout Output) throws(MessageFormatError) {
        let at = out.reserve(Output.fastCapacity)
        let written = format._withUnsafeGuaranteedRef { $0.writeDate(date, into: at, capacity: Output.fastCapacity) }
        if written >= 0 {
            out.count &+= written
        } else {
            try writeDateWithICU(date, with: format, site: site(ofFormatter: formatter), into: &out)
        }
    }

    @inline(never)
    private func writeDateWithICU(_ date: ICUDate, with format: Unmanaged<DateFormat>, site: Int, into out: inout Output) throws(MessageFormatError) {
        do {
            try format.takeUnretainedValue().withICUText(date) { units in out.appendUTF16(units) }
        } catch {
            throw icuFailure(error, site: site)
        }
    }

    /// A date in an untyped argument: short date and time, as ICU's MessageFormat does.
    @inline(never)
    private func writeUntypedDate(_ date: ICUDate, formatter: Int, into out: inout Output) throws(MessageFormatError) {
        let dateTime: DateFormat
        do {
            dateTime = try DateFormat.cached(.styles(date: .short, time: .short), locale: locale, timeZone: timeZone)
        } catch {
            throw icuFailure(error, site: site(ofFormatter: formatter))
        }
        try withExtendedLifetime(dateTime) { () throws(MessageFormatError) in
            try writeDate(date, with: .passUnretained(dateTime), formatter: formatter, into: &out)
        }
    }

    // MARK: Plurals

    /// See ``PluralTable``: `=N` cases match the raw value; otherwise the category's case.
    @inline(__always)
    private func selectPlural(_ table: UnsafePointer<PluralTable>, integer n: Int64, site: Int) throws(MessageFormatError) -> (Int32, ICUNumber) {
        // The number the cases and `#` see: the value itself (exact integer) when there is no
        // offset, otherwise value - offset as a double, as in ICU.
        if table.pointee.offset != 0 {
            return try selectPlural(table.pointee, double: Double(n), site: site)
        }
        if table.pointee.explicitCount > 0, let target = explicitTarget(table.pointee.firstExplicit, table.pointee.explicitCount, Double(n)) {
            return (target, .int(n))
        }
        guard table.pointee.needsCategory else { return (table.pointee.targets.5, .int(n)) }
        let category: PluralCategory
        switch table.pointee.selection {
        case .decimalInteger:
            category = table.pointee.rules._withUnsafeGuaranteedRef { $0.category(forInteger: n) }
        default:
            category = try self.category(of: .int(n), in: table.pointee, site: site)
        }
        return (table.pointee.target(for: category), .int(n))
    }

    @inline(never)
    private func selectPlural(_ table: PluralTable, double raw: Double, site: Int) throws(MessageFormatError) -> (Int32, ICUNumber) {
        let number = ICUNumber.double(table.offset == 0 ? raw : raw - table.offset)
        if table.explicitCount > 0, let target = explicitTarget(table.firstExplicit, table.explicitCount, raw) { return (target, number) }
        guard table.needsCategory else { return (table.targets.5, number) }
        let category = try self.category(of: number, in: table, site: site)
        return (table.target(for: category), number)
    }

    @inline(__always)
    private func explicitTarget(_ first: Int32, _ count: Int32, _ raw: Double) -> Int32? {
        let explicits = image.explicitCases + Int(first)
        for k in 0..<Int(count) where explicits[k].value == raw {
            return explicits[k].target
        }
        return nil
    }

    private func category(of number: ICUNumber, in table: PluralTable, site: Int) throws(MessageFormatError) -> PluralCategory {
        switch table.selection {
        case .decimalInteger:
            switch number {
            case .int(let n):
                return table.rules._withUnsafeGuaranteedRef { $0.category(forInteger: n) }
            case .double(let d):
                if let n = NumberFormat.exactInteger(d) {
                    return table.rules._withUnsafeGuaranteedRef { $0.category(forInteger: n) }
                }
                return try categoryWithFormat(d, table, site: site)
            }
        case .decimalFormat:
            switch number {
            case .int(let n): return try categoryWithFormat(Double(n), table, site: site)
            case .double(let d): return try categoryWithFormat(d, table, site: site)
            }
        case .plainNumber:
            switch number {
            case .int(let n): return table.rules._withUnsafeGuaranteedRef { $0.category(for: Double(n)) }
            case .double(let d): return table.rules._withUnsafeGuaranteedRef { $0.category(for: d) }
            }
        case .dateFormat:
            switch number {
            case .int:
                // ICU formats the number with the date format first, and DateFormat rejects Int64.
                let s = sites[site]
                throw MessageFormatError(
                    kind: .notADate,
                    message: "\(s.kindName) argument '\(s.name)' formats its number as a date in the 'other' case, which ICU cannot do for an integer",
                    argument: s.name, range: s.range, icuErrorName: "U_ILLEGAL_ARGUMENT_ERROR")
            case .double(let d): return table.rules._withUnsafeGuaranteedRef { $0.category(for: d) }
            }
        }
    }

    private func categoryWithFormat(_ d: Double, _ table: PluralTable, site: Int) throws(MessageFormatError) -> PluralCategory {
        let rules = table.rules.takeUnretainedValue()
        let format = (table.selectionFormat ?? decimal).takeUnretainedValue()
        do {
            return try rules.category(for: d, formattedWith: format)
        } catch {
            throw icuFailure(error, site: site)
        }
    }

    // MARK: Errors

    @inline(never)
    private func icuFailure(_ error: ICUError, site: Int?) -> MessageFormatError {
        let name = site.map { sites[$0].name }
        return MessageFormatError(
            kind: .icuFailure, message: "ICU failed to format \(name.map { "argument '\($0)'" } ?? "a number"): \(error.name)",
            argument: name, range: site.map { sites[$0].range }, icuErrorName: error.name)
    }

    @inline(never)
    private func typeError(_ kind: MessageFormatError.Kind, formatter: Int, value: MessageArgument, icu: String) -> MessageFormatError {
        typeError(kind, site: site(ofFormatter: formatter), value: value, icu: icu)
    }

    @inline(never)
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
